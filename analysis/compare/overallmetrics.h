#pragma once

#include "model/profile/profile.h"

#include <QString>

#include <array>
#include <cstdint>
#include <vector>

namespace npuscope {

class KernelKinds;

// The computing categories of msprof-analyze compare's OverallMetrics sheet (mstt,
// compare_tools: base_profiling_parser.py categorize_computing_performance_data, the masks of
// compare_config.ini), one per kernel row:
//  1. SDMA (Tensor Move): an "aclnnInplaceCopy*" kernel whose name holds "TensorMove".
//  2. Page Attention: Type holding "PagedAttention".
//  3. The framework op that launched the kernel (its flow starts inside it), when its name holds
//     a Flash Attention mask (flash_attention, fusion_attention, flashattn, xformers_flash,
//     efficient_attention, flash2attn), "aten::conv" or a matmul mask (aten::addmm, aten::bmm,
//     aten::mm, aten::matmul): that family, backward when the op's name holds bwd / backward /
//     back / grad (for Conv also when it runs on the backward thread), Cube when the kernel is.
//  4. Ascend kernels without such an op, by Type: "FlashAttention" (backward with bwd / grad),
//     "Conv*" (backward with a backward word), "MatMul": the family's Cube part.
//  5. Otherwise Cube when the kernel is a cube kernel, else Vector (Trans) when its name holds
//     cast / transdata / transpose, else Vector (No Trans).
// A kernel is a cube kernel when its aicore_time(us) or mac_time(us) is above 0 (Ascend), or
// its name holds gemm / conv / cutlass / wgrad / gemvx (GPU). Ascend rows without
// aiv_vec_time(us) and mac_time(us) (AI_CPU, communication) are not counted, as in the vendor's.
enum class ComputeCategory : std::uint8_t {
    FlashAttentionForwardCube,
    FlashAttentionForwardVector,
    FlashAttentionBackwardCube,
    FlashAttentionBackwardVector,
    ConvForwardCube,
    ConvForwardVector,
    ConvBackwardCube,
    ConvBackwardVector,
    MatmulCube,
    MatmulVector,
    PageAttention,
    VectorTrans,
    VectorNoTrans,
    Cube,
    SdmaTensorMove,
    None, // not counted
};
constexpr int kComputeCategoryCount = 15;

struct CategoryTotal {
    TimeNs ns = 0;
    qint64 count = 0;
};

// Uncovered communication of one group (a "Group N Communication" thread of the HCCL process):
// the part of its ops that overlaps no computation, split into waiting (Notify_Wait tasks of
// the plane that waits least, RDMA transfer waits excepted) and transmitting.
struct CommGroupTime {
    QString name;
    TimeNs waitNs = 0;
    TimeNs transmitNs = 0;
};

// The time decomposition of one run (one step, or the whole run when it has no steps).
struct OverallMetrics {
    bool fromOverlapAnalysis = false; // computing / communication from the Overlap Analysis lanes
    bool noPmu = false; // the kernel table has no PMU columns: no category is known
    std::array<CategoryTotal, kComputeCategoryCount> categories {};
    std::vector<ComputeCategory> rowCategory; // per kernel row; None for rows not compared
    TimeNs computeNs = 0; // "Computing" of the Overlap Analysis, or the union of compute tasks
    TimeNs commNotOverlappedNs = 0;
    TimeNs lcclNs = 0; // "kernel_aivec" tasks: LCCL communication run on vector cores
    TimeNs e2eNs = 0; // first to last device activity
    std::vector<CommGroupTime> groups;

    TimeNs freeNs() const { return e2eNs - computeNs - lcclNs - commNotOverlappedNs; }
    const CategoryTotal &at(ComputeCategory c) const { return categories[std::size_t(c)]; }
};

// `rows`: the kernel rows compared (ascending); [from, to]: their step (from == to == 0: the
// whole run).
OverallMetrics computeOverallMetrics(const RankProfile &rank, const KernelKinds &kinds,
    const std::vector<qint32> &rows, TimeNs from, TimeNs to);

// One row of the OverallMetrics table of two runs, in the vendor's order; rows that are 0 on
// both sides are left out, as in the vendor's sheet.
struct OverallRow {
    QString key; // stable: "computing", "conv_forward", "conv_forward_cube", "comm_group", ...
    QString index; // the vendor's row name: "Conv (Forward) (Cube)", "Group 0 Communication"
    int depth = 0; // 0 for the four totals, 1 and 2 for their parts
    TimeNs baseNs = 0;
    TimeNs newNs = 0;
    qint64 baseCount = -1; // -1: not counted (the vendor's "/")
    qint64 newCount = -1;
    std::vector<ComputeCategory> categories; // the categories the row adds up (computing rows)
};
std::vector<OverallRow> overallRows(const OverallMetrics &base, const OverallMetrics &next);

// The translated name of a row (its index for the communication groups).
QString overallRowName(const OverallRow &row);

} // namespace npuscope
