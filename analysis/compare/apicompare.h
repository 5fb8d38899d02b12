#pragma once

#include "model/core/trace.h"

#include <QString>

#include <vector>

namespace npuscope {

// One framework API (host op name) of either run: a row of msprof-analyze compare's ApiCompare
// sheet (mstt compare_tools: api_compare_bean.py, tree_builder.py). Every host op but the
// ProfilerStep#N ones counts: torch_npu's cpu_op slices, Kineto's cpu_op / operator / runtime /
// user_annotation ones. Self time is the duration less the durations of the ops nested in it by
// time, across threads, as the vendor nests them.
struct ApiDiffRow {
    QString name;
    TimeNs baseTotalNs = 0;
    TimeNs baseSelfNs = 0;
    qint64 baseCount = 0; // 0: not in the base run
    TimeNs newTotalNs = 0;
    TimeNs newSelfNs = 0;
    qint64 newCount = 0;
};

// Host ops that start in [from, to] (from >= to: all) of each run, by name: the base run's names
// in the order they first run, then the names only the new run has.
std::vector<ApiDiffRow> compareApis(const Trace *base, TimeNs baseFrom, TimeNs baseTo,
    const Trace *next, TimeNs newFrom, TimeNs newTo);

} // namespace npuscope
