#include "widgets/findings/findingspanel.h"

#include "widgets/session/profilesession.h"

#include "widgets/findings/findingsmodel.h"

#include <QApplication>
#include <QClipboard>
#include <QFontDatabase>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QListWidget>
#include <QPlainTextEdit>
#include <QSplitter>
#include <QStyle>
#include <QStyledItemDelegate>
#include <QTextBrowser>
#include <QToolButton>
#include <QTreeView>
#include <QVBoxLayout>

#include <algorithm>

namespace npuscope {

namespace {

    // Room for a few lines of snippet before it scrolls; the Level1 snippet is about 15 lines.
    constexpr int kSnippetLines = 10;
    // The list shows this many findings before it scrolls: a typical rank has up to six of the
    // eight catalogue entries. Titles wrap, so the height follows the rows' wrapped heights.
    constexpr int kListRows = 6;
    // A title at the dock's default width (380 px) takes two or three lines: rows not there yet
    // are counted at two.
    constexpr int kTitleLines = 2;

    QString evidenceText(const Evidence &e)
    {
        // Detectors' labels already carry the numbers; bare ranges get their duration.
        if (!e.label.isEmpty() || e.end <= e.start)
            return e.label;
        return formatDuration(e.end - e.start);
    }

    // Wraps the title to the width of its column: a tree view asks for the row height without
    // the column width, so its own word wrap never makes a row taller.
    class WrappingDelegate : public QStyledItemDelegate {
    public:
        explicit WrappingDelegate(QTreeView *view)
            : QStyledItemDelegate(view)
            , m_view(view)
        {
        }
        QSize sizeHint(const QStyleOptionViewItem &option, const QModelIndex &index) const override
        {
            QStyleOptionViewItem o(option);
            initStyleOption(&o, index);
            // The style wraps only within a valid rectangle; the height is not used.
            o.rect = QRect(0, 0, m_view->columnWidth(index.column()), 1);
            o.features |= QStyleOptionViewItem::WrapText;
            return m_view->style()->sizeFromContents(QStyle::CT_ItemViewItem, &o, QSize(), m_view);
        }

    private:
        QTreeView *m_view;
    };

    // The list of findings: titles are sentences of 60-120 characters, and no dock is that
    // wide, so they wrap (rows of their own height).
    void setUpList(QTreeView *view, FindingsModel *model)
    {
        view->setModel(model);
        view->setRootIsDecorated(false);
        view->setUniformRowHeights(false);
        view->setWordWrap(true);
        view->setAlternatingRowColors(true);
        view->setSelectionBehavior(QAbstractItemView::SelectRows);
        view->setSelectionMode(QAbstractItemView::SingleSelection);
        view->setTextElideMode(Qt::ElideNone);
        view->setItemDelegateForColumn(FindingsModel::TitleColumn, new WrappingDelegate(view));
        view->header()->setStretchLastSection(false);
        view->header()->setSectionResizeMode(
            FindingsModel::SeverityColumn, QHeaderView::ResizeToContents);
        view->header()->setSectionResizeMode(FindingsModel::TitleColumn, QHeaderView::Stretch);
        view->header()->setSectionResizeMode(
            FindingsModel::KeyNumberColumn, QHeaderView::ResizeToContents);
    }

} // namespace

FindingsPanel::FindingsPanel(QWidget *parent)
    : QWidget(parent)
    , m_model(new FindingsModel(this))
    , m_view(new QTreeView(this))
{
    setUpList(m_view, m_model);
    connect(m_view->header(), &QHeaderView::sectionResized, this, [this]() {
        m_view->doItemsLayout();
        updateListHeight();
    });

    m_summary = new QLabel(this);
    m_summary->setContentsMargins(4, 2, 4, 2);

    auto *details = new QWidget(this);
    auto *detailsLayout = new QVBoxLayout(details);
    detailsLayout->setContentsMargins(4, 4, 4, 0);
    m_title = new QLabel(details);
    m_title->setWordWrap(true);
    m_title->setTextInteractionFlags(Qt::TextSelectableByMouse);
    QFont bold = m_title->font();
    bold.setBold(true);
    m_title->setFont(bold);
    m_details = new QTextBrowser(details);
    m_details->setOpenLinks(false);

    m_snippetBox = new QWidget(details);
    auto *snippetLayout = new QVBoxLayout(m_snippetBox);
    snippetLayout->setContentsMargins(0, 0, 0, 0);
    auto *snippetHeader = new QHBoxLayout;
    snippetHeader->addWidget(new QLabel(tr("Ready-to-paste code:"), m_snippetBox), 1);
    m_copySnippet = new QToolButton(m_snippetBox);
    m_copySnippet->setText(tr("Copy"));
    m_copySnippet->setToolTip(tr("Copy the code to the clipboard"));
    snippetHeader->addWidget(m_copySnippet);
    snippetLayout->addLayout(snippetHeader);
    m_snippet = new QPlainTextEdit(m_snippetBox);
    m_snippet->setReadOnly(true);
    m_snippet->setLineWrapMode(QPlainTextEdit::NoWrap);
    m_snippet->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_snippet->setMaximumHeight(m_snippet->fontMetrics().lineSpacing() * kSnippetLines);
    snippetLayout->addWidget(m_snippet);

    m_evidence = new QListWidget(details);
    m_evidence->setToolTip(tr("Pick an entry to show it on the timeline and in the kernel table"));
    m_evidence->setUniformItemSizes(true);

    detailsLayout->addWidget(m_title);
    detailsLayout->addWidget(m_details, 2);
    detailsLayout->addWidget(m_snippetBox);
    detailsLayout->addWidget(new QLabel(tr("Evidence:"), details));
    detailsLayout->addWidget(m_evidence, 1);

    auto *splitter = new QSplitter(Qt::Vertical, this);
    splitter->addWidget(m_view);
    splitter->addWidget(details);
    splitter->setStretchFactor(0, 1);
    splitter->setStretchFactor(1, 2);
    splitter->setChildrenCollapsible(false);

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(0);
    layout->addWidget(m_summary);
    layout->addWidget(splitter, 1);

    connect(m_view->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
        &FindingsPanel::onCurrentChanged);
    connect(m_evidence, &QListWidget::currentRowChanged, this, &FindingsPanel::onEvidenceActivated);
    connect(m_copySnippet, &QToolButton::clicked, this,
        [this]() { QApplication::clipboard()->setText(m_snippet->toPlainText()); });
    showFinding(nullptr);
    updateSummary();
    updateListHeight();
}

FindingsPanel::~FindingsPanel() = default;

void FindingsPanel::setFindings(
    std::vector<Finding> findings, const std::vector<FindingCheck> &checks)
{
    const QString current = currentFinding() ? currentFinding()->id : QString();
    m_model->setFindings(std::move(findings));
    m_model->setChecks(checks);
    updateSummary();
    updateListHeight();
    // A new set of findings (another rank) must not re-highlight on its own: only the user's
    // selection moves the other views.
    const int row = m_model->rowOf(current);
    if (row >= 0) {
        const QSignalBlocker block(m_view->selectionModel());
        m_view->setCurrentIndex(m_model->index(row, FindingsModel::TitleColumn));
    }
    showFinding(currentFinding());
}

void FindingsPanel::updateListHeight()
{
    // The first kListRows rows at their wrapped height (sizeHintForRow asks the delegates, which
    // wrap at the current column width), plus the header and the frame.
    const int rows = std::min(kListRows, m_model->rowCount());
    int height = 0;
    for (int r = 0; r < rows; ++r)
        height += std::max(0, m_view->sizeHintForRow(r));
    const int lineRow = m_view->fontMetrics().height() * kTitleLines + 6;
    height += (kListRows - rows) * lineRow;
    height += m_view->header()->sizeHint().height() + 2 * m_view->frameWidth();
    if (height != m_view->minimumHeight())
        m_view->setMinimumHeight(height);
}

void FindingsPanel::setAnalysing(bool analysing)
{
    m_analysing = analysing;
    updateSummary();
}

void FindingsPanel::clear()
{
    m_analysing = false;
    setFindings({});
}

bool FindingsPanel::selectFinding(const QString &id)
{
    const int row = m_model->rowOf(id);
    if (row < 0)
        return false;
    const QModelIndex index = m_model->index(row, FindingsModel::TitleColumn);
    if (m_view->currentIndex().row() == row)
        onCurrentChanged(); // re-emit: the user asked for it again
    else
        m_view->setCurrentIndex(index);
    return true;
}

const Finding *FindingsPanel::currentFinding() const
{
    const QModelIndex index = m_view->currentIndex();
    return index.isValid() ? m_model->finding(index.row()) : nullptr;
}

QString FindingsPanel::snippet() const { return m_snippet->toPlainText(); }

QString FindingsPanel::summary() const { return m_summary->text(); }

QString FindingsPanel::detailsText() const { return m_details->toPlainText(); }

void FindingsPanel::updateSummary()
{
    int counts[3] = { 0, 0, 0 };
    for (const Finding &f : m_model->findings())
        ++counts[int(f.severity)];
    QStringList parts;
    if (counts[int(FindingSeverity::Critical)] > 0)
        parts << tr("%n critical", nullptr, counts[int(FindingSeverity::Critical)]);
    if (counts[int(FindingSeverity::Warning)] > 0)
        parts << tr("%n warning(s)", nullptr, counts[int(FindingSeverity::Warning)]);
    if (counts[int(FindingSeverity::Info)] > 0)
        parts << tr("%n info", nullptr, counts[int(FindingSeverity::Info)]);
    QString text = parts.isEmpty() ? tr("No findings") : parts.join(tr(", "));
    if (const auto n = int(m_model->notChecked().size()); n > 0)
        text = tr("%1; %n not checked", nullptr, n).arg(text);
    if (m_analysing)
        text = parts.isEmpty() ? tr("Analysing…") : tr("%1 (analysing…)").arg(text);
    m_summary->setText(text);
}

void FindingsPanel::onCurrentChanged()
{
    const Finding *f = currentFinding();
    showFinding(f);
    if (const FindingCheck *check = m_model->notCheckedAt(m_view->currentIndex().row()))
        showCheck(*check);
    if (!f)
        return;
    // The listed evidence is capped; the kernel table gets every row the finding is about.
    std::vector<Evidence> all = f->evidence;
    const int rank = f->evidence.empty() ? -1 : f->evidence.front().rankIndex;
    for (const qint32 row : f->rows) {
        const bool listed = std::any_of(f->evidence.begin(), f->evidence.end(),
            [row](const Evidence &e) { return e.row == row; });
        if (!listed)
            all.push_back({ rank, row, EventRef(), 0, 0, QString() });
    }
    emit evidenceSelected(f->id, all);
}

void FindingsPanel::onEvidenceActivated(int row)
{
    const Finding *f = currentFinding();
    if (!f || row < 0 || std::size_t(row) >= f->evidence.size())
        return;
    emit evidenceSelected(f->id, { f->evidence[std::size_t(row)] });
}

void FindingsPanel::showCheck(const FindingCheck &check)
{
    m_title->setText(tr("Not checked: %1").arg(findingName(check.id)));
    m_details->setHtml(QStringLiteral("<p>") + check.reason.toHtmlEscaped()
        + QStringLiteral("</p><p><b>") + tr("To check it").toHtmlEscaped()
        + QStringLiteral("</b><br>") + check.collect.toHtmlEscaped()
        + QStringLiteral("</p><p><small>") + tr("Id: %1").arg(check.id).toHtmlEscaped()
        + QStringLiteral("</small></p>"));
}

void FindingsPanel::showFinding(const Finding *finding)
{
    {
        const QSignalBlocker block(m_evidence);
        m_evidence->clear();
        if (finding) {
            for (const Evidence &e : finding->evidence)
                m_evidence->addItem(evidenceText(e));
        }
    }
    if (!finding) {
        m_title->setText(
            m_model->rowCount() > 0 ? tr("Select a finding to see its evidence.") : QString());
        m_details->clear();
        m_snippet->clear();
        m_snippetBox->hide();
        return;
    }
    m_title->setText(finding->title);
    QString html;
    if (!finding->details.isEmpty()) {
        html += QStringLiteral("<ul>");
        for (const QString &line : finding->details)
            html += QStringLiteral("<li>") + line.toHtmlEscaped() + QStringLiteral("</li>");
        html += QStringLiteral("</ul>");
    }
    if (!finding->advice.isEmpty()) {
        html += QStringLiteral("<p><b>") + tr("What to do").toHtmlEscaped()
            + QStringLiteral("</b><br>") + finding->advice.toHtmlEscaped() + QStringLiteral("</p>");
    }
    if (!finding->metrics.empty()) {
        html += QStringLiteral("<p><b>") + tr("Numbers").toHtmlEscaped()
            + QStringLiteral("</b></p><table cellspacing=\"0\" cellpadding=\"1\">");
        for (const Metric &m : finding->metrics) {
            html += QStringLiteral("<tr><td><code>") + m.key.toHtmlEscaped()
                + QStringLiteral("</code></td><td align=\"right\">&nbsp;&nbsp;")
                + FindingsModel::metricText(m).toHtmlEscaped() + QStringLiteral("</td></tr>");
        }
        html += QStringLiteral("</table>");
    }
    html += QStringLiteral("<p><small>") + tr("Id: %1").arg(finding->id).toHtmlEscaped()
        + QStringLiteral("</small></p>");
    m_details->setHtml(html);
    m_snippet->setPlainText(finding->snippet);
    m_snippetBox->setVisible(!finding->snippet.isEmpty());
}

void FindingsPanel::setSession(ProfileSession *session)
{
    const auto show = [this, session]() {
        if (!session->fullRank()) {
            setFindings({});
            return;
        }
        const auto &analysis = session->analysis();
        setFindings(session->findings(), analysis ? analysis->checks : std::vector<FindingCheck>());
        setAnalysing(session->isAnalysing());
    };
    connect(session, &ProfileSession::rankChanged, this, show);
    connect(session, &ProfileSession::analysisChanged, this, show);
    connect(session, &ProfileSession::analysingChanged, this, &FindingsPanel::setAnalysing);
    // Evidence picked here is shown by the views of the rank on screen; what belongs to other
    // ranks is only counted.
    connect(this, &FindingsPanel::evidenceSelected, session,
        [this, session](const QString &findingId, const std::vector<Evidence> &evidence) {
            const EvidenceOnRank shown = evidenceOnRank(evidence, session->rankIndex());
            const Finding *finding = currentFinding();
            // Without rows, no label: the table drops an earlier finding's subset.
            const QString label = finding ? finding->title : findingId;
            session->showEvidence(shown, shown.rows.empty() ? QString() : label);
            if (!shown.rows.empty())
                session->revealKernels();
            if (shown.otherRanks > 0)
                session->showMessage(tr("%n evidence entry(s) belong to other ranks: pick them in "
                                        "the Rank box.",
                    nullptr, shown.otherRanks));
        });
}

} // namespace npuscope
