#pragma once

// Internal to the profile generator: the JSON files torch_npu writes beside its output,
// profiler_info_N.json and profiler_metadata.json, with the sample's keys and layout.

#include "model/core/types.h"
#include "model/generator/generator.h"

#include <QString>

namespace npuscope::gen {

struct ProfilerInfoFields {
    int steps = 0; // the schedule's "active" steps
    TimeNs startMonotonicNs = 0;
    TimeNs endNs = 0; // collectionTimeEnd, epoch ns
    TimeNs endMonotonicNs = 0;
    int rank = 0;
    GeneratorFormat format = GeneratorFormat::Text; // "_export_type"
    bool profileMemory = false;
    bool withStack = false;
};

// Level1 with every costly option off but those asked for (so that a clean profile raises no
// profiler-overhead finding).
QString profilerInfoJson(const ProfilerInfoFields &fields);
QString profilerMetadataJson();

} // namespace npuscope::gen
