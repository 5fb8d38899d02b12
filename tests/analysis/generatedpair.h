#pragma once

// Test helper: two generated runs of the same model (same seed and layer count, one step) that
// differ in one known way, e.g. the new run drops the planted TransData or runs one kernel Type
// twice as long. RankTruth of each gives the exact numbers an analysis must find.

#include "model/generator/generator.h"
#include "model/profile/profileloader.h"

#include <QDir>
#include <QTemporaryDir>

#include <memory>

namespace npuscope::test {

struct RunSpec {
    QString plants; // plantsFromList() syntax
    QString slowType; // GeneratorOptions::slowKernelType
    double slowFactor = 1.0;
};

struct GeneratedRun {
    GeneratorResult result;
    std::shared_ptr<const Profile> profile;
    QString path;

    bool ok() const { return result.ok && profile && !profile->ranks.empty(); }
    const RankProfile &rank() const { return *profile->ranks[0]; }
    const RankTruth &truth() const { return result.ranks[0]; }
};

struct GeneratedPair {
    QTemporaryDir dir;
    GeneratedRun base;
    GeneratedRun next;
    bool ok() const { return base.ok() && next.ok(); }
};

inline GeneratedRun generateRun(
    const QString &path, const RunSpec &spec, quint64 seed, int steps, int layers)
{
    GeneratedRun run;
    GeneratorOptions o;
    o.outDir = path;
    o.events = 4000;
    o.steps = steps;
    o.layers = layers;
    o.seed = seed;
    o.plants = plantsFromList(spec.plants).value_or(QList<Plant>());
    o.slowKernelType = spec.slowType;
    o.slowKernelFactor = spec.slowFactor;
    run.path = path;
    run.result = generateProfile(o);
    if (run.result.ok)
        run.profile = loadProfile(path).profile;
    return run;
}

// A clean multi-rank run of one step, for rank-against-rank comparisons: each rank runs 3%
// slower than the one before, so that the ranks differ.
inline GeneratorResult generateRanks(const QString &path, int ranks)
{
    GeneratorOptions o;
    o.outDir = path;
    o.events = 4000;
    o.ranks = ranks;
    o.steps = 1;
    o.rankSlowdownPermille = 30;
    return generateProfile(o);
}

// One step by default, so that the generator's per-run totals are the step's totals.
inline std::unique_ptr<GeneratedPair> generatePair(
    const RunSpec &base, const RunSpec &next, quint64 seed = 3, int steps = 1, int layers = 6)
{
    auto p = std::make_unique<GeneratedPair>();
    QDir(p->dir.path()).mkpath(QStringLiteral("base"));
    QDir(p->dir.path()).mkpath(QStringLiteral("new"));
    p->base = generateRun(p->dir.filePath(QStringLiteral("base")), base, seed, steps, layers);
    p->next = generateRun(p->dir.filePath(QStringLiteral("new")), next, seed, steps, layers);
    return p;
}

} // namespace npuscope::test
