#pragma once

#include <QDateTime>
#include <QPromise>
#include <QString>

namespace npuscope {

// One profile found below a scanned folder: an *ascend_pt rank folder, a Kineto trace file, or
// a run (a folder holding several rank folders, opened with all its ranks).
struct FoundProfile {
    QString path; // what to open: the rank folder, the trace file or the run folder
    bool kineto = false;
    int rank = -1; // -1 when unknown, and for runs
    int ranks = 1; // rank folders of a run; 1 otherwise
    QDateTime date; // when it was collected: from the name, profiler_info, or the file time
    qint64 bytes = 0; // on disk, all files of the rank folder
    QString level; // "Level1", ... from profiler_info; "Kineto" for Kineto traces
};

// Finds every profile below a folder the user chose (a share full of runs), in the background.
class ProfileScanner {
public:
    // Folders deeper than this below the root are not visited: profiles sit a few levels down,
    // and a mistaken scan of `/` should end rather than walk a whole disk.
    static constexpr int kMaxDepth = 12;

    // Walks `root` (symbolic links to folders are not followed, so link loops end) and adds a
    // result per profile as it is found. Does not descend into *ascend_pt folders. Checks
    // promise.isCanceled() at every folder.
    static void scan(QPromise<FoundProfile> &promise, const QString &root);

    // The description of one *ascend_pt folder, or one Kineto trace file.
    static FoundProfile describeRankFolder(const QString &dir);
    static FoundProfile describeKinetoTrace(const QString &file);
    // A run from its rank folders' descriptions: latest date, summed size, their level.
    static FoundProfile describeRun(const QString &dir, const QList<FoundProfile> &ranks);

    // The collection time written into a profile's name: "..._20250109143055123_ascend_pt"
    // (torch_npu) or "worker0.1718000000000.pt.trace.json" (Kineto, ms since the epoch).
    static QDateTime dateFromName(const QString &name);
};

} // namespace npuscope
