#pragma once

#include "analysis/rules/findings.h"

namespace npuscope {

// Findings about where the step's time goes: device idle time, communication, and time no
// device task accounts for.
std::optional<Finding> findHostBound(const DetectorInput &in); // host-bound
std::optional<Finding> findCommNotOverlapped(const DetectorInput &in); // comm-not-overlapped
std::optional<Finding> findUnaccountedTime(const DetectorInput &in); // unaccounted-time

// The rows of kFlagHostBound (kernelflags.h): the host-bound finding's "stalled" kernels.
std::vector<qint32> stalledKernels(const KernelTable &kernels, const KernelKinds &kinds);

} // namespace npuscope
