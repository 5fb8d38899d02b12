#include "widgets/tables/kerneltableview.h"

#include "widgets/session/profilesession.h"

#include "widgets/tables/tabletext.h"

#include "widgets/tables/kerneltablemodel.h"

#include <QAction>
#include <QApplication>
#include <QCheckBox>
#include <QClipboard>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QMenu>
#include <QSaveFile>
#include <QStyle>
#include <QTableView>
#include <QTimer>
#include <QToolButton>
#include <QVBoxLayout>

namespace npuscope {

namespace {

    // Typing pauses shorter than this do not refilter: one pass over a million rows per word.
    constexpr int kFilterDelayMs = 150;
    // Column widths: room for the sort arrow in headers; long names and shapes are elided.
    constexpr int kMeasuredRows = 200;
    constexpr int kHeaderPadding = 28;
    constexpr int kCellPadding = 14;
    constexpr int kMinColumnWidth = 48;
    constexpr int kMaxColumnWidth = 220;
    constexpr int kMaxNameWidth = 360;

} // namespace

KernelTableView::KernelTableView(QWidget *parent)
    : QWidget(parent)
    , m_model(new KernelTableModel(this))
    , m_table(new QTableView(this))
    , m_filterTimer(new QTimer(this))
{
    m_table->setModel(m_model);
    // Table order until the user clicks a header.
    m_table->horizontalHeader()->setSortIndicator(-1, Qt::AscendingOrder);
    m_table->setSortingEnabled(true);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::ExtendedSelection);
    m_table->setAlternatingRowColors(true);
    m_table->setWordWrap(false);
    m_table->setTextElideMode(Qt::ElideMiddle);
    m_table->setHorizontalScrollMode(QAbstractItemView::ScrollPerPixel);
    m_table->verticalHeader()->hide();
    m_table->verticalHeader()->setSectionResizeMode(QHeaderView::Fixed);
    m_table->verticalHeader()->setDefaultSectionSize(fontMetrics().height() + 6);
    m_table->horizontalHeader()->setHighlightSections(false);
    m_table->horizontalHeader()->setSectionsMovable(true);
    m_table->horizontalHeader()->setContextMenuPolicy(Qt::CustomContextMenu);
    m_table->setContextMenuPolicy(Qt::CustomContextMenu);

    auto *copy = new QAction(tr("&Copy Rows as TSV"), this);
    copy->setShortcut(QKeySequence::Copy);
    copy->setShortcutContext(Qt::WidgetWithChildrenShortcut);
    connect(copy, &QAction::triggered, this, &KernelTableView::copySelection);
    m_table->addAction(copy);

    m_filterTimer->setSingleShot(true);
    m_filterTimer->setInterval(kFilterDelayMs);
    connect(m_filterTimer, &QTimer::timeout, this, &KernelTableView::applyTextFilter);

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(2);
    layout->addWidget(createFilterBar());
    layout->addWidget(m_table);

    connect(m_table->horizontalHeader(), &QHeaderView::customContextMenuRequested, this,
        &KernelTableView::showHeaderMenu);
    connect(
        m_table, &QTableView::customContextMenuRequested, this, &KernelTableView::showTableMenu);
    connect(m_table->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
        [this](const QModelIndex &current) { onCurrentChanged(current); });
    connect(m_table, &QTableView::activated, this, &KernelTableView::onCurrentChanged);
    connect(m_model, &KernelTableModel::filterChanged, this, &KernelTableView::updateStatus);
    connect(m_model, &QAbstractItemModel::modelReset, this, &KernelTableView::updateStatus);
    updateStatus();
}

KernelTableView::~KernelTableView() = default;

QWidget *KernelTableView::createFilterBar()
{
    auto *bar = new QWidget(this);
    auto *row = new QHBoxLayout(bar);
    row->setContentsMargins(4, 4, 4, 0);
    m_filterEdit = new QLineEdit(bar);
    m_filterEdit->setPlaceholderText(tr("Filter by name, type or accelerator core"));
    m_filterEdit->setClearButtonEnabled(true);
    m_regexCheck = new QCheckBox(tr("Regex"), bar);
    m_regexCheck->setToolTip(tr("Treat the filter as a regular expression (case-insensitive)"));
    m_exactChip = new QToolButton(bar);
    m_exactChip->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    m_exactChip->setIcon(style()->standardIcon(QStyle::SP_DialogCloseButton));
    m_exactChip->setAutoRaise(true);
    m_exactChip->setToolTip(tr("Remove this filter"));
    m_exactChip->hide();
    m_subsetChip = new QToolButton(bar);
    m_subsetChip->setObjectName(QStringLiteral("subsetChip"));
    m_subsetChip->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    m_subsetChip->setIcon(style()->standardIcon(QStyle::SP_DialogCloseButton));
    m_subsetChip->setAutoRaise(true);
    m_subsetChip->setToolTip(tr("Clear: show every kernel again"));
    m_subsetChip->hide();
    m_countLabel = new QLabel(bar);
    m_countLabel->setTextInteractionFlags(Qt::TextSelectableByMouse);
    auto *exportButton = new QToolButton(bar);
    exportButton->setIcon(style()->standardIcon(QStyle::SP_DialogSaveButton));
    exportButton->setAutoRaise(true);
    exportButton->setToolTip(tr("Export the visible rows to CSV"));

    row->addWidget(m_filterEdit, 1);
    row->addWidget(m_regexCheck);
    row->addWidget(m_exactChip);
    row->addWidget(m_subsetChip);
    row->addStretch();
    row->addWidget(m_countLabel);
    row->addWidget(exportButton);

    connect(m_filterEdit, &QLineEdit::textChanged, m_filterTimer, qOverload<>(&QTimer::start));
    connect(m_filterEdit, &QLineEdit::returnPressed, this, &KernelTableView::applyTextFilter);
    connect(m_regexCheck, &QCheckBox::toggled, this, &KernelTableView::applyTextFilter);
    connect(m_exactChip, &QToolButton::clicked, this, [this]() { setExactFilter(-1, QString()); });
    connect(m_subsetChip, &QToolButton::clicked, this, &KernelTableView::clearRowSubset);
    connect(exportButton, &QToolButton::clicked, this, &KernelTableView::exportRequested);
    return bar;
}

void KernelTableView::setKernels(
    std::shared_ptr<const KernelTable> kernels, TimeNs baseTime, const DeviceCores &cores)
{
    m_model->setBaseTime(baseTime);
    m_model->setKernels(std::move(kernels), cores);
    setHiddenColumnNames(m_hiddenNames);
    updateColumnWidths();
}

void KernelTableView::updateColumnWidths()
{
    // Fit the header and the first rows' text: measuring every row of a million-row table
    // would cost seconds, and the first rows are representative of a column's format.
    const QFontMetrics headerMetrics = m_table->horizontalHeader()->fontMetrics();
    const QFontMetrics cellMetrics = m_table->fontMetrics();
    const int rows = std::min(m_model->rowCount(), kMeasuredRows);
    for (int c = 0; c < m_model->columnCount(); ++c) {
        int width
            = headerMetrics.horizontalAdvance(m_model->headerData(c, Qt::Horizontal).toString())
            + kHeaderPadding;
        for (int r = 0; r < rows; ++r)
            width = std::max(width,
                cellMetrics.horizontalAdvance(m_model->cellText(m_model->kernelRow(r), c))
                    + kCellPadding);
        const int cap = c == KernelTableModel::NameColumn ? kMaxNameWidth : kMaxColumnWidth;
        m_table->horizontalHeader()->resizeSection(c, std::clamp(width, kMinColumnWidth, cap));
    }
}

void KernelTableView::applyTextFilter()
{
    m_filterTimer->stop();
    const bool ok = m_model->setTextFilter(m_filterEdit->text(), m_regexCheck->isChecked());
    QPalette palette = m_filterEdit->palette();
    palette.setColor(QPalette::Text,
        ok ? QApplication::palette(m_filterEdit).color(QPalette::Text) : QColor(Qt::red));
    m_filterEdit->setPalette(palette);
    m_filterEdit->setToolTip(ok ? QString() : tr("Invalid regular expression"));
}

void KernelTableView::setTextFilter(const QString &text, bool regex)
{
    const QSignalBlocker blockEdit(m_filterEdit);
    const QSignalBlocker blockCheck(m_regexCheck);
    m_filterEdit->setText(text);
    m_regexCheck->setChecked(regex);
    applyTextFilter();
}

void KernelTableView::setExactFilter(int column, const QString &value)
{
    m_model->setExactFilter(column, value);
    updateStatus();
}

void KernelTableView::setRowSubset(std::vector<qint32> rows, const QString &label)
{
    setTextFilter(QString(), m_regexCheck->isChecked());
    m_model->setExactFilter(-1, QString());
    m_subsetLabel = label;
    m_model->setRowSubset(std::move(rows));
    updateStatus();
}

void KernelTableView::clearRowSubset()
{
    m_model->clearRowSubset();
    updateStatus();
}

void KernelTableView::clearFilters()
{
    setTextFilter(QString(), m_regexCheck->isChecked());
    setExactFilter(-1, QString());
    clearRowSubset();
}

void KernelTableView::updateStatus()
{
    const QLocale locale;
    const qsizetype total = m_model->totalRowCount();
    const int shown = m_model->rowCount();
    m_countLabel->setText(shown == total
            ? tr("%1 kernels").arg(locale.toString(total))
            : tr("%1 of %2 kernels").arg(locale.toString(shown), locale.toString(total)));
    const int column = m_model->exactFilterColumn();
    m_exactChip->setVisible(column >= 0);
    if (column >= 0) {
        const QString name = m_model->headerData(column, Qt::Horizontal).toString();
        m_exactChip->setText(tr("%1 = %2").arg(name, m_model->exactFilterValue()));
    }
    m_subsetChip->setVisible(m_model->hasRowSubset());
    if (m_model->hasRowSubset()) {
        const QString text
            = tr("Showing %n finding row(s), clear", nullptr, int(m_model->rowSubsetSize()));
        m_subsetChip->setText(text);
        m_subsetChip->setToolTip(m_subsetLabel.isEmpty()
                ? tr("Clear: show every kernel again")
                : tr("%1\nClick to show every kernel again.").arg(m_subsetLabel));
    }
}

QList<int> KernelTableView::visibleColumns() const
{
    const QHeaderView *header = m_table->horizontalHeader();
    QList<int> columns;
    for (int visual = 0; visual < header->count(); ++visual) {
        const int logical = header->logicalIndex(visual);
        if (!header->isSectionHidden(logical))
            columns << logical;
    }
    return columns;
}

QStringList KernelTableView::hiddenColumnNames() const { return m_hiddenNames; }

void KernelTableView::setHiddenColumnNames(const QStringList &names)
{
    m_hiddenNames = names;
    for (int c = 0; c < m_model->columnCount(); ++c) {
        const QString title = m_model->headerData(c, Qt::Horizontal).toString();
        m_table->setColumnHidden(c, names.contains(title));
    }
}

void KernelTableView::showHeaderMenu(const QPoint &pos)
{
    QMenu menu(this);
    menu.addSection(tr("Columns"));
    for (int c = 0; c < m_model->columnCount(); ++c) {
        const QString title = m_model->headerData(c, Qt::Horizontal).toString();
        QAction *action = menu.addAction(title);
        action->setCheckable(true);
        action->setChecked(!m_table->isColumnHidden(c));
        connect(action, &QAction::toggled, this, [this, title](bool shown) {
            if (shown)
                m_hiddenNames.removeAll(title);
            else if (!m_hiddenNames.contains(title))
                m_hiddenNames << title;
            setHiddenColumnNames(m_hiddenNames);
            emit hiddenColumnsChanged();
        });
    }
    menu.addSeparator();
    menu.addAction(tr("Show All Columns"), this, [this]() {
        setHiddenColumnNames({});
        emit hiddenColumnsChanged();
    });
    menu.exec(m_table->horizontalHeader()->viewport()->mapToGlobal(pos));
}

void KernelTableView::showTableMenu(const QPoint &pos)
{
    QMenu menu(this);
    menu.addActions(m_table->actions());
    menu.addAction(tr("&Export Visible Rows to CSV…"), this, &KernelTableView::exportRequested);
    if (m_model->exactFilterColumn() >= 0 || !m_model->textFilter().isEmpty()
        || m_model->hasRowSubset())
        menu.addAction(tr("Clear &Filters"), this, &KernelTableView::clearFilters);
    menu.exec(m_table->viewport()->mapToGlobal(pos));
}

QString KernelTableView::selectedRowsAsTsv() const
{
    const QList<int> rows = selectedRowNumbers(*m_table->selectionModel());
    if (rows.empty())
        return {};
    return m_model->toTsv(rows, visibleColumns());
}

void KernelTableView::copySelection()
{
    const QString tsv = selectedRowsAsTsv();
    if (!tsv.isEmpty())
        QApplication::clipboard()->setText(tsv);
}

bool KernelTableView::exportCsv(const QString &path, QString *error) const
{
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly)) {
        if (error)
            *error = file.errorString();
        return false;
    }
    if (!m_model->writeCsv(&file, visibleColumns(), error))
        return false;
    if (!file.commit()) {
        if (error)
            *error = file.errorString();
        return false;
    }
    return true;
}

void KernelTableView::selectKernelRow(qint32 kernelRow)
{
    const int row = m_model->viewRow(kernelRow);
    m_selecting = true;
    if (row < 0) {
        m_table->selectionModel()->clear();
    } else {
        const QModelIndex index = m_model->index(row, KernelTableModel::NameColumn);
        m_table->selectionModel()->setCurrentIndex(
            index, QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
        m_table->scrollTo(index, QAbstractItemView::PositionAtCenter);
    }
    m_selecting = false;
}

void KernelTableView::onCurrentChanged(const QModelIndex &current)
{
    if (m_selecting || !current.isValid())
        return;
    const qint32 row = m_model->kernelRow(current.row());
    if (row >= 0)
        emit kernelActivated(row);
}

void KernelTableView::setSession(ProfileSession *session)
{
    connect(session, &ProfileSession::rankChanged, this, [this, session]() {
        const auto rank = session->fullRank();
        if (rank)
            setKernels(rank->kernels, rankTimeOrigin(*rank), deviceCores(*rank));
        else
            setKernels(nullptr, 0, DeviceCores());
    });
    connect(session, &ProfileSession::selectionChanged, this, [this, session](EventRef ref) {
        const auto rank = session->fullRank();
        if (!rank || !ref.isValid())
            return;
        if (const qint32 row = rank->join.rowOf(ref); row >= 0)
            selectKernelRow(row);
    });
    connect(session, &ProfileSession::kernelSubsetShown, this,
        [this](const std::vector<qint32> &rows, const QString &label) {
            if (rows.empty() && label.isEmpty())
                clearRowSubset();
            else
                setRowSubset(rows, label);
        });
    connect(
        session, &ProfileSession::kernelFilterRequested, this, &KernelTableView::setExactFilter);
}

} // namespace npuscope
