#pragma once

#include "model/core/issue.h"
#include "model/core/types.h"

#include <QByteArray>
#include <QJsonObject>
#include <QString>

#include <vector>

namespace npuscope {

// One packet size of a transport (communication.json's "Size Distribution": {"2.064384": [12,
// 1.58]}; analysis.db's CommAnalyzerBandwidth rows with package_size, count, total_duration).
struct CommPacketSize {
    double sizeMb = 0; // one packet; MB of 10^6 bytes, written to the byte (6 decimals)
    qint64 count = 0;
    double timeMs = 0; // all `count` packets

    qint64 bytes() const; // sizeMb as bytes, rounded
};

// One transport type of an operation: "HCCS", "RDMA", "PCIE", "SIO", "SDMA", "LOCAL", ...
// SDMA is the sum of the on-device links (HCCS, PCIE, SIO) and has no size distribution.
struct CommTransport {
    QString type;
    double sizeMb = 0; // "Transit Size(MB)"
    double timeMs = 0; // "Transit Time(ms)"
    double bandwidthGBs = 0; // "Bandwidth(GB/s)" as the file writes it
    double largePacketRatio = 0;
    std::vector<CommPacketSize> sizes; // smallest packet first
};

// One HCCL operation of one step as this rank saw it: communication.json's
// step -> "collective" | "p2p" -> "<op>@<group>", or analysis.db's CommAnalyzerTime and
// CommAnalyzerBandwidth rows of that op. "Total Op Info" (the sum of the step's ops) has an
// empty group and `total` set.
struct CommOperation {
    QString step; // "step50"
    QString kind; // "collective", "p2p"
    QString name; // "hcom_allReduce__586_0_1"
    QString group; // "17522688603477080586"
    bool total = false;
    TimeNs start = 0; // "Start Timestamp(us)", to the µs the file's double keeps
    double elapseMs = 0;
    double transitMs = 0;
    double waitMs = 0;
    double syncMs = 0; // "Synchronization Time(ms)"
    double idleMs = 0;
    double waitRatio = 0;
    double syncRatio = 0;
    std::vector<CommTransport> transports; // in file order

    // "allReduce" of "hcom_allReduce__586_0_1"; the name itself when it has no such form.
    QString type() const;
    const CommTransport *transport(QStringView type) const; // null when absent
};

// One link of communication_matrix.json (step -> kind -> "<op>-<class>@<group>" -> "src-dst")
// or of analysis.db's CommAnalyzerMatrix. src and dst are the ranks' positions in the group.
struct CommLink {
    QString step;
    QString kind;
    QString op; // "allreduce-total", "allreduce-top1", "allreduce-middle", ...
    QString group;
    QString opName; // "Op Name": the operation that was the link's top1, middle, ...; may be empty
    QString transport; // "HCCS", "RDMA", "LOCAL", ...
    int src = -1;
    int dst = -1;
    double sizeMb = 0;
    double timeMs = 0;
    double bandwidthGBs = 0; // as the file writes it

    // "allreduce-total": the sum of the op over the step; the other classes pick single
    // operations and would count them again.
    bool isTotal() const { return op.endsWith(QLatin1String("-total")); }
};

// What one rank's communication analysis holds, parsed. Empty parts were not collected (Level0,
// a single card, or files absent).
struct RankComm {
    std::vector<CommOperation> ops;
    std::vector<CommLink> links;
    QString opsFile; // where ops came from: communication.json or analysis.db; empty if absent
    QString linksFile; // communication_matrix.json or analysis.db; empty if absent

    bool empty() const { return ops.empty() && links.empty(); }
};

// Orders a transport's packet sizes, smallest first (the JSON object's keys and the database's
// rows come in different orders).
void sortPackets(CommTransport &transport);

// communication.json into `out.ops`; damage (bad JSON, a value of the wrong type) becomes an
// issue with the file and its byte or JSON path, and the rest is kept.
void readCommunicationJson(
    const QByteArray &json, const QString &path, RankComm &out, IssueList *issues);
// communication_matrix.json into `out.links`, likewise.
void readCommunicationMatrixJson(
    const QByteArray &json, const QString &path, RankComm &out, IssueList *issues);
// The same from the files' objects already parsed (npuscope's report carries them:
// reportsummary.h).
void readCommunicationJson(
    const QJsonObject &root, const QString &path, RankComm &out, IssueList *issues);
void readCommunicationMatrixJson(
    const QJsonObject &root, const QString &path, RankComm &out, IssueList *issues);
// analysis.db's CommAnalyzerTime, CommAnalyzerBandwidth and CommAnalyzerMatrix (absent tables
// give nothing).
void readCommAnalyzerDb(const QString &path, RankComm &out, IssueList *issues);

// The files of a rank: communication.json / communication_matrix.json, else the analysis
// database (either path may be given).
RankComm readRankComm(const QString &communication, const QString &matrix,
    const QString &analysisDb, IssueList *issues);

} // namespace npuscope
