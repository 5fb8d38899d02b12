#pragma once

// Generated profiles that benchmarks keep in a cache folder between runs.

#include "model/generator/generator.h"

#include <QDir>
#include <QFile>

#include <cstdio>

namespace npuscope::bench {

// `given`, else $NPUSCOPE_BENCH_CACHE, else ~/.cache/npuscope-bench.
inline QString cacheDir(const QString &given)
{
    if (!given.isEmpty())
        return given;
    const QByteArray env = qgetenv("NPUSCOPE_BENCH_CACHE");
    return env.isEmpty() ? QDir::homePath() + QStringLiteral("/.cache/npuscope-bench")
                         : QString::fromLocal8Bit(env);
}

// The profile of `options` (its outDir), generated unless a complete one is there; empty on
// failure (said on stderr).
inline QString generatedOnce(const GeneratorOptions &options)
{
    const QString dir = options.outDir;
    if (QFile::exists(dir + QStringLiteral("/.complete")))
        return dir;
    QDir(dir).removeRecursively();
    const GeneratorResult r = generateProfile(options);
    if (!r.ok) {
        std::fprintf(stderr, "generate %s: %s\n", qPrintable(dir), qPrintable(r.error));
        return {};
    }
    QFile done(dir + QStringLiteral("/.complete"));
    return done.open(QIODevice::WriteOnly) ? dir : QString();
}

} // namespace npuscope::bench
