#pragma once

#include "analysis/rules/findings.h"

namespace npuscope {

// fusible-ops: sequences of aten operators that a fused torch_npu (or MindSpeed) API replaces,
// after the aten rules of msprof-analyze's rules/timeline_fusion_ops.yaml (issue 36; its
// optimizer rules are affinity-api). Matched on the top-level forward aten operators of each host
// thread, with the Python stacks of the matches.
std::optional<Finding> findFusibleOps(const DetectorInput &in);

// Which rules the check applied: those of the profile's CANN version, or all when it is unknown.
QString fusibleOpsNote(const DetectorInput &in);

} // namespace npuscope
