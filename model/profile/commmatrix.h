#pragma once

#include "model/core/issue.h"

#include <QByteArray>
#include <QString>
#include <QStringList>

#include <map>
#include <vector>

namespace npuscope {

// communication_matrix.json of the ranks of a run, summed over its steps. The file keys links by
// the ranks' positions inside each communication group ("0-1": from the group's rank 0 to its
// rank 1), not by global rank, so the matrix is kept per group. Only the "<op>-total@<group>"
// entries are summed: the "-top1", "-middle", "-bottom1" entries of the same op split that
// total by size class and would count it twice.
struct CommLinkTotals {
    double sizeMb = 0; // "Transit Size(MB)"
    double timeMs = 0; // "Transit Time(ms)"
    QString transport; // "HCCS", "RDMA", "LOCAL", ... (the last one seen)
    int ops = 0; // op instances summed

    double bandwidthGBs() const { return timeMs > 0 ? sizeMb / timeMs : 0; } // MB/ms = GB/s
};

struct CommGroupMatrix {
    QString group; // the id after '@'
    QString kind; // "collective" or "p2p"
    QStringList ops; // op names seen ("allreduce", "batchsendrecv", ...)
    int size = 0; // 1 + the largest rank position in a link
    std::map<std::pair<int, int>, CommLinkTotals> links; // (src, dst) positions
};

struct CommMatrix {
    std::vector<CommGroupMatrix> groups; // largest group first, then by id
    bool empty() const { return groups.empty(); }
};

// Reads and merges the files of several ranks (communication_matrix.json, or the
// CommAnalyzerMatrix table of an analysis.db / communication_analyzer.db: a path ending in .db)
// (the same op of a group appears in the file of every member: it is counted once). Damaged files
// add an issue and are skipped.
CommMatrix readCommunicationMatrices(const QStringList &paths, IssueList *issues);

struct CommLink;
// The same from the links the ranks' files were already read into (RankProfile::comm, one
// vector per rank and file, in the order of `paths` above): no file is read again.
CommMatrix communicationMatrixOf(const std::vector<const std::vector<CommLink> *> &ranks);

// The same from analysis.db's CommAnalyzerMatrix table (the same rows, one per link).
void addCommunicationMatrixTable(const QString &path, CommMatrix &matrix, IssueList *issues);

// Adds one file's links to `matrix` (summing steps and ops; no deduplication across files).
void addCommunicationMatrix(
    const QByteArray &json, const QString &path, CommMatrix &matrix, IssueList *issues);

} // namespace npuscope
