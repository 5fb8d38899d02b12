// libFuzzer target: the profiler_info*.json reader (every key optional, any torch_npu version).
#include "model/profile/profilerconfig.h"

#include <cstdint>

using namespace npuscope;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    IssueList issues;
    const ProfilerConfig c
        = parseProfilerConfig(QByteArray(reinterpret_cast<const char *>(data), qsizetype(size)),
            QStringLiteral("profiler_info_0.json"), &issues);
    (void)c.activities.join(u',');
    return 0;
}
