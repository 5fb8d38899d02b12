#pragma once

#include <QString>
#include <QStringList>

namespace npuscope {

// What a path handed over by a file manager or the command line means as a profile. A file
// manager passes the file the user double-clicked (profiler_info_0.json, trace_view.json,
// kernel_details.csv); the user means the whole *ascend_pt profile that file belongs to.
class ProfilePath {
public:
    // The enclosing *ascend_pt folder when `path` is one of its files (directly inside it, or in
    // its ASCEND_PROFILER_OUTPUT), the folder itself for ASCEND_PROFILER_OUTPUT, otherwise `path`
    // unchanged (a folder, a lone trace_view.json, a Kineto trace). Always absolute and clean.
    static QString enclosingProfile(const QString &path);

    // The parent folder holding every rank of the run when `rankFolder` is one *ascend_pt folder
    // among at least two siblings; empty otherwise.
    static QString allRanks(const QString &rankFolder);

    // enclosingProfile() of each path (or allRanks() of it when `allRanks` and there is one),
    // without duplicates, in the given order: selecting trace_view.json and kernel_details.csv
    // of one profile opens it once.
    static QStringList resolve(const QStringList &paths, bool allRanks = false);

    static bool isRankFolder(const QString &dir);
};

} // namespace npuscope
