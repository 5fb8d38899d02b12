#pragma once

#include "model/core/issue.h"
#include "model/core/kerneltable.h"
#include "model/core/trace.h"

#include <memory>

namespace npuscope {

// A timeline for a rank whose trace_view.json is absent or unreadable: the kernel rows of
// kernel_details.csv (stream, start, duration, name) as device tracks, one "Ascend Hardware /
// Stream N" per stream and the communication tasks (HCCL, no stream) on a track of their own,
// and the steps as "ProfilerStep#N" slices spanning their kernels (Step Id), in the same Trace
// structure as a real trace, so that selection, gaps, compare, export and annotations work.
class KernelTimeline {
public:
    // Null when no row has a start time. Trace::path is the kernel table's file.
    static std::shared_ptr<Trace> build(const KernelTable &kernels, IssueList *issues);
    // The file name of the table a timeline was made from ("kernel_details.csv"), or empty for
    // a timeline read from a trace file.
    static QString builtFrom(const Trace &trace);

    // "Ascend Hardware", "Communication", "Steps": the process names of the tracks built.
    static QString deviceProcess();
    static QString communicationProcess();
    static QString stepProcess();
};

} // namespace npuscope
