#include "widgets/memory/memorypanel.h"

#include "widgets/session/profilesession.h"

#include "analysis/memory/memoryattribution.h"
#include "model/core/durationtext.h"
#include "widgets/memory/memorychart.h"
#include "widgets/timeline/timeaxis.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QSplitter>
#include <QTreeWidget>
#include <QVBoxLayout>

#include <map>

namespace npuscope {

namespace {

    constexpr double kMiB = 1024.0 * 1024.0;
    constexpr int kSortRole = Qt::UserRole;
    constexpr int kIndexRole = Qt::UserRole + 1; // allocation index; -1 on a group row
    enum Column { Name, Size, Count, Allocated, Released, Lifetime };

    // Sorts by the number behind a cell, not its text.
    class SortItem : public QTreeWidgetItem {
    public:
        using QTreeWidgetItem::QTreeWidgetItem;
        bool operator<(const QTreeWidgetItem &other) const override
        {
            const int c = treeWidget() ? treeWidget()->sortColumn() : 0;
            const QVariant a = data(c, kSortRole), b = other.data(c, kSortRole);
            if (a.isValid() && b.isValid())
                return a.toDouble() < b.toDouble();
            return text(c) < other.text(c);
        }
    };

    QString mb(double bytes) { return QString::number(bytes / kMiB, 'f', 2); }

    void setNumber(QTreeWidgetItem *item, int column, const QString &text, double value)
    {
        item->setText(column, text);
        item->setData(column, kSortRole, value);
        item->setTextAlignment(column, Qt::AlignRight | Qt::AlignVCenter);
    }

} // namespace

MemoryPanel::MemoryPanel(QWidget *parent)
    : QWidget(parent)
    , m_chart(new MemoryChart(this))
    , m_summary(new QLabel(this))
    , m_instantLabel(new QLabel(this))
    , m_groupBy(new QComboBox(this))
    , m_tree(new QTreeWidget(this))
{
    m_summary->setWordWrap(true);
    m_summary->setTextInteractionFlags(Qt::TextSelectableByMouse);
    auto *peak = new QPushButton(tr("At the peak"), this);
    peak->setToolTip(tr("List the allocations alive at the allocator's peak"));
    m_groupBy->addItem(tr("Group by operator"));
    m_groupBy->addItem(tr("Group by Python frame"));
    m_groupBy->setToolTip(tr("Python frames need a trace collected with with_stack"));
    auto *bar = new QHBoxLayout;
    bar->addWidget(m_instantLabel, 1);
    bar->addWidget(m_groupBy);
    bar->addWidget(peak);
    m_tree->setHeaderLabels({ tr("Operator / allocation"), tr("Size (MB)"), tr("Count"),
        tr("Allocated at"), tr("Released at"), tr("Lifetime") });
    m_tree->setSortingEnabled(true);
    m_tree->setUniformRowHeights(true);
    m_tree->setAlternatingRowColors(true);
    m_tree->header()->setSectionResizeMode(Name, QHeaderView::Stretch);
    m_tree->header()->setStretchLastSection(false);
    auto *lower = new QWidget(this);
    auto *lowerLayout = new QVBoxLayout(lower);
    lowerLayout->setContentsMargins(0, 0, 0, 0);
    lowerLayout->addLayout(bar);
    lowerLayout->addWidget(m_tree);
    auto *split = new QSplitter(Qt::Vertical, this);
    split->addWidget(m_chart);
    split->addWidget(lower);
    split->setStretchFactor(0, 1);
    split->setStretchFactor(1, 1);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addWidget(m_summary);
    layout->addWidget(split, 1);
    connect(m_chart, &MemoryChart::instantPicked, this, &MemoryPanel::showInstant);
    connect(peak, &QPushButton::clicked, this, [this] {
        if (m_memory && m_memory->allocatorCurve())
            showInstant(m_memory->allocatorCurve()->peakTime());
    });
    connect(m_groupBy, &QComboBox::currentIndexChanged, this, [this] { fill(); });
    connect(m_tree, &QTreeWidget::currentItemChanged, this,
        [this](QTreeWidgetItem *item) { onItemSelected(item); });
    setMemory(nullptr, nullptr);
}

void MemoryPanel::setMemory(std::shared_ptr<const MemoryProfile> memory,
    std::shared_ptr<const Trace> trace, const RankSource *source)
{
    if (memory && memory == m_memory && trace == m_trace)
        return; // the same rank again: keep the picked instant
    m_memory = std::move(memory);
    m_trace = std::move(trace);
    const RankSource text; // no source: a text export's names
    const RankSource &names = source ? *source : text;
    m_allocationsFrom = names.partName(RankSource::Part::OperatorMemory);
    m_chart->setRecordName(names.partName(RankSource::Part::MemoryRecord));
    m_chart->setMemory(m_memory);
    QStringList lines;
    if (m_memory) {
        for (const MemoryCurve &c : m_memory->components) {
            if (c.hasAllocated())
                lines << tr("%1: peak %2 MB allocated, %3 MB reserved then (reserve peak %4 MB)")
                             .arg(c.component, QString::number(c.peakAllocatedMb, 'f', 1),
                                 QString::number(c.reservedAtPeakMb, 'f', 1),
                                 QString::number(c.peakReservedMb, 'f', 1));
        }
        if (m_memory->deviceTotal.hasReserved())
            lines << tr("NPU modules (%1): peak %2 MB reserved")
                         .arg(names.partName(RankSource::Part::ModuleMemory),
                             QString::number(m_memory->deviceTotal.peakReservedMb, 'f', 1));
        lines << tr("%n allocation(s) in %1", nullptr, int(m_memory->allocations.size()))
                     .arg(m_allocationsFrom);
    }
    m_summary->setText(lines.join(QLatin1Char('\n')));
    m_summary->setVisible(!lines.isEmpty());
    const MemoryCurve *allocator = m_memory ? m_memory->allocatorCurve() : nullptr;
    m_chart->setInstant(allocator ? allocator->peakTime() : INT64_MIN);
    fill();
}

void MemoryPanel::showInstant(TimeNs t)
{
    m_chart->setInstant(t);
    fill();
}

TimeNs MemoryPanel::instant() const { return m_chart->instant(); }

bool MemoryPanel::groupedByFrame() const { return m_groupBy->currentIndex() == 1; }

void MemoryPanel::setGroupedByFrame(bool byFrame) { m_groupBy->setCurrentIndex(byFrame ? 1 : 0); }

QString MemoryPanel::groupOf(qint32 allocation, EventRef *op) const
{
    const QString name = m_memory->allocations.nameOf(allocation);
    if (!m_trace)
        return name;
    const AllocationSite site
        = allocationSite(*m_trace, name, m_memory->allocations.at(allocation).allocated);
    *op = site.op;
    if (!groupedByFrame())
        return name;
    return site.frame.isValid() ? m_trace->strings.string(m_trace->event(site.frame).name)
                                : tr("(no Python frame)");
}

void MemoryPanel::fill()
{
    m_tree->setSortingEnabled(false);
    m_tree->clear();
    const TimeNs t = m_chart->instant();
    if (!m_memory || t == INT64_MIN) {
        m_instantLabel->setText(m_memory && m_memory->allocations.empty()
                ? tr("No %1: the allocations were not recorded").arg(m_allocationsFrom)
                : QString());
        return;
    }
    const MemoryAllocations &all = m_memory->allocations;
    const std::vector<qint32> alive = all.aliveAt(t);
    std::map<QString, std::vector<std::pair<qint32, EventRef>>> groups;
    std::int64_t total = 0;
    for (const qint32 i : alive) {
        EventRef op;
        const QString group = groupOf(i, &op);
        groups[group].emplace_back(i, op);
        total += all.at(i).bytes;
    }
    const TimeNs origin = m_chart->timeAt(0);
    for (const auto &[name, items] : groups) {
        auto *group = new SortItem(m_tree);
        group->setText(Name, name);
        group->setData(Name, kIndexRole, -1);
        std::int64_t bytes = 0;
        for (const auto &[i, op] : items) {
            const MemoryAllocation &a = all.at(i);
            bytes += a.bytes;
            auto *item = new SortItem(group);
            item->setText(Name, all.nameOf(i));
            item->setData(Name, kIndexRole, i);
            item->setData(Released, kIndexRole,
                QVariant::fromValue(quint64(op.track.value) << 32 | op.index));
            setNumber(item, Size, mb(double(a.bytes)), double(a.bytes));
            setNumber(item, Allocated, formatDuration(a.allocated - origin), double(a.allocated));
            const bool never = a.released == MemoryAllocation::kNever;
            setNumber(item, Released, never ? tr("never") : formatDuration(a.released - origin),
                double(a.released));
            setNumber(item, Lifetime,
                never ? tr("to the end") : formatDuration(a.released - a.allocated),
                never ? 1e30 : double(a.released - a.allocated));
        }
        setNumber(group, Size, mb(double(bytes)), double(bytes));
        setNumber(group, Count, QString::number(items.size()), double(items.size()));
    }
    m_tree->setSortingEnabled(true);
    m_tree->sortByColumn(Size, Qt::DescendingOrder);
    m_instantLabel->setText(tr("At %1: %n allocation(s) alive, %2 MB", nullptr, int(alive.size()))
                                .arg(formatDuration(t - origin), mb(double(total))));
}

void MemoryPanel::onItemSelected(QTreeWidgetItem *item)
{
    if (!item || !m_memory || item->data(Name, kIndexRole).toInt() < 0)
        return;
    const qint32 i = item->data(Name, kIndexRole).toInt();
    const MemoryAllocation &a = m_memory->allocations.at(i);
    const quint64 key = item->data(Released, kIndexRole).toULongLong();
    EventRef op;
    if (key != (quint64(TrackId::kInvalid) << 32)) {
        op.track = TrackId(std::uint32_t(key >> 32));
        op.index = std::uint32_t(key & 0xffffffffu);
    }
    TimeNs end = a.released;
    if (end == MemoryAllocation::kNever)
        end = std::max(a.allocated, m_trace ? m_trace->maxTime : m_chart->timeAt(width()));
    emit allocationSelected(a.allocated, end, op);
}

void MemoryPanel::setSession(ProfileSession *session)
{
    const auto show = [this, session]() {
        const auto rank = session->fullRank();
        if (!rank) {
            setMemory(nullptr, nullptr);
            return;
        }
        const auto &analysis = session->analysis();
        setMemory(analysis ? analysis->memory : nullptr, rank->trace, &rank->source);
    };
    connect(session, &ProfileSession::rankChanged, this, show);
    connect(session, &ProfileSession::analysisChanged, this, show);
}

} // namespace npuscope
