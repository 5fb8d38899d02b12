#pragma once

#include "analysis/rules/findings.h"

#include <vector>

namespace npuscope {

// What of a finding's evidence the views of one rank can show.
struct EvidenceOnRank {
    std::vector<qint32> rows; // kernel rows, in evidence order
    EventRef firstEvent; // the most telling trace event; invalid when none
    TimeNs start = 0; // hull of the evidence time ranges; start == end when none
    TimeNs end = 0;
    int otherRanks = 0; // entries that belong to another rank (not shown)

    bool hasRange() const { return end > start; }
};

// The entries of `evidence` that belong to `rankIndex` (-1 in an entry: the finding's own rank,
// which is the one shown).
EvidenceOnRank evidenceOnRank(const std::vector<Evidence> &evidence, int rankIndex);

} // namespace npuscope
