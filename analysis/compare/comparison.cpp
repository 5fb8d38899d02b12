#include "analysis/compare/comparison.h"

#include "analysis/compare/renamedkernels.h"
#include "analysis/stats/kernelkinds.h"
#include "model/memory/memoryprofile.h"

#include <QCoreApplication>
#include <QHash>

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>

namespace npuscope {

namespace {

    class Text {
        Q_DECLARE_TR_FUNCTIONS(Comparison)
    };

    int stepIndex(const RankAnalysis &a, const QString &id)
    {
        for (std::size_t i = 0; i < a.steps.size(); ++i) {
            if (a.steps[i].id == id)
                return static_cast<int>(i);
        }
        return -1;
    }

    // Picks the steps to compare; returns an error text when a chosen one is missing.
    QString chooseSteps(const RankAnalysis &base, const RankAnalysis &next, const CompareOptions &o,
        int *baseStep, int *newStep, bool *byPosition)
    {
        *baseStep = *newStep = -1;
        *byPosition = false;
        if (!o.baseStep.isEmpty() || !o.newStep.isEmpty()) {
            const QString b = o.baseStep.isEmpty() ? o.newStep : o.baseStep;
            const QString n = o.newStep.isEmpty() ? b : o.newStep;
            *baseStep = stepIndex(base, b);
            *newStep = stepIndex(next, n);
            if (*baseStep < 0)
                return Text::tr("step %1 is not in the base run (steps: %2)")
                    .arg(b, stepIds(base).join(QStringLiteral(", ")));
            if (*newStep < 0)
                return Text::tr("step %1 is not in the new run (steps: %2)")
                    .arg(n, stepIds(next).join(QStringLiteral(", ")));
            return QString();
        }
        for (std::size_t i = 0; i < base.steps.size(); ++i) {
            const int j = stepIndex(next, base.steps[i].id);
            if (j >= 0) {
                *baseStep = static_cast<int>(i);
                *newStep = j;
                return QString();
            }
        }
        if (!base.steps.empty() && !next.steps.empty()) {
            *baseStep = *newStep = 0;
            *byPosition = true;
        }
        return QString();
    }

    // The kernel rows of step `step` (all rows when step < 0), and the step's summary.
    StepSummary summarise(
        const RankProfile &rank, const RankAnalysis &a, int step, std::vector<qint32> *rows)
    {
        StepSummary s;
        const KernelTable &k = *rank.kernels;
        const KernelKinds &kinds = *a.kinds;
        const std::vector<int> steps
            = step >= 0 ? kernelRowSteps(rank, kinds, a.steps) : std::vector<int>();
        TimeNs first = std::numeric_limits<TimeNs>::max(),
               last = std::numeric_limits<TimeNs>::min();
        for (qsizetype row = 0; row < k.rowCount(); ++row) {
            const auto r = std::size_t(row);
            if (step >= 0 && steps[r] != step)
                continue;
            rows->push_back(qint32(row));
            if (kinds.hasTime(row)) {
                first = std::min(first, k.start[r]);
                last = std::max(last, k.start[r] + k.duration[r]);
            }
            if (kinds.isCommunication(row))
                continue;
            if (k.duration[r] > s.topKernelNs || s.topKernelRow < 0) {
                s.topKernelNs = k.duration[r];
                s.topKernelRow = qint32(row);
            }
            s.kernelSumNs += k.duration[r];
            s.aiCpuNs += kinds.isAiCpu(row) ? k.duration[r] : 0;
            s.transDataNs += kinds.isTransData(row) ? k.duration[r] : 0;
        }
        s.kernelCount = qint64(rows->size());
        if (s.topKernelRow >= 0)
            s.topKernel = k.strings.string(k.name[std::size_t(s.topKernelRow)]);
        if (s.kernelSumNs > 0) {
            s.aiCpuShare = double(s.aiCpuNs) / double(s.kernelSumNs);
            s.transDataShare = double(s.transDataNs) / double(s.kernelSumNs);
        }
        if (step >= 0) {
            const StepBreakdown &b = a.steps[std::size_t(step)];
            s.stepId = b.id;
            s.stepIndex = step;
            s.start = b.start != 0 ? b.start : b.firstTaskNs;
            if (b.source == StepSource::Trace) { // a host step: what ran in it
                s.rangeStart = b.start;
                s.rangeEnd = b.end;
            }
            s.wallNs = b.wallNs;
            s.deviceBusyNs = b.deviceBusyNs;
            s.freeNs = b.freeNs;
            s.commNotOverlappedNs = b.commNotOverlappedNs;
        } else if (first <= last) {
            // No steps at all: the whole run, from its first task to its last.
            s.start = first;
            s.wallNs = last - first;
            const TimeNs overlapped = kinds.computeUnion().intersected(kinds.commUnion()).total();
            s.deviceBusyNs = kinds.computeUnion().total() + kinds.commUnion().total() - overlapped;
            s.freeNs = s.wallNs - s.deviceBusyNs;
            s.commNotOverlappedNs = kinds.commUnion().total() - overlapped;
        }
        return s;
    }

    struct Totals {
        TimeNs ns = 0;
        qint64 count = 0;
    };

    // Groups both sides' rows by key and returns the rows sorted by |delta|.
    template <class KeyFn>
    std::vector<DiffRow> diff(const KernelTable &bk, const std::vector<qint32> &baseRows,
        KeyFn baseKey, const KernelTable &nk, const std::vector<qint32> &newRows, KeyFn newKey)
    {
        std::map<QString, std::pair<Totals, Totals>> groups;
        for (qint32 row : baseRows) {
            Totals &t = groups[baseKey(row)].first;
            t.ns += bk.duration[std::size_t(row)];
            ++t.count;
        }
        for (qint32 row : newRows) {
            Totals &t = groups[newKey(row)].second;
            t.ns += nk.duration[std::size_t(row)];
            ++t.count;
        }
        std::vector<DiffRow> out;
        out.reserve(groups.size());
        for (const auto &[key, totals] : groups)
            out.push_back({ key, key, totals.first.ns, totals.second.ns, totals.first.count,
                totals.second.count, {} });
        sortByDelta(out);
        return out;
    }

    // A cached string-id -> text lookup for one column of a kernel table.
    auto columnKey(const KernelTable &k, const std::vector<StringId> &column)
    {
        return [&k, &column](qint32 row) { return k.strings.string(column[std::size_t(row)]); };
    }

    void compareFindings(const RankAnalysis &base, const RankAnalysis &next, RunComparison &out)
    {
        auto has = [](const RankAnalysis &a, const QString &id) {
            return std::any_of(
                a.findings.begin(), a.findings.end(), [&](const Finding &f) { return f.id == id; });
        };
        for (const Finding &f : next.findings) {
            if (!has(base, f.id))
                out.appeared.push_back({ f.id, f.severity, f.title });
        }
        for (const Finding &f : base.findings) {
            if (!has(next, f.id))
                out.resolved.push_back({ f.id, f.severity, f.title });
        }
    }

    const MemoryAllocations *allocationsOf(const CompareInput &in)
    {
        const MemoryProfile *m = in.analysis->memory.get();
        return m && !m->allocations.empty() ? &m->allocations : nullptr;
    }

    void compareMemory(const CompareInput &base, const CompareInput &next, RunComparison &out)
    {
        const MemoryAllocations *b = allocationsOf(base);
        const MemoryAllocations *n = allocationsOf(next);
        out.baseMemorySource = b ? b->path() : QString();
        out.newMemorySource = n ? n->path() : QString();
        if (!b && !n)
            return;
        out.memory = compareOperatorMemory(
            { base.rank->trace.get(), b, out.base.rangeStart, out.base.rangeEnd },
            { next.rank->trace.get(), n, out.next.rangeStart, out.next.rangeEnd });
    }

    // The vendor's tables: time categories, modules, APIs and memory.
    void compareBreakdowns(const CompareInput &base, const CompareInput &next, RunComparison &out)
    {
        out.baseOverall = computeOverallMetrics(*base.rank, *base.analysis->kinds, out.baseRows,
            out.base.rangeStart, out.base.rangeEnd);
        out.newOverall = computeOverallMetrics(
            *next.rank, *next.analysis->kinds, out.newRows, out.next.rangeStart, out.next.rangeEnd);
        out.overall = overallRows(out.baseOverall, out.newOverall);
        if (base.rank->trace)
            out.baseModules
                = buildModuleTree(*base.rank->trace, out.base.rangeStart, out.base.rangeEnd);
        if (next.rank->trace)
            out.newModules
                = buildModuleTree(*next.rank->trace, out.next.rangeStart, out.next.rangeEnd);
        out.modules = compareModules(out.baseModules, out.newModules);
        out.apis = compareApis(base.rank->trace.get(), out.base.rangeStart, out.base.rangeEnd,
            next.rank->trace.get(), out.next.rangeStart, out.next.rangeEnd);
        compareMemory(base, next, out);
    }

} // namespace

void sortByDelta(std::vector<DiffRow> &rows)
{
    std::stable_sort(rows.begin(), rows.end(), [](const DiffRow &a, const DiffRow &b) {
        return std::abs(a.deltaNs()) > std::abs(b.deltaNs());
    });
}

MatchChange classifyChange(TimeNs base, TimeNs next, double threshold)
{
    const double limit = threshold * double(std::max<TimeNs>(base, 1));
    if (double(next - base) > limit)
        return MatchChange::Slower;
    if (double(base - next) > limit)
        return MatchChange::Faster;
    return MatchChange::Same;
}

QStringList stepIds(const RankAnalysis &analysis)
{
    QStringList ids;
    for (const StepBreakdown &s : analysis.steps)
        ids << s.id;
    return ids;
}

bool isKinetoRun(const RankProfile &rank) { return rank.trace && rank.trace->kineto; }

RunComparison compareRuns(
    const CompareInput &base, const CompareInput &next, const CompareOptions &options)
{
    RunComparison out;
    for (const CompareInput *side : { &base, &next }) {
        if (!side->rank || !side->analysis || !side->rank->kernels || !side->analysis->kinds
            || side->rank->kernels->rowCount() == 0) {
            out.error = side == &base ? Text::tr("the base run has no kernels to compare")
                                      : Text::tr("the new run has no kernels to compare");
            return out;
        }
    }
    int baseStep = -1, newStep = -1;
    out.error = chooseSteps(
        *base.analysis, *next.analysis, options, &baseStep, &newStep, &out.stepsByPosition);
    if (!out.ok())
        return out;
    out.base = summarise(*base.rank, *base.analysis, baseStep, &out.baseRows);
    out.next = summarise(*next.rank, *next.analysis, newStep, &out.newRows);
    out.crossBackend = isKinetoRun(*base.rank) != isKinetoRun(*next.rank);

    const KernelTable &bk = *base.rank->kernels;
    const KernelTable &nk = *next.rank->kernels;
    out.byType
        = diff(bk, out.baseRows, columnKey(bk, bk.type), nk, out.newRows, columnKey(nk, nk.type));
    out.byName
        = diff(bk, out.baseRows, columnKey(bk, bk.name), nk, out.newRows, columnKey(nk, nk.name));
    const std::vector<WorkBucket> bb = workBuckets(bk, *base.analysis->kinds);
    const std::vector<WorkBucket> nb = workBuckets(nk, *next.analysis->kinds);
    auto bucketKey = [](const std::vector<WorkBucket> &buckets) {
        return [&buckets](qint32 row) { return workBucketKey(buckets[std::size_t(row)]); };
    };
    out.byBucket = diff(bk, out.baseRows, bucketKey(bb), nk, out.newRows, bucketKey(nb));
    for (DiffRow &row : out.byBucket) {
        for (int b = 0; b < kWorkBucketCount; ++b) {
            if (workBucketKey(WorkBucket(b)) == row.key)
                row.label = workBucketName(WorkBucket(b));
        }
    }
    compareFindings(*base.analysis, *next.analysis, out);

    out.match = matchKernels({ base.rank, &*base.analysis->kinds, out.baseRows },
        { next.rank, &*next.analysis->kinds, out.newRows });
    for (const KernelPair &p : out.match.pairs) {
        const MatchChange c = classifyChange(bk.duration[std::size_t(p.baseRow)],
            nk.duration[std::size_t(p.newRow)], options.changeThreshold);
        out.faster += c == MatchChange::Faster ? 1 : 0;
        out.slower += c == MatchChange::Slower ? 1 : 0;
    }
    joinRenamedRows(out.byName, out.match, bk, nk);
    compareBreakdowns(base, next, out);
    return out;
}

} // namespace npuscope
