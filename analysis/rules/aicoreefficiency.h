#pragma once

#include "analysis/rules/findingchecks.h"
#include "analysis/rules/findings.h"

#include <optional>

namespace npuscope {

// aicore-op-efficiency: msprof-analyze's AI Core performance analysis (rules/en/
// aicore_performance.yaml): cube (MatMul), FlashAttention and vector operators by name and shape,
// each with its bound (pipelines at their limit), its room for optimisation (how far its
// pipelines are from the rule's thresholds) or its unaffine shape.
std::optional<Finding> findAiCoreOpEfficiency(const DetectorInput &in);

// The kernel rows need their pipeline ratios (aic_metrics PipeUtilization), Accelerator Core and
// Input / Output Shapes.
std::optional<MissingData> missingPipeRatios(const DetectorInput &in);
std::optional<MissingData> missingShapesAndRatios(const DetectorInput &in);

} // namespace npuscope
