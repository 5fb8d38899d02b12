#pragma once

#include "model/core/progress.h"
#include "model/profile/profile.h"

#include <functional>
#include <memory>

namespace npuscope {

struct LoadOptions {
    int threads = 0; // 0: all cores
    bool loadTrace = true;
    // With two or more ranks, read only each rank's summary (loadRankSummary()): the caller opens
    // ranks with loadRank() when the user asks for them. Hundreds of ranks then open in seconds.
    bool lazyRanks = false;
    // Text or database, where a folder holds both (the database by default).
    SourceFormat source = SourceFormat::Auto;
    // Called once from the loading thread with a profile that holds only the first rank's
    // config and a trace of the first few MiB of its trace_view.json (see
    // TraceLoadOptions::preview): something to paint while the full load goes on.
    std::function<void(std::shared_ptr<const Profile>)> preview;
    // See TraceLoadOptions::eventDetails: off only where no event's args are read.
    bool eventDetails = true;
    // Rebuild the operator table where the profile has no operator_details.csv (a database, a
    // Kineto trace: frameworkoperators.h); off where nothing shows it (the headless commands).
    bool operatorTable = true;
};

struct LoadResult {
    std::shared_ptr<const Profile> profile; // null only when nothing could be found at all
    bool preview = false; // a partial profile delivered while loading (LoadOptions::preview)
    bool cancelled = false;
    QString error; // set when nothing could be loaded
};

// Discovers and loads every rank of the profile at `path`. Runs on the calling thread (and
// worker threads of its own); call it from QtConcurrent in the GUI. Never throws.
LoadResult loadProfile(
    const QString &path, const LoadOptions &options = {}, const ProgressFn &progress = {});
std::shared_ptr<const RankProfile> loadRank(const RankSource &source, const LoadOptions &options,
    const ProgressFn &progress, bool *cancelled);

} // namespace npuscope
