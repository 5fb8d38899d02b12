#pragma once

#include "model/profile.h"
#include "model/progress.h"

#include <memory>

namespace npuscope {

struct LoadOptions {
    int threads = 0; // 0: all cores
    bool loadTrace = true;
};

struct LoadResult {
    std::shared_ptr<const Profile> profile; // null only when nothing could be found at all
    bool cancelled = false;
    QString error; // set when nothing could be loaded
};

// Discovers and loads every rank of the profile at `path`. Runs on the calling thread (and
// worker threads of its own); call it from QtConcurrent in the GUI. Never throws.
LoadResult loadProfile(const QString &path, const LoadOptions &options = {},
                       const ProgressFn &progress = {});
std::shared_ptr<const RankProfile> loadRank(const RankSource &source, const LoadOptions &options,
                                            const ProgressFn &progress, bool *cancelled);

} // namespace npuscope
