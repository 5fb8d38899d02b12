#include "model/profile/ranksummary.h"

#include "model/csv/csvreader.h"
#include "model/db/databasereader.h"
#include "model/profile/profileloader.h"
#include "model/profile/rankcomm.h"
#include "model/profile/reportsummary.h"

#include <QJsonObject>

#include <algorithm>
#include <atomic>
#include <map>
#include <mutex>
#include <thread>

namespace npuscope {

void readRankConfig(RankProfile &rank)
{
    const RankSource &source = rank.source;
    if (!source.profilerInfo.isEmpty()) {
        rank.config = readProfilerConfig(source.profilerInfo, &rank.issues);
        if (rank.source.rank < 0 && rank.config.rankId)
            rank.source.rank = *rank.config.rankId;
    } else if (!source.kineto && !source.dir.isEmpty()) {
        rank.notCollected << QStringLiteral("profiler_info.json");
    }
    if (!source.profilerMetadata.isEmpty())
        rank.metadata = readProfilerMetadata(source.profilerMetadata, &rank.issues);
}

void readDatabaseMetadata(RankProfile &rank, const DatabaseContents &db)
{
    if (!rank.metadata.found && !db.metaData.empty())
        rank.metadata = profilerMetadataFromRows(db.metaData, rank.source.database, &rank.issues);
}

void readRankCommFiles(RankProfile &rank)
{
    const RankSource &source = rank.source;
    RankComm comm = readRankComm(
        source.communication, source.communicationMatrix, source.analysisDatabase, &rank.issues);
    if (!comm.empty())
        rank.comm = std::make_shared<const RankComm>(std::move(comm));
}

std::shared_ptr<const RankProfile> loadRankSummary(const RankSource &source)
{
    if (!source.reportSummary.isEmpty())
        return loadReportSummary(source);
    auto rank = std::make_shared<RankProfile>();
    rank->source = source;
    rank->summaryOnly = true;
    // notCollected in the order loadRank() lists it, so that both give the same profile.
    readRankConfig(*rank);
    if (!source.database.isEmpty()) {
        DatabaseContents db
            = readProfilerDatabaseSummary(source.database, source.analysisDatabase, &rank->issues);
        rank->notCollected += db.notCollected;
        rank->aiCores = db.aiCoreCount;
        rank->npuName = db.npuName;
        rank->schemaVersion = db.schemaVersion;
        readDatabaseMetadata(*rank, db);
        rank->stepTrace = db.stepTrace;
        readRankCommFiles(*rank);
        return rank;
    }
    if (source.traceView.isEmpty())
        rank->notCollected << QStringLiteral("trace_view.json");
    if (source.kernelDetails.isEmpty())
        rank->notCollected << QStringLiteral("kernel_details.csv");
    if (source.operatorDetails.isEmpty())
        rank->notCollected << QStringLiteral("operator_details.csv");
    if (source.stepTraceTime.isEmpty()) {
        rank->notCollected << QStringLiteral("step_trace_time.csv");
    } else {
        CsvResult r = readCsvFile(source.stepTraceTime);
        rank->issues += r.issues;
        if (r.ok)
            rank->stepTrace = std::move(r.table);
    }
    readRankCommFiles(*rank);
    return rank;
}

std::shared_ptr<const RankProfile> ensureFullRank(const std::shared_ptr<const RankProfile> &rank)
{
    if (!rank || !rank->summaryOnly)
        return rank;
    bool cancelled = false;
    return loadRank(rank->source, LoadOptions {}, {}, &cancelled);
}

namespace {

    // The reports that carry several of the ranks, parsed once for all of them (a run reported
    // as a whole: 1,024 ranks would otherwise parse its tens of MB 1,024 times).
    std::map<QString, std::shared_ptr<const QJsonObject>> sharedReports(
        const std::vector<RankSource> &sources)
    {
        std::map<QString, int> uses;
        for (const RankSource &s : sources)
            if (!s.reportSummary.isEmpty())
                ++uses[s.reportSummary];
        std::map<QString, std::shared_ptr<const QJsonObject>> out;
        for (const auto &[path, count] : uses)
            if (count > 1)
                out[path] = readReportObject(path);
        return out;
    }

} // namespace

std::vector<std::shared_ptr<const RankProfile>> loadRankSummaries(
    const std::vector<RankSource> &sources, int threads, const ProgressFn &progress,
    bool *cancelled)
{
    std::vector<std::shared_ptr<const RankProfile>> out(sources.size());
    const std::map<QString, std::shared_ptr<const QJsonObject>> reports = sharedReports(sources);
    const auto total = std::int64_t(sources.size());
    std::atomic<std::size_t> next { 0 };
    std::atomic<std::int64_t> done { 0 };
    std::atomic<bool> stop { false };
    std::mutex progressMutex; // ProgressFn may be called from several threads, but not at once
    const auto work = [&]() {
        for (std::size_t i = next++; i < sources.size() && !stop; i = next++) {
            const auto report = reports.find(sources[i].reportSummary);
            out[i] = report != reports.end() && report->second
                ? loadReportSummary(sources[i], report->second.get())
                : loadRankSummary(sources[i]);
            const std::int64_t finished = ++done;
            if (progress) {
                const std::lock_guard lock(progressMutex);
                if (!progress(finished, total))
                    stop = true;
            }
        }
    };
    // Small files: the time goes into opening them, so a few threads overlap the waits even on
    // a two-core machine; more than eight only contend for the disk.
    const int hardware = int(std::max(1u, std::thread::hardware_concurrency()));
    const int count = std::clamp(threads > 0 ? threads : hardware, 1,
        std::min(8, int(std::max<std::size_t>(1, sources.size()))));
    std::vector<std::thread> pool;
    for (int t = 1; t < count; ++t)
        pool.emplace_back(work);
    work();
    for (std::thread &t : pool)
        t.join();
    *cancelled = stop.load();
    return out;
}

} // namespace npuscope
