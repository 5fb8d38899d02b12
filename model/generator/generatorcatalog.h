#pragma once

// Internal to the profile generator: the kernels and host operators it can emit, with names,
// types, shapes and duration ranges as CANN and torch_npu write them.

#include "model/core/types.h"

#include <cstdint>

namespace npuscope::gen {

constexpr TimeNs kUs = 1000;

enum class Core : std::uint8_t { AiCore, AiVector, MixAiv, AiCpu, Hccl };
const char *coreName(Core core); // kernel_details "Accelerator Core"
const char *taskTypeName(Core core); // trace_view "Task Type"

struct KernelSpec {
    const char *name; // full name, or the prefix of a numbered name
    const char *suffix; // after the number of a numbered name; nullptr = not numbered
    const char *type;
    Core core;
    TimeNs minNs;
    TimeNs maxNs;
    bool heavy; // compute-bound (MatMul, Conv): long, full block dim
    bool hf32;
    const char *inShapes; // nullptr = N/A
    const char *inTypes;
    const char *inFormats;
    const char *outShapes;
    const char *outTypes;
    const char *outFormats;
};

// A host (aten) operator, the ACL API it calls and the kernels that API launches.
struct OpSpec {
    const char *host;
    const char *parent; // wrapping aten op (aten::linear around aten::addmm) or nullptr
    const char *api; // ACL API without "AscendCL@"
    const KernelSpec *kernels[2];
};

extern const KernelSpec kTransDataKernel; // planted before heavy kernels (NCHW -> NC1HWC0)
extern const KernelSpec kAllReduceKernel; // hcom_allReduce_ on the HCCL stream

extern const OpSpec kLinearOp;
extern const OpSpec kAddOp;
extern const OpSpec kLayerNormOp;
extern const OpSpec kMulOp;
extern const OpSpec kConvOp;
extern const OpSpec kReluOp;
extern const OpSpec kMmInOp;
extern const OpSpec kMmWOp;
extern const OpSpec kSumOp;
extern const OpSpec kAddInplaceOp;
extern const OpSpec kConvBwdOp;
extern const OpSpec kReluGradOp;
extern const OpSpec kForeachAddOp;
extern const OpSpec kForeachMulOp;
extern const OpSpec kNonZeroOp;
extern const OpSpec kUniqueOp;

} // namespace npuscope::gen
