#include "widgets/session/evidenceonrank.h"

#include <algorithm>

namespace npuscope {

EvidenceOnRank evidenceOnRank(const std::vector<Evidence> &evidence, int rankIndex)
{
    EvidenceOnRank out;
    bool anyRange = false;
    for (const Evidence &e : evidence) {
        if (e.rankIndex >= 0 && e.rankIndex != rankIndex) {
            ++out.otherRanks;
            continue;
        }
        if (e.row >= 0)
            out.rows.push_back(e.row);
        if (!out.firstEvent.isValid() && e.event.isValid())
            out.firstEvent = e.event;
        if (e.end > e.start) {
            out.start = anyRange ? std::min(out.start, e.start) : e.start;
            out.end = anyRange ? std::max(out.end, e.end) : e.end;
            anyRange = true;
        }
    }
    return out;
}

} // namespace npuscope
