#pragma once

#include "analysis/device/deviceanalysis.h"

#include <QCoreApplication>
#include <QJsonObject>
#include <QList>
#include <QStringList>

namespace npuscope {

// HTA's per-rank analyses in `report --json` and in the text and document reports.
// `device_time`: scope ("all" or "launched_before_last_step", HTA's: the tasks launched before
// the last ProfilerStep), excluded_step, excluded_tasks, tasks, linked_tasks (tasks the trace
// links to their launch), span_us, busy_us, idle_us,
// compute_us, non_compute_us and their *_pct of the span; hta_rounded (span, idle, compute and
// non-compute as HTA computes them by default, timestamps rounded to whole µs) when a task time
// is not a whole µs. `device_analyses`: idle_breakdown (per stream host_wait_us, kernel_wait_us,
// other_us), comm_comp_overlap, kernel_launches, queue_length. A part the trace cannot give is
// {"not_in_trace": reason}.
class DeviceReport {
    Q_DECLARE_TR_FUNCTIONS(npuscope::DeviceReport)

public:
    static QJsonObject timeJson(const DeviceAnalysis &device);
    static QJsonObject analysesJson(const DeviceAnalysis &device);

    // One part of the reports: a title, a line, and a table when there is one.
    struct Section {
        QString title;
        QString text;
        QStringList header;
        QList<QStringList> rows;
    };
    // From a rank's report object (device_time and device_analyses); empty without them.
    static QList<Section> sections(const QJsonObject &rank);
    static QString text(const QJsonObject &rank); // the sections for the terminal
};

} // namespace npuscope
