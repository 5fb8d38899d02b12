#pragma once

#include "model/core/kerneltable.h"
#include "model/core/table.h"
#include "model/core/trace.h"
#include "model/profile/discovery.h"
#include "model/profile/profilerconfig.h"
#include "model/profile/profilermetadata.h"
#include "model/profile/rankcomm.h"

#include <QHash>

#include <map>
#include <memory>
#include <optional>
#include <vector>

namespace npuscope {

// Links kernel table rows and device events of the trace (stream + start time).
struct KernelJoin {
    std::vector<EventRef> rowToEvent; // per kernel row; invalid when not found in the trace
    // Per trace track, per event: its kernel row or -1; empty for a track without joined events.
    // Arrays, not a hash: inserting every row one by one into a QHash dominated the join, a
    // serial end of the load, and the gap analysis read it in event order.
    std::vector<std::vector<qint32>> eventRows;
    qsizetype matched = 0;

    // One number per event, for sets and maps of events.
    static quint64 key(EventRef ref) { return (quint64(ref.track.value) << 32) | ref.index; }
    // Records that `ref` is row `row`'s event (rowToEvent is the caller's).
    void link(EventRef ref, qint32 row)
    {
        if (ref.track.value >= eventRows.size())
            eventRows.resize(std::size_t(ref.track.value) + 1);
        std::vector<qint32> &rows = eventRows[ref.track.value];
        if (ref.index >= rows.size())
            rows.resize(std::size_t(ref.index) + 1, -1);
        rows[ref.index] = row;
    }
    qint32 rowOf(EventRef ref) const
    {
        if (!ref.isValid() || ref.track.value >= eventRows.size())
            return -1;
        const std::vector<qint32> &rows = eventRows[ref.track.value];
        return ref.index < rows.size() ? rows[ref.index] : -1;
    }
    // Row `row`'s event; invalid for a row out of range or not found in the trace.
    EventRef eventOf(qint64 row) const
    {
        return row >= 0 && std::size_t(row) < rowToEvent.size() ? rowToEvent[std::size_t(row)]
                                                                : EventRef();
    }
};

// Everything loaded for one rank. Immutable once built; shared by every view.
struct RankProfile {
    RankSource source;
    ProfilerConfig config;
    // profiler_metadata.json, else the database's META_DATA; found is false when neither.
    ProfilerMetadata metadata;
    std::shared_ptr<const Trace> trace; // null when not collected
    std::shared_ptr<const KernelTable> kernels; // from kernel_details.csv or the Kineto trace
    bool kernelsFromTrace = false;
    KernelJoin join;
    std::shared_ptr<const Table> operators; // operator_details.csv
    std::shared_ptr<const Table> stepTrace; // step_trace_time.csv
    std::shared_ptr<const Table> opStatistic;
    std::shared_ptr<const Table> apiStatistic;
    std::map<QString, std::shared_ptr<const Table>> otherTables; // by file name
    // communication.json / communication_matrix.json (or analysis.db's tables), parsed.
    std::shared_ptr<const RankComm> comm;
    IssueList issues;
    QStringList notCollected; // canonical file names (database: table names) that were absent
    // AI Cores of the device as the profile records it (the database export's NPU_INFO, absent
    // from text exports and schema 1.0); unset when no loader read it: the analysis then guesses
    // from the largest Block Dim and says so.
    std::optional<int> aiCores;
    QString npuName; // "Ascend910B"; empty when unknown
    QString schemaVersion; // the database's META_DATA SCHEMA_VERSION
    // Only the small files were read (LoadOptions::lazyRanks): no trace, no kernel or operator
    // table yet. loadRank(source) gives the full rank.
    bool summaryOnly = false;

    int rank() const { return source.rank; }
    QString label() const { return source.label(); }
};

// Where relative times of a rank start: the trace's first event, else the earliest kernel start.
TimeNs rankTimeOrigin(const RankProfile &rank);

struct Profile {
    QString path;
    std::vector<std::shared_ptr<const RankProfile>> ranks;
    IssueList issues; // folder-level issues (discovery)

    IssueList allIssues() const;
    bool hasErrors() const;
    // An error, a damaged file (Issue::damaged) or trace bytes that could not be parsed:
    // results are computed on partial data.
    bool isDamaged() const;
    IssueList damageIssues() const; // the issues that make it damaged, with their locations
};

} // namespace npuscope
