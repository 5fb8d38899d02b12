#include "widgets/details/detailspanel.h"

#include "widgets/session/profilesession.h"

#include "widgets/tables/kerneltablemodel.h"

#include "model/core/eventargssource.h"

#include <QAction>
#include <QApplication>
#include <QClipboard>
#include <QHeaderView>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QJsonValue>
#include <QLabel>
#include <QMenu>
#include <QTreeWidget>
#include <QVBoxLayout>

namespace npuscope {

namespace {

    // Nested args deeper than this are shown as compact JSON instead of more tree levels.
    constexpr int kMaxJsonDepth = 4;

    QString micros(TimeNs ns) { return KernelTableModel::formatMicros(ns) + QStringLiteral(" µs"); }

} // namespace

DetailsPanel::DetailsPanel(QWidget *parent)
    : QWidget(parent)
    , m_title(new QLabel(this))
    , m_tree(new QTreeWidget(this))
{
    QFont bold = m_title->font();
    bold.setBold(true);
    m_title->setFont(bold);
    m_title->setWordWrap(true);
    m_title->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_title->setContentsMargins(6, 4, 6, 2);

    m_tree->setColumnCount(2);
    m_tree->setHeaderLabels({ tr("Field"), tr("Value") });
    m_tree->setAlternatingRowColors(true);
    m_tree->setUniformRowHeights(true);
    m_tree->setWordWrap(false);
    m_tree->setTextElideMode(Qt::ElideMiddle);
    m_tree->setSelectionMode(QAbstractItemView::ExtendedSelection);
    m_tree->header()->setStretchLastSection(true);
    m_tree->setColumnWidth(0, 170);
    m_tree->setContextMenuPolicy(Qt::CustomContextMenu);
    connect(m_tree, &QTreeWidget::customContextMenuRequested, this, &DetailsPanel::showMenu);

    auto *copy = new QAction(tr("&Copy"), this);
    copy->setShortcut(QKeySequence::Copy);
    copy->setShortcutContext(Qt::WidgetWithChildrenShortcut);
    connect(copy, &QAction::triggered, this, &DetailsPanel::copyCurrent);
    m_tree->addAction(copy);

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(0);
    layout->addWidget(m_title);
    layout->addWidget(m_tree);
    clear();
}

DetailsPanel::~DetailsPanel() = default;

void DetailsPanel::setRank(std::shared_ptr<const RankProfile> rank, TimeNs baseTime)
{
    m_rank = std::move(rank);
    m_base = baseTime;
    if (m_rank && m_rank->trace && m_rank->trace->argsSource)
        m_rank->trace->argsSource->prepare(); // e.g. a database's call stacks, in the background
    clear();
}

void DetailsPanel::clear()
{
    m_tree->clear();
    m_title->setText(tr("Nothing selected"));
    m_title->setToolTip(QString());
}

QTreeWidgetItem *DetailsPanel::addSection(const QString &title)
{
    auto *item = new QTreeWidgetItem(m_tree, { title });
    item->setFirstColumnSpanned(true);
    QFont bold = m_tree->font();
    bold.setBold(true);
    item->setFont(0, bold);
    item->setExpanded(true);
    return item;
}

QTreeWidgetItem *DetailsPanel::addField(
    QTreeWidgetItem *parent, const QString &field, const QString &value)
{
    auto *item = new QTreeWidgetItem(parent, { field, value });
    item->setToolTip(1, value);
    return item;
}

// A value of several lines (a with_stack "Call stack": its frames, innermost first, joined by
// ";\r\n") keeps its whole text on its row, for copying, and gets a row per line below it,
// numbered from 1, collapsed: a cell shows one line only.
void DetailsPanel::addLines(QTreeWidgetItem *item, const QString &text)
{
    if (!text.contains(u'\n'))
        return;
    int n = 0;
    for (QString line : text.split(u'\n')) {
        line = line.trimmed();
        if (line.endsWith(u';'))
            line.chop(1);
        if (!line.isEmpty())
            addField(item, QString::number(++n), line);
    }
}

void DetailsPanel::addJson(QTreeWidgetItem *parent, const QString &key, const QJsonValue &value)
{
    int depth = 0;
    for (QTreeWidgetItem *p = parent; p; p = p->parent())
        ++depth;
    if (value.isObject() && depth < kMaxJsonDepth) {
        auto *item = new QTreeWidgetItem(parent, { key });
        const QJsonObject object = value.toObject();
        for (auto it = object.begin(); it != object.end(); ++it)
            addJson(item, it.key(), it.value());
        item->setExpanded(true);
        return;
    }
    QString text;
    if (value.isString())
        text = value.toString();
    else if (value.isDouble())
        text = QString::number(value.toDouble(), 'g', 17);
    else if (value.isBool())
        text = value.toBool() ? QStringLiteral("true") : QStringLiteral("false");
    else if (value.isNull())
        text = QStringLiteral("null");
    else if (value.isArray())
        text = QString::fromUtf8(QJsonDocument(value.toArray()).toJson(QJsonDocument::Compact));
    else
        text = QString::fromUtf8(QJsonDocument(value.toObject()).toJson(QJsonDocument::Compact));
    addLines(addField(parent, key, text), text);
}

void DetailsPanel::showTraceEvent(EventRef ref)
{
    m_tree->clear();
    if (!m_rank || !m_rank->trace || !ref.isValid()
        || ref.track.value >= m_rank->trace->tracks.size()
        || ref.index >= m_rank->trace->track(ref.track).events.size()) {
        clear();
        return;
    }
    fillEvent(ref);
    fillArgs(ref);
    const qint32 row = m_rank->join.rowOf(ref);
    if (row >= 0)
        fillKernel(row);
}

void DetailsPanel::showKernelRow(qint32 row)
{
    m_tree->clear();
    if (!m_rank || !m_rank->kernels || row < 0 || row >= m_rank->kernels->rowCount()) {
        clear();
        return;
    }
    const auto &rowToEvent = m_rank->join.rowToEvent;
    const EventRef ref
        = std::size_t(row) < rowToEvent.size() ? rowToEvent[std::size_t(row)] : EventRef();
    if (ref.isValid() && m_rank->trace) {
        showTraceEvent(ref);
        return;
    }
    const KernelTable &k = *m_rank->kernels;
    m_title->setText(k.strings.string(k.name[std::size_t(row)]));
    fillKernel(row);
}

void DetailsPanel::fillEvent(EventRef ref)
{
    const Trace &trace = *m_rank->trace;
    const Track &track = trace.track(ref.track);
    const Event &e = trace.event(ref);
    const QString name = trace.strings.string(e.name);
    m_title->setText(name);
    m_title->setToolTip(name);

    QTreeWidgetItem *section = addSection(tr("Event"));
    addField(section, tr("Name"), name);
    addField(section, tr("Category"), trace.strings.string(e.category));
    const QString trackName = track.processName.isEmpty()
        ? track.displayName()
        : QString(track.processName + QStringLiteral(" / ") + track.displayName());
    addField(section, tr("Track"), trackName);
    addField(section, tr("Start"), micros(e.start - m_base));
    addField(section, tr("Duration"), e.instant ? tr("instant") : micros(e.duration));
    addField(section, tr("End"), micros(e.end() - m_base));
    addField(section, tr("Depth"), QString::number(e.depth));
    addField(section, tr("Absolute start (ns)"), QString::number(e.start));
    const auto in = trace.flowsTo(ref).size();
    const auto out = trace.flowsFrom(ref).size();
    if (in + out > 0)
        addField(section, tr("Flows"), tr("%1 in, %2 out").arg(in).arg(out));
}

void DetailsPanel::fillArgs(EventRef ref)
{
    // Parsed now, on selection: the loader keeps only the byte offset of each event.
    const QJsonObject args = m_rank->trace->args(ref);
    if (args.isEmpty())
        return;
    QTreeWidgetItem *section = addSection(tr("Arguments"));
    for (auto it = args.begin(); it != args.end(); ++it)
        addJson(section, it.key(), it.value());
}

void DetailsPanel::fillKernel(qint32 row)
{
    const KernelTable &k = *m_rank->kernels;
    const auto r = std::size_t(row);
    QTreeWidgetItem *section = addSection(tr("Kernel (row %1)").arg(row + 1));
    if (k.table && row < k.table->rowCount()) {
        const Table &t = *k.table;
        section->setToolTip(0, tr("%1, line %2").arg(t.path).arg(t.lines[r]));
        for (int c = 0; c < t.columnCount(); ++c)
            addField(section, t.columns[std::size_t(c)].name, t.text(row, c));
        return;
    }
    addField(section, tr("Name"), k.strings.string(k.name[r]));
    addField(section, tr("Type"), k.strings.string(k.type[r]));
    addField(section, tr("Accelerator Core"), k.strings.string(k.core[r]));
    addField(section, tr("Stream"), QString::number(k.stream[r]));
    if (k.start[r] != Table::kMissingNs)
        addField(section, tr("Start"), micros(k.start[r] - m_base));
    addField(section, tr("Duration"), micros(k.duration[r]));
    addField(section, tr("Wait Time"), micros(k.wait[r]));
    if (k.blockDim[r] != KernelTable::kNoValue)
        addField(section, tr("Block Dim"), QString::number(k.blockDim[r]));
}

QString DetailsPanel::toText() const
{
    QStringList lines;
    for (int s = 0; s < m_tree->topLevelItemCount(); ++s) {
        const QTreeWidgetItem *section = m_tree->topLevelItem(s);
        for (int i = 0; i < section->childCount(); ++i) {
            const QTreeWidgetItem *item = section->child(i);
            lines << section->text(0) + QLatin1Char('/') + item->text(0) + QLatin1Char('\t')
                    + item->text(1);
        }
    }
    return lines.join(u'\n');
}

void DetailsPanel::copyCurrent() const
{
    QStringList lines;
    for (const QTreeWidgetItem *item : m_tree->selectedItems())
        lines << (item->text(1).isEmpty()
                ? item->text(0)
                : QString(item->text(0) + QLatin1Char('\t') + item->text(1)));
    if (lines.isEmpty())
        lines << toText();
    QApplication::clipboard()->setText(lines.join(u'\n'));
}

void DetailsPanel::showMenu(const QPoint &pos)
{
    QMenu menu(this);
    if (QTreeWidgetItem *item = m_tree->itemAt(pos); item && !item->text(1).isEmpty()) {
        const QString value = item->text(1);
        menu.addAction(
            tr("Copy &Value"), this, [value]() { QApplication::clipboard()->setText(value); });
    }
    menu.addActions(m_tree->actions());
    menu.addAction(
        tr("Copy &All"), this, [this]() { QApplication::clipboard()->setText(toText()); });
    menu.exec(m_tree->viewport()->mapToGlobal(pos));
}

void DetailsPanel::setSession(ProfileSession *session)
{
    connect(session, &ProfileSession::rankChanged, this, [this, session]() {
        const auto rank = session->fullRank();
        setRank(rank, rank ? rankTimeOrigin(*rank) : 0);
    });
    connect(session, &ProfileSession::selectionChanged, this, [this, session](EventRef ref) {
        if (!session->fullRank())
            return;
        if (ref.isValid())
            showTraceEvent(ref);
        else
            clear();
    });
    connect(session, &ProfileSession::kernelRowShown, this, &DetailsPanel::showKernelRow);
}

} // namespace npuscope
