#pragma once

#include "model/core/types.h"

#include <algorithm>
#include <cstdint>
#include <vector>

namespace npuscope {

// The "Sequence number" that PyTorch writes in the args of autograd ops, for the events that
// carry one: with it the call tree places backward work under its forward op when the trace has
// no fwdbwd flows to say so (older Kineto traces). Read from the file at load time
// (readSequenceNumbers(), model/trace/sequencereader.h), so that the analysis reads no file.
struct SequenceNumbers {
    // Events by (track << 32 | index), ascending; numbers[i] is the number of keys[i].
    std::vector<std::uint64_t> keys;
    std::vector<std::int64_t> numbers;
    // Whether they were read at all: false when the trace links backward work by fwdbwd flows,
    // has no file to read from, or has more host ops than are read (see sequencereader.h).
    bool read = false;

    static std::uint64_t key(EventRef ref)
    {
        return (std::uint64_t(ref.track.value) << 32) | std::uint64_t(ref.index);
    }
    // The number of `ref`; -1 when it has none.
    std::int64_t of(EventRef ref) const
    {
        const auto it = std::lower_bound(keys.begin(), keys.end(), key(ref));
        return it != keys.end() && *it == key(ref) ? numbers[std::size_t(it - keys.begin())] : -1;
    }
};

} // namespace npuscope
