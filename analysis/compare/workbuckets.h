#pragma once

#include <QString>
#include <QStringView>

#include <cstdint>
#include <vector>

namespace npuscope {

class KernelKinds;
class KernelTable;

// Kinds of device work that both backends have, so that a Kineto (GPU) trace and an Ascend
// profile can be compared although their kernel names share nothing.
enum class WorkBucket : std::uint8_t {
    MatrixMultiply,
    Convolution,
    ElementWise, // element-wise and other vector work: activations, norms, reductions, casts
    FormatConversion,
    Communication,
    MemoryCopy,
    Other,
};
constexpr int kWorkBucketCount = 7;

// The name-to-bucket mapping. The first rule that matches decides (so a cuDNN convolution that
// runs an "sgemm" kernel is a convolution, not a matrix multiply). Text matches ignore case.
//
//  1. Communication: KernelKinds::isCommunication (Hccl*, hcom_*, nccl*, Accelerator Core HCCL);
//     also names holding "nccl" or "AllReduce"/"AllGather"/"ReduceScatter"/"SendRecv".
//  2. Memory copy: Type or name "Memcpy", "Memset", "MemSet", "MemCopy", "TensorMove",
//     Kineto categories Memcpy/Memset, ATen's copy_device_to_device kernels.
//  3. Format conversion: TransData (Type, or the name when the Type is N/A: KernelKinds), the
//     cuDNN layout kernels nchwToNhwc / nhwcToNchw, "Transpose" Types and kernels.
//  4. Convolution: names or Types holding "conv" (Conv2D, Conv2DBackpropInput/Filter, Conv3D,
//     implicit_convolve_sgemm, cudnn::...convolve...), cuDNN's "scudnn" / "winograd" / "wgrad" /
//     "dgrad" / "im2col" kernels and cask_cudnn offset kernels.
//  5. Matrix multiply: "MatMul", "BatchMatMul", "gemm" (sgemm, hgemm, cutlass, cublas),
//     "FlashAttention" (its time is cube/tensor-core matrix work), Type "GEMM".
//  6. Element-wise / vector: Ascend tasks of AI_VECTOR_CORE, MIX_AIV or AI_CORE not caught
//     above; Kineto kernels whose name says elementwise, reduce, softmax, norm, batch norm
//     (bn_), pooling, activation (relu, gelu, silu), dropout, Functor, cunn_, or cast.
//  7. Other: everything else (AI_CPU tasks, DSA, unknown GPU kernels).
WorkBucket workBucketOf(QStringView name, QStringView type, QStringView core, bool communication);

// The bucket of every kernel row (decided once per distinct name/type/core triple).
std::vector<WorkBucket> workBuckets(const KernelTable &kernels, const KernelKinds &kinds);

QString workBucketKey(WorkBucket bucket); // "matrix_multiply", ... (stable, for JSON)
QString workBucketName(WorkBucket bucket); // "Matrix multiply", ... (translated)

} // namespace npuscope
