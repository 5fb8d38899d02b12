#pragma once

#include "model/core/types.h"
#include "model/db/dbidindex.h"

#include <cstdint>

namespace npuscope {

// The fwdbwd flows of PYTORCH_API, as torch_npu writes them into trace_view.json (all six sample
// text exports of 2025-01 agree): per sequence number, from the forward op (fwdThreadId 0) that
// starts last (the innermost of aten::conv2d > aten::convolution) to the backward op that starts
// first. The call tree places backward work under its forward op through them.
class DbSequenceFlows {
public:
    struct Op {
        TimeNs start;
        std::uint32_t track;
    };
    // A framework op with a sequence number; backward: its fwdThreadId is set.
    void add(std::int64_t sequence, Op op, bool backward) { m_ops.add(sequence, { op, backward }); }
    // f(forward, backward) per sequence number that has both, ascending.
    template <class F> void forEachPair(F f)
    {
        m_ops.build();
        m_ops.forEach([&](std::int64_t, std::span<const Entry> entries) {
            const Entry *forward = nullptr, *backward = nullptr;
            for (const Entry &e : entries) {
                const Entry *&best = e.backward ? backward : forward;
                if (!best
                    || (e.backward ? e.op.start < best->op.start : e.op.start > best->op.start))
                    best = &e;
            }
            if (forward && backward)
                f(forward->op, backward->op);
        });
    }

private:
    struct Entry {
        Op op;
        bool backward;
    };
    DbIdIndex<Entry> m_ops;
};

} // namespace npuscope
