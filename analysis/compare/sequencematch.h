#pragma once

#include <QString>

#include <vector>

namespace npuscope {

// A pair of a matched sequence: indices into the base and the new sequence, -1 for none.
struct SequencePair {
    int base = -1;
    int next = -1;
};

// The longest common subsequence of two name sequences, as pairs in order (unmatched items of
// either side between them), with msprof-analyze compare's tie rule (mstt compare_tools
// common_func.py longest_common_subsequence_matching): when dropping either side keeps the
// same length, the base item is the one left unmatched. O(base * new) time, bits of memory.
std::vector<SequencePair> matchSequences(
    const std::vector<QString> &base, const std::vector<QString> &next);

} // namespace npuscope
