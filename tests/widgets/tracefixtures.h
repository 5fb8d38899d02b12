#pragma once

// Hand-built traces for the timeline tests (the loader is tested in tests/model).

#include "model/core/trace.h"

#include <algorithm>
#include <memory>
#include <random>
#include <string>
#include <string_view>

namespace npuscope::test {

class TraceMaker {
public:
    TraceMaker()
        : m_trace(std::make_shared<Trace>())
    {
    }

    std::uint32_t addTrack(const QString &process, const QString &thread,
        TrackKind kind = TrackKind::HostThread, std::int64_t processSort = 0)
    {
        Track t;
        t.id = TrackId(static_cast<std::uint32_t>(m_trace->tracks.size()));
        t.processName = process;
        t.threadName = thread;
        t.kind = kind;
        t.processSort = processSort;
        t.pidKey = m_trace->strings.intern(process.toStdString());
        m_trace->tracks.push_back(std::move(t));
        return static_cast<std::uint32_t>(m_trace->tracks.size() - 1);
    }

    void addEvent(std::uint32_t track, TimeNs start, TimeNs duration, std::string_view name,
        std::string_view category = {})
    {
        Event e;
        e.start = start;
        e.duration = duration;
        e.name = m_trace->strings.intern(name);
        e.category = m_trace->strings.intern(category);
        m_trace->tracks[track].events.push_back(e);
    }

    void addCounter(const QString &process, const QString &name, std::vector<TimeNs> times,
        std::vector<double> values, std::int64_t processSort = 0)
    {
        CounterSeries c;
        c.processName = process;
        c.name = name;
        c.processSort = processSort;
        c.pidKey = m_trace->strings.intern(process.toStdString());
        c.minValue = values.empty() ? 0 : *std::min_element(values.begin(), values.end());
        c.maxValue = values.empty() ? 0 : *std::max_element(values.begin(), values.end());
        c.times = std::move(times);
        c.values = std::move(values);
        m_trace->counters.push_back(std::move(c));
    }

    // Flows refer to events by their index after sorting: call after finish() through
    // addFlowAfterSort, or find events by start.
    EventRef find(std::uint32_t track, TimeNs start) const
    {
        const auto &ev = m_trace->tracks[track].events;
        for (std::uint32_t i = 0; i < ev.size(); ++i)
            if (ev[i].start == start)
                return { TrackId(track), i };
        return {};
    }

    void addFlow(EventRef from, EventRef to)
    {
        Flow f;
        f.from = from;
        f.to = to;
        f.name = m_trace->strings.intern("torch_to_npu");
        m_trace->flows.push_back(f);
    }

    // Sorts and indexes every track, computes the time bounds. Call once, before addFlow.
    void indexTracks()
    {
        bool any = false;
        for (Track &t : m_trace->tracks) {
            Trace::buildTrackIndexes(t);
            for (const Event &e : t.events) {
                m_trace->minTime = any ? std::min(m_trace->minTime, e.start) : e.start;
                m_trace->maxTime = any ? std::max(m_trace->maxTime, e.end()) : e.end();
                any = true;
            }
        }
        for (const CounterSeries &c : m_trace->counters) {
            if (c.times.empty())
                continue;
            m_trace->minTime = any ? std::min(m_trace->minTime, c.times.front()) : c.times.front();
            m_trace->maxTime = any ? std::max(m_trace->maxTime, c.times.back()) : c.times.back();
            any = true;
        }
    }

    std::shared_ptr<const Trace> finish()
    {
        m_trace->indexFlows();
        return m_trace;
    }

    Trace &trace() { return *m_trace; }

private:
    std::shared_ptr<Trace> m_trace;
};

// Two tracks, names chosen so that case, partial words and regex anchors matter.
inline std::shared_ptr<const Trace> makeSearchTrace()
{
    TraceMaker m;
    const auto host = m.addTrack(QStringLiteral("Python"), QStringLiteral("Thread 1"));
    const auto device = m.addTrack(
        QStringLiteral("Ascend Hardware"), QStringLiteral("Stream 2"), TrackKind::DeviceStream, 1);
    m.addEvent(host, 100, 50, "aten::matmul");
    m.addEvent(host, 300, 50, "aten::add");
    m.addEvent(host, 500, 50, "aten::addmm");
    m.addEvent(device, 120, 20, "MatMulV2");
    m.addEvent(device, 320, 20, "Add");
    m.addEvent(device, 520, 20, "MatMulV2");
    m.indexTracks();
    return m.finish();
}

// A small training step as torch_npu records it: Python ops launching kernels on two NPU
// streams, CANN API calls, a collective, the overlap lanes and two counters. Times in ns.
inline std::shared_ptr<const Trace> makeTrainingStep(int steps = 3, unsigned seed = 7)
{
    TraceMaker m;
    std::mt19937 rng(seed);
    const auto python = m.addTrack(QStringLiteral("Python (3170820)"),
        QStringLiteral("Thread 3170820"), TrackKind::HostThread, 0);
    const auto cann
        = m.addTrack(QStringLiteral("CANN"), QStringLiteral("Thread 3170820"), TrackKind::Cann, 1);
    const auto stream2 = m.addTrack(
        QStringLiteral("Ascend Hardware"), QStringLiteral("Stream 2"), TrackKind::DeviceStream, 2);
    const auto stream3 = m.addTrack(
        QStringLiteral("Ascend Hardware"), QStringLiteral("Stream 3"), TrackKind::DeviceStream, 2);
    const auto hccl = m.addTrack(QStringLiteral("HCCL"), QStringLiteral("Group 0 Communication"),
        TrackKind::Communication, 3);
    const auto computing = m.addTrack(QStringLiteral("Overlap Analysis"),
        QStringLiteral("Computing"), TrackKind::OverlapAnalysis, 4);
    const auto freeLane = m.addTrack(
        QStringLiteral("Overlap Analysis"), QStringLiteral("Free"), TrackKind::OverlapAnalysis, 4);
    const char *ops[] = { "aten::conv2d", "aten::batch_norm", "aten::relu", "aten::add",
        "aten::matmul", "aten::addmm", "aten::softmax", "aten::layer_norm" };
    const char *kernels[] = { "Conv2D", "BNTrainingUpdate", "Relu", "Add", "MatMulV2", "MatMulV2",
        "SoftmaxV2", "LayerNormV3" };
    std::vector<std::pair<TimeNs, TimeNs>> launches; // host op start, kernel start
    TimeNs t = 0;
    TimeNs device = 40'000;
    std::vector<TimeNs> freqTimes;
    std::vector<double> freqValues;
    for (int s = 0; s < steps; ++s) {
        const TimeNs stepStart = t;
        const std::string stepName = "ProfilerStep#" + std::to_string(s + 1);
        t += 20'000;
        const TimeNs fwdStart = t;
        for (int i = 0; i < 28; ++i) {
            const int k = static_cast<int>(rng() % 8);
            const TimeNs opDur = 30'000 + static_cast<TimeNs>(rng() % 50'000);
            m.addEvent(python, t, opDur, ops[k], "cpu_op");
            m.addEvent(python, t + 4'000, opDur / 2, "aclnnInplaceCopy", "cpu_op");
            m.addEvent(cann, t + 6'000, opDur / 3, "AscendCL@aclopCompileAndExecute", "cann");
            // TransData and AI_CPU fallbacks sprinkled in, as real profiles have them.
            const char *kernel
                = (i % 9 == 4) ? "TransData" : (i % 13 == 7 ? "DropOutDoMask" : kernels[k]);
            const TimeNs kDur = 20'000 + static_cast<TimeNs>(rng() % 90'000);
            device = std::max(device, t + 15'000);
            m.addEvent(i % 4 == 3 ? stream3 : stream2, device, kDur, kernel, "kernel");
            m.addEvent(computing, device, kDur, "Computing", "overlap");
            launches.emplace_back(t, device);
            device += kDur + static_cast<TimeNs>(rng() % 6'000);
            t += opDur + 3'000;
        }
        m.addEvent(python, fwdStart, t - fwdStart, "forward", "python_function");
        const TimeNs comm = device;
        const TimeNs commDur = 300'000 + static_cast<TimeNs>(rng() % 200'000);
        m.addEvent(hccl, comm, commDur, "hcom_allReduce__123_0_1", "communication");
        m.addEvent(freeLane, comm, commDur, "Free", "overlap");
        device += commDur + 10'000;
        t = std::max(t, device) + 30'000;
        m.addEvent(python, stepStart, t - stepStart, stepName, "user_annotation");
        for (TimeNs f = stepStart; f < t; f += 50'000) {
            freqTimes.push_back(f);
            freqValues.push_back(1300 + 500 * std::sin(static_cast<double>(f) / 400'000.0));
        }
    }
    std::vector<TimeNs> hbmTimes;
    std::vector<double> hbmValues;
    for (TimeNs h = 0; h < t; h += 200'000) {
        hbmTimes.push_back(h);
        hbmValues.push_back(8.0 + static_cast<double>(h % 3'000'000) / 500'000.0);
    }
    m.addCounter(QStringLiteral("AI Core Freq"), QStringLiteral("MHz"), std::move(freqTimes),
        std::move(freqValues), 5);
    m.addCounter(QStringLiteral("HBM"), QStringLiteral("Used (GB)"), std::move(hbmTimes),
        std::move(hbmValues), 5);
    m.indexTracks();
    for (const auto &[host, kernel] : launches) {
        EventRef to = m.find(stream2, kernel);
        if (!to.isValid())
            to = m.find(stream3, kernel);
        // The deepest host op starting at `host` launched it.
        EventRef from = m.find(python, host);
        if (from.isValid() && to.isValid())
            m.addFlow(from, to);
    }
    return m.finish();
}

} // namespace npuscope::test
