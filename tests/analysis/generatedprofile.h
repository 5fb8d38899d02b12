#pragma once

// Test helper: a profile written by the generator into a temporary folder, loaded back, with
// the generator's exact numbers (RankTruth) to compare analyses against.

#include "model/generator/generator.h"
#include "model/profile/profileloader.h"

#include <QTemporaryDir>

#include <memory>

namespace npuscope::test {

struct GeneratedProfile {
    QTemporaryDir dir;
    GeneratorResult result;
    std::shared_ptr<const Profile> profile;

    bool ok() const { return result.ok && profile && profile->ranks.size() == result.ranks.size(); }
    const RankProfile &rank(std::size_t i = 0) const { return *profile->ranks[i]; }
    const RankTruth &truth(std::size_t i = 0) const { return result.ranks[i]; }
};

struct GenerateSpec {
    QString plants; // plantsFromList() syntax: "hostbound", "all", "" for a clean profile
    quint64 seed = 1;
    int ranks = 1;
    qint64 events = 4000; // small: a few layers per step, well under a second
    int deviceCores = 24;
    int rankSlowdownPermille = 0; // GeneratorOptions::rankSlowdownPermille
    bool memory = false; // GeneratorOptions::memory
    LoadOptions load;
    int steps = 3; // GeneratorOptions::steps
    int layers = 0; // GeneratorOptions::layers (0: as `events` needs)
};

inline std::unique_ptr<GeneratedProfile> generate(const GenerateSpec &spec)
{
    auto g = std::make_unique<GeneratedProfile>();
    GeneratorOptions o;
    o.outDir = g->dir.path();
    o.events = spec.events;
    o.ranks = spec.ranks;
    o.seed = spec.seed;
    o.deviceCores = spec.deviceCores;
    o.rankSlowdownPermille = spec.rankSlowdownPermille;
    o.memory = spec.memory;
    o.steps = spec.steps;
    o.layers = spec.layers;
    o.plants = plantsFromList(spec.plants).value_or(QList<Plant>());
    g->result = generateProfile(o);
    if (g->result.ok)
        g->profile = loadProfile(g->dir.path(), spec.load).profile;
    return g;
}

inline std::unique_ptr<GeneratedProfile> generate(
    const QString &plants, quint64 seed, int ranks = 1, qint64 events = 4000)
{
    GenerateSpec spec;
    spec.plants = plants;
    spec.seed = seed;
    spec.ranks = ranks;
    spec.events = events;
    return generate(spec);
}

} // namespace npuscope::test
