// Call tree benchmark: builds a training-shaped trace in memory with N host events (Python frames
// > modules > ops > launches on the main thread, backward ops on an autograd thread linked by
// fwdbwd flows, one kernel per launch with its launch flow), then
//  - times buildCallTree (median of --runs), next to a baseline in the same run: one pass over the
//    same host events adding durations per name into a hash map (the least any tree must do);
//  - renders FlameGraphView at 1920x1080 along a scripted zoom path (in to a leaf and out again)
//    and prints p50/p95/p99/max frame times next to a frame that only fills the background.
//   bench_calltree [--events N] [--runs R] [--png PREFIX]
// Defaults: 1,000,000 host events, 5 runs. Not part of ctest.
#include "analysis/calltree/calltree.h"
#include "app/reports/concurrentfor.h"
#include "benchutil.h"
#include "model/profile/kerneljoin.h"
#include "tests/widgets/tracefixtures.h"
#include "widgets/calltree/calltreepanel.h"
#include "widgets/calltree/flamegraphview.h"

#include <QApplication>
#include <QElapsedTimer>
#include <QImage>
#include <QPainter>

#include <cstdio>
#include <cstring>
#include <string>
#include <unordered_map>

using namespace npuscope;

namespace {

constexpr int kWidth = 1920;
constexpr int kHeight = 1080;
constexpr int kModules = 60; // distinct model lines
constexpr int kOps = 12;

struct Synthetic {
    std::shared_ptr<const Trace> trace;
    KernelTable kernels;
    KernelJoin join;
    std::int64_t hostEvents = 0;
};

// Events per forward group: module frame, op, launch (3 on the main thread) and per backward
// group: evaluate_function, op, launch (3 on the autograd thread); a kernel per launch.
Synthetic makeTrace(std::int64_t hostEvents)
{
    test::TraceMaker m;
    const auto main = m.addTrack(QStringLiteral("Python"), QStringLiteral("Thread 1"));
    const auto autograd = m.addTrack(QStringLiteral("Python"), QStringLiteral("Thread 2"));
    const auto stream = m.addTrack(
        QStringLiteral("Ascend Hardware"), QStringLiteral("Stream 2"), TrackKind::DeviceStream, 2);
    static const char *const ops[kOps] = { "aten::conv2d", "aten::batch_norm", "aten::relu",
        "aten::add", "aten::matmul", "aten::addmm", "aten::softmax", "aten::layer_norm",
        "aten::linear", "aten::mul", "aten::to", "aten::copy_" };
    const std::int64_t groups = std::max<std::int64_t>(1, (hostEvents - 8) / 6);
    const std::int64_t perStep = 5'000;
    struct Pending {
        TimeNs fwdOp, bwdTop, fwdLaunch, bwdLaunch, fwdKernel, bwdKernel;
    };
    std::vector<Pending> links;
    links.reserve(std::size_t(groups));
    TimeNs t = 0, device = 0;
    std::int64_t emitted = 0;
    for (std::int64_t step = 0; step * perStep < groups; ++step) {
        const std::int64_t n = std::min(perStep, groups - step * perStep);
        const TimeNs span = n * 2 * 10'000;
        m.addEvent(main, t, span + 2'000, "main.py(40): train", "python_function");
        m.addEvent(main, t + 100, span + 1'000, "ProfilerStep#" + std::to_string(step), "cpu_op");
        emitted += 2;
        TimeNs at = t + 1'000;
        std::vector<TimeNs> fwdOps;
        for (std::int64_t g = 0; g < n; ++g, at += 10'000) {
            const std::string module
                = "model.py(" + std::to_string(100 + (g * 7) % kModules) + "): forward";
            m.addEvent(main, at, 9'000, module, "python_function");
            m.addEvent(main, at + 500, 7'000, ops[g % kOps], "cpu_op");
            m.addEvent(main, at + 1'000, 2'000, "aclnnLaunch", "cpu_op");
            device = std::max(device, at + 3'000);
            m.addEvent(stream, device, 4'000, "Kernel", "kernel");
            links.push_back({ at + 500, 0, at + 1'000, 0, device, 0 });
            device += 4'100;
        }
        for (std::int64_t g = n - 1; g >= 0; --g, at += 10'000) {
            Pending &p = links[std::size_t(step * perStep + g)];
            m.addEvent(
                autograd, at, 9'000, "autograd::engine::evaluate_function: Backward0", "cpu_op");
            m.addEvent(autograd, at + 500, 7'000, ops[g % kOps], "cpu_op");
            m.addEvent(autograd, at + 1'000, 2'000, "aclnnLaunch", "cpu_op");
            device = std::max(device, at + 3'000);
            m.addEvent(stream, device, 6'000, "KernelGrad", "kernel");
            p.bwdTop = at;
            p.bwdLaunch = at + 1'000;
            p.bwdKernel = device;
            device += 6'100;
        }
        emitted += 6 * n;
        t = at + 10'000;
    }
    m.indexTracks();
    Trace &trace = m.trace();
    const StringId fwdbwd = trace.strings.intern("fwdbwd");
    const auto ref = [&](std::uint32_t track, TimeNs start) {
        const auto &ev = trace.tracks[track].events;
        const auto it = std::lower_bound(
            ev.begin(), ev.end(), start, [](const Event &e, TimeNs s) { return e.start < s; });
        return EventRef { TrackId(track), std::uint32_t(it - ev.begin()) };
    };
    for (const Pending &p : links) {
        m.addFlow(ref(main, p.fwdLaunch), ref(stream, p.fwdKernel));
        m.addFlow(ref(autograd, p.bwdLaunch), ref(stream, p.bwdKernel));
        m.addFlow(ref(main, p.fwdOp), ref(autograd, p.bwdTop));
        trace.flows.back().name = fwdbwd;
        trace.flows.back().category = fwdbwd;
    }
    Synthetic out;
    out.trace = m.finish();
    out.kernels = kernelsFromTrace(*out.trace, &out.join);
    out.hostEvents = emitted;
    return out;
}

// The least a tree must do: every host event's duration added to its name's sum.
TimeNs baselinePass(const Trace &trace)
{
    std::unordered_map<std::uint32_t, TimeNs> byName;
    for (const Track &t : trace.tracks)
        if (t.kind == TrackKind::HostThread)
            for (const Event &e : t.events)
                byName[e.name.value] += e.duration;
    TimeNs sum = 0;
    for (const auto &[name, ns] : byName)
        sum += ns;
    return sum;
}

double ms(const QElapsedTimer &timer) { return double(timer.nsecsElapsed()) / 1e6; }

void printStats(const char *label, std::vector<double> v)
{
    std::sort(v.begin(), v.end());
    double sum = 0;
    for (double x : v)
        sum += x;
    std::printf("%-18s %8.2f %8.2f %8.2f %8.2f %8.2f\n", label, bench::nearestRank(v, 0.5),
        bench::nearestRank(v, 0.95), bench::nearestRank(v, 0.99), v.empty() ? 0 : v.back(),
        v.empty() ? 0 : sum / double(v.size()));
}

void benchTree(const Synthetic &s, int runs)
{
    std::vector<double> tree, serial, views, base;
    CallTree built;
    CallTreeOptions pooled; // as the app builds it: the launch search on QtConcurrent's pool
    pooled.parallel = concurrentFor();
    for (int r = 0; r < runs; ++r) {
        QElapsedTimer timer;
        timer.start();
        volatile TimeNs sink = baselinePass(*s.trace);
        (void)sink;
        base.push_back(ms(timer));
        timer.restart();
        built = buildCallTree(s.trace, &s.kernels, &s.join, pooled);
        tree.push_back(ms(timer));
        timer.restart();
        built = buildCallTree(s.trace, &s.kernels, &s.join);
        serial.push_back(ms(timer));
        timer.restart();
        const CallTreeViews v = makeCallTreeViews(built, QString());
        views.push_back(ms(timer));
    }
    std::printf("host events        %lld (%zu frames in the tree, %lld kernel rows)\n",
        static_cast<long long>(s.hostEvents), built.nodes.size(),
        static_cast<long long>(s.kernels.rowCount()));
    std::printf("attributed         %.3f of %.3f ms device time\n",
        double(built.attributedDeviceNs) / 1e6, double(built.totalDeviceNs) / 1e6);
    std::printf("buildCallTree      %.1f ms (median of %d; fastest %.1f, slowest %.1f)\n",
        bench::median(tree), runs, *std::min_element(tree.begin(), tree.end()),
        *std::max_element(tree.begin(), tree.end()));
    std::printf("  on one thread    %.1f ms (median; no ParallelFor)\n", bench::median(serial));
    std::printf("bottom-up + flat   %.1f ms (median)\n", bench::median(views));
    std::printf("baseline pass      %.1f ms (median; sum per name over the same events)\n",
        bench::median(base));
    std::printf(
        "ratio              %.1fx the baseline\n", bench::median(tree) / bench::median(base));
}

void benchFlame(const Synthetic &s, const char *png)
{
    FlameGraphView view;
    view.resize(kWidth, kHeight);
    view.setTree(std::make_shared<const CallTree>(buildCallTree(s.trace, &s.kernels, &s.join)));
    QImage image(kWidth, kHeight, QImage::Format_ARGB32_Premultiplied);
    // In towards a point inside one module frame, 60 steps of 1.25x, then out again.
    const double target = 0.37;
    std::vector<std::pair<double, double>> path;
    double width = 1.0;
    for (int i = 0; i < 60; ++i, width /= 1.25)
        path.emplace_back(std::max(0.0, target - width * 0.4), std::min(1.0, target + width * 0.6));
    for (int i = 59; i >= 0; --i)
        path.push_back(path[std::size_t(i)]);
    std::vector<double> frames, fills;
    for (std::size_t i = 0; i < path.size(); ++i) {
        view.setView(path[i].first, path[i].second);
        QElapsedTimer timer;
        timer.start();
        {
            QPainter painter(&image);
            view.render(painter, image.size());
        }
        frames.push_back(ms(timer));
        if (png && (i == 0 || i == 30 || i == 59)) // outside the timed part
            image.save(QString::fromLocal8Bit(png) + QStringLiteral("-%1.png").arg(i));
        timer.restart();
        image.fill(Qt::white);
        fills.push_back(ms(timer));
    }
    std::printf("flame graph        %dx%d, %zu frames on the zoom path, %zu laid out\n", kWidth,
        kHeight, path.size(), view.layout().frames().size());
    std::printf("                        p50      p95      p99      max     mean  (ms)\n");
    printStats("flame graph", frames);
    printStats("baseline (fill)", fills);
}

} // namespace

int main(int argc, char **argv)
{
    QApplication app(argc, argv);
    std::int64_t events = 1'000'000;
    int runs = 5;
    const char *png = nullptr;
    for (int i = 1; i + 1 < argc; i += 2) {
        if (std::strcmp(argv[i], "--events") == 0)
            events = std::atoll(argv[i + 1]);
        else if (std::strcmp(argv[i], "--runs") == 0)
            runs = std::max(1, std::atoi(argv[i + 1]));
        else if (std::strcmp(argv[i], "--png") == 0)
            png = argv[i + 1];
    }
    const Synthetic s = makeTrace(events);
    benchTree(s, runs);
    benchFlame(s, png);
    return 0;
}
