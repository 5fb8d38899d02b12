#pragma once

#include "analysis/calltree/calltree.h"

namespace npuscope {

// The app's ParallelFor: the tasks on QtConcurrent's global thread pool, the calling thread
// taking part (so that a call from a pool thread never waits for a thread that is not free).
ParallelFor concurrentFor();

} // namespace npuscope
