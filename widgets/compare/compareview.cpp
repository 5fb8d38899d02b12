#include "widgets/compare/compareview.h"

#include "model/annotations/annotations.h"
#include "model/core/trace.h"
#include "widgets/compare/comparediffmodel.h"
#include "widgets/compare/compareoverallmodel.h"
#include "widgets/compare/comparesummarymodel.h"
#include "widgets/compare/comparetintoverlay.h"
#include "widgets/compare/moduleflamegraph.h"
#include "widgets/timeline/timelineview.h"
#include "widgets/timeline/timelinezoomcontrol.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QScrollBar>
#include <QSortFilterProxyModel>
#include <QSplitter>
#include <QTabWidget>
#include <QTableView>
#include <QVBoxLayout>

#include <algorithm>

namespace npuscope {

namespace {

    // Room around the compared step when compare mode opens: 2% of the longer step each side.
    constexpr double kStepMargin = 0.02;

    QLabel *sideLabel(QWidget *parent)
    {
        auto *label = new QLabel(parent);
        label->setTextFormat(Qt::PlainText);
        QFont f = label->font();
        f.setBold(true);
        label->setFont(f);
        return label;
    }

    // The kernel rows of a side (within `rows`) whose Type / Name / bucket is `key`, as events.
    QSet<quint64> eventsOf(const RankProfile &rank, const RankAnalysis &analysis,
        const std::vector<qint32> &rows, CompareView::RowKind kind, const QString &key)
    {
        QSet<quint64> out;
        const KernelTable &k = *rank.kernels;
        std::vector<WorkBucket> buckets;
        if (kind == CompareView::RowKind::Bucket && analysis.kinds)
            buckets = workBuckets(k, *analysis.kinds);
        for (qint32 row : rows) {
            const auto r = std::size_t(row);
            bool hit = false;
            switch (kind) {
            case CompareView::RowKind::Type:
                hit = k.strings.view(k.type[r]) == key.toStdString();
                break;
            case CompareView::RowKind::Name:
                hit = k.strings.string(k.name[r]) == key;
                break;
            case CompareView::RowKind::Bucket:
                hit = r < buckets.size() && workBucketKey(buckets[r]) == key;
                break;
            }
            if (const EventRef ref = rank.join.eventOf(row); hit && ref.isValid())
                out.insert(KernelJoin::key(ref));
        }
        return out;
    }

    // What a timeline row shows, by name: the track ("process / thread"), and its place in a
    // process of that name (host thread ids differ from run to run; the places line up).
    struct RowKeys {
        QString exact;
        QString place;
    };

    RowKeys rowKeys(const TimelineView &view, int row)
    {
        const TimelineLayout &layout = view.layout();
        const TimelineRow &r = layout.rows()[static_cast<std::size_t>(row)];
        const TimelineGroup &g = layout.groups()[static_cast<std::size_t>(r.group)];
        const QString place = g.name + QLatin1Char('\x1f') + QString::number(row - g.headerRow);
        if (r.kind == TimelineRowKind::Track)
            return { annotationTrackKey(view.trace()->tracks[r.index]), place };
        if (r.kind == TimelineRowKind::Counter) {
            const CounterSeries &c = view.trace()->counters[r.index];
            return { c.processName + QLatin1String(" / ") + c.name, place };
        }
        return { place, place };
    }

    // The row of `to` that shows what `row` of `from` shows, or -1.
    int matchingRow(const TimelineView &from, int row, const TimelineView &to)
    {
        const RowKeys keys = rowKeys(from, row);
        int byPlace = -1;
        for (int r = 0; r < static_cast<int>(to.layout().rows().size()); ++r) {
            const RowKeys other = rowKeys(to, r);
            if (other.exact == keys.exact)
                return r;
            if (byPlace < 0 && other.place == keys.place)
                byPlace = r;
        }
        return byPlace;
    }

} // namespace

CompareView::CompareView(QWidget *parent)
    : QWidget(parent)
    , m_baseView(new TimelineView(this))
    , m_newView(new TimelineView(this))
    , m_tabs(new QTabWidget(this))
    , m_summary(new CompareSummaryModel(this))
    , m_byBucket(new CompareDiffModel(this))
    , m_byType(new CompareDiffModel(this))
    , m_byName(new CompareDiffModel(this))
{
    m_baseOverlay = new CompareTintOverlay(m_baseView);
    m_newOverlay = new CompareTintOverlay(m_newView);
    m_baseTitle = sideLabel(this);
    m_newTitle = sideLabel(this);
    m_stepCombo = new QComboBox(this);
    m_stepCombo->setToolTip(tr("The step both timelines are aligned at"));
    auto *swap = new QPushButton(tr("Swap Sides"), this);
    auto *leave = new QPushButton(tr("Leave Compare Mode"), this);
    auto *align = new QPushButton(tr("Align on Selection"), this);
    align->setToolTip(tr("Align both timelines at the selected kernel and its match"));
    connect(align, &QPushButton::clicked, this, &CompareView::alignOnSelection);
    connect(swap, &QPushButton::clicked, this, &CompareView::swapSides);
    connect(leave, &QPushButton::clicked, this, &CompareView::leaveRequested);
    connect(m_stepCombo, &QComboBox::activated, this,
        [this](int index) { setStep(m_stepCombo->itemData(index).toString()); });

    auto *bar = new QHBoxLayout;
    bar->addWidget(new QLabel(tr("Aligned at step:"), this));
    bar->addWidget(m_stepCombo);
    bar->addWidget(align);
    bar->addStretch();
    bar->addWidget(swap);
    bar->addWidget(leave);

    auto *timelines = new QWidget(this);
    auto *tl = new QVBoxLayout(timelines);
    tl->setContentsMargins(0, 0, 0, 0);
    tl->addWidget(m_baseTitle);
    tl->addWidget(m_baseView, 1);
    tl->addWidget(m_newTitle);
    tl->addWidget(m_newView, 1);

    // The summary is read at a glance: kernel names and finding titles wrap in the run columns
    // instead of being elided, and every row shows at the default size.
    auto *summary = new QTableView(this);
    summary->setModel(m_summary);
    summary->setWordWrap(true);
    QHeaderView *columns = summary->horizontalHeader();
    columns->setStretchLastSection(false);
    columns->setSectionResizeMode(QHeaderView::Stretch);
    columns->setSectionResizeMode(CompareSummaryModel::Measure, QHeaderView::ResizeToContents);
    columns->setSectionResizeMode(CompareSummaryModel::Change, QHeaderView::ResizeToContents);
    summary->verticalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    summary->verticalHeader()->hide();
    m_tabs->addTab(summary, tr("Summary"));
    addTable(m_byBucket, tr("By Work Bucket"), RowKind::Bucket);
    addTable(m_byType, tr("By Type"), RowKind::Type);
    addTable(m_byName, tr("By Name"), RowKind::Name);
    addBreakdownTabs();

    auto *split = new QSplitter(Qt::Vertical, this);
    split->addWidget(timelines);
    split->addWidget(m_tabs);
    // 3:2 leaves each timeline room for its device streams (they come first) and the summary
    // room for its dozen rows at 1080p.
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 2);

    auto *layout = new QVBoxLayout(this);
    layout->addLayout(bar);
    layout->addWidget(split, 1);

    m_zoom = new TimelineZoomControl(this);
    m_baseView->setZoomControl(m_zoom);
    m_newView->setZoomControl(m_zoom);
    connectArrangements();
    connect(m_baseView->verticalScrollBar(), &QScrollBar::valueChanged, this,
        [this]() { syncScroll(m_baseView); });
    connect(m_newView->verticalScrollBar(), &QScrollBar::valueChanged, this,
        [this]() { syncScroll(m_newView); });
}

CompareView::~CompareView() = default;

void CompareView::connectArrangements()
{
    for (TimelineView *view : { m_baseView, m_newView }) {
        connect(
            view->arrangementControl(), &TimelineArrangementControl::edited, this, [this, view]() {
                Side &side = view == m_baseView ? m_base : m_next;
                side.arrangement = view->arrangementControl()->arrangement();
                // Both sides of one profile (rank against rank) show the same arrangement.
                Side &other = view == m_baseView ? m_next : m_base;
                if (other.profilePath == side.profilePath && !side.profilePath.isEmpty()) {
                    other.arrangement = side.arrangement;
                    (view == m_baseView ? m_newView : m_baseView)
                        ->arrangementControl()
                        ->setArrangement(side.arrangement);
                }
                emit arrangementChanged(side.profilePath, side.arrangement);
            });
    }
}

QTableView *CompareView::addTable(CompareDiffModel *model, const QString &title, RowKind kind)
{
    auto *proxy = new QSortFilterProxyModel(this);
    proxy->setSourceModel(model);
    proxy->setSortRole(Qt::UserRole);
    auto *view = new QTableView(this);
    view->setModel(proxy);
    view->setSortingEnabled(true);
    view->sortByColumn(-1, Qt::AscendingOrder); // the model's order: largest |delta| first
    view->setSelectionBehavior(QAbstractItemView::SelectRows);
    view->setSelectionMode(QAbstractItemView::SingleSelection);
    view->verticalHeader()->hide();
    view->horizontalHeader()->setSectionResizeMode(CompareDiffModel::Key, QHeaderView::Stretch);
    connect(view->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
        [this, proxy, model, kind](const QModelIndex &current) {
            if (const DiffRow *row = model->rowAt(proxy->mapToSource(current).row()))
                highlightRow(kind, row->key, row->newKey.isEmpty() ? row->key : row->newKey);
        });
    m_tabs->addTab(view, title);
    return view;
}

bool CompareView::setRuns(const Side &base, const Side &next, const QString &stepId, QString *error)
{
    m_base = base;
    m_next = next;
    if (!compare(stepId, error))
        return false;
    showTraces();
    fillSteps();
    showComparison();
    return true;
}

bool CompareView::compare(const QString &stepId, QString *error)
{
    CompareOptions o;
    o.baseStep = stepId;
    RunComparison c = compareRuns({ m_base.rank.get(), m_base.analysis.get() },
        { m_next.rank.get(), m_next.analysis.get() }, o);
    if (!c.ok()) {
        if (error)
            *error = c.error;
        return false;
    }
    m_comparison = std::move(c);
    return true;
}

void CompareView::showTraces()
{
    m_baseView->arrangementControl()->setArrangement(m_base.arrangement);
    m_newView->arrangementControl()->setArrangement(m_next.arrangement);
    m_baseView->setTrace(m_base.rank ? m_base.rank->trace : nullptr);
    m_newView->setTrace(m_next.rank ? m_next.rank->trace : nullptr);
}

void CompareView::fillSteps()
{
    m_stepCombo->clear();
    if (!m_base.analysis || !m_next.analysis)
        return;
    const QStringList theirs = stepIds(*m_next.analysis);
    for (const QString &id : stepIds(*m_base.analysis)) {
        if (theirs.contains(id))
            m_stepCombo->addItem(id.isEmpty() ? tr("whole run") : id, id);
    }
    if (m_comparison.stepsByPosition) {
        m_stepCombo->addItem(
            tr("%1 / %2 (first steps)").arg(m_comparison.base.stepId, m_comparison.next.stepId),
            QString());
    }
    m_stepCombo->setCurrentIndex(std::max(0, m_stepCombo->findData(m_comparison.base.stepId)));
}

bool CompareView::setStep(const QString &stepId)
{
    if (!compare(stepId, nullptr))
        return false;
    showComparison();
    return true;
}

void CompareView::applyLimits()
{
    // Each view may go as far as either trace, shifted onto its own clock.
    const TimeNs shift = m_newOrigin - m_baseOrigin;
    const Trace *bt = m_base.rank->trace.get();
    const Trace *nt = m_next.rank->trace.get();
    m_newView->setTimeOffset(shift); // the shared range is on the base clock
    if (bt && nt) {
        const TimeNs lo = std::min(bt->minTime, nt->minTime - shift);
        const TimeNs hi = std::max(bt->maxTime, nt->maxTime - shift);
        m_baseView->setTimeLimits(lo, hi);
    }
}

bool CompareView::alignOnSelection()
{
    if (m_baseView->selectedEvent().isValid())
        return alignOnEvent(m_baseView->selectedEvent());
    const EventRef selected = m_newView->selectedEvent();
    if (!selected.isValid() || !m_next.rank)
        return false;
    const qint32 row = m_next.rank->join.rowOf(selected);
    for (const KernelPair &p : m_comparison.match.pairs) {
        if (p.newRow == row && row >= 0)
            return alignOnEvent(m_base.rank->join.eventOf(p.baseRow));
    }
    return false;
}

bool CompareView::alignOnEvent(EventRef baseEvent)
{
    if (!m_base.rank || !m_next.rank || !baseEvent.isValid())
        return false;
    const qint32 row = m_base.rank->join.rowOf(baseEvent);
    for (const KernelPair &p : m_comparison.match.pairs) {
        if (p.baseRow != row || row < 0)
            continue;
        const KernelTable &bk = *m_base.rank->kernels;
        const KernelTable &nk = *m_next.rank->kernels;
        const TimeNs baseStart = bk.start[std::size_t(p.baseRow)];
        const TimeNs newStart = nk.start[std::size_t(p.newRow)];
        if (baseStart == Table::kMissingNs || newStart == Table::kMissingNs)
            return false;
        const auto [start, end] = m_baseView->visibleRange();
        m_baseOrigin = baseStart;
        m_newOrigin = newStart;
        m_baseView->setTimeOrigin(m_baseOrigin);
        m_newView->setTimeOrigin(m_newOrigin);
        applyLimits();
        // Keep the zoom; put the kernel where the view's centre was.
        const TimeNs half = (end - start) / 2;
        m_baseView->setVisibleRange(baseStart - half, baseStart + half);
        return true;
    }
    return false;
}

void CompareView::swapSides()
{
    std::swap(m_base, m_next);
    const QString step = m_comparison.next.stepId;
    compare(m_comparison.stepsByPosition ? QString() : step, nullptr);
    showTraces();
    fillSteps();
    showComparison();
    emit swapRequested();
}

void CompareView::showComparison()
{
    const RunComparison &c = m_comparison;
    m_baseTitle->setText(tr("Base: %1 (step %2, %3)")
                             .arg(m_base.title, c.base.stepId, formatDuration(c.base.wallNs)));
    m_newTitle->setText(tr("New: %1 (step %2, %3)")
                            .arg(m_next.title, c.next.stepId, formatDuration(c.next.wallNs)));
    m_summary->setComparison(c);
    m_byBucket->setRows(c.byBucket, tr("Work bucket"));
    m_byType->setRows(c.byType, tr("Type"));
    m_byName->setRows(c.byName, tr("Name"));
    m_overall->setRows(c.overall);
    m_flame->setComparison(&m_comparison);
    m_tabs->setCurrentIndex(c.crossBackend ? 1 : 0);
    applyTints();

    // One time axis: both rulers count from their step's start, and the same span is shown.
    m_baseOrigin = c.base.start;
    m_newOrigin = c.next.start;
    m_baseView->setTimeOrigin(m_baseOrigin);
    m_newView->setTimeOrigin(m_newOrigin);
    applyLimits();
    const TimeNs span = std::max<TimeNs>({ c.base.wallNs, c.next.wallNs, 1000 });
    const auto margin = TimeNs(double(span) * kStepMargin);
    m_baseView->setVisibleRange(m_baseOrigin - margin, m_baseOrigin + span + margin);
}

void CompareView::applyTints()
{
    const RunComparison &c = m_comparison;
    QHash<quint64, MatchChange> base, next;
    const RankProfile *br = m_base.rank.get();
    const RankProfile *nr = m_next.rank.get();
    auto eventKey = [](const RankProfile *rank, qint32 row) -> qint64 {
        const EventRef ref = rank->join.eventOf(row);
        return ref.isValid() ? qint64(KernelJoin::key(ref)) : -1;
    };
    // Across backends no name pairs up: marking every slice "only in base/new" says nothing.
    const bool markUnmatched = !c.crossBackend;
    for (const KernelPair &p : c.match.pairs) {
        const MatchChange change = classifyChange(br->kernels->duration[std::size_t(p.baseRow)],
            nr->kernels->duration[std::size_t(p.newRow)], kDefaultChangeThreshold);
        if (change == MatchChange::Same)
            continue;
        if (const qint64 k = eventKey(br, p.baseRow); k >= 0)
            base.insert(quint64(k), change);
        if (const qint64 k = eventKey(nr, p.newRow); k >= 0)
            next.insert(quint64(k), change);
    }
    for (qint32 row : markUnmatched ? c.match.onlyBase : std::vector<qint32>()) {
        if (const qint64 k = eventKey(br, row); k >= 0)
            base.insert(quint64(k), MatchChange::OnlyBase);
    }
    for (qint32 row : markUnmatched ? c.match.onlyNew : std::vector<qint32>()) {
        if (const qint64 k = eventKey(nr, row); k >= 0)
            next.insert(quint64(k), MatchChange::OnlyNew);
    }
    m_baseOverlay->setTints(std::move(base));
    m_newOverlay->setTints(std::move(next));
    m_baseOverlay->setHighlighted({});
    m_newOverlay->setHighlighted({});
}

void CompareView::highlightRow(RowKind kind, const QString &key, const QString &newKey)
{
    if (!m_base.rank || !m_next.rank || !m_base.analysis || !m_next.analysis)
        return;
    m_baseOverlay->setHighlighted(
        eventsOf(*m_base.rank, *m_base.analysis, m_comparison.baseRows, kind, key));
    m_newOverlay->setHighlighted(eventsOf(*m_next.rank, *m_next.analysis, m_comparison.newRows,
        kind, newKey.isNull() ? key : newKey));
}

void CompareView::addBreakdownTabs()
{
    m_overall = new CompareOverallModel(this);
    auto *table = new QTableView(this);
    table->setModel(m_overall);
    table->setSelectionBehavior(QAbstractItemView::SelectRows);
    table->setSelectionMode(QAbstractItemView::SingleSelection);
    table->verticalHeader()->hide();
    table->horizontalHeader()->setSectionResizeMode(
        CompareOverallModel::Category, QHeaderView::ResizeToContents);
    connect(table->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
        [this](const QModelIndex &current) { highlightCategory(current.row()); });
    m_tabs->addTab(table, tr("By Category"));

    auto *page = new QWidget(this);
    auto *side = new QComboBox(page);
    side->addItem(tr("Widths: new run"), int(ModuleFlameGraph::Side::New));
    side->addItem(tr("Widths: base run"), int(ModuleFlameGraph::Side::Base));
    m_flame = new ModuleFlameGraph(page);
    connect(side, &QComboBox::activated, this, [this, side](int index) {
        m_flame->setSide(ModuleFlameGraph::Side(side->itemData(index).toInt()));
    });
    connect(m_flame, &ModuleFlameGraph::rowClicked, this, &CompareView::highlightModule);
    auto *legend = new QLabel(tr("Device time per nn.Module; colour: red slower, green faster "
                                 "(full at ±20%), purple only in new, blue only in base"),
        page);
    auto *top = new QHBoxLayout;
    top->addWidget(side);
    top->addWidget(legend, 1);
    auto *layout = new QVBoxLayout(page);
    layout->addLayout(top);
    layout->addWidget(m_flame, 1);
    m_tabs->addTab(page, tr("Modules"));
}

void CompareView::highlightCategory(int row)
{
    const OverallRow *r = m_overall->rowAt(row);
    if (!r || !m_base.rank || !m_next.rank)
        return;
    auto events
        = [&](const RankProfile &rank, const OverallMetrics &m, const std::vector<qint32> &rows) {
              QSet<quint64> out;
              for (qint32 k : rows) {
                  const auto i = std::size_t(k);
                  const EventRef ref = rank.join.eventOf(k);
                  if (i >= m.rowCategory.size() || !ref.isValid())
                      continue;
                  if (std::find(r->categories.begin(), r->categories.end(), m.rowCategory[i])
                      != r->categories.end())
                      out.insert(KernelJoin::key(ref));
              }
              return out;
          };
    m_baseOverlay->setHighlighted(
        events(*m_base.rank, m_comparison.baseOverall, m_comparison.baseRows));
    m_newOverlay->setHighlighted(
        events(*m_next.rank, m_comparison.newOverall, m_comparison.newRows));
}

void CompareView::highlightModule(int row)
{
    const RunComparison &c = m_comparison;
    if (row < 0 || row >= int(c.modules.size()))
        return;
    const ModuleDiffRow &m = c.modules[std::size_t(row)];
    auto events = [](const ModuleTree &tree, std::uint32_t node) {
        QSet<quint64> out;
        if (node == ModuleNode::kNone)
            return out;
        out.insert(KernelJoin::key(tree.nodes[node].event));
        for (EventRef e : tree.kernelsUnder(node))
            out.insert(KernelJoin::key(e));
        return out;
    };
    m_flame->selectRow(row);
    m_baseOverlay->setHighlighted(events(c.baseModules, m.baseNode));
    m_newOverlay->setHighlighted(events(c.newModules, m.newNode));
}

void CompareView::syncScroll(TimelineView *from)
{
    TimelineView *to = from == m_baseView ? m_newView : m_baseView;
    if (m_scrollSyncing || !from->trace() || !to->trace())
        return;
    const int y = from->verticalScrollBar()->value();
    const int row = from->layout().rowAt(y);
    const int match = row >= 0 ? matchingRow(*from, row, *to) : -1;
    int target = y; // nothing alike: the same offset
    if (match >= 0) {
        const TimelineRow &a = from->layout().rows()[static_cast<std::size_t>(row)];
        const TimelineRow &b = to->layout().rows()[static_cast<std::size_t>(match)];
        target = b.y + std::min(y - a.y, std::max(0, b.height - 1));
    }
    m_scrollSyncing = true;
    to->verticalScrollBar()->setValue(target);
    m_scrollSyncing = false;
}

} // namespace npuscope
