#include "model/generator/generatorcatalog.h"

namespace npuscope::gen {

// Kernel catalogue: names, types and shapes as CANN writes them (sample kernel_details.csv).
// Columns: name, suffix, type, core, min, max, heavy, hf32, in shapes/types/formats, out ...
constexpr KernelSpec kMatMulFwd { "aclnnAddmm_MatMulCommon_MatMulV2", nullptr, "MatMulV2",
    Core::AiCore, 120 * kUs, 380 * kUs, true, false, "32,4096;4096,4096;4096",
    "FLOAT16;FLOAT16;FLOAT16", "FORMAT_ND;FORMAT_ND;FORMAT_ND", "32,4096", "FLOAT16", "FORMAT_ND" };
constexpr KernelSpec kAdd { "aclnnAdd_AddAiCore_Add", nullptr, "Add", Core::AiVector, 6 * kUs,
    30 * kUs, false, false, "32,4096;32,4096", "FLOAT16;FLOAT16", "FORMAT_ND;FORMAT_ND", "32,4096",
    "FLOAT16", "FORMAT_ND" };
constexpr KernelSpec kLayerNorm { "aclnnLayerNorm_LayerNormV4_LayerNormV4", nullptr, "LayerNormV4",
    Core::MixAiv, 12 * kUs, 45 * kUs, false, false, "32,4096;4096;4096", "FLOAT16;FLOAT16;FLOAT16",
    "FORMAT_ND;FORMAT_ND;FORMAT_ND", "32,4096;32,1;32,1", "FLOAT16;FLOAT;FLOAT",
    "FORMAT_ND;FORMAT_ND;FORMAT_ND" };
constexpr KernelSpec kMul { "aclnnMul_Mul_Mul", nullptr, "Mul", Core::AiVector, 5 * kUs, 18 * kUs,
    false, false, "32,4096;32,4096", "FLOAT16;FLOAT16", "FORMAT_ND;FORMAT_ND", "32,4096", "FLOAT16",
    "FORMAT_ND" };
constexpr KernelSpec kConv { "aclnnConvolution_Conv2D_Conv2D", nullptr, "Conv2D", Core::AiCore,
    100 * kUs, 340 * kUs, true, true, "32,4,56,56,16;64,4,16,16;64", "FLOAT16;FLOAT16;FLOAT16",
    "NC1HWC0;FRACTAL_Z;ND", "32,4,56,56,16", "FLOAT16", "NC1HWC0" };
constexpr KernelSpec kRelu { "aclnnRelu_Relu_Relu", nullptr, "Relu", Core::AiVector, 5 * kUs,
    22 * kUs, false, false, "32,4,56,56,16", "FLOAT16", "NC1HWC0", "32,4,56,56,16", "FLOAT16",
    "NC1HWC0" };
constexpr KernelSpec kMatMulBwdIn { "aclnnMm_MatMulCommon_MatMulV2", nullptr, "MatMulV2",
    Core::AiCore, 110 * kUs, 360 * kUs, true, false, "32,4096;4096,4096", "FLOAT16;FLOAT16",
    "FORMAT_ND;FORMAT_ND", "32,4096", "FLOAT16", "FORMAT_ND" };
constexpr KernelSpec kMatMulBwdW { "aclnnMm_MatMulCommon_MatMulV2", nullptr, "MatMulV2",
    Core::AiCore, 110 * kUs, 360 * kUs, true, false, "4096,32;32,4096", "FLOAT16;FLOAT16",
    "FORMAT_ND;FORMAT_ND", "4096,4096", "FLOAT16", "FORMAT_ND" };
constexpr KernelSpec kReduceSum { "aclnnReduceSum_ReduceSum_ReduceSum", nullptr, "ReduceSum",
    Core::MixAiv, 10 * kUs, 40 * kUs, false, false, "32,4096;1", "FLOAT16;INT64",
    "FORMAT_ND;FORMAT_ND", "4096", "FLOAT16", "FORMAT_ND" };
constexpr KernelSpec kInplaceAdd { "aclnnInplaceAdd_Add_Add", nullptr, "Add", Core::AiVector,
    6 * kUs, 26 * kUs, false, false, "4096,4096;4096,4096", "FLOAT16;FLOAT16",
    "FORMAT_ND;FORMAT_ND", "4096,4096", "FLOAT16", "FORMAT_ND" };
constexpr KernelSpec kConvBwdIn {
    "aclnnConvolutionBackward_Conv2DBackpropInput_Conv2DBackpropInput", nullptr,
    "Conv2DBackpropInput", Core::AiCore, 100 * kUs, 320 * kUs, true, true,
    "32,4,56,56,16;64,4,16,16", "FLOAT16;FLOAT16", "NC1HWC0;FRACTAL_Z", "32,4,56,56,16", "FLOAT16",
    "NC1HWC0"
};
constexpr KernelSpec kConvBwdFilter {
    "aclnnConvolutionBackward_Conv2DBackpropFilter_Conv2DBackpropFilter", nullptr,
    "Conv2DBackpropFilter", Core::AiCore, 90 * kUs, 300 * kUs, true, true,
    "32,4,56,56,16;32,4,56,56,16", "FLOAT16;FLOAT16", "NC1HWC0;NC1HWC0", "64,4,16,16", "FLOAT",
    "FRACTAL_Z"
};
constexpr KernelSpec kReluGrad { "aclnnThresholdBackward_ReluGrad_ReluGrad", nullptr, "ReluGrad",
    Core::AiVector, 5 * kUs, 25 * kUs, false, false, "32,4,56,56,16;32,4,56,56,16",
    "FLOAT16;FLOAT16", "NC1HWC0;NC1HWC0", "32,4,56,56,16", "FLOAT16", "NC1HWC0" };
constexpr KernelSpec kForeachAdd { "aclnnForeachAddListV2_ForeachAddList_ForeachAddList", nullptr,
    "ForeachAddList", Core::AiVector, 250 * kUs, 650 * kUs, false, false, "4096,4096;4096,4096",
    "FLOAT;FLOAT", "FORMAT_ND;FORMAT_ND", "4096,4096", "FLOAT", "FORMAT_ND" };
constexpr KernelSpec kForeachMul { "aclnnForeachMulScalar_ForeachMulScalar_ForeachMulScalar",
    nullptr, "ForeachMulScalar", Core::AiVector, 150 * kUs, 400 * kUs, false, false, "4096,4096;1",
    "FLOAT;FLOAT", "FORMAT_ND;FORMAT_ND", "4096,4096", "FLOAT", "FORMAT_ND" };
constexpr KernelSpec kNonZero { "aclnnNonzero_NonZero_NonZero", nullptr, "NonZero", Core::AiCpu,
    22 * kUs, 110 * kUs, false, false, "32,4096", "FLOAT16", "FORMAT_ND", "131072,2", "INT64",
    "FORMAT_ND" };
constexpr KernelSpec kUnique { "aclnnUnique2_Unique_Unique", nullptr, "Unique", Core::AiCpu,
    8 * kUs, 45 * kUs, false, false, "131072", "INT64", "FORMAT_ND", "131072;131072;131072",
    "INT64;INT64;INT64", "FORMAT_ND;FORMAT_ND;FORMAT_ND" };
const KernelSpec kTransDataKernel { "trans_TransData_", "", "TransData", Core::AiVector, 0, 0,
    false, false, "32,64,56,56", "FLOAT16", "NCHW", "32,4,56,56,16", "FLOAT16", "NC1HWC0" };
const KernelSpec kAllReduceKernel { "hcom_allReduce__586_", "_1", "hcom_allReduce_", Core::Hccl, 0,
    0, false, false, nullptr, nullptr, nullptr, nullptr, nullptr, nullptr };

const OpSpec kLinearOp { "aten::addmm", "aten::linear", "aclnnAddmm", { &kMatMulFwd, nullptr } };
const OpSpec kAddOp { "aten::add", nullptr, "aclnnAdd", { &kAdd, nullptr } };
const OpSpec kLayerNormOp { "aten::native_layer_norm", "aten::layer_norm", "aclnnLayerNorm",
    { &kLayerNorm, nullptr } };
const OpSpec kMulOp { "aten::mul", nullptr, "aclnnMul", { &kMul, nullptr } };
const OpSpec kConvOp { "aten::convolution", "aten::conv2d", "aclnnConvolution",
    { &kConv, nullptr } };
const OpSpec kReluOp { "aten::relu", nullptr, "aclnnRelu", { &kRelu, nullptr } };
const OpSpec kMmInOp { "aten::mm", nullptr, "aclnnMm", { &kMatMulBwdIn, nullptr } };
const OpSpec kMmWOp { "aten::mm", nullptr, "aclnnMm", { &kMatMulBwdW, nullptr } };
const OpSpec kSumOp { "aten::sum", nullptr, "aclnnReduceSum", { &kReduceSum, nullptr } };
const OpSpec kAddInplaceOp { "aten::add_", nullptr, "aclnnInplaceAdd", { &kInplaceAdd, nullptr } };
const OpSpec kConvBwdOp { "aten::convolution_backward", nullptr, "aclnnConvolutionBackward",
    { &kConvBwdIn, &kConvBwdFilter } };
const OpSpec kReluGradOp { "aten::threshold_backward", nullptr, "aclnnThresholdBackward",
    { &kReluGrad, nullptr } };
const OpSpec kForeachAddOp { "aten::_foreach_add_", nullptr, "aclnnForeachAddListV2",
    { &kForeachAdd, nullptr } };
const OpSpec kForeachMulOp { "aten::_foreach_mul_", nullptr, "aclnnForeachMulScalar",
    { &kForeachMul, nullptr } };
const OpSpec kNonZeroOp { "aten::nonzero", nullptr, "aclnnNonzero", { &kNonZero, nullptr } };
const OpSpec kUniqueOp { "aten::_unique2", nullptr, "aclnnUnique2", { &kUnique, nullptr } };

const char *coreName(Core core)
{
    switch (core) {
    case Core::AiCore:
        return "AI_CORE";
    case Core::AiVector:
        return "AI_VECTOR_CORE";
    case Core::MixAiv:
        return "MIX_AIV";
    case Core::AiCpu:
        return "AI_CPU";
    case Core::Hccl:
        return "HCCL";
    }
    return "N/A";
}

const char *taskTypeName(Core core)
{
    // The trace calls vector-core kernels AI_CORE tasks (sample: trans_TransData_0).
    switch (core) {
    case Core::AiCore:
    case Core::AiVector:
        return "AI_CORE";
    case Core::MixAiv:
        return "MIX_AIV";
    case Core::AiCpu:
        return "AI_CPU";
    case Core::Hccl:
        return "HCCL";
    }
    return "N/A";
}

} // namespace npuscope::gen
