#pragma once

#include "model/core/sequencenumbers.h"

namespace npuscope {

class Trace;

// Reads the sequence numbers of a loaded trace's host ops from its file (SequenceNumbers), for
// every non-instant event of a host thread that is not a Python frame, when the trace has no
// fwdbwd flow between two such events (otherwise the call tree needs none). Nothing is read past
// kMaxSequenceReads ops, or without a file (a database, a merged trace). The ops are read in the
// order of their bytes in the file, a window at a time, for many ops in two halves on two threads.
SequenceNumbers readSequenceNumbers(const Trace &trace);

constexpr std::size_t kMaxSequenceReads = 2'000'000;

} // namespace npuscope
