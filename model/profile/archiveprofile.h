#pragma once

#include "model/profile/discovery.h"

namespace npuscope {

// Discovers the profile inside a .zip / .tar[.gz|.zst] archive: unpacked into npuscope's cache
// (ArchiveCache) and discovered there like the folder it holds; the source's path stays the
// archive's, its issues start with the entries skipped. The folder's lease is held until the
// process exits, so that no trim (here or in another npuscope) removes it while ranks load.
ProfileSource discoverArchive(const QString &archive, SourceFormat format);

} // namespace npuscope
