#include "analysis/compare/workbuckets.h"

#include "analysis/stats/kernelkinds.h"

#include <QCoreApplication>
#include <QHash>

namespace npuscope {

namespace {

    struct BucketText {
        const char *key; // stable, for JSON
        const char *name; // translated in the WorkBuckets context
    };
    // In WorkBucket order.
    constexpr BucketText kBucketTexts[kWorkBucketCount] = {
        { "matrix_multiply", QT_TRANSLATE_NOOP("WorkBuckets", "Matrix multiply") },
        { "convolution", QT_TRANSLATE_NOOP("WorkBuckets", "Convolution") },
        { "element_wise", QT_TRANSLATE_NOOP("WorkBuckets", "Element-wise / vector") },
        { "format_conversion", QT_TRANSLATE_NOOP("WorkBuckets", "Format conversion") },
        { "communication", QT_TRANSLATE_NOOP("WorkBuckets", "Communication") },
        { "memory_copy", QT_TRANSLATE_NOOP("WorkBuckets", "Memory copy") },
        { "other", QT_TRANSLATE_NOOP("WorkBuckets", "Other") },
    };

    bool hasAny(QStringView s, std::initializer_list<QLatin1String> words)
    {
        for (QLatin1String w : words) {
            if (s.contains(w, Qt::CaseInsensitive))
                return true;
        }
        return false;
    }

    bool isAny(QStringView s, std::initializer_list<QLatin1String> words)
    {
        for (QLatin1String w : words) {
            if (s.compare(w, Qt::CaseInsensitive) == 0)
                return true;
        }
        return false;
    }

    using L = QLatin1String;

} // namespace

WorkBucket workBucketOf(QStringView name, QStringView type, QStringView core, bool communication)
{
    if (communication
        || hasAny(
            name, { L("nccl"), L("AllReduce"), L("AllGather"), L("ReduceScatter"), L("SendRecv") }))
        return WorkBucket::Communication;
    if (isAny(type, { L("Memcpy"), L("Memset"), L("MemCopy"), L("TensorMove") })
        || hasAny(name,
            { L("Memcpy"), L("Memset"), L("MemCopy"), L("TensorMove"),
                L("copy_device_to_device") }))
        return WorkBucket::MemoryCopy;
    if (hasAny(type, { L("TransData"), L("Transpose") })
        || hasAny(name, { L("TransData"), L("nchwToNhwc"), L("nhwcToNchw"), L("Transpose") }))
        return WorkBucket::FormatConversion;
    if (hasAny(type, { L("Conv") })
        || hasAny(name,
            { L("conv"), L("scudnn"), L("winograd"), L("wgrad"), L("dgrad"), L("im2col"),
                L("cask_cudnn") }))
        return WorkBucket::Convolution;
    if (hasAny(type, { L("MatMul"), L("GEMM"), L("FlashAttention") })
        || hasAny(name, { L("MatMul"), L("gemm"), L("cutlass"), L("cublas"), L("FlashAttention") }))
        return WorkBucket::MatrixMultiply;
    if (isAny(core, { L("AI_VECTOR_CORE"), L("MIX_AIV"), L("AI_CORE"), L("MIX_AIC") })
        || hasAny(name,
            { L("elementwise"), L("reduce"), L("softmax"), L("norm"), L("bn_"), L("pool"),
                L("relu"), L("gelu"), L("silu"), L("dropout"), L("Functor"), L("cunn_"),
                L("cast") }))
        return WorkBucket::ElementWise;
    return WorkBucket::Other;
}

std::vector<WorkBucket> workBuckets(const KernelTable &k, const KernelKinds &kinds)
{
    // Few distinct (name, type, core) triples, millions of rows: decide each triple once.
    QHash<std::pair<quint64, quint64>, WorkBucket> cache;
    std::vector<WorkBucket> out(static_cast<std::size_t>(k.rowCount()), WorkBucket::Other);
    for (qsizetype row = 0; row < k.rowCount(); ++row) {
        const auto r = static_cast<std::size_t>(row);
        const bool comm = kinds.isCommunication(row);
        const std::pair<quint64, quint64> key { (quint64(k.name[r].value) << 32) | k.type[r].value,
            (quint64(k.core[r].value) << 1) | quint64(comm) };
        auto it = cache.constFind(key);
        if (it == cache.cend()) {
            WorkBucket b = workBucketOf(k.strings.string(k.name[r]), k.strings.string(k.type[r]),
                k.strings.string(k.core[r]), comm);
            // KernelKinds knows TransData by Type, or by name when the Type is N/A (Level0).
            if (kinds.isTransData(row) && !comm)
                b = WorkBucket::FormatConversion;
            it = cache.insert(key, b);
        }
        out[r] = *it;
    }
    return out;
}

QString workBucketKey(WorkBucket bucket)
{
    return QLatin1String(kBucketTexts[static_cast<std::size_t>(bucket)].key);
}

QString workBucketName(WorkBucket bucket)
{
    return QCoreApplication::translate(
        "WorkBuckets", kBucketTexts[static_cast<std::size_t>(bucket)].name);
}

} // namespace npuscope
