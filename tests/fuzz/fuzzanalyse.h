#pragma once

// What the fuzz targets of whole profiles do with their input once it is on disk: load it on one
// thread, as the GUI and the commands do, and run every analysis on it.

#include "analysis/rules/findings.h"
#include "model/profile/profileloader.h"

namespace npuscope::fuzz {

inline void loadAndAnalyse(const QString &path)
{
    LoadOptions options;
    options.threads = 1;
    const LoadResult r = loadProfile(path, options);
    if (!r.profile)
        return;
    std::vector<RankAnalysis> analyses;
    for (const auto &rank : r.profile->ranks)
        analyses.push_back(analyseRank(*rank));
    (void)findProfileFindings(*r.profile, analyses);
}

} // namespace npuscope::fuzz
