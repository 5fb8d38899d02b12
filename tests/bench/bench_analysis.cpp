// Analysis benchmark (issue "The whole job at the speed of the load"): what `report --json` runs
// after the load, at 1x and 10x the steps and events, to show that it scales linearly.
//  - generates (once, into a cache folder) two profiles of --steps and --factor x --steps profiler
//    steps, ~30 kernels and ~300 trace events per step (kernel_details.csv and
//    step_trace_time.csv beside the trace);
//  - times, median of --runs: the analysis (every rank's findings, gaps, step breakdown and call
//    tree, the cross-rank findings), the report object built from it, and its serialisation
//    (streamed, as `report --json` writes it); next to a baseline in the same run: one pass over
//    every trace event (the least any analysis must do);
//  - each run in a fresh process that loads the profile and then runs this once, as
//    `npuscope report` does, the sizes alternating: in one process that measured both sizes
//    again and again, glibc kept the small profile's freed memory for its next run but handed the
//    large one's back to the system (mmapped blocks, the trim threshold), so only the large
//    one paid the page faults of fresh memory again (~20 us each on the test VM) and the ratio
//    read up to 1.8x the factor. --in-process: that measure (each size loaded once, --runs runs
//    in the same process), printed for comparison;
//  - prints the ratio of the two sizes' medians: linear is <= 1.1 x the factor.
//   bench_analysis [--steps N] [--factor F] [--runs R] [--cache DIR] [--in-process] [--once N]
// --once N: only the profile of N steps, R runs in this process (to compare sizes under perf).
// Defaults: 2,000 steps, factor 10, 3 runs, $NPUSCOPE_BENCH_CACHE or ~/.cache/npuscope-bench.
// Not part of ctest.
#include "app/reports/jsonstreamwriter.h"
#include "app/reports/reportjson.h"
#include "benchutil.h"
#include "generatedcache.h"
#include "model/generator/generator.h"
#include "model/profile/profileloader.h"

#include <QCoreApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QProcess>

#include <cstdio>
#include <cstring>
#include <string>

using namespace npuscope;
using namespace Qt::Literals::StringLiterals;

namespace {

constexpr qint64 kEventsPerStep = 300; // ~30 kernels a step, with their host ops and flows

struct Sample {
    double analysis = 0, report = 0, serialise = 0, total = 0, baseline = 0;
};

// The profile of `steps` steps, generated once into the cache; empty on failure.
QString profileOf(const QString &cache, int steps)
{
    GeneratorOptions o;
    o.outDir = cache + QStringLiteral("/analysis-%1-steps").arg(steps);
    o.steps = steps;
    o.events = qint64(steps) * kEventsPerStep;
    o.seed = 1;
    return bench::generatedOnce(o);
}

// One pass over every event of every trace: the floor of any analysis.
double eventPass(const Profile &p, TimeNs *sink)
{
    QElapsedTimer clock;
    clock.start();
    TimeNs sum = 0;
    for (const auto &rank : p.ranks) {
        if (!rank->trace)
            continue;
        for (const Track &t : rank->trace->tracks)
            for (const Event &e : t.events)
                sum += e.duration;
    }
    *sink += sum;
    return double(clock.nsecsElapsed()) / 1e9;
}

Sample runOnce(const Profile &p, TimeNs *sink)
{
    Sample s;
    QElapsedTimer clock;
    clock.start();
    ReportTimings t;
    const QJsonObject report = profileReportJson(p, 10, {}, &t);
    // As `report --json` writes it: streamed in chunks (to a sink that only counts them here).
    qint64 json = 0;
    {
        JsonStreamWriter writer(
            [&json](const char *data, std::size_t size) { json += qint64(size) + data[0]; });
        writer.writeDocument(report);
    }
    s.total = double(clock.nsecsElapsed()) / 1e9;
    s.analysis = t.analysisSeconds;
    s.report = t.jsonSeconds;
    s.serialise = s.total - s.analysis - s.report;
    s.baseline = eventPass(p, sink);
    *sink += json;
    return s;
}

struct Result {
    double total = 0, baseline = 0;
};

struct Loaded {
    std::shared_ptr<const Profile> profile;
    qint64 events = 0, kernels = 0;
    double load = 0;
};

Loaded loadOnce(const QString &dir)
{
    LoadOptions options;
    QElapsedTimer clock;
    clock.start();
    const LoadResult loaded = loadProfile(dir, options);
    Loaded l;
    l.load = double(clock.nsecsElapsed()) / 1e9;
    if (!loaded.profile || loaded.profile->ranks.empty()) {
        std::fprintf(stderr, "cannot load %s: %s\n", qPrintable(dir), qPrintable(loaded.error));
        return l;
    }
    l.profile = loaded.profile;
    const RankProfile &rank = *loaded.profile->ranks.front();
    l.events = rank.trace ? qint64(rank.trace->stats.events) : 0;
    l.kernels = rank.kernels ? qint64(rank.kernels->rowCount()) : 0;
    return l;
}

Result report(int steps, const Loaded &l, const std::vector<Sample> &samples, const char *how)
{
    using bench::medianOf;
    const double total = medianOf(samples, [](const Sample &s) { return s.total; });
    const double pass = medianOf(samples, [](const Sample &s) { return s.baseline; });
    std::printf("%6d steps, %9lld events, %8lld kernel rows (%s, load %.2f s):\n"
                "  after the load %.3f s (analysis %.3f s, report object %.3f s, serialise %.3f s)"
                ", %.0f ns per event; one pass over the events %.4f s\n",
        steps, static_cast<long long>(l.events), static_cast<long long>(l.kernels), how, l.load,
        total, medianOf(samples, [](const Sample &s) { return s.analysis; }),
        medianOf(samples, [](const Sample &s) { return s.report; }),
        medianOf(samples, [](const Sample &s) { return s.serialise; }),
        l.events > 0 ? total * 1e9 / double(l.events) : 0.0, pass);
    return { total, pass };
}

// Each size loaded once, `runs` runs in this process.
Result measureInProcess(const QString &dir, int steps, int runs)
{
    const Loaded l = loadOnce(dir);
    if (!l.profile)
        return {};
    TimeNs sink = 0;
    std::vector<Sample> samples;
    for (int i = 0; i < runs; ++i)
        samples.push_back(runOnce(*l.profile, &sink));
    return report(steps, l, samples, sink != 0 ? "loaded once, runs in one process" : "-");
}

// --child DIR: load, one run, "load events kernels analysis report serialise total baseline".
int childRun(const QString &dir)
{
    const Loaded l = loadOnce(dir);
    if (!l.profile)
        return 1;
    TimeNs sink = 0;
    const Sample s = runOnce(*l.profile, &sink);
    std::printf("%.6f %lld %lld %.6f %.6f %.6f %.6f %.6f %lld\n", l.load,
        static_cast<long long>(l.events), static_cast<long long>(l.kernels), s.analysis, s.report,
        s.serialise, s.total, s.baseline, static_cast<long long>(sink != 0));
    return 0;
}

// `runs` fresh processes per size, the sizes alternating.
bool measureInChildren(const QString (&dirs)[2], const int (&steps)[2], int runs, Result *out)
{
    std::vector<Sample> samples[2];
    Loaded info[2];
    std::vector<double> loads[2];
    for (int i = 0; i < runs; ++i)
        for (int k = 0; k < 2; ++k) {
            QProcess p;
            p.start(QCoreApplication::applicationFilePath(), { "--child"_L1, dirs[k] });
            p.waitForFinished(-1);
            const QList<QByteArray> f = p.readAllStandardOutput().trimmed().split(' ');
            if (p.exitCode() != 0 || f.size() != 9 || f[8] != "1") {
                std::fprintf(stderr, "child run on %s failed\n", qPrintable(dirs[k]));
                return false;
            }
            loads[k].push_back(f[0].toDouble());
            info[k].events = f[1].toLongLong();
            info[k].kernels = f[2].toLongLong();
            samples[k].push_back({ f[3].toDouble(), f[4].toDouble(), f[5].toDouble(),
                f[6].toDouble(), f[7].toDouble() });
        }
    for (int k = 0; k < 2; ++k) {
        info[k].load = bench::median(loads[k]);
        out[k] = report(steps[k], info[k], samples[k], "a fresh process per run");
    }
    return true;
}

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    if (argc == 3 && !std::strcmp(argv[1], "--child"))
        return childRun(QString::fromLocal8Bit(argv[2]));
    int steps = 2000, factor = 10, runs = 3;
    const char *cache = nullptr;
    int once = 0; // --once N: only the profile of N steps (to run under perf)
    bool inProcess = false;
    for (int i = 1; i < argc; ++i) {
        if (!std::strcmp(argv[i], "--in-process"))
            inProcess = true;
        else if (i + 1 == argc)
            runs = 0; // an option without its value: usage
        else if (!std::strcmp(argv[i], "--steps"))
            steps = std::atoi(argv[++i]);
        else if (!std::strcmp(argv[i], "--factor"))
            factor = std::atoi(argv[++i]);
        else if (!std::strcmp(argv[i], "--runs"))
            runs = std::atoi(argv[++i]);
        else if (!std::strcmp(argv[i], "--cache"))
            cache = argv[++i];
        else if (!std::strcmp(argv[i], "--once"))
            once = std::atoi(argv[++i]);
    }
    if (steps < 1 || factor < 2 || runs < 1) {
        std::fprintf(stderr,
            "usage: bench_analysis [--steps N] [--factor F] [--runs R] "
            "[--cache DIR] [--in-process] [--once N]\n");
        return 1;
    }
    const QString dir = bench::cacheDir(cache ? QString::fromLocal8Bit(cache) : QString());
    if (once > 0) {
        const QString profile = profileOf(dir, once);
        return profile.isEmpty() || measureInProcess(profile, once, runs).total <= 0 ? 1 : 0;
    }
    const QString dirs[2] = { profileOf(dir, steps), profileOf(dir, steps * factor) };
    const int sizes[2] = { steps, steps * factor };
    if (dirs[0].isEmpty() || dirs[1].isEmpty())
        return 1;
    std::printf("analysis after the load (what report --json runs), medians of %d runs:\n", runs);
    Result r[2];
    if (inProcess) {
        for (int k = 0; k < 2; ++k)
            r[k] = measureInProcess(dirs[k], sizes[k], runs);
    } else if (!measureInChildren(dirs, sizes, runs, r)) {
        return 1;
    }
    if (r[0].total <= 0 || r[1].total <= 0)
        return 1;
    std::printf("%dx the input: %.1fx the time (linear: <= %.1fx); the pass over the events "
                "%.1fx\n",
        factor, r[1].total / r[0].total, factor * 1.1,
        r[0].baseline > 0 ? r[1].baseline / r[0].baseline : 0.0);
    return 0;
}
