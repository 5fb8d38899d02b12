#pragma once

#include "model/core/issue.h"

namespace npuscope {

class Table;
class Trace;

// Adds memory_record.csv (profile_memory=True) to the trace as counter series, one per
// component (PTA, GE, PTA+GE, APP) and quantity (allocated, reserved, active; MB), under a
// "Memory (`sourceName`)" process after every other group; `sourceName` is what the export calls
// the table ("memory_record.csv", "MEMORY_RECORD in ....db": RankSource::partName). Samples
// outside the trace's time range are dropped, except the last one before it, moved to the range
// start so that each line begins at its true value. Returns the number of series added; a table
// without the needed columns adds none and says why in `issues`.
int addMemoryCounters(
    Trace &trace, const Table &memoryRecord, const QString &sourceName, IssueList *issues);

} // namespace npuscope
