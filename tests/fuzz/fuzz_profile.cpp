// libFuzzer target: discovery, loading and analysis of a whole profile folder. The input is a
// folder description (see fuzzfolder.h) written into a private temporary folder.
#include "analysis/findings.h"
#include "model/profile/discovery.h"
#include "model/profile/profileloader.h"
#include "tests/fuzz/fuzzfolder.h"

#include <QDir>
#include <QTemporaryDir>

#include <cstdint>

using namespace npuscope;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    // tmpfs when there is one: thousands of folders a minute are written and removed.
    static QTemporaryDir dir(QDir(QStringLiteral("/dev/shm")).exists()
            ? QStringLiteral("/dev/shm/npuscope-fuzz-XXXXXX")
            : QDir::tempPath() + QStringLiteral("/npuscope-fuzz-XXXXXX"));
    if (!dir.isValid())
        return 0;
    fuzz::clearFolder(dir.path());
    fuzz::writeFolder(
        fuzz::parseFolderDescription(std::string_view(reinterpret_cast<const char *>(data), size)),
        dir.path());

    const ProfileSource source = discoverProfile(dir.path());
    (void)source.issues.size();
    LoadOptions options;
    options.threads = 1;
    const LoadResult r = loadProfile(dir.path(), options);
    if (!r.profile)
        return 0;
    std::vector<RankAnalysis> analyses;
    for (const auto &rank : r.profile->ranks)
        analyses.push_back(analyseRank(*rank));
    (void)findProfileFindings(*r.profile, analyses);
    return 0;
}
