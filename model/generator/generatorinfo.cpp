#include "model/generator/generatorinfo.h"

namespace npuscope::gen {

namespace {

    // Same keys and layout as the sample's profiler_info_0.json, Level1 with every costly
    // option off (so that a clean profile raises no profiler-overhead finding).
    const QLatin1String kInfoTemplate(R"({
    "config": {
        "common_config": {
            "activities": [
                "ProfilerActivity.CPU",
                "ProfilerActivity.NPU"
            ],
            "schedule": {
                "wait": 1,
                "active": %1,
                "warmup": 1,
                "repeat": 1,
                "skip_first": 0
            },
            "record_shapes": false,
            "profile_memory": %8,
            "with_stack": %9,
            "with_flops": false,
            "with_modules": false
        },
        "experimental_config": {
            "_profiler_level": "Level1",
            "_aic_metrics": "ACL_AICORE_NONE",
            "_l2_cache": false,
            "_msprof_tx": false,
            "_data_simplification": true,
            "record_op_args": false,
            "_export_type": %7,
            "_op_attr": false,
            "_gc_detect_threshold": null
        }
    },
    "start_info": {
        "syscnt_enable": true,
        "freq": 100,
        "start_cnt": %2,
        "start_monotonic": %3
    },
    "end_info": {
        "collectionTimeEnd": %4,
        "MonotonicTimeEnd": %5
    },
    "torch_npu_version": "2.1.0.post10",
    "cann_version": "8.0.RC3",
    "rank_id": %6
})");

    // Set as msprof-analyze's advisor recommends: a clean profile keeps env-vars clear.
    const QLatin1String kMetadataText(R"({
    "ENV_VARIABLES": {
        "ASCEND_GLOBAL_LOG_LEVEL": "",
        "HCCL_RDMA_TC": "",
        "HCCL_RDMA_SL": "",
        "ACLNN_CACHE_LIMIT": "100000",
        "HOST_CACHE_CAPACITY": "20",
        "ASCEND_ENHANCE_ENABLE": "",
        "PYTORCH_NPU_ALLOC_CONF": "expandable_segments:True",
        "ASCEND_LAUNCH_BLOCKING": ""
    }
})");

    QString boolText(bool b) { return b ? QStringLiteral("true") : QStringLiteral("false"); }

} // namespace

QString profilerInfoJson(const ProfilerInfoFields &f)
{
    // torch_npu writes a string for one export type and a list for several.
    const QString exportType = f.format == GeneratorFormat::Both
        ? QStringLiteral(R"(["text", "db"])")
        : f.format == GeneratorFormat::Db ? QStringLiteral(R"("db")")
                                          : QStringLiteral(R"("text")");
    return kInfoTemplate.arg(QString::number(f.steps), QString::number(f.startMonotonicNs / 10),
        QString::number(f.startMonotonicNs), QString::number(f.endNs),
        QString::number(f.endMonotonicNs), QString::number(f.rank), exportType,
        boolText(f.profileMemory), boolText(f.withStack));
}

QString profilerMetadataJson() { return kMetadataText; }

} // namespace npuscope::gen
