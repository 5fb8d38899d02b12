#include "analysis/device/launchstats.h"

#include "analysis/device/devicework.h"

#include <algorithm>
#include <map>

namespace npuscope {

namespace {

    // The p-quantile (0..1) of `v` by the nearest rank; `v` is reordered.
    TimeNs quantile(std::vector<TimeNs> &v, double p)
    {
        if (v.empty())
            return 0;
        const auto k = static_cast<std::size_t>(p * double(v.size() - 1) + 0.5);
        std::nth_element(v.begin(), v.begin() + std::ptrdiff_t(k), v.end());
        return v[k];
    }

    // Per stream, the queue's length after each launch and start, in time order (a start before
    // a launch at the same time).
    std::vector<StreamQueue> queues(const std::vector<const DeviceTask *> &launched)
    {
        std::map<int, std::vector<std::pair<TimeNs, int>>> events;
        for (const DeviceTask *t : launched) {
            auto &e = events[t->stream];
            e.emplace_back(t->launchStart, +1);
            e.emplace_back(t->start, -1);
        }
        std::vector<StreamQueue> out;
        for (auto &[stream, e] : events) {
            std::sort(e.begin(), e.end());
            StreamQueue q { stream };
            int length = 0;
            double sum = 0;
            for (const auto &[time, step] : e) {
                length += step;
                q.maxLength = std::max(q.maxLength, length);
                sum += length;
            }
            q.meanLength = sum / double(e.size());
            out.push_back(q);
        }
        return out;
    }

} // namespace

LaunchStats computeLaunchStats(const DeviceWork &work)
{
    LaunchStats s;
    std::vector<const DeviceTask *> launched;
    std::vector<TimeNs> delays;
    TimeNs delaySum = 0;
    for (const DeviceTask &t : work.tasks()) {
        if (!t.hasLaunch() || !t.runtimeLaunch)
            continue;
        launched.push_back(&t);
        const TimeNs launch = t.launchEnd - t.launchStart;
        const TimeNs device = t.end - t.start;
        const TimeNs delay = std::max<TimeNs>(0, t.start - t.launchEnd);
        delays.push_back(delay);
        delaySum += delay;
        s.delayMaxNs = std::max(s.delayMaxNs, delay);
        s.longDelays += delay > LaunchStats::kLongDelayNs ? 1 : 0;
        s.longLaunches += launch > LaunchStats::kShortLaunchNs ? 1 : 0;
        if (launch <= LaunchStats::kShortLaunchNs && device < launch) {
            ++s.shortKernels;
            s.shortKernelsDeviceNs += device;
            s.shortKernelsLaunchNs += launch;
        }
    }
    s.launches = qsizetype(launched.size());
    if (!delays.empty()) {
        s.delayMeanNs = delaySum / TimeNs(delays.size());
        s.delayP50Ns = quantile(delays, 0.5);
        s.delayP95Ns = quantile(delays, 0.95);
    }
    s.queues = queues(launched);
    return s;
}

} // namespace npuscope
