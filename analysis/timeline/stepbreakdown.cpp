#include "analysis/timeline/stepbreakdown.h"

#include "analysis/stats/kernelkinds.h"

#include <QHash>

#include <algorithm>
#include <cmath>
#include <limits>

namespace npuscope {

namespace {

    constexpr TimeNs kNoTime = std::numeric_limits<TimeNs>::max();

    // The device tasks of one step, collected before the unions are taken.
    struct StepTasks {
        std::vector<Interval> compute;
        std::vector<Interval> comm;
        TimeNs kernelSum = 0;
        qint64 kernels = 0;
        qint64 comms = 0;
        TimeNs first = kNoTime;
        TimeNs last = std::numeric_limits<TimeNs>::min();

        void add(const KernelTable &k, const KernelKinds &kinds, qsizetype row)
        {
            const auto r = static_cast<std::size_t>(row);
            const bool isComm = kinds.isCommunication(row);
            if (isComm)
                ++comms;
            else {
                ++kernels;
                kernelSum += k.duration[r];
            }
            if (!kinds.hasTime(row))
                return;
            const Interval span { k.start[r], k.start[r] + k.duration[r] };
            (isComm ? comm : compute).push_back(span);
            first = std::min(first, span.start);
            last = std::max(last, span.end);
        }
        bool hasTasks() const { return first != kNoTime; }
    };

    // Unions, overlap and busy time of the step's tasks.
    IntervalSet fillUnions(StepBreakdown &b, StepTasks &t)
    {
        std::vector<Interval> all = t.compute;
        all.insert(all.end(), t.comm.begin(), t.comm.end());
        const IntervalSet compute = IntervalSet::fromUnsorted(std::move(t.compute));
        const IntervalSet comm = IntervalSet::fromUnsorted(std::move(t.comm));
        IntervalSet busy = IntervalSet::fromUnsorted(std::move(all));
        b.computeNs = compute.total();
        b.commNs = comm.total();
        b.overlappedNs = compute.intersected(comm).total();
        b.commNotOverlappedNs = b.commNs - b.overlappedNs;
        b.deviceBusyNs = busy.total();
        b.kernelSumNs = t.kernelSum;
        b.kernelCount = t.kernels;
        b.commCount = t.comms;
        b.firstTaskNs = t.hasTasks() ? t.first : 0;
        return busy;
    }

    // Maps the kernel rows' Step Id text to step indexes, caching per interned string.
    class StepIdIndex {
    public:
        StepIdIndex(const KernelTable &k, const QHash<QString, int> &ids)
            : m_kernels(k)
            , m_ids(ids)
            , m_cache(k.strings.size(), kUnknown)
        {
        }
        static constexpr int kNoText = -1; // the row carries no step
        static constexpr int kNotListed = -3; // a step that is not in the list

        int stepOf(qsizetype row)
        {
            const StringId id = m_kernels.step[static_cast<std::size_t>(row)];
            if (id.value >= m_cache.size())
                return kNoText;
            int &cached = m_cache[id.value];
            if (cached == kUnknown) {
                const QString text = m_kernels.strings.string(id).trimmed();
                cached = text.isEmpty() ? kNoText : m_ids.value(text, kNotListed);
            }
            return cached;
        }
        bool anyStepText() const
        {
            for (StringId id : m_kernels.step) {
                if (!m_kernels.strings.view(id).empty())
                    return true;
            }
            return false;
        }

    private:
        static constexpr int kUnknown = -2;
        const KernelTable &m_kernels;
        const QHash<QString, int> &m_ids;
        std::vector<int> m_cache;
    };

    // Time of the host op that launched the row's device task (via the trace's flows), or
    // the task's own start.
    TimeNs launchTime(const RankProfile &rank, qsizetype row)
    {
        const auto r = static_cast<std::size_t>(row);
        if (rank.trace && r < rank.join.rowToEvent.size() && rank.join.rowToEvent[r].isValid()) {
            TimeNs earliest = kNoTime;
            for (std::uint32_t f : rank.trace->flowsTo(rank.join.rowToEvent[r])) {
                const EventRef from = rank.trace->flows[f].from;
                if (from.isValid())
                    earliest = std::min(earliest, rank.trace->event(from).start);
            }
            if (earliest != kNoTime)
                return earliest;
        }
        return rank.kernels->start[r];
    }

    int spanAt(const std::vector<StepSpan> &spans, TimeNs t)
    {
        auto it = std::upper_bound(
            spans.begin(), spans.end(), t, [](TimeNs v, const StepSpan &s) { return v < s.start; });
        if (it == spans.begin())
            return -1;
        const auto i = static_cast<int>(it - spans.begin()) - 1;
        const bool last = std::size_t(i) + 1 == spans.size();
        return !last || t <= spans[std::size_t(i)].end ? i : -1;
    }

    // The span of every kernel row (its Step Id, else the span its launch falls in), or < 0.
    std::vector<int> rowSpans(
        const RankProfile &rank, const KernelKinds &kinds, const std::vector<StepSpan> &spans)
    {
        QHash<QString, int> ids;
        for (std::size_t i = 0; i < spans.size(); ++i)
            ids.insert(spans[i].id, static_cast<int>(i));
        StepIdIndex byId(*rank.kernels, ids);
        const bool useIds = byId.anyStepText();
        std::vector<int> out(static_cast<std::size_t>(rank.kernels->rowCount()), -1);
        for (qsizetype row = 0; row < rank.kernels->rowCount(); ++row) {
            int step = useIds ? byId.stepOf(row) : StepIdIndex::kNoText;
            if (step == StepIdIndex::kNoText && kinds.hasTime(row))
                step = spanAt(spans, launchTime(rank, row));
            out[std::size_t(row)] = step;
        }
        return out;
    }

    std::vector<StepBreakdown> fromTrace(
        const RankProfile &rank, const KernelKinds *kinds, const std::vector<StepSpan> &spans)
    {
        std::vector<StepTasks> tasks(spans.size());
        if (rank.kernels && kinds) {
            const std::vector<int> steps = rowSpans(rank, *kinds, spans);
            for (qsizetype row = 0; row < rank.kernels->rowCount(); ++row) {
                if (const int step = steps[std::size_t(row)]; step >= 0)
                    tasks[std::size_t(step)].add(*rank.kernels, *kinds, row);
            }
        }
        // Kineto: the device runs a step's kernels after the host's step (see StepWindow).
        const bool deviceWindow = rank.trace && rank.trace->kineto;
        std::vector<StepBreakdown> out;
        TimeNs previousEnd = kNoTime; // the end of the previous step's device work
        for (std::size_t i = 0; i < spans.size(); ++i) {
            StepBreakdown b;
            b.id = spans[i].id;
            b.source = StepSource::Trace;
            b.start = spans[i].start;
            b.end = spans[i].end;
            b.wallNs = b.end - b.start;
            StepTasks &t = tasks[i];
            const bool has = t.hasTasks();
            const TimeNs first = t.first;
            const TimeNs last = t.last;
            b.hostWallNs = b.wallNs;
            const IntervalSet busy = fillUnions(b, t);
            if (has && deviceWindow) {
                // From where the device finished the previous step (the first step: the host's
                // step start), so that the device's wait for this step's data and launches is
                // its Preparing, and the steps tile the device's time without a hole.
                const TimeNs from = std::min(first, previousEnd == kNoTime ? b.start : previousEnd);
                b.window = StepWindow::Device;
                b.start = from;
                b.end = last;
                b.wallNs = last - from;
                b.preparingNs = first - from;
                b.freeNs = (last - first) - b.deviceBusyNs;
                previousEnd = last;
            } else if (has) {
                // As step_trace_time.csv: Free is the idle part of [first task, step end].
                const TimeNs stageEnd = std::max(b.end, last);
                b.preparingNs = std::max<TimeNs>(0, first - b.start);
                b.freeNs = (stageEnd - first) - busy.coveredWithin(first, stageEnd);
            }
            b.unaccountedNs = std::max<TimeNs>(0, b.wallNs - b.deviceBusyNs);
            out.push_back(b);
        }
        return out;
    }

    TimeNs usToNs(double us) { return std::isnan(us) ? 0 : std::llround(us * 1000.0); }

    std::vector<StepBreakdown> fromStepTraceCsv(const RankProfile &rank, const KernelKinds *kinds)
    {
        const Table &t = *rank.stepTrace;
        const int stepCol = t.findColumn(u"Step");
        const int computing = t.findColumn(u"Computing");
        const int notOverlapped = t.findColumn(u"Communication(Not Overlapped)");
        const int overlapped = t.findColumn(u"Overlapped");
        const int comm = t.findColumn(u"Communication");
        const int free = t.findColumn(u"Free");
        const int stage = t.findColumn(u"Stage");
        const int preparing = t.findColumn(u"Preparing");
        QHash<QString, int> ids;
        for (qsizetype row = 0; row < t.rowCount(); ++row)
            ids.insert(t.text(row, stepCol).trimmed(), static_cast<int>(row));
        std::vector<StepTasks> tasks(static_cast<std::size_t>(t.rowCount()));
        const bool withKernels = rank.kernels && kinds && rank.kernels->rowCount() > 0;
        if (withKernels) {
            StepIdIndex byId(*rank.kernels, ids);
            for (qsizetype row = 0; row < rank.kernels->rowCount(); ++row) {
                const int step = byId.stepOf(row);
                if (step >= 0)
                    tasks[std::size_t(step)].add(*rank.kernels, *kinds, row);
            }
        }
        std::vector<StepBreakdown> out;
        for (qsizetype row = 0; row < t.rowCount(); ++row) {
            StepBreakdown b;
            b.id = t.text(row, stepCol).trimmed();
            b.source = StepSource::StepTraceCsv;
            b.preparingNs = usToNs(t.number(row, preparing));
            b.freeNs = usToNs(t.number(row, free));
            b.wallNs = usToNs(t.number(row, stage)) + b.preparingNs;
            b.hostWallNs = b.wallNs;
            if (withKernels) {
                fillUnions(b, tasks[std::size_t(row)]);
            } else {
                b.computeNs = usToNs(t.number(row, computing));
                b.commNotOverlappedNs = usToNs(t.number(row, notOverlapped));
                b.overlappedNs = usToNs(t.number(row, overlapped));
                b.commNs = usToNs(t.number(row, comm));
                b.deviceBusyNs = b.computeNs + b.commNotOverlappedNs;
            }
            b.unaccountedNs = std::max<TimeNs>(0, b.wallNs - b.deviceBusyNs);
            out.push_back(b);
        }
        return out;
    }

    std::vector<StepBreakdown> fromKernels(const RankProfile &rank, const KernelKinds &kinds)
    {
        const KernelTable &k = *rank.kernels;
        QHash<quint32, std::size_t> index; // step string id -> position
        std::vector<QString> ids;
        std::vector<StepTasks> tasks;
        for (qsizetype row = 0; row < k.rowCount(); ++row) {
            const StringId id = k.step[std::size_t(row)];
            auto it = index.constFind(id.value);
            if (it == index.cend()) {
                it = index.insert(id.value, ids.size());
                ids.push_back(k.strings.string(id).trimmed());
                tasks.emplace_back();
            }
            tasks[*it].add(k, kinds, row);
        }
        std::vector<StepBreakdown> out;
        for (std::size_t i = 0; i < ids.size(); ++i) {
            StepBreakdown b;
            b.id = ids[i];
            b.source = StepSource::Kernels;
            StepTasks &t = tasks[i];
            const bool has = t.hasTasks();
            const TimeNs first = t.first;
            const TimeNs last = t.last;
            fillUnions(b, t);
            if (has) {
                b.start = first;
                b.end = last;
                b.wallNs = last - first;
                b.hostWallNs = b.wallNs;
                b.freeNs = b.wallNs - b.deviceBusyNs;
            }
            b.unaccountedNs = std::max<TimeNs>(0, b.wallNs - b.deviceBusyNs);
            out.push_back(b);
        }
        std::stable_sort(
            out.begin(), out.end(), [](const StepBreakdown &a, const StepBreakdown &b) {
                return a.firstTaskNs < b.firstTaskNs;
            });
        return out;
    }

} // namespace

std::vector<StepSpan> findStepSpans(const Trace &trace)
{
    // Mark the step names once; the pass over host events then compares integer ids only.
    static constexpr std::string_view kPrefix = "ProfilerStep#";
    std::vector<bool> isStep(trace.strings.size(), false);
    bool any = false;
    for (std::size_t id = 0; id < isStep.size(); ++id) {
        if (trace.strings.view(StringId(static_cast<std::uint32_t>(id))).starts_with(kPrefix))
            isStep[id] = any = true;
    }
    if (!any)
        return {};
    QHash<quint32, std::size_t> byName;
    std::vector<StepSpan> steps;
    for (const Track &track : trace.tracks) {
        if (track.kind != TrackKind::HostThread && track.kind != TrackKind::Other)
            continue;
        for (std::size_t i = 0; i < track.events.size(); ++i) {
            const Event &e = track.events[i];
            if (e.instant || e.name.value >= isStep.size() || !isStep[e.name.value])
                continue;
            const auto it = byName.constFind(e.name.value);
            if (it == byName.cend()) {
                byName.insert(e.name.value, steps.size());
                const QString name = trace.strings.string(e.name);
                steps.push_back({ name.mid(qsizetype(kPrefix.size())), name, e.start, e.end(),
                    EventRef { track.id, static_cast<std::uint32_t>(i) } });
            } else {
                StepSpan &s = steps[*it];
                s.start = std::min(s.start, e.start);
                s.end = std::max(s.end, e.end());
            }
        }
    }
    std::sort(steps.begin(), steps.end(),
        [](const StepSpan &a, const StepSpan &b) { return a.start < b.start; });
    return steps;
}

std::vector<StepBreakdown> computeStepBreakdown(const RankProfile &rank, const KernelKinds *kinds)
{
    if (rank.trace) {
        const std::vector<StepSpan> spans = findStepSpans(*rank.trace);
        if (!spans.empty())
            return fromTrace(rank, kinds, spans);
    }
    if (rank.stepTrace && rank.stepTrace->rowCount() > 0)
        return fromStepTraceCsv(rank, kinds);
    if (rank.kernels && kinds && rank.kernels->rowCount() > 0)
        return fromKernels(rank, *kinds);
    return {};
}

std::vector<int> kernelRowSteps(
    const RankProfile &rank, const KernelKinds &kinds, const std::vector<StepBreakdown> &steps)
{
    if (!rank.kernels)
        return {};
    if (!steps.empty() && steps.front().source == StepSource::Trace && rank.trace) {
        std::vector<int> out = rowSpans(rank, kinds, findStepSpans(*rank.trace));
        for (int &s : out)
            s = std::max(s, -1);
        return out;
    }
    // step_trace_time.csv and kernel-only steps: the rows' Step Id text names the step ("" is
    // the step of rows without one when the steps come from the kernels).
    QHash<QString, int> ids;
    for (std::size_t i = 0; i < steps.size(); ++i)
        ids.insert(steps[i].id, static_cast<int>(i));
    const int noText = ids.value(QString(), -1);
    StepIdIndex byId(*rank.kernels, ids);
    std::vector<int> out(static_cast<std::size_t>(rank.kernels->rowCount()), -1);
    for (qsizetype row = 0; row < rank.kernels->rowCount(); ++row) {
        const int step = byId.stepOf(row);
        out[std::size_t(row)] = step == StepIdIndex::kNoText ? noText : std::max(step, -1);
    }
    return out;
}

std::vector<StepBreakdown> computeStepBreakdown(const RankProfile &rank)
{
    if (!rank.kernels)
        return computeStepBreakdown(rank, nullptr);
    const KernelKinds kinds(*rank.kernels);
    return computeStepBreakdown(rank, &kinds);
}

QString stepWindowName(StepWindow window)
{
    return window == StepWindow::Device ? QStringLiteral("device") : QStringLiteral("host");
}

QString stepSourceName(StepSource source)
{
    switch (source) {
    case StepSource::Trace:
        return QStringLiteral("trace");
    case StepSource::StepTraceCsv:
        return QStringLiteral("step_trace_time.csv");
    case StepSource::Kernels:
        return QStringLiteral("kernels");
    }
    return QString();
}

} // namespace npuscope
