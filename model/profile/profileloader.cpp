#include "model/profile/profileloader.h"

#include "model/csv/csvreader.h"
#include "model/db/databasereader.h"
#include "model/memory/memorycounters.h"
#include "model/profile/frameworkoperators.h"
#include "model/profile/kerneljoin.h"
#include "model/profile/kerneltimeline.h"
#include "model/profile/msproftext.h"
#include "model/profile/ranksummary.h"
#include "model/profile/reportsummary.h"
#include "model/trace/traceloader.h"
#include "model/trace/tracesource.h"

#include <QCoreApplication>
#include <QFileInfo>

#include <algorithm>
#include <atomic>
#include <functional>
#include <map>
#include <thread>

namespace npuscope {

namespace {

    std::int64_t fileSize(const QString &path)
    {
        return path.isEmpty() ? 0 : QFileInfo(path).size();
    }

    std::int64_t rankBytes(const RankSource &s, const LoadOptions &options)
    {
        std::int64_t total = fileSize(s.database) + fileSize(s.kernelDetails)
            + fileSize(s.operatorDetails) + fileSize(s.stepTraceTime) + fileSize(s.opStatistic)
            + fileSize(s.apiStatistic);
        if (options.loadTrace)
            total += fileSize(s.traceView);
        for (const QString &csv : s.otherCsv)
            total += fileSize(csv);
        return total;
    }

    // Progress of one file mapped into the progress of the whole load.
    class ProgressSpan {
    public:
        ProgressSpan(const ProgressFn &outer, std::int64_t *done, std::int64_t total)
            : m_outer(outer)
            , m_done(done)
            , m_total(total)
        {
        }
        ProgressFn forFile(const QString &path)
        {
            const std::int64_t base = *m_done;
            *m_done += fileSize(path);
            if (!m_outer)
                return {};
            return [this, base](std::int64_t done, std::int64_t) {
                if (!m_outer(base + done, m_total))
                    m_cancelled = true;
                return !m_cancelled.load();
            };
        }
        // Counts `bytes` as done and reports it.
        void skip(std::int64_t bytes)
        {
            *m_done += bytes;
            if (m_outer && !m_outer(*m_done, m_total))
                m_cancelled = true;
        }
        // True once the outer callback asked to stop, even if a reader ignored the answer.
        bool cancelled() const { return m_cancelled.load(); }

    private:
        std::atomic<bool> m_cancelled { false };
        const ProgressFn &m_outer;
        std::int64_t *m_done;
        std::int64_t m_total;
    };

    // What a rank's CSV files give, read apart from the rest of the rank (possibly on a thread of
    // their own) and moved into it afterwards, issues in the order of a serial load.
    struct RankTables {
        std::shared_ptr<const KernelTable> kernels;
        std::shared_ptr<const Table> operators, stepTrace, opStatistic, apiStatistic;
        std::map<QString, std::shared_ptr<const Table>> others;
        QStringList notCollected;
        IssueList issues;
        bool cancelled = false;
    };

    // `progressFor(path)` gives the progress callback of one file.
    std::shared_ptr<const Table> readTable(const QString &path, const QString &canonical,
        RankTables &out, const std::function<ProgressFn(const QString &)> &progressFor,
        const ProgressSpan &span)
    {
        if (path.isEmpty()) {
            if (!canonical.isEmpty())
                out.notCollected << canonical;
            return nullptr;
        }
        CsvResult r = readCsvFile(path, progressFor(path));
        out.issues += r.issues;
        if (r.cancelled || span.cancelled())
            out.cancelled = true;
        return r.ok ? std::shared_ptr<const Table>(std::move(r.table)) : nullptr;
    }

    // msprof's sliced output (msproftext.h): the slices joined in memory, read as one file.
    TraceLoadResult loadSlicedTrace(
        const QStringList &slices, const TraceLoadOptions &options, RankProfile &rank)
    {
        QString error;
        QByteArray joined = joinJsonSlices(slices, &error);
        if (!error.isEmpty()) {
            rank.issues.append({ Severity::Error, slices.first(), QString(), error });
            return {};
        }
        return loadTrace(TraceSource::fromMemory(std::move(joined), slices.first()), options);
    }

    std::shared_ptr<const Table> readSlicedTable(const QStringList &slices, RankTables &out)
    {
        QString error;
        const QByteArray joined = joinCsvSlices(slices, &error);
        if (!error.isEmpty()) {
            out.issues.append({ Severity::Error, slices.first(), QString(), error });
            return nullptr;
        }
        CsvResult r = readCsvData(
            std::string_view(joined.constData(), std::size_t(joined.size())), slices.first());
        out.issues += r.issues;
        return r.ok ? std::shared_ptr<const Table>(std::move(r.table)) : nullptr;
    }

    RankTables readRankTables(const RankSource &source,
        const std::function<ProgressFn(const QString &)> &progressFor, const ProgressSpan &span)
    {
        RankTables out;
        if (auto table = source.kernelSlices.isEmpty()
                ? readTable(source.kernelDetails, QStringLiteral("kernel_details.csv"), out,
                    progressFor, span)
                : readSlicedTable(source.kernelSlices, out)) {
            out.kernels
                = std::make_shared<const KernelTable>(KernelTable::fromTable(table, &out.issues));
        }
        if (out.cancelled)
            return out;
        out.operators = readTable(
            source.operatorDetails, QStringLiteral("operator_details.csv"), out, progressFor, span);
        out.stepTrace = readTable(
            source.stepTraceTime, QStringLiteral("step_trace_time.csv"), out, progressFor, span);
        out.opStatistic = readTable(source.opStatistic, QString(), out, progressFor, span);
        out.apiStatistic = readTable(source.apiStatistic, QString(), out, progressFor, span);
        for (const QString &csv : source.otherCsv) {
            if (auto t = readTable(csv, QString(), out, progressFor, span))
                out.others[QFileInfo(csv).fileName()] = t;
        }
        return out;
    }

    // A rank whose source is the profiler database: the same profile from one file.
    std::shared_ptr<const RankProfile> loadDatabaseRank(const RankSource &source,
        const LoadOptions &options, const ProgressFn &progress, bool *cancelled)
    {
        auto rank = std::make_shared<RankProfile>();
        rank->source = source;
        readRankConfig(*rank);
        if (progress && !progress(0, fileSize(source.database))) {
            *cancelled = true;
            return nullptr;
        }
        DatabaseContents db = readProfilerDatabase(
            source.database, source.analysisDatabase, options.threads, &rank->issues);
        rank->notCollected += db.notCollected;
        rank->aiCores = db.aiCoreCount;
        rank->npuName = db.npuName;
        rank->schemaVersion = db.schemaVersion;
        readDatabaseMetadata(*rank, db);
        if (db.kernels)
            rank->kernels = std::make_shared<const KernelTable>(
                KernelTable::fromTable(db.kernels, &rank->issues));
        rank->stepTrace = db.stepTrace;
        readRankCommFiles(*rank);
        if (db.operatorMemory)
            rank->otherTables[QStringLiteral("operator_memory.csv")] = db.operatorMemory;
        if (db.moduleMemory)
            rank->otherTables[QStringLiteral("npu_module_mem.csv")] = db.moduleMemory;
        if (db.memoryRecord) {
            rank->otherTables[QStringLiteral("memory_record.csv")] = db.memoryRecord;
            if (db.trace)
                addMemoryCounters(*db.trace, *db.memoryRecord,
                    rank->source.partName(RankSource::Part::MemoryRecord), &rank->issues);
        }
        if (options.loadTrace)
            rank->trace = std::move(db.trace);
        if (rank->trace && rank->kernels)
            rank->join = joinKernels(*rank->kernels, *rank->trace);
        if (options.operatorTable)
            rank->operators = frameworkOperators(*rank);
        return rank;
    }

    // The rank's trace_view.json (or its msprof slices); null and *cancelled set when cancelled.
    std::shared_ptr<Trace> loadRankTrace(const RankSource &source, const LoadOptions &options,
        RankProfile &rank, ProgressSpan &span, bool *cancelled)
    {
        TraceLoadOptions to;
        to.threads = options.threads;
        to.eventDetails = options.eventDetails;
        if (options.preview) {
            to.preview = [&options, &rank](std::shared_ptr<const Trace> firstMiB) {
                auto partial = std::make_shared<RankProfile>();
                partial->source = rank.source;
                partial->config = rank.config;
                partial->trace = std::move(firstMiB);
                auto profile = std::make_shared<Profile>();
                profile->path = rank.source.dir;
                profile->ranks.push_back(std::move(partial));
                options.preview(std::move(profile));
            };
        }
        TraceLoadResult tr = source.traceSlices.isEmpty()
            ? loadTrace(source.traceView, to, span.forFile(source.traceView))
            : loadSlicedTrace(source.traceSlices, to, rank);
        rank.issues += tr.issues;
        if (tr.cancelled || span.cancelled()) {
            *cancelled = true;
            return nullptr;
        }
        return std::move(tr.trace);
    }

    // A rank read from an npuscope report: its own folder when it is reachable from here (the
    // report names it), else the summary the report carries, saying why that is all.
    std::shared_ptr<const RankProfile> loadReportedRank(const RankSource &source,
        const LoadOptions &options, const ProgressFn &progress, bool *cancelled)
    {
        if (QFileInfo(source.dir).isDir()) {
            const ProfileSource folder = discoverProfile(source.dir, options.source);
            if (folder.ranks.size() == 1 && folder.ranks.front().reportSummary.isEmpty()
                && (folder.ranks.front().rank == source.rank || folder.ranks.front().rank < 0))
                return loadRank(folder.ranks.front(), options, progress, cancelled);
        }
        auto rank = loadReportSummary(source);
        rank->issues.append({ Severity::Warning, source.reportSummary, QString(),
            QCoreApplication::translate("npuscope::ProfileLoader",
                "%1 is read from this report: its profile folder %2 is not reachable here, so "
                "only its summary (steps, layout, communication) is shown")
                .arg(source.label(), source.dir) });
        return rank;
    }

    bool onlyReportSummaries(const ProfileSource &source)
    {
        return !source.ranks.empty()
            && std::all_of(source.ranks.begin(), source.ranks.end(),
                [](const RankSource &r) { return !r.reportSummary.isEmpty(); });
    }

} // namespace

std::shared_ptr<const RankProfile> loadRank(const RankSource &source, const LoadOptions &options,
    const ProgressFn &progress, bool *cancelled)
{
    if (!source.reportSummary.isEmpty())
        return loadReportedRank(source, options, progress, cancelled);
    if (!source.database.isEmpty())
        return loadDatabaseRank(source, options, progress, cancelled);
    auto rank = std::make_shared<RankProfile>();
    rank->source = source;
    std::int64_t done = 0;
    ProgressSpan span(progress, &done, rankBytes(source, options));
    readRankConfig(*rank);
    const bool parseTrace = !source.traceView.isEmpty() && options.loadTrace;
    // The CSV files are read on a thread of their own while the trace is parsed (their progress
    // is counted once they are all read), unless NPUSCOPE_SERIAL_TABLES is set (to measure).
    RankTables tables;
    std::thread beside;
    if (parseTrace && qEnvironmentVariableIsEmpty("NPUSCOPE_SERIAL_TABLES"))
        beside = std::thread([&] {
            tables = readRankTables(
                source,
                [&span](const QString &) -> ProgressFn {
                    return [&span](std::int64_t, std::int64_t) { return !span.cancelled(); };
                },
                span);
        });
    std::shared_ptr<Trace> trace; // mutable until the memory counters are in
    if (parseTrace)
        trace = loadRankTrace(source, options, *rank, span, cancelled);
    else if (source.traceView.isEmpty())
        rank->notCollected << QStringLiteral("trace_view.json");
    if (beside.joinable()) {
        beside.join();
        if (!*cancelled)
            span.skip(rankBytes(source, options) - fileSize(source.traceView));
    } else if (!*cancelled) {
        tables = readRankTables(
            source, [&span](const QString &path) { return span.forFile(path); }, span);
    }
    if (*cancelled || tables.cancelled || span.cancelled()) {
        *cancelled = true;
        return nullptr;
    }
    rank->notCollected += tables.notCollected;
    rank->issues += tables.issues;
    rank->kernels = std::move(tables.kernels);
    rank->operators = std::move(tables.operators);
    rank->stepTrace = std::move(tables.stepTrace);
    rank->opStatistic = std::move(tables.opStatistic);
    rank->apiStatistic = std::move(tables.apiStatistic);
    readRankCommFiles(*rank);
    for (auto &[name, table] : tables.others)
        rank->otherTables[name] = std::move(table);
    // No trace_view.json, or one without a single slice: the kernel table has the device side.
    if ((!trace || trace->sliceCount() == 0) && options.loadTrace && rank->kernels)
        if (auto fromKernels = KernelTimeline::build(*rank->kernels, &rank->issues))
            trace = std::move(fromKernels);
    const auto memory = rank->otherTables.find(QStringLiteral("memory_record.csv"));
    if (trace && memory != rank->otherTables.end())
        addMemoryCounters(*trace, *memory->second,
            rank->source.partName(RankSource::Part::MemoryRecord), &rank->issues);
    rank->trace = std::move(trace);
    if (rank->trace && rank->kernels) {
        rank->join = joinKernels(*rank->kernels, *rank->trace);
    } else if (rank->trace && !rank->kernels) {
        KernelTable k = kernelsFromTrace(*rank->trace, &rank->join);
        if (k.rowCount() > 0) {
            rank->kernels = std::make_shared<const KernelTable>(std::move(k));
            rank->kernelsFromTrace = true;
        }
    }
    // A Kineto trace has no operator_details.csv; a torch_npu trace's flows go to one task of
    // each op, not all of them, so its own file is the only source there.
    if (options.operatorTable && !rank->operators && rank->trace && rank->trace->kineto)
        rank->operators = frameworkOperators(*rank);
    return rank;
}

LoadResult loadProfile(const QString &path, const LoadOptions &options, const ProgressFn &progress)
{
    LoadResult result;
    ProfileSource source = discoverProfile(path, options.source);
    auto profile = std::make_shared<Profile>();
    profile->path = path;
    profile->issues = source.issues;
    // Ranks that only a report summarises are read as summaries, whatever was asked.
    if ((options.lazyRanks && source.ranks.size() >= 2) || onlyReportSummaries(source)) {
        profile->ranks
            = loadRankSummaries(source.ranks, options.threads, progress, &result.cancelled);
        if (!result.cancelled)
            result.profile = std::move(profile);
        return result;
    }
    std::int64_t total = 0;
    for (const RankSource &r : source.ranks)
        total += rankBytes(r, options);
    std::int64_t before = 0;
    for (const RankSource &r : source.ranks) {
        const std::int64_t bytes = rankBytes(r, options);
        ProgressFn rankProgress;
        if (progress)
            rankProgress = [&progress, before, total](std::int64_t done, std::int64_t) {
                return progress(before + done, total);
            };
        bool cancelled = false;
        LoadOptions rankOptions = options;
        if (!profile->ranks.empty()) {
            rankOptions.preview = nullptr; // the first rank's preview is enough to paint
        } else if (options.preview) {
            rankOptions.preview = [&options, &path](std::shared_ptr<const Profile> partial) {
                auto named = std::make_shared<Profile>(*partial);
                named->path = path;
                options.preview(std::move(named));
            };
        }
        auto rank = loadRank(r, rankOptions, rankProgress, &cancelled);
        if (cancelled) {
            result.cancelled = true;
            return result;
        }
        profile->ranks.push_back(std::move(rank));
        before += bytes;
    }
    if (profile->ranks.empty())
        result.error = source.issues.isEmpty()
            ? QCoreApplication::translate("npuscope::ProfileLoader", "%1: no profile found")
                  .arg(path)
            : QCoreApplication::translate("npuscope::ProfileLoader", "%1: %2")
                  .arg(source.issues.first().file, source.issues.first().message);
    result.profile = std::move(profile);
    return result;
}

} // namespace npuscope
