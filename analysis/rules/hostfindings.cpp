#include "analysis/rules/hostfindings.h"

#include "analysis/rules/frameworkfindings.h"
#include "analysis/rules/thresholds.h"

#include <QCoreApplication>

#include <algorithm>
#include <cctype>
#include <iterator>
#include <map>
#include <string_view>

namespace npuscope {

namespace {

    class Text {
        Q_DECLARE_TR_FUNCTIONS(Findings)
    };

    // The advisor's facts (msprof-analyze, advisor/): event names of prof_common/constant.py and
    // dataset/timeline_op_collector/timeline_op_collector.py; the bars are in thresholds.h.
    constexpr std::string_view kSyncStream = "AscendCL@aclrtSynchronizeStream"; // a prefix
    constexpr std::string_view kNodeLaunch = "Node@launch"; // a prefix
    constexpr std::string_view kAclPrefix = "AscendCL@";
    constexpr std::string_view kOpCompile = "AscendCL@aclopCompileAndExecute";
    constexpr const char *kMemoryOps[]
        = { "AscendCL@aclMallocMemInner", "AscendCL@aclrtFreePhysical", "AscendCL@aclrtFree" };
    constexpr int kMaxStacksRead = 32; // "Call stack" args read per finding (each a lazy parse)

    bool startsWith(std::string_view s, std::string_view prefix)
    {
        return s.substr(0, prefix.size()) == prefix;
    }

    bool equalsNoCase(std::string_view s, std::string_view lower)
    {
        return s.size() == lower.size()
            && std::equal(s.begin(), s.end(), lower.begin(),
                [](char a, char b) { return char(std::tolower(uchar(a))) == b; });
    }

    bool containsNoCase(std::string_view s, std::string_view lower)
    {
        for (std::size_t i = 0; i + lower.size() <= s.size(); ++i) {
            if (equalsNoCase(s.substr(i, lower.size()), lower))
                return true;
        }
        return false;
    }

    // Events of tracks of `kind` (every track when nullopt) whose name (or category) passes
    // `pred`, sorted by start; the predicate runs once per distinct string.
    template <typename Pred>
    std::vector<EventRef> eventsWhere(
        const Trace &trace, std::optional<TrackKind> kind, bool byCategory, Pred pred)
    {
        std::vector<std::int8_t> known(trace.strings.size() + 1, -1); // per string: 0 no, 1 yes
        std::vector<EventRef> out;
        for (const Track &t : trace.tracks) {
            if (kind && t.kind != *kind)
                continue;
            for (std::uint32_t i = 0; i < t.events.size(); ++i) {
                const StringId s = byCategory ? t.events[i].category : t.events[i].name;
                std::int8_t &k = known[std::min<std::size_t>(s.value, known.size() - 1)];
                if (k < 0)
                    k = pred(trace.strings.view(s)) ? 1 : 0;
                if (k > 0)
                    out.push_back({ t.id, i });
            }
        }
        std::stable_sort(out.begin(), out.end(),
            [&](EventRef a, EventRef b) { return trace.event(a).start < trace.event(b).start; });
        return out;
    }

    QString nameOf(const Trace &trace, EventRef ref)
    {
        return QString::fromUtf8(trace.strings.view(trace.event(ref).name));
    }

    Evidence eventEvidence(const Trace &trace, EventRef ref, const QString &label)
    {
        Evidence e;
        e.event = ref;
        e.start = trace.event(ref).start;
        e.end = trace.event(ref).end();
        e.label = label;
        return e;
    }

    // The longest events first, as evidence labelled "<name> (<duration>)<suffix>".
    void addLongest(Finding &f, const Trace &trace, std::vector<EventRef> refs,
        const QString &suffix = QString())
    {
        std::stable_sort(refs.begin(), refs.end(), [&](EventRef a, EventRef b) {
            return trace.event(a).duration > trace.event(b).duration;
        });
        for (std::size_t i = 0; i < refs.size() && f.evidence.size() < kMaxEvidence; ++i)
            f.evidence.push_back(eventEvidence(trace, refs[i],
                Text::tr("%1 (%2)%3")
                    .arg(nameOf(trace, refs[i]), formatDuration(trace.event(refs[i]).duration),
                        suffix)));
    }

    TimeNs totalTime(const Trace &trace, const std::vector<EventRef> &refs)
    {
        TimeNs total = 0;
        for (const EventRef r : refs)
            total += trace.event(r).duration;
        return total;
    }

    // The time the finding's share is of: the steps' wall time, else the trace's span.
    TimeNs profiledTime(const DetectorInput &in)
    {
        TimeNs wall = 0;
        for (const StepBreakdown &s : in.steps)
            wall += s.wallNs;
        if (wall > 0 || !in.rank.trace)
            return wall;
        return in.rank.trace->maxTime - in.rank.trace->minTime;
    }

    // The framework operator (deepest host event) that made a CANN call: on the host thread of
    // the same thread id when there is one, else on any host thread.
    EventRef hostCaller(const Trace &trace, EventRef cann)
    {
        const Track &ct = trace.track(cann.track);
        const std::string_view tid = trace.strings.view(ct.tidKey);
        const TimeNs t = trace.event(cann).start;
        EventRef any;
        for (const Track &h : trace.tracks) {
            if (h.kind != TrackKind::HostThread)
                continue;
            const EventRef r = trace.eventAt(h.id, t);
            if (!r.isValid())
                continue;
            if (trace.strings.view(h.tidKey) == tid)
                return r;
            if (!any.isValid())
                any = r;
        }
        return any;
    }

    // "Call stack" of the host callers of `calls`, grouped, the most frequent first.
    std::vector<std::pair<int, QString>> callerStacks(
        const Trace &trace, const std::vector<EventRef> &calls)
    {
        std::map<QString, int> byStack;
        for (std::size_t i = 0; i < calls.size() && int(i) < kMaxStacksRead; ++i) {
            const EventRef caller = hostCaller(trace, calls[i]);
            if (!caller.isValid())
                continue;
            const QString stack = trace.args(caller).value(QStringLiteral("Call stack")).toString();
            if (!stack.isEmpty())
                ++byStack[stack];
        }
        std::vector<std::pair<int, QString>> out;
        for (const auto &[stack, n] : byStack)
            out.emplace_back(n, stack);
        std::stable_sort(
            out.begin(), out.end(), [](const auto &a, const auto &b) { return a.first > b.first; });
        return out;
    }

    // Up to three stacks as details: the user's frame, then the whole stack.
    void addStacks(Finding &f, const std::vector<std::pair<int, QString>> &stacks)
    {
        for (std::size_t i = 0; i < stacks.size() && i < 3; ++i) {
            const QStringList frames = callStackFrames(stacks[i].second);
            f.details << Text::tr("Called from %1 (%n of the calls read)", nullptr, stacks[i].first)
                             .arg(userFrame(frames));
            f.details << Text::tr("Call stack: %1").arg(frames.join(QStringLiteral("; ")));
        }
    }

    struct IdleGap {
        TimeNs start = 0;
        TimeNs end = 0;
        int aclCalls = 0; // AscendCL calls overlapping the gap
        TimeNs aclNs = 0; // their time inside the gap
    };

    // The device's idle gaps over the advisor's bar in which the host made almost no AscendCL
    // call: the process was stopped, as a garbage collection stops it (conjectured_gc.yaml).
    std::vector<IdleGap> quietGaps(const DetectorInput &in, const Trace &trace)
    {
        std::vector<IdleGap> out;
        for (const Gap &g : in.gaps.deviceGaps) {
            if (g.duration() <= kMaxFreeNs)
                continue;
            IdleGap q { g.start, g.end };
            for (const Track &t : trace.tracks) {
                if (t.kind != TrackKind::Cann)
                    continue;
                trace.forEachOverlapping(t.id, g.start, g.end, [&](std::uint32_t i) {
                    const Event &e = t.events[i];
                    if (!startsWith(trace.strings.view(e.name), kAclPrefix))
                        return;
                    ++q.aclCalls;
                    q.aclNs += std::min(e.end(), g.end) - std::max(e.start, g.start);
                });
            }
            const double us = double(g.duration()) / 1000.0;
            if (double(q.aclNs) < kMaxAclTimeRatio * double(g.duration())
                && double(q.aclCalls) < kMaxAclPerUs * us)
                out.push_back(q);
        }
        std::stable_sort(out.begin(), out.end(),
            [](const IdleGap &a, const IdleGap &b) { return a.end - a.start > b.end - b.start; });
        return out;
    }

    std::optional<Finding> conjecturedGc(const DetectorInput &in, const Trace &trace)
    {
        // Without CANN API events nothing tells a stopped host from a busy one.
        if (!hasCannApis(trace))
            return std::nullopt;
        const std::vector<IdleGap> gaps = quietGaps(in, trace);
        if (gaps.empty())
            return std::nullopt;
        TimeNs total = 0;
        for (const IdleGap &g : gaps)
            total += g.end - g.start;
        Finding f;
        f.id = QLatin1String(FindingId::kGc);
        f.severity = FindingSeverity::Warning;
        f.title = Text::tr("%n device idle gap(s) over %1 with almost no host API call, %2 in "
                           "all: probably Python garbage collection",
            nullptr, int(gaps.size()))
                      .arg(formatDuration(kMaxFreeNs), formatDuration(total));
        f.addMetric(
            QStringLiteral("conjectured_gc_gaps"), double(gaps.size()), Metric::Unit::Count);
        f.addMetric(QStringLiteral("conjectured_gc_time"), double(total), Metric::Unit::Ns);
        f.details << Text::tr("The trace has no GC events (torch_npu records them only with "
                              "gc_detect_threshold): conjectured by the rule of msprof-analyze's "
                              "advisor (conjectured_gc_checker.py, rules/en/conjectured_gc.yaml): "
                              "a gap over %1 in which AscendCL calls take under 1% of the time "
                              "and number under 1 per 10 ms; we use its bars.")
                         .arg(formatDuration(kMaxFreeNs));
        for (const IdleGap &g : gaps) {
            if (f.evidence.size() >= kMaxEvidence)
                break;
            Evidence e;
            e.start = g.start;
            e.end = g.end;
            e.label = Text::tr("Device idle %1, %n AscendCL call(s) in it", nullptr, g.aclCalls)
                          .arg(formatDuration(g.end - g.start));
            f.evidence.push_back(e);
        }
        return f;
    }

} // namespace

std::optional<Finding> findSyncStream(const DetectorInput &in)
{
    if (!in.rank.trace)
        return std::nullopt;
    const Trace &trace = *in.rank.trace;
    const std::vector<EventRef> calls
        = eventsWhere(trace, TrackKind::Cann, false, [](std::string_view n) {
              return startsWith(n, kSyncStream) || startsWith(n, kNodeLaunch);
          });
    int launches = 0;
    std::vector<EventRef> syncs, afterLaunch;
    bool previousLaunch = false;
    for (const EventRef r : calls) {
        const bool launch = startsWith(trace.strings.view(trace.event(r).name), kNodeLaunch);
        if (launch) {
            ++launches;
        } else {
            syncs.push_back(r);
            if (previousLaunch)
                afterLaunch.push_back(r);
        }
        previousLaunch = launch;
    }
    const double ratio = launches > 0 ? double(afterLaunch.size()) / launches : 0;
    if (ratio <= kMinCoOccurrence)
        return std::nullopt;
    Finding f;
    f.id = QLatin1String(FindingId::kSyncStream);
    f.severity = FindingSeverity::Warning;
    f.title = Text::tr("%n stream synchronisation(s) right after an operator launch (%1 of the "
                       "launches): operators run one at a time, the host waiting for each",
        nullptr, int(afterLaunch.size()))
                  .arg(formatShare(ratio));
    f.addMetric(QStringLiteral("synchronize_calls"), double(syncs.size()), Metric::Unit::Count);
    f.addMetric(QStringLiteral("node_launches"), launches, Metric::Unit::Count);
    f.addMetric(QStringLiteral("co_occurrence"), ratio, Metric::Unit::Ratio);
    f.addMetric(
        QStringLiteral("synchronize_time"), double(totalTime(trace, syncs)), Metric::Unit::Ns);
    f.details << Text::tr("%1 aclrtSynchronizeStream call(s), %2 in all; %3 of %4 Node@launch "
                          "calls are followed at once by one.")
                     .arg(QString::number(syncs.size()), formatDuration(totalTime(trace, syncs)),
                         QString::number(afterLaunch.size()), QString::number(launches));
    if (const auto blocking = in.rank.metadata.env(u"ASCEND_LAUNCH_BLOCKING"))
        f.details << Text::tr("ASCEND_LAUNCH_BLOCKING = %1 in the profile's environment.")
                         .arg(blocking->isEmpty() ? Text::tr("(not set)") : *blocking);
    f.details << Text::tr("Rule of msprof-analyze's advisor (synchronize_stream_checker.py, "
                          "rules/en/synchronize.yaml): reported when more than %1 of the launches "
                          "are followed by a synchronisation; we use its bar.")
                     .arg(formatShare(kMinCoOccurrence));
    addStacks(f, callerStacks(trace, afterLaunch));
    addLongest(f, trace, afterLaunch, Text::tr(": right after a launch"));
    f.advice = Text::tr("A synchronisation after nearly every launch is what "
                        "ASCEND_LAUNCH_BLOCKING=1 does (a debugging mode): unset it in the shell "
                        "that starts training. If it is not set, look for code that waits for "
                        "the device after each operator (torch.npu.synchronize(), .item(), "
                        ".cpu()) at the frames named.");
    f.snippet = QStringLiteral("unset ASCEND_LAUNCH_BLOCKING");
    return f;
}

std::optional<Finding> findGc(const DetectorInput &in)
{
    if (!in.rank.trace)
        return std::nullopt;
    const Trace &trace = *in.rank.trace;
    const std::vector<EventRef> gc = eventsWhere(
        trace, std::nullopt, true, [](std::string_view c) { return equalsNoCase(c, "gc"); });
    if (gc.empty())
        return conjecturedGc(in, trace);
    std::vector<EventRef> slow;
    std::copy_if(gc.begin(), gc.end(), std::back_inserter(slow),
        [&](EventRef r) { return trace.event(r).duration >= kGcThresholdNs; });
    if (slow.empty())
        return std::nullopt;
    const TimeNs total = totalTime(trace, slow);
    Finding f;
    f.id = QLatin1String(FindingId::kGc);
    f.severity = FindingSeverity::Warning;
    f.title = Text::tr("%n Python garbage collection(s) of %1 or longer, %2 in all: each stops "
                       "the training process",
        nullptr, int(slow.size()))
                  .arg(formatDuration(kGcThresholdNs), formatDuration(total));
    f.addMetric(QStringLiteral("gc_events"), double(slow.size()), Metric::Unit::Count);
    f.addMetric(QStringLiteral("gc_time"), double(total), Metric::Unit::Ns);
    f.details << Text::tr("%1 GC event(s) recorded, %2 of them at or over %3 (rule of "
                          "msprof-analyze's advisor: gc_checker.py, rules/en/gc.yaml "
                          "gc_threshold; we use its bar).")
                     .arg(QString::number(gc.size()), QString::number(slow.size()),
                         formatDuration(kGcThresholdNs));
    addLongest(f, trace, slow);
    f.advice = Text::tr("A collection stops the whole Python process, and the steps it falls in "
                        "take longer. Release large objects when they are no longer used and "
                        "avoid reference cycles; as a stopgap, raise the collection thresholds "
                        "with gc.set_threshold(), or disable automatic collection and call "
                        "gc.collect() at a chosen point of the step (for example every N "
                        "steps).");
    f.snippet = QStringLiteral("import gc\ngc.disable()  # then gc.collect() every N steps");
    return f;
}

std::optional<Finding> findDataloader(const DetectorInput &in)
{
    if (!in.rank.trace)
        return std::nullopt;
    const Trace &trace = *in.rank.trace;
    // The Python frames of the call (".../dataloader.py(625): __next__") nest inside the
    // enumerate(DataLoader) event: counting them would count one wait several times.
    const std::vector<EventRef> calls
        = eventsWhere(trace, TrackKind::HostThread, false, [](std::string_view n) {
              return containsNoCase(n, "dataloader") && n.find(".py(") == std::string_view::npos;
          });
    std::vector<EventRef> slow;
    std::copy_if(calls.begin(), calls.end(), std::back_inserter(slow),
        [&](EventRef r) { return trace.event(r).duration >= kDataloaderNs; });
    if (slow.empty())
        return std::nullopt;
    TimeNs longest = 0;
    bool singleProcess = false;
    for (const EventRef r : slow) {
        longest = std::max(longest, trace.event(r).duration);
        singleProcess = singleProcess
            || containsNoCase(trace.strings.view(trace.event(r).name), "singleprocess");
    }
    const TimeNs total = totalTime(trace, slow);
    const TimeNs profiled = profiledTime(in);
    const double share = profiled > 0 ? double(total) / double(profiled) : 0;
    Finding f;
    f.id = QLatin1String(FindingId::kDataloader);
    f.severity
        = share >= kDataloaderCritical ? FindingSeverity::Critical : FindingSeverity::Warning;
    f.title = Text::tr("%n DataLoader call(s) of %1 or longer (the longest %2): the step waits "
                       "for its data",
        nullptr, int(slow.size()))
                  .arg(formatDuration(kDataloaderNs), formatDuration(longest));
    f.addMetric(QStringLiteral("slow_dataloader_calls"), double(slow.size()), Metric::Unit::Count);
    f.addMetric(QStringLiteral("dataloader_longest"), double(longest), Metric::Unit::Ns);
    f.addMetric(QStringLiteral("dataloader_time"), double(total), Metric::Unit::Ns);
    if (profiled > 0)
        f.addMetric(QStringLiteral("dataloader_share"), share, Metric::Unit::Ratio);
    f.details << Text::tr("%1 DataLoader call(s) in the trace, %2 at or over %3 (rule of "
                          "msprof-analyze's advisor: dataloader_checker.py, "
                          "rules/en/dataloader.yaml; we use its bar).")
                     .arg(QString::number(calls.size()), QString::number(slow.size()),
                         formatDuration(kDataloaderNs));
    std::vector<EventRef> longestFirst = slow;
    std::stable_sort(longestFirst.begin(), longestFirst.end(),
        [&](EventRef a, EventRef b) { return trace.event(a).duration > trace.event(b).duration; });
    const QString stack
        = trace.args(longestFirst.front()).value(QStringLiteral("Call stack")).toString();
    if (!stack.isEmpty())
        f.details << Text::tr("Iterated at %1").arg(userFrame(callStackFrames(stack)));
    addLongest(f, trace, slow);
    f.advice = singleProcess
        ? Text::tr("The DataLoader loads in the training process (num_workers=0): give it "
                   "worker processes (num_workers), and check the disk I/O of the data "
                   "directory.")
        : Text::tr("Check the disk I/O of the data directory (on ModelArts, copy the data to "
                   "/cache), that no core binding (taskset) starves the workers, that the data "
                   "is not in archives (tar, zip); set pin_memory=True and tune num_workers.");
    f.snippet = QStringLiteral(
        "loader = torch.utils.data.DataLoader(dataset, num_workers=8, pin_memory=True, ...)");
    return f;
}

std::optional<Finding> findOpDispatch(const DetectorInput &in)
{
    if (!in.rank.trace)
        return std::nullopt;
    const Trace &trace = *in.rank.trace;
    const std::vector<EventRef> compiles = eventsWhere(
        trace, TrackKind::Cann, false, [](std::string_view n) { return n == kOpCompile; });
    if (compiles.size() < std::size_t(kMaxOpCompiles))
        return std::nullopt;
    const TimeNs total = totalTime(trace, compiles);
    const TimeNs profiled = profiledTime(in);
    const double share = profiled > 0 ? double(total) / double(profiled) : 0;
    Finding f;
    f.id = QLatin1String(FindingId::kOpDispatch);
    f.severity = severityForShare(share, kOpDispatchWarning, kOpDispatchCritical);
    f.title = Text::tr("%n operator compilation(s) on the host (aclopCompileAndExecute), %1 in "
                       "all",
        nullptr, int(compiles.size()))
                  .arg(formatDuration(total));
    f.addMetric(QStringLiteral("op_compiles"), double(compiles.size()), Metric::Unit::Count);
    f.addMetric(QStringLiteral("op_compile_time"), double(total), Metric::Unit::Ns);
    if (profiled > 0)
        f.addMetric(QStringLiteral("op_compile_share"), share, Metric::Unit::Ratio);
    f.details << Text::tr("Rule of msprof-analyze's advisor (timeline_op_dispatch_analyzer.py, "
                          "MAX_OP_COMPILE_NUM of constant.py): reported from %1 compilations; "
                          "we use its bar.")
                     .arg(kMaxOpCompiles);
    addStacks(f, callerStacks(trace, compiles));
    addLongest(f, trace, compiles);
    f.advice = Text::tr("Operators compiled while training cost host time at each new shape or "
                        "attribute. Switch off online compilation and internal formats at the "
                        "start of the script, as the snippet shows, and compare the step time.");
    f.snippet = QStringLiteral("torch_npu.npu.set_compile_mode(jit_compile=False)\n"
                               "torch_npu.npu.config.allow_internal_format = False");
    return f;
}

std::optional<Finding> findSyncBn(const DetectorInput &in)
{
    if (!in.rank.trace)
        return std::nullopt;
    const Trace &trace = *in.rank.trace;
    const std::vector<EventRef> calls = eventsWhere(trace, TrackKind::HostThread, false,
        [](std::string_view n) { return equalsNoCase(n, "syncbatchnorm"); });
    if (calls.size() < std::size_t(kMaxSyncBn))
        return std::nullopt;
    Finding f;
    f.id = QLatin1String(FindingId::kSyncBn);
    f.severity = FindingSeverity::Warning;
    f.title = Text::tr("%n SyncBatchNorm call(s), %1 in all: each synchronises the ranks and "
                       "slows the host's dispatch",
        nullptr, int(calls.size()))
                  .arg(formatDuration(totalTime(trace, calls)));
    f.addMetric(QStringLiteral("syncbn_calls"), double(calls.size()), Metric::Unit::Count);
    f.addMetric(QStringLiteral("syncbn_time"), double(totalTime(trace, calls)), Metric::Unit::Ns);
    f.details << Text::tr("Rule of msprof-analyze's advisor (syncbn_checker.py, "
                          "rules/en/sync_batchnorm.yaml max_syncbn_num): reported from %1 "
                          "calls; we use its bar.")
                     .arg(kMaxSyncBn);
    addLongest(f, trace, calls);
    f.advice = Text::tr("Use plain BatchNorm where synchronised statistics are not needed (drop "
                        "torch.nn.SyncBatchNorm.convert_sync_batchnorm(model)); else use "
                        "torch_npu's efficient SyncBatchNorm forward, which gathers the "
                        "statistics of all ranks in one all_gather (rules/en/sync_batchnorm.yaml "
                        "shows it).");
    return f;
}

std::optional<Finding> findMemoryOps(const DetectorInput &in)
{
    if (!in.rank.trace)
        return std::nullopt;
    const Trace &trace = *in.rank.trace;
    Finding f;
    QStringList names;
    TimeNs total = 0;
    std::vector<EventRef> flagged;
    for (const char *op : kMemoryOps) {
        const std::string_view name(op);
        const std::vector<EventRef> calls = eventsWhere(
            trace, TrackKind::Cann, false, [&](std::string_view n) { return n == name; });
        const TimeNs time = totalTime(trace, calls);
        if (calls.empty() || time < kMemOpTotalNs)
            continue;
        names << QLatin1String(op);
        total += time;
        flagged.insert(flagged.end(), calls.begin(), calls.end());
        f.details << Text::tr("%1: %n call(s), %2", nullptr, int(calls.size()))
                         .arg(QLatin1String(op), formatDuration(time));
    }
    if (names.isEmpty())
        return std::nullopt;
    const bool malloc = names.contains(QLatin1String(kMemoryOps[0]));
    f.id = QLatin1String(FindingId::kMemoryOps);
    f.severity = FindingSeverity::Warning;
    f.title = Text::tr("Device memory APIs take %1 on the host: %2")
                  .arg(formatDuration(total), names.join(QStringLiteral(", ")));
    f.addMetric(QStringLiteral("memory_api_calls"), double(flagged.size()), Metric::Unit::Count);
    f.addMetric(QStringLiteral("memory_api_time"), double(total), Metric::Unit::Ns);
    f.details << Text::tr("Rule of msprof-analyze's advisor (memory_checker.py, "
                          "rules/en/memory.yaml max_total_duration): an API whose calls take %1 "
                          "or more in all; we use its bar.")
                     .arg(formatDuration(kMemOpTotalNs));
    addStacks(f, callerStacks(trace, flagged));
    addLongest(f, trace, flagged);
    f.advice = malloc
        ? Text::tr("The caching allocator keeps asking the device for memory: let it grow its "
                   "blocks (PYTORCH_NPU_ALLOC_CONF=expandable_segments:True). Frees mean memory "
                   "is given back: watch HBM usage with npu-smi info and lower the batch size if "
                   "it is at the limit, and remove torch.npu.empty_cache() calls (collect with "
                   "with_stack=True to find them).")
        : Text::tr("Memory is given back to the device while training: watch HBM usage with "
                   "npu-smi info and lower the batch size if it is at the limit, and remove "
                   "torch.npu.empty_cache() calls (collect with with_stack=True to find them).");
    if (malloc)
        f.snippet = QStringLiteral("export PYTORCH_NPU_ALLOC_CONF=expandable_segments:True");
    return f;
}

bool hasGcEvents(const Trace &trace)
{
    return !eventsWhere(trace, std::nullopt, true, [](std::string_view c) {
        return equalsNoCase(c, "gc");
    }).empty();
}

bool hasCannApis(const Trace &trace)
{
    return std::any_of(trace.tracks.begin(), trace.tracks.end(),
        [](const Track &t) { return t.kind == TrackKind::Cann && !t.events.empty(); });
}

} // namespace npuscope
