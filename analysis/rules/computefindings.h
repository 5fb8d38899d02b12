#pragma once

#include "analysis/rules/findingchecks.h"
#include "analysis/rules/findings.h"

#include <optional>

namespace npuscope {

// The per-operator pipeline checks of msprof-analyze's advisor over the kernel rows' pipeline
// ratios, and its AI Core frequency check over the trace's AI Core Freq counter.
std::optional<Finding> findOpBound(const DetectorInput &in); // op-bound
std::optional<Finding> findOpNoBound(const DetectorInput &in); // op-no-bound
std::optional<Finding> findAiCoreFrequency(const DetectorInput &in); // aicore-frequency

// aicore-frequency: a trace with the AI Core Freq counter and kernel rows.
std::optional<MissingData> missingAiCoreFreq(const DetectorInput &in);

} // namespace npuscope
