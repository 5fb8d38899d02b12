// Timeline frame-time benchmark: builds a large trace in memory (the way the widget tests'
// TraceMaker builds hand-made traces), indexes it, then renders TimelineView offscreen at
// 1920x1080 along a scripted navigation path. Prints the index build time, the first frame and
// p50/p95/p99/max frame times, next to a baseline frame that only fills the image with the
// background colour (same run, interleaved), so that ratios can be quoted. Not part of ctest.
//   bench_timeline [--events N] [--counter-samples N] [--png PREFIX]
// Defaults: 10,000,000 slices, events/100 counter samples. --png saves a few frames of the path
// as PREFIX-<step>.png, outside the timed part.
#include "benchutil.h"
#include "model/core/residentmemory.h"
#include "tests/widgets/tracefixtures.h"
#include "widgets/timeline/timelineview.h"

#include <QApplication>
#include <QElapsedTimer>
#include <QFile>
#include <QImage>
#include <QPainter>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <random>
#include <string>
#include <string_view>
#include <vector>

using namespace npuscope;

namespace {

constexpr int kWidth = 1920;
constexpr int kHeight = 1080;

struct Synthetic {
    std::shared_ptr<const Trace> trace;
    double indexMs = 0;
    double generateMs = 0;
    std::size_t counterSamples = 0;
    EventRef kernel; // a kernel for the "jump to a kernel" step
};

// `total` slices: 10% on a host thread nested four deep (step > op > two children, the second
// with a launch inside), 90% on four device streams of back-to-back kernels of varied names and
// durations, plus one counter series of `counterSamples` samples. Events are appended in start
// order, as loaders do.
Synthetic makeTrace(std::int64_t total, std::int64_t counterSamples, unsigned seed)
{
    Synthetic out;
    QElapsedTimer timer;
    timer.start();
    test::TraceMaker m;
    std::mt19937_64 rng(seed);
    auto uniform = [&](TimeNs lo, TimeNs hi) {
        return lo + static_cast<TimeNs>(rng() % static_cast<std::uint64_t>(hi - lo));
    };

    const std::int64_t hostEvents = total / 10;
    const std::int64_t deviceEvents = total - hostEvents;
    const auto host = m.addTrack(QStringLiteral("Python (3170820)"),
        QStringLiteral("Thread 3170820"), TrackKind::HostThread, 0);
    std::uint32_t streams[4];
    for (int s = 0; s < 4; ++s)
        streams[s] = m.addTrack(QStringLiteral("Ascend Hardware"),
            QStringLiteral("Stream %1").arg(2 + s), TrackKind::DeviceStream, 2);

    // Device streams: kernels back to back (gaps of 0-0.8 us), an idle gap now and then.
    // Durations: 70% 1-20 us, 25% 20-200 us, 5% 0.2-2 ms.
    static const char *const kernels[] = { "MatMulV2", "MatMulV3", "Conv2D", "Conv2DBackpropInput",
        "Conv2DBackpropFilter", "BNTrainingUpdate", "BNTrainingReduce", "Relu", "ReluGrad", "Add",
        "Mul", "Cast", "TransData", "TransposeD", "SoftmaxV2", "SoftmaxGrad", "LayerNormV3",
        "LayerNormGrad", "DropOutDoMask", "ReduceSum", "ReduceMean", "Sub", "RealDiv", "Sqrt",
        "ApplyAdamW", "FlashAttentionScore", "FlashAttentionScoreGrad", "GatherV2",
        "ScatterNdUpdate", "ConcatD", "SplitD", "AtomicAddrClean", "hcom_allReduce__123_0_1" };
    constexpr std::size_t kKernelNames = std::size(kernels);
    TimeNs deviceEnd = 0;
    for (int s = 0; s < 4; ++s) {
        const std::int64_t n = deviceEvents / 4 + (s < deviceEvents % 4 ? 1 : 0);
        auto &events = m.trace().tracks[streams[s]].events;
        events.reserve(static_cast<std::size_t>(n));
        TimeNs t = 40'000 + uniform(0, 5'000);
        for (std::int64_t i = 0; i < n; ++i) {
            const std::uint64_t r = rng() % 100;
            const TimeNs d = r < 70 ? uniform(1'000, 20'000)
                : r < 95            ? uniform(20'000, 200'000)
                                    : uniform(200'000, 2'000'000);
            // Zipf-like name choice: a few kernels dominate, as in real profiles.
            const std::size_t k = std::min<std::size_t>(kKernelNames - 1,
                static_cast<std::size_t>(
                    std::pow(static_cast<double>(rng() % 10'000) / 10'000.0, 2.5) * kKernelNames));
            m.addEvent(streams[s], t, d, kernels[k], "kernel");
            t += d + uniform(0, 800);
            if (rng() % 2'000 == 0)
                t += uniform(50'000, 3'000'000);
        }
        deviceEnd = std::max(deviceEnd, t);
    }

    // Host thread over the same span: ProfilerStep#k > op > (child, child > launch).
    static const char *const ops[] = { "aten::conv2d", "aten::batch_norm", "aten::relu",
        "aten::add", "aten::matmul", "aten::addmm", "aten::softmax", "aten::layer_norm",
        "aten::linear", "aten::mul", "aten::to", "aten::copy_" };
    static const char *const children[] = { "aclnnInplaceCopy", "aclnnMatmul", "aclnnAdd",
        "aclnnConvolution", "aclnnSoftmax", "aclnnCast" };
    constexpr std::int64_t kGroupsPerStep = 2'000;
    const TimeNs slot
        = std::max<TimeNs>(2'000, deviceEnd / std::max<std::int64_t>(1, hostEvents / 4));
    {
        auto &events = m.trace().tracks[host].events;
        events.reserve(static_cast<std::size_t>(hostEvents));
        std::int64_t emitted = 0;
        auto add = [&](TimeNs start, TimeNs duration, std::string_view name, std::string_view cat) {
            if (emitted < hostEvents) {
                m.addEvent(host, start, duration, name, cat);
                ++emitted;
            }
        };
        TimeNs t = 0;
        for (std::int64_t g = 0; emitted < hostEvents; ++g, t += slot) {
            if (g % kGroupsPerStep == 0) {
                const std::string name = "ProfilerStep#" + std::to_string(g / kGroupsPerStep + 1);
                add(t, slot * kGroupsPerStep - 1'000, name, "user_annotation");
            }
            const TimeNs op = slot * 8 / 10 + uniform(0, slot / 10);
            const TimeNs a = op / 3;
            const TimeNs b = op / 2;
            add(t + 100, op, ops[rng() % std::size(ops)], "cpu_op");
            add(t + 200, a, children[rng() % std::size(children)], "cpu_op");
            add(t + 300 + a, b, children[rng() % std::size(children)], "cpu_op");
            add(t + 400 + a, b / 2, "aclrtLaunchKernel", "cann");
        }
    }

    // One counter series of `counterSamples` evenly spaced samples (default: one per 100 slices,
    // every ~2 ms at the default size). Counter drawing walks every visible sample, so a denser
    // series makes zoomed-out frames slower: see --counter-samples.
    std::vector<TimeNs> times;
    std::vector<double> values;
    const auto samples = static_cast<std::size_t>(std::max<std::int64_t>(2, counterSamples));
    times.reserve(samples);
    values.reserve(samples);
    for (std::size_t i = 0; i < samples; ++i) {
        const TimeNs c = static_cast<TimeNs>(static_cast<double>(deviceEnd) * static_cast<double>(i)
            / static_cast<double>(samples - 1));
        times.push_back(c);
        values.push_back(
            1300 + 500 * std::sin(static_cast<double>(c) / 4e8) + static_cast<double>(rng() % 100));
    }
    out.counterSamples = times.size();
    m.addCounter(QStringLiteral("AI Core Freq"), QStringLiteral("MHz"), std::move(times),
        std::move(values), 5);
    out.generateMs = static_cast<double>(timer.nsecsElapsed()) / 1e6;

    // The measured part: the per-track indexes (sort, depth, block tree, level of detail).
    Trace &trace = m.trace();
    timer.restart();
    for (Track &track : trace.tracks)
        Trace::buildTrackIndexes(track);
    out.indexMs = static_cast<double>(timer.nsecsElapsed()) / 1e6;

    bool any = false;
    for (const Track &track : trace.tracks) {
        if (track.events.empty())
            continue;
        const TimeNs first = track.events.front().start;
        TimeNs last = first;
        for (const Event &e : track.events)
            last = std::max(last, e.end());
        trace.minTime = any ? std::min(trace.minTime, first) : first;
        trace.maxTime = any ? std::max(trace.maxTime, last) : last;
        any = true;
    }
    for (const CounterSeries &c : trace.counters) {
        if (c.times.empty())
            continue;
        trace.minTime = any ? std::min(trace.minTime, c.times.front()) : c.times.front();
        trace.maxTime = any ? std::max(trace.maxTime, c.times.back()) : c.times.back();
        any = true;
    }
    // A kernel of about 100 us in the middle of stream 3's events.
    const auto &ev = trace.tracks[streams[1]].events;
    for (std::size_t i = ev.size() / 2; i < ev.size(); ++i) {
        if (ev[i].duration >= 80'000 && ev[i].duration <= 200'000) {
            out.kernel = { TrackId(streams[1]), static_cast<std::uint32_t>(i) };
            break;
        }
    }
    out.trace = m.finish();
    return out;
}

struct Stats {
    double p50 = 0, p95 = 0, p99 = 0, max = 0, mean = 0;
};

Stats stats(std::vector<double> v)
{
    Stats s;
    if (v.empty())
        return s;
    std::sort(v.begin(), v.end());
    // Nearest rank.
    auto pct = [&](double q) {
        const auto rank = static_cast<std::size_t>(std::ceil(q * static_cast<double>(v.size())));
        return v[std::clamp<std::size_t>(rank, 1, v.size()) - 1];
    };
    s.p50 = pct(0.50);
    s.p95 = pct(0.95);
    s.p99 = pct(0.99);
    s.max = v.back();
    double sum = 0;
    for (double x : v)
        sum += x;
    s.mean = sum / static_cast<double>(v.size());
    return s;
}

} // namespace

int main(int argc, char **argv)
{
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    std::int64_t events = 10'000'000;
    std::int64_t counterSamples = -1; // default: events / 100
    QString png;
    for (int i = 1; i < argc; ++i) {
        if (std::strcmp(argv[i], "--png") == 0 && i + 1 < argc) {
            png = QString::fromLocal8Bit(argv[++i]);
        } else if (std::strcmp(argv[i], "--counter-samples") == 0 && i + 1 < argc) {
            counterSamples = std::strtoll(argv[++i], nullptr, 10);
        } else if (std::strcmp(argv[i], "--events") == 0 && i + 1 < argc) {
            events = std::strtoll(argv[++i], nullptr, 10);
        } else if (std::strcmp(argv[i], "--help") == 0 || std::strcmp(argv[i], "-h") == 0) {
            std::printf("usage: bench_timeline [--events N] [--counter-samples N] [--png PREFIX]\n"
                        "  defaults: 10000000 events, events/100 counter samples\n");
            return 0;
        }
    }
    if (events < 100) {
        std::fprintf(stderr, "bench_timeline: --events must be at least 100\n");
        return 2;
    }
    QApplication app(argc, argv);

    if (counterSamples < 0)
        counterSamples = events / 100;
    const Synthetic synthetic = makeTrace(events, counterSamples, 1);
    const auto &trace = synthetic.trace;
    const TimeNs span = trace->maxTime - trace->minTime;

    // Shown before a trace is loaded, as in the application, so that the first frame measured
    // below is the first one that paints the trace.
    TimelineView view;
    view.resize(kWidth, kHeight);
    view.show();
    QCoreApplication::processEvents();
    view.setTrace(trace);

    const QSize size(kWidth, kHeight);
    QImage image(size, QImage::Format_ARGB32_Premultiplied);
    const QColor background = view.palette().color(QPalette::Base);

    auto timelineFrame = [&] {
        QElapsedTimer t;
        t.start();
        QPainter p(&image);
        view.render(p, size);
        p.end();
        return static_cast<double>(t.nsecsElapsed()) / 1e6;
    };
    auto baselineFrame = [&] {
        QElapsedTimer t;
        t.start();
        QPainter p(&image);
        p.fillRect(QRect(QPoint(0, 0), size), background);
        p.end();
        return static_cast<double>(t.nsecsElapsed()) / 1e6;
    };

    const double firstBaseline = baselineFrame();
    const double firstTimeline = timelineFrame();

    std::vector<double> timeline;
    std::vector<double> baseline;
    auto frame = [&] {
        timeline.push_back(timelineFrame());
        baseline.push_back(baselineFrame());
    };
    auto save = [&](const char *step) {
        if (!png.isEmpty())
            view.renderToImage(size).save(
                png + QLatin1Char('-') + QLatin1String(step) + QStringLiteral(".png"));
    };
    auto setRange = [&](double centre, double width) {
        const auto half = static_cast<TimeNs>(width / 2);
        const auto c = static_cast<TimeNs>(centre);
        view.setVisibleRange(c - half, c + half);
    };

    // The scripted path, ~200 frames.
    view.zoomToFit();
    frame();
    save("1-fit");
    const auto [fitStart, fitEnd] = view.visibleRange();
    const double target = static_cast<double>(trace->minTime) + 0.37 * static_cast<double>(span);
    double centre = static_cast<double>(fitStart + fitEnd) / 2;
    double width = static_cast<double>(fitEnd - fitStart);
    for (int i = 0; i < 80; ++i) { // zoom in towards `target`, anchored there as the wheel does
        const double f = 0.85;
        centre = target + (centre - target) * f;
        width *= f;
        setRange(centre, width);
        frame();
    }
    save("2-zoomed-in");
    for (int i = 0; i < 40; ++i) { // pan right then back at the deepest zoom, a quarter view each
        centre += (i < 20 ? 0.25 : -0.25) * width;
        setRange(centre, width);
        frame();
    }
    save("3-panned");
    for (int i = 0; i < 60; ++i) { // zoom out
        width /= 0.85;
        setRange(centre, width);
        frame();
    }
    save("4-zoomed-out");
    for (int i = 0; i < 15; ++i) { // pan at that medium zoom, a third of the view each
        centre += width / 3;
        setRange(centre, width);
        frame();
    }
    save("5-panned-medium");
    const std::size_t beforeJump = timeline.size();
    if (synthetic.kernel.isValid()) { // jump to a kernel: select and reveal it, then fit it
        view.selectEvent(synthetic.kernel, true);
        frame();
        save("6-kernel-selected");
        const Event &e = trace->event(synthetic.kernel);
        const TimeNs margin = std::max<TimeNs>(e.duration / 10, 50);
        view.setVisibleRange(e.start - margin, e.end() + margin);
        frame();
        save("7-kernel-fit");
    }
    const std::size_t afterJump = timeline.size();
    view.zoomToFit(); // and back to the whole trace
    frame();
    save("8-fit-again");

    const Stats tl = stats(timeline);
    const Stats bl = stats(baseline);
    const long hwm = processStatusKb("VmHWM:");

    std::printf(
        "events              %lld slices in %zu tracks + %zu counter samples (span %.3f s)\n",
        static_cast<long long>(trace->sliceCount()), trace->tracks.size(), synthetic.counterSamples,
        static_cast<double>(span) / 1e9);
    std::printf("generate            %.0f ms (not measured work)\n", synthetic.generateMs);
    std::printf(
        "build indexes       %.0f ms (Trace::buildTrackIndexes, all tracks)\n", synthetic.indexMs);
    std::printf("peak memory         %.0f MB (VmHWM)\n", static_cast<double>(hwm) / 1024.0);
    std::printf(
        "frame size          %dx%d, %zu frames on the path\n", kWidth, kHeight, timeline.size());
    std::printf(
        "%-19s %8s %8s %8s %8s %8s %8s  (ms)\n", "", "first", "p50", "p95", "p99", "max", "mean");
    std::printf("%-19s %8.2f %8.2f %8.2f %8.2f %8.2f %8.2f\n", "timeline", firstTimeline, tl.p50,
        tl.p95, tl.p99, tl.max, tl.mean);
    std::printf("%-19s %8.2f %8.2f %8.2f %8.2f %8.2f %8.2f\n", "baseline (fill)", firstBaseline,
        bl.p50, bl.p95, bl.p99, bl.max, bl.mean);
    auto ratio = [](double a, double b) { return b > 0 ? a / b : 0.0; };
    std::printf("%-19s %8.1f %8.1f %8.1f %8.1f %8.1f %8.1f\n", "ratio",
        ratio(firstTimeline, firstBaseline), ratio(tl.p50, bl.p50), ratio(tl.p95, bl.p95),
        ratio(tl.p99, bl.p99), ratio(tl.max, bl.max), ratio(tl.mean, bl.mean));
    if (afterJump > beforeJump) {
        std::printf("kernel jump         select+reveal %.2f ms, fit kernel %.2f ms\n",
            timeline[beforeJump], timeline[beforeJump + 1]);
    }
    return 0;
}
