// Analysis benchmark (issue "The whole job at the speed of the load"): what `report --json` runs
// after the load, at 1x and 10x the steps and events, to show that it scales linearly.
//  - generates (once, into a cache folder) two profiles of --steps and --factor x --steps profiler
//    steps, ~30 kernels and ~300 trace events per step (kernel_details.csv and
//    step_trace_time.csv beside the trace), and loads each once, as the report command does;
//  - times, median of --runs: the analysis (every rank's findings, gaps, step breakdown and call
//    tree, the cross-rank findings), the report object built from it, and its serialisation;
//    next to a baseline in the same run: one pass over every trace event (the least any
//    analysis must do);
//  - prints the ratio of the two sizes' medians: linear is <= 1.1 x the factor.
//   bench_analysis [--steps N] [--factor F] [--runs R] [--cache DIR]
// Defaults: 2,000 steps, factor 10, 3 runs, $NPUSCOPE_BENCH_CACHE or ~/.cache/npuscope-bench.
// Not part of ctest.
#include "app/commands/jsonstreamwriter.h"
#include "app/commands/reportjson.h"
#include "benchutil.h"
#include "model/generator/generator.h"
#include "model/profile/profileloader.h"

#include <QCoreApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>

#include <cstdio>
#include <cstring>
#include <string>

using namespace npuscope;

namespace {

constexpr qint64 kEventsPerStep = 300; // ~30 kernels a step, with their host ops and flows

struct Sample {
    double analysis = 0, report = 0, serialise = 0, total = 0, baseline = 0;
};

QString cacheDir(const char *given)
{
    if (given)
        return QString::fromLocal8Bit(given);
    const QByteArray env = qgetenv("NPUSCOPE_BENCH_CACHE");
    return env.isEmpty() ? QDir::homePath() + QStringLiteral("/.cache/npuscope-bench")
                         : QString::fromLocal8Bit(env);
}

// The profile of `steps` steps, generated once into the cache; empty on failure.
QString profileOf(const QString &cache, int steps)
{
    const QString dir = cache + QStringLiteral("/analysis-%1-steps").arg(steps);
    if (!QFile::exists(dir + QStringLiteral("/.complete"))) {
        QDir(dir).removeRecursively();
        GeneratorOptions o;
        o.outDir = dir;
        o.steps = steps;
        o.events = qint64(steps) * kEventsPerStep;
        o.seed = 1;
        const GeneratorResult r = generateProfile(o);
        if (!r.ok) {
            std::fprintf(stderr, "generate %s: %s\n", qPrintable(dir), qPrintable(r.error));
            return {};
        }
        QFile done(dir + QStringLiteral("/.complete"));
        if (!done.open(QIODevice::WriteOnly))
            return {};
    }
    return dir;
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

Result measure(const QString &dir, int steps, int runs)
{
    LoadOptions options;
    options.eventDetails = false; // as the report command loads
    QElapsedTimer clock;
    clock.start();
    const LoadResult loaded = loadProfile(dir, options);
    const double load = double(clock.nsecsElapsed()) / 1e9;
    if (!loaded.profile || loaded.profile->ranks.empty()) {
        std::fprintf(stderr, "cannot load %s: %s\n", qPrintable(dir), qPrintable(loaded.error));
        return {};
    }
    const RankProfile &rank = *loaded.profile->ranks.front();
    const qint64 events = rank.trace ? qint64(rank.trace->stats.events) : 0;
    const qint64 kernels = rank.kernels ? qint64(rank.kernels->rowCount()) : 0;
    TimeNs sink = 0;
    std::vector<Sample> samples;
    for (int i = 0; i < runs; ++i)
        samples.push_back(runOnce(*loaded.profile, &sink));
    using bench::medianOf;
    const double total = medianOf(samples, [](const Sample &s) { return s.total; });
    const double pass = medianOf(samples, [](const Sample &s) { return s.baseline; });
    std::printf("%6d steps, %9lld events, %8lld kernel rows (loaded once in %.2f s):\n"
                "  after the load %.3f s (analysis %.3f s, report object %.3f s, serialise %.3f s)"
                ", %.0f ns per event; one pass over the events %.4f s (%s)\n",
        steps, static_cast<long long>(events), static_cast<long long>(kernels), load, total,
        medianOf(samples, [](const Sample &s) { return s.analysis; }),
        medianOf(samples, [](const Sample &s) { return s.report; }),
        medianOf(samples, [](const Sample &s) { return s.serialise; }),
        events > 0 ? total * 1e9 / double(events) : 0.0, pass, sink != 0 ? "ok" : "-");
    return { total, pass };
}

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    int steps = 2000, factor = 10, runs = 3;
    const char *cache = nullptr;
    for (int i = 1; i + 1 < argc; i += 2) {
        if (!std::strcmp(argv[i], "--steps"))
            steps = std::atoi(argv[i + 1]);
        else if (!std::strcmp(argv[i], "--factor"))
            factor = std::atoi(argv[i + 1]);
        else if (!std::strcmp(argv[i], "--runs"))
            runs = std::atoi(argv[i + 1]);
        else if (!std::strcmp(argv[i], "--cache"))
            cache = argv[i + 1];
    }
    if (steps < 1 || factor < 2 || runs < 1) {
        std::fprintf(stderr,
            "usage: bench_analysis [--steps N] [--factor F] [--runs R] "
            "[--cache DIR]\n");
        return 1;
    }
    const QString dir = cacheDir(cache);
    const QString small = profileOf(dir, steps);
    const QString large = profileOf(dir, steps * factor);
    if (small.isEmpty() || large.isEmpty())
        return 1;
    std::printf("analysis after the load (what report --json runs), medians of %d runs:\n", runs);
    const Result a = measure(small, steps, runs);
    const Result b = measure(large, steps * factor, runs);
    if (a.total <= 0 || b.total <= 0)
        return 1;
    std::printf("%dx the input: %.1fx the time (linear: <= %.1fx); the pass over the events "
                "%.1fx\n",
        factor, b.total / a.total, factor * 1.1, a.baseline > 0 ? b.baseline / a.baseline : 0.0);
    return 0;
}
