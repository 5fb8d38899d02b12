// Cluster benchmark (issue "Parallel training seen as such", item 5): what a run of many small
// ranks costs, per rank, in the two places that read all of them.
//  - generates (once, into a cache folder) --ranks ranks of ~--events trace events each;
//  - "window": what the main window does when the folder is opened: every rank read as a summary
//    (LoadOptions::lazyRanks), each summary analysed, the parallel layout, the links, the cluster
//    overview's summary;
//  - "report": what `report --json` does: every rank loaded in full, analysed, the report object
//    with its cluster section, streamed to a sink that only counts the bytes;
//  - "summaries": what `report --json --summaries` does: every rank read as a summary, as the
//    window reads it, analysed, the report object streamed to the counting sink;
//  - the baseline of each, in the same run: the same work on the folder's first rank alone;
//  - each measure in a fresh process (memory starts cold; the peak is the process's own), the
//    sizes alternating, --runs times; medians, then time and peak memory per rank (the peak the
//    work added over the process's own, divided by the ranks), and the ratio of the time per rank
//    to the one-rank baseline (1.0: a rank in a cluster costs what it costs alone; the rank alone
//    is read in full even by the window, which summarises only runs of two ranks or more).
//   bench_cluster [--ranks N] [--events E] [--runs R] [--cache DIR]
// Defaults: 1,024 ranks of 2,000 events, 3 runs, $NPUSCOPE_BENCH_CACHE or ~/.cache/npuscope-bench.
// Not part of ctest.
#include "analysis/cluster/clustersummary.h"
#include "analysis/parallel/clusterlinks.h"
#include "analysis/parallel/profilelayout.h"
#include "app/reports/jsonstreamwriter.h"
#include "app/reports/reportjson.h"
#include "benchutil.h"
#include "generatedcache.h"
#include "model/core/residentmemory.h"
#include "model/generator/generator.h"
#include "model/profile/profileloader.h"

#include <QCoreApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>

#include <cstdio>
#include <cstring>

using namespace npuscope;

namespace {

// The run of `ranks` ranks, generated once into the cache; empty on failure.
QString runOf(const QString &cache, int ranks, qint64 events)
{
    GeneratorOptions o;
    o.outDir = cache + QStringLiteral("/cluster-%1-ranks-%2").arg(ranks).arg(events);
    o.ranks = ranks;
    o.events = events;
    o.seed = 1;
    return bench::generatedOnce(o);
}

// The window's work on open; the number of ranks summarised (a sink for the result).
qint64 windowWork(const QString &path)
{
    LoadOptions options;
    options.lazyRanks = true;
    const LoadResult loaded = loadProfile(path, options);
    if (!loaded.profile)
        return -1;
    const Profile &profile = *loaded.profile;
    std::vector<std::shared_ptr<const RankAnalysis>> analyses;
    for (const auto &rank : profile.ranks)
        analyses.push_back(std::make_shared<const RankAnalysis>(analyseRank(*rank)));
    const ParallelLayout layout = profileLayout(profile);
    const ClusterLinks links = profileLinks(profile, layout);
    ClusterSummary summary = summariseCluster(profile, analyses, {});
    placeRanks(summary, profile, layout);
    return qint64(summary.ranks.size()) + qint64(links.links.size());
}

// `report --json`'s work (with --summaries: `summaries`); the bytes of JSON (a sink).
qint64 reportWork(const QString &path, bool summaries)
{
    LoadOptions options;
    options.lazyRanks = summaries;
    const LoadResult loaded = loadProfile(path, options);
    if (!loaded.profile)
        return -1;
    const QJsonObject report = profileReportJson(*loaded.profile, 10, {}, nullptr);
    qint64 bytes = 0;
    JsonStreamWriter writer([&bytes](const char *, std::size_t size) { bytes += qint64(size); });
    writer.writeDocument(report);
    return bytes;
}

// --child window|report|summaries PATH: one run, "seconds sink start_kb hwm_kb" (bench::runChild's
// fields: the peak resident memory before the work, in place of the resident one, and at its end).
int childRun(const char *mode, const QString &path)
{
    const long startKb = processStatusKb("VmHWM:");
    QElapsedTimer clock;
    clock.start();
    const qint64 sink = std::strcmp(mode, "window") == 0
        ? windowWork(path)
        : reportWork(path, std::strcmp(mode, "summaries") == 0);
    const double seconds = double(clock.nsecsElapsed()) / 1e9;
    if (sink < 0)
        return 1;
    std::printf("%.6f %lld %ld %ld\n", seconds, static_cast<long long>(sink), startKb,
        processStatusKb("VmHWM:"));
    return 0;
}

struct Measure {
    double seconds = 0, hwmMb = 0; // the peak of resident memory the work added
};

bool measure(const char *mode, const QString (&paths)[2], int runs, Measure (&out)[2])
{
    std::vector<bench::ChildSample> samples[2];
    const QString self = QCoreApplication::applicationFilePath();
    for (int i = 0; i < runs; ++i)
        for (int k = 0; k < 2; ++k) {
            const auto s = bench::runChild(
                self, { QStringLiteral("--child"), QString::fromLatin1(mode), paths[k] });
            if (!s) {
                std::fprintf(stderr, "%s run on %s failed\n", mode, qPrintable(paths[k]));
                return false;
            }
            samples[k].push_back(*s);
        }
    for (int k = 0; k < 2; ++k) {
        out[k].seconds = bench::medianOf(samples[k], [](const auto &s) { return s.seconds; });
        out[k].hwmMb
            = bench::medianOf(samples[k], [](const auto &s) { return s.hwmKb - s.rssKb; }) / 1e3;
    }
    return true;
}

void print(const char *what, int ranks, const Measure (&m)[2])
{
    const double perRankMs = m[0].seconds * 1e3 / ranks;
    const double perRankKb = m[0].hwmMb * 1e3 / ranks;
    std::printf("%-18s %5d ranks %7.3f s, peak +%6.1f MB | first rank alone %6.4f s, peak +%5.1f MB"
                " | per rank %5.2f ms (%.2fx the rank alone), %4.0f KB\n",
        what, ranks, m[0].seconds, m[0].hwmMb, m[1].seconds, m[1].hwmMb, perRankMs,
        m[1].seconds > 0 ? perRankMs / (m[1].seconds * 1e3) : 0.0, perRankKb);
}

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    if (argc == 4 && std::strcmp(argv[1], "--child") == 0)
        return childRun(argv[2], QString::fromLocal8Bit(argv[3]));
    int ranks = 1024, runs = 3;
    qint64 events = 2000;
    QString cache;
    for (int i = 1; i + 1 < argc; i += 2) {
        if (std::strcmp(argv[i], "--ranks") == 0)
            ranks = std::atoi(argv[i + 1]);
        else if (std::strcmp(argv[i], "--events") == 0)
            events = std::atoll(argv[i + 1]);
        else if (std::strcmp(argv[i], "--runs") == 0)
            runs = std::atoi(argv[i + 1]);
        else if (std::strcmp(argv[i], "--cache") == 0)
            cache = QString::fromLocal8Bit(argv[i + 1]);
    }
    if (ranks < 2 || runs < 1 || events < 100) {
        std::fprintf(stderr,
            "usage: bench_cluster [--ranks N>=2] [--events E>=100] [--runs R] "
            "[--cache DIR]\n");
        return 2;
    }
    const QString dir = runOf(bench::cacheDir(cache), ranks, events);
    if (dir.isEmpty())
        return 1;
    const QString paths[2] = { dir, dir + QStringLiteral("/rank0_ascend_pt") };
    std::printf("%s: %d generated ranks of ~%lld trace events; medians of %d fresh processes\n",
        qPrintable(dir), ranks, static_cast<long long>(events), runs);
    Measure window[2], report[2], summaries[2];
    if (!measure("window", paths, runs, window) || !measure("report", paths, runs, report)
        || !measure("summaries", paths, runs, summaries))
        return 1;
    print("window", ranks, window);
    print("report", ranks, report);
    print("report --summaries", ranks, summaries);
    return 0;
}
