// libFuzzer target: the profiler database reader (SQLite's page parser, then every table read
// by column name into the trace and the kernel table) and the analysis on what it gives. The
// input is the database file itself, written where discovery looks for it.
#include "model/profile/profileloader.h"
#include "tests/fuzz/fuzzanalyse.h"
#include "tests/fuzz/fuzzfolder.h"

#include <QDir>
#include <QFile>

#include <cstdint>

using namespace npuscope;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    const QString root = fuzz::scratchDir();
    if (root.isEmpty())
        return 0;
    const QString out = root + QStringLiteral("/r_ascend_pt/ASCEND_PROFILER_OUTPUT");
    QDir().mkpath(out);
    const QString path = out + QStringLiteral("/ascend_pytorch_profiler_0.db");
    {
        QFile f(path);
        if (!f.open(QIODevice::WriteOnly | QIODevice::Truncate))
            return 0;
        f.write(reinterpret_cast<const char *>(data), qint64(size));
    }
    fuzz::loadAndAnalyse(path);
    return 0;
}
