#pragma once

// A small torch_npu profile written for the tests of msprof-analyze compare's tables (overall
// categories, modules): a forward pass of nn.Module slices with the framework ops that launch
// each kernel (async_npu flows), a backward op linked to its forward op (fwdbwd), an optimizer
// step, kernels without a launch, Overlap Analysis lanes and one communication group. Every
// kernel's expected category is written beside it, from the rules (not from npuscope).

#include "analysis/compare/comparison.h"
#include "analysis/rules/findings.h"
#include "model/profile/profileloader.h"

#include <QByteArray>
#include <QDir>
#include <QFile>
#include <QString>

#include <memory>
#include <vector>

namespace vendorcompare {

struct Kernel {
    const char *name;
    const char *type;
    qint64 ts; // us, on the device
    qint64 dur; // us
    const char *aicore; // aicore_time(us)
    const char *aivVec; // aiv_vec_time(us); "N/A": not counted by the vendor
    qint64 launch; // us: the start of the host op that launched it; -1: no flow
    const char *category; // the expected OverallMetrics row (leaf), "" when not counted
};

struct HostOp {
    const char *cat; // "cpu_op" or "python_function"
    const char *name;
    int tid;
    qint64 ts;
    qint64 dur;
};

// `slower`: the new run (a few kernels longer, a Dropout_0 module added in Net_0).
inline std::vector<HostOp> hostOps(bool slower)
{
    std::vector<HostOp> ops {
        { "python_function", "nn.Module: Net_0", 1, 100, 300 },
        { "python_function", "nn.Module: Conv2d_0", 1, 110, 90 },
        { "cpu_op", "aten::conv2d", 1, 120, 70 },
        { "cpu_op", "launch_transdata", 1, 121, 2 },
        { "cpu_op", "launch_conv", 1, 125, 2 },
        { "python_function", "nn.Module: Linear_0", 1, 210, 90 },
        { "cpu_op", "aten::addmm", 1, 220, 40 },
        { "cpu_op", "launch_matmul", 1, 221, 2 },
        { "cpu_op", "launch_cast", 1, 225, 2 },
        { "cpu_op", "aten::add", 1, 320, 10 },
        { "cpu_op", "aten::copy_", 1, 350, 10 },
        { "cpu_op", "autograd::engine::evaluate_function: ConvolutionBackward0", 2, 600, 100 },
        { "cpu_op", "aten::convolution_backward", 2, 610, 80 },
        { "cpu_op", "launch_filter", 2, 611, 2 },
        { "cpu_op", "launch_reduce", 2, 615, 2 },
        { "cpu_op", "Optimizer.step#SGD.step", 1, 800, 100 },
        { "cpu_op", "launch_momentum", 1, 810, 2 },
    };
    if (slower) {
        ops.push_back({ "python_function", "nn.Module: Dropout_0", 1, 305, 10 });
        ops.push_back({ "cpu_op", "launch_dropout", 1, 306, 2 });
    }
    return ops;
}

inline std::vector<Kernel> kernels(bool slower)
{
    std::vector<Kernel> k {
        { "trans_TransData_0", "TransData", 1000, 10, "0", "9", 121, "Conv (Forward) (Vector)" },
        { "Conv2D1", "Conv2D", 1010, slower ? 30 : 20, "18", "0", 125, "Conv (Forward) (Cube)" },
        { "MatMul1", "MatMulV2", 1040, 15, "14", "0", 221, "Matmul (Cube)" },
        { "Cast1", "Cast", 1060, 5, "0", "4", 225, "Matmul (Vector)" },
        { "Add1", "Add", 1070, 6, "0", "5", 320, "Vector (No Trans)" },
        { "aclnnInplaceCopy_TensorMove", "TensorMove", 1080, 7, "0", "6", 350,
            "SDMA (Tensor Move)" },
        { "Filter1", "Conv2DBackpropFilter", 1100, 25, "20", "0", 611, "Conv (Backward) (Cube)" },
        { "ReduceSum1", "ReduceSum", 1130, 4, "0", "3", 615, "Conv (Backward) (Vector)" },
        { "ApplyMomentum1", "ApplyMomentum", 1140, 3, "0", "2", 810, "Vector (No Trans)" },
        { "MatMul2", "MatMulV2", 1150, 12, "11", "0", -1, "Matmul (Cube)" },
        { "trans_TransData_9", "TransData", 1170, 8, "0", "7", -1, "Vector (Trans)" },
        { "Unique1", "Unique", 1180, 9, "N/A", "N/A", -1, "" },
    };
    if (slower)
        k.push_back(
            { "DropOutDoMask1", "DropOutDoMask", 1190, 2, "0", "1", 306, "Vector (No Trans)" });
    return k;
}

// Overlap Analysis: Computing 1000-1200, uncovered communication 1200-1260 (of the 1190-1260
// all-reduce), Free 1260-1300.
constexpr qint64 kComputingUs = 200;
constexpr qint64 kUncoveredUs = 60;
constexpr qint64 kFreeUs = 40;

inline QByteArray event(const QByteArray &fields) { return "{" + fields + "},\n"; }

inline QByteArray traceJson(bool slower)
{
    QByteArray j = "[\n";
    auto meta = [&](int pid, const char *process) {
        j += event(R"("ph": "M", "name": "process_name", "pid": )" + QByteArray::number(pid)
            + R"(, "tid": 0, "args": {"name": ")" + process + "\"}");
    };
    auto thread = [&](int pid, int tid, const char *name) {
        j += event(R"("ph": "M", "name": "thread_name", "pid": )" + QByteArray::number(pid)
            + ", \"tid\": " + QByteArray::number(tid) + R"(, "args": {"name": ")" + name + "\"}");
        j += event(R"("ph": "M", "name": "thread_sort_index", "pid": )" + QByteArray::number(pid)
            + ", \"tid\": " + QByteArray::number(tid) + R"(, "args": {"sort_index": )"
            + QByteArray::number(tid) + "}");
    };
    auto x = [&](int pid, int tid, const QByteArray &name, qint64 ts, qint64 dur,
                 const char *cat = nullptr) {
        j += event(R"("ph": "X", "name": ")" + name + R"(", "pid": )" + QByteArray::number(pid)
            + ", \"tid\": " + QByteArray::number(tid) + ", \"ts\": " + QByteArray::number(ts)
            + ", \"dur\": " + QByteArray::number(dur)
            + (cat ? QByteArray(R"(, "cat": ")") + cat + "\"" : QByteArray()));
    };
    meta(1, "Python");
    meta(100, "Ascend Hardware");
    thread(100, 2, "Stream 2");
    meta(200, "Overlap Analysis");
    thread(200, 1, "Computing");
    thread(200, 2, "Communication(Not Overlapped)");
    thread(200, 3, "Free");
    meta(300, "HCCL");
    thread(300, 0, "Group 0 Communication");
    thread(300, 1, "Plane 0");
    for (const HostOp &op : hostOps(slower))
        x(1, op.tid, op.name, op.ts, op.dur, op.cat);
    int id = 1;
    for (const Kernel &k : kernels(slower)) {
        x(100, 2, k.name, k.ts, k.dur);
        if (k.launch < 0)
            continue;
        const QByteArray flow = R"(, "cat": "async_npu", "name": "torch_to_npu", "bp": "e", "id": )"
            + QByteArray::number(id++);
        const int tid = k.launch >= 600 && k.launch < 700 ? 2 : 1;
        j += event(R"("ph": "s", "pid": 1, "tid": )" + QByteArray::number(tid)
            + ", \"ts\": " + QByteArray::number(k.launch) + flow);
        j += event(R"("ph": "f", "pid": 100, "tid": 2, "ts": )" + QByteArray::number(k.ts) + flow);
    }
    j += event(
        R"("ph": "s", "cat": "fwdbwd", "name": "fwdbwd", "id": 999, "pid": 1, "tid": 1, "ts": 120)");
    j += event(
        R"("ph": "f", "cat": "fwdbwd", "name": "fwdbwd", "id": 999, "bp": "e", "pid": 1, "tid": 2, "ts": 600)");
    x(200, 1, "Computing", 1000, kComputingUs);
    x(200, 2, "Communication(Not Overlapped)", 1200, kUncoveredUs);
    x(200, 3, "Free", 1260, kFreeUs);
    x(300, 0, "hcom_allReduce__1_0_1", 1190, 70);
    x(300, 1, "Notify_Wait", 1190, 20); // 10 us of it uncovered
    x(300, 1, "Memcpy", 1210, 30);
    j += event(
        R"("ph": "M", "name": "process_labels", "pid": 1, "tid": 0, "args": {"labels": "CPU"})");
    j.chop(2);
    return j + "\n]\n";
}

inline QByteArray kernelCsv(bool slower)
{
    QByteArray csv = "Step Id,Name,Type,Accelerator Core,Start Time(us),Duration(us),"
                     "aicore_time(us),aiv_vec_time(us)\n";
    for (const Kernel &k : kernels(slower))
        csv += QByteArray("1,") + k.name + "," + k.type + ",AI_CORE," + QByteArray::number(k.ts)
            + "," + QByteArray::number(k.dur) + "," + k.aicore + "," + k.aivVec + "\n";
    csv += "1,hcom_allReduce__1_0_1,hcom_allReduce_,HCCL,1190,70,N/A,N/A\n";
    return csv;
}

// Writes the profile into dir/<name>_ascend_pt; returns that folder.
inline QString writeProfile(const QString &dir, const QString &name, bool slower)
{
    const QString root = dir + u'/' + name + QStringLiteral("_ascend_pt");
    const QString out = root + QStringLiteral("/ASCEND_PROFILER_OUTPUT");
    QDir().mkpath(out);
    QFile trace(out + QStringLiteral("/trace_view.json"));
    if (!trace.open(QIODevice::WriteOnly) || trace.write(traceJson(slower)) < 0)
        return {};
    QFile csv(out + QStringLiteral("/kernel_details.csv"));
    if (!csv.open(QIODevice::WriteOnly) || csv.write(kernelCsv(slower)) < 0)
        return {};
    return root;
}

// Two profiles loaded, analysed and compared; ok() when all of it worked.
struct Compared {
    std::shared_ptr<const npuscope::Profile> base;
    std::shared_ptr<const npuscope::Profile> next;
    npuscope::RankAnalysis baseAnalysis;
    npuscope::RankAnalysis newAnalysis;
    npuscope::RunComparison comparison;

    bool ok() const { return base && next && comparison.ok(); }
};

inline std::unique_ptr<Compared> compare(const QString &basePath, const QString &newPath)
{
    auto out = std::make_unique<Compared>();
    for (auto [path, profile] : { std::pair { &basePath, &out->base }, { &newPath, &out->next } }) {
        const npuscope::LoadResult loaded = npuscope::loadProfile(*path);
        if (!loaded.profile || loaded.profile->ranks.empty())
            return out;
        *profile = loaded.profile;
    }
    out->baseAnalysis = npuscope::analyseRank(*out->base->ranks[0]);
    out->newAnalysis = npuscope::analyseRank(*out->next->ranks[0]);
    out->comparison = npuscope::compareRuns({ out->base->ranks[0].get(), &out->baseAnalysis },
        { out->next->ranks[0].get(), &out->newAnalysis });
    return out;
}

// The written base and new profiles (writeProfile) compared.
inline std::unique_ptr<Compared> compareWritten(const QString &dir)
{
    return compare(writeProfile(dir, QStringLiteral("base"), false),
        writeProfile(dir, QStringLiteral("new"), true));
}

} // namespace vendorcompare
