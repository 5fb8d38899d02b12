// libFuzzer target: discovery, loading and analysis of a whole profile folder. The input is a
// folder description (see fuzzfolder.h) written into a private temporary folder.
#include "model/profile/discovery.h"
#include "model/profile/profileloader.h"
#include "tests/fuzz/fuzzanalyse.h"
#include "tests/fuzz/fuzzfolder.h"

#include <QDir>

#include <cstdint>

using namespace npuscope;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    const QString root = fuzz::scratchDir();
    if (root.isEmpty())
        return 0;
    fuzz::clearFolder(root);
    fuzz::writeFolder(
        fuzz::parseFolderDescription(std::string_view(reinterpret_cast<const char *>(data), size)),
        root);

    const ProfileSource source = discoverProfile(root);
    (void)source.issues.size();
    fuzz::loadAndAnalyse(root);
    return 0;
}
