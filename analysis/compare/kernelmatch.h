#pragma once

#include "model/profile/profile.h"

#include <QString>
#include <QStringView>

#include <span>
#include <utility>
#include <vector>

namespace npuscope {

class KernelKinds;

// Pairs (index in a, index in b) of equal keys that a shortest edit script keeps: the longest
// common subsequence as long as the two sequences differ by at most `maxEdits` insertions and
// deletions (Myers' O((N+M)·D) diff after trimming the common prefix and suffix). A region that
// differs more is cut in two halves that are aligned on their own (a bounded window), so the
// cost stays O((N+M)·maxEdits) and the pairs stay in increasing order on both sides.
using AlignedPair = std::pair<qint32, qint32>;
std::vector<AlignedPair> alignSequences(
    std::span<const quint32> a, std::span<const quint32> b, int maxEdits);

// Most kernels of a step: the same model launches the same sequence of kernels; a change adds or
// removes a handful. 256 edits keep the worst case (two unrelated runs) quick for 100k kernels
// per step, and a few hundred differences are already a different program.
constexpr int kMaxAlignEdits = 256;

// The name with its instance numbers dropped, so that renumbered kernels still pair up:
// "trans_TransData_12" -> "trans_TransData_", "Conv2D4" -> "Conv2D",
// "hcom_allReduce__612_6_1" -> "hcom_allReduce__". Trailing digit groups (and the underscores
// before them) are the op-instance counters CANN appends.
QString kernelFamily(QStringView name);

// One side of a match: a rank and the kernel rows to match (e.g. one step's), in any order.
struct MatchSide {
    const RankProfile *rank = nullptr;
    const KernelKinds *kinds = nullptr;
    std::vector<qint32> rows;
};

struct KernelPair {
    qint32 baseRow = -1;
    qint32 newRow = -1;
};

struct KernelMatch {
    std::vector<KernelPair> pairs; // by base start time within each kind (compute, then comm)
    std::vector<qint32> onlyBase; // kernel rows of the base without a partner, ascending
    std::vector<qint32> onlyNew;
};

// Matches the kernels of two runs by name and order of occurrence. Compute kernels and
// communication are matched separately (collectives drift against compute as timings change),
// each in start order: first on exact names, then the stretches left between matched kernels
// again on kernelFamily() names (renumbered instances; also variants that differ only in a
// trailing number, such as MatMulV2 -> MatMulV3, which is the change a user wants to see).
KernelMatch matchKernels(const MatchSide &base, const MatchSide &next);

} // namespace npuscope
