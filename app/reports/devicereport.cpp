#include "app/reports/devicereport.h"

#include "app/reports/texttable.h"

#include <QJsonArray>

#include <cmath>

namespace npuscope {

namespace {

    double us(TimeNs ns) { return double(ns) / 1000.0; }

    // Percent of `whole`, two decimals (as HTA rounds its shares).
    double pct(TimeNs part, TimeNs whole)
    {
        return whole > 0 ? std::round(10000.0 * double(part) / double(whole)) / 100.0 : 0.0;
    }

    QJsonObject notInTrace(const QString &reason)
    {
        return QJsonObject { { QStringLiteral("not_in_trace"), reason } };
    }

    QString num(const QJsonValue &v, int decimals = 3)
    {
        return v.isDouble() ? QString::number(v.toDouble(), 'f', decimals) : QStringLiteral("-");
    }

    QString key(const char *k) { return QString::fromLatin1(k); }

    QJsonObject idleJson(const IdleBreakdown &idle)
    {
        QJsonObject o;
        o[key("kernel_wait_threshold_us")] = us(IdleBreakdown::kKernelWaitNs);
        o[key("host_wait_known")] = idle.linkedTasks > 0;
        QJsonArray streams;
        for (const StreamIdle &s : idle.streams)
            streams.append(QJsonObject { { key("stream"), s.stream },
                { key("gaps"), qint64(s.gaps) }, { key("host_wait_us"), us(s.hostWaitNs) },
                { key("kernel_wait_us"), us(s.kernelWaitNs) },
                { key("other_us"), us(s.otherNs) } });
        o[key("streams")] = streams;
        return o;
    }

    QJsonObject launchJson(const LaunchStats &l)
    {
        QJsonObject o;
        o[key("launches")] = qint64(l.launches);
        o[key("delay_mean_us")] = us(l.delayMeanNs);
        o[key("delay_p50_us")] = us(l.delayP50Ns);
        o[key("delay_p95_us")] = us(l.delayP95Ns);
        o[key("delay_max_us")] = us(l.delayMaxNs);
        o[key("long_delay_threshold_us")] = us(LaunchStats::kLongDelayNs);
        o[key("long_delays")] = qint64(l.longDelays);
        o[key("short_launch_threshold_us")] = us(LaunchStats::kShortLaunchNs);
        o[key("short_kernels")] = qint64(l.shortKernels);
        o[key("short_kernels_device_us")] = us(l.shortKernelsDeviceNs);
        o[key("short_kernels_launch_us")] = us(l.shortKernelsLaunchNs);
        o[key("long_launches")] = qint64(l.longLaunches);
        return o;
    }

    QJsonValue queueJson(const LaunchStats &l)
    {
        QJsonArray out;
        for (const StreamQueue &q : l.queues)
            out.append(QJsonObject { { key("stream"), q.stream }, { key("max"), q.maxLength },
                { key("mean"), std::round(q.meanLength * 100.0) / 100.0 } });
        return out;
    }

} // namespace

QJsonObject DeviceReport::timeJson(const DeviceAnalysis &device)
{
    const DeviceTime &t = device.time;
    if (t.tasks == 0)
        return notInTrace(tr("no device tasks with a time"));
    QJsonObject o;
    o[key("scope")] = deviceScopeId(device.scope);
    o[key("excluded_step")]
        = device.lastStep.isEmpty() ? QJsonValue() : QJsonValue(device.lastStep);
    o[key("excluded_tasks")] = qint64(device.excluded);
    o[key("tasks")] = qint64(t.tasks);
    o[key("linked_tasks")] = qint64(device.linked);
    if (device.kineto && device.linked == 0)
        o[key("scope_note")] = tr("The trace links no task to its launch: every task is measured "
                                  "(HTA, matching correlation ids, leaves out those launched in "
                                  "the last ProfilerStep).");
    o[key("span_us")] = us(t.spanNs);
    o[key("busy_us")] = us(t.busyNs);
    o[key("idle_us")] = us(t.idleNs);
    o[key("compute_us")] = us(t.computeNs);
    o[key("non_compute_us")] = us(t.nonComputeNs);
    o[key("idle_pct")] = pct(t.idleNs, t.spanNs);
    o[key("compute_pct")] = pct(t.computeNs, t.spanNs);
    o[key("non_compute_pct")] = pct(t.nonComputeNs, t.spanNs);
    if (t.htaRounded)
        o[key("hta_rounded")] = QJsonObject { { key("span_us"), us(t.htaRounded->spanNs) },
            { key("idle_us"), us(t.htaRounded->idleNs) },
            { key("compute_us"), us(t.htaRounded->computeNs) },
            { key("non_compute_us"), us(t.htaRounded->nonComputeNs) } };
    return o;
}

QJsonObject DeviceReport::analysesJson(const DeviceAnalysis &device)
{
    QJsonObject o;
    const bool tasks = device.time.tasks > 0;
    o[key("idle_breakdown")]
        = tasks ? idleJson(device.idle) : notInTrace(tr("no device tasks with a time"));
    if (device.time.commNs > 0)
        o[key("comm_comp_overlap")]
            = QJsonObject { { key("communication_us"), us(device.time.commNs) },
                  { key("overlapped_us"), us(device.time.commOverlapNs) },
                  { key("overlap_pct"), pct(device.time.commOverlapNs, device.time.commNs) } };
    else
        o[key("comm_comp_overlap")] = notInTrace(tr("no communication kernels"));
    const QString noLaunch = tr("no launch links (flows) from runtime calls to device tasks");
    o[key("kernel_launches")]
        = device.launches.launches > 0 ? launchJson(device.launches) : notInTrace(noLaunch);
    o[key("queue_length")]
        = device.launches.launches > 0 ? queueJson(device.launches) : notInTrace(noLaunch);
    return o;
}

namespace {

    QString notIn(const QJsonObject &o)
    {
        return DeviceReport::tr("Not in this trace: %1.").arg(o[key("not_in_trace")].toString());
    }

    DeviceReport::Section timeSection(const QJsonObject &t)
    {
        DeviceReport::Section s { DeviceReport::tr("Device time (HTA's temporal breakdown)"), {},
            {}, {} };
        if (t.contains(key("not_in_trace"))) {
            s.text = notIn(t);
            return s;
        }
        s.text = DeviceReport::tr("%n device task(s) over %1 us, idle where no stream runs.",
            nullptr, t[key("tasks")].toInt())
                     .arg(num(t[key("span_us")]));
        if (t[key("scope")].toString() != QLatin1String("all"))
            s.text += QLatin1Char(' ')
                + DeviceReport::tr("As HTA: the tasks launched before %1 (%n later task(s) left "
                                   "out).",
                    nullptr, t[key("excluded_tasks")].toInt())
                      .arg(t[key("excluded_step")].toString());
        if (t.contains(key("scope_note")))
            s.text += QLatin1Char(' ') + t[key("scope_note")].toString();
        const QJsonObject r = t[key("hta_rounded")].toObject();
        s.header = QStringList { QString(), DeviceReport::tr("Time(us)"),
            DeviceReport::tr("Share of span") };
        if (!r.isEmpty())
            s.header << DeviceReport::tr("HTA default, whole us(us)");
        auto row = [&](const QString &label, const char *k, const char *p) {
            QStringList cells { label, num(t[key(k)]),
                p ? num(t[key(p)], 2) + QLatin1Char('%') : QString() };
            if (!r.isEmpty())
                cells << num(r[key(k)], 0);
            s.rows << cells;
        };
        row(DeviceReport::tr("Span"), "span_us", nullptr);
        row(DeviceReport::tr("Idle"), "idle_us", "idle_pct");
        row(DeviceReport::tr("Compute"), "compute_us", "compute_pct");
        row(DeviceReport::tr("Non-compute"), "non_compute_us", "non_compute_pct");
        return s;
    }

    DeviceReport::Section idleSection(const QJsonObject &i)
    {
        DeviceReport::Section s { DeviceReport::tr("Idle time by cause (HTA)"), {}, {}, {} };
        if (i.contains(key("not_in_trace"))) {
            s.text = notIn(i);
            return s;
        }
        s.text = DeviceReport::tr("Gaps between a stream's tasks. Host wait: the next task was "
                                  "launched after the stream went idle. Kernel wait: it was "
                                  "launched in time and the gap is under %1 us. Other: the rest.")
                     .arg(num(i[key("kernel_wait_threshold_us")], 0));
        if (!i[key("host_wait_known")].toBool())
            s.text += QLatin1Char(' ')
                + DeviceReport::tr("Host wait is not in this trace (no launch links).");
        s.header = QStringList { DeviceReport::tr("Stream"), DeviceReport::tr("Gaps"),
            DeviceReport::tr("Host wait(us)"), DeviceReport::tr("Kernel wait(us)"),
            DeviceReport::tr("Other(us)") };
        for (const QJsonValue &v : i[key("streams")].toArray()) {
            const QJsonObject o = v.toObject();
            s.rows << QStringList { QString::number(o[key("stream")].toInt()),
                QString::number(o[key("gaps")].toInteger()), num(o[key("host_wait_us")]),
                num(o[key("kernel_wait_us")]), num(o[key("other_us")]) };
        }
        return s;
    }

    DeviceReport::Section overlapSection(const QJsonObject &c)
    {
        DeviceReport::Section s { DeviceReport::tr("Communication overlapping compute (HTA)"), {},
            {}, {} };
        s.text = c.contains(key("not_in_trace"))
            ? notIn(c)
            : DeviceReport::tr("%1 us of %2 us of communication (%3%) ran while compute ran.")
                  .arg(num(c[key("overlapped_us")]), num(c[key("communication_us")]),
                      num(c[key("overlap_pct")], 2));
        return s;
    }

    DeviceReport::Section launchSection(const QJsonObject &l)
    {
        DeviceReport::Section s { DeviceReport::tr("Kernel launches (HTA)"), {}, {}, {} };
        if (l.contains(key("not_in_trace"))) {
            s.text = notIn(l);
            return s;
        }
        s.text = DeviceReport::tr("%1 launches. Launch delay (task start after the launch call "
                                  "ended): mean %2, p50 %3, p95 %4, max %5 us; %6 over %7 us. "
                                  "Short kernels (launch call at most %8 us and longer than the "
                                  "kernel): %9, %10 us on the device for %11 us of launch calls. "
                                  "Launch calls over %8 us: %12.")
                     .arg(QString::number(l[key("launches")].toInteger()),
                         num(l[key("delay_mean_us")]), num(l[key("delay_p50_us")]),
                         num(l[key("delay_p95_us")]), num(l[key("delay_max_us")]),
                         QString::number(l[key("long_delays")].toInteger()),
                         num(l[key("long_delay_threshold_us")], 0),
                         num(l[key("short_launch_threshold_us")], 0),
                         QString::number(l[key("short_kernels")].toInteger()))
                     .arg(num(l[key("short_kernels_device_us")]),
                         num(l[key("short_kernels_launch_us")]),
                         QString::number(l[key("long_launches")].toInteger()));
        return s;
    }

    DeviceReport::Section queueSection(const QJsonValue &q)
    {
        DeviceReport::Section s { DeviceReport::tr("Queue length (HTA)"), {}, {}, {} };
        if (q.isObject()) {
            s.text = notIn(q.toObject());
            return s;
        }
        s.text = DeviceReport::tr("Tasks launched and not yet started, per stream.");
        s.header = QStringList { DeviceReport::tr("Stream"), DeviceReport::tr("Max"),
            DeviceReport::tr("Mean") };
        for (const QJsonValue &v : q.toArray()) {
            const QJsonObject o = v.toObject();
            s.rows << QStringList { QString::number(o[key("stream")].toInt()),
                QString::number(o[key("max")].toInt()), num(o[key("mean")], 2) };
        }
        return s;
    }

} // namespace

QList<DeviceReport::Section> DeviceReport::sections(const QJsonObject &rank)
{
    if (!rank.contains(key("device_time")))
        return {};
    const QJsonObject a = rank[key("device_analyses")].toObject();
    return { timeSection(rank[key("device_time")].toObject()),
        idleSection(a[key("idle_breakdown")].toObject()),
        overlapSection(a[key("comm_comp_overlap")].toObject()),
        launchSection(a[key("kernel_launches")].toObject()), queueSection(a[key("queue_length")]) };
}

QString DeviceReport::text(const QJsonObject &rank)
{
    QString s;
    for (const Section &section : sections(rank)) {
        s += section.title + QLatin1Char('\n') + QStringLiteral("  ") + section.text
            + QLatin1Char('\n');
        if (!section.rows.isEmpty())
            s += textTable(section.header, section.rows);
    }
    return s;
}

} // namespace npuscope
