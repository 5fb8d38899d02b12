#pragma once

#include <cstdint>
#include <functional>

namespace npuscope {

// Progress callback used by every loader: (work done, work total), usually bytes.
// Returning false asks the loader to stop as soon as it can (cancellation).
// May be called from worker threads; implementations must be thread-safe.
using ProgressFn = std::function<bool(std::int64_t done, std::int64_t total)>;

} // namespace npuscope
