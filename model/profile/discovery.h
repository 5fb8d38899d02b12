#pragma once

#include "model/core/issue.h"

#include <QString>
#include <QStringList>

#include <vector>

namespace npuscope {

// Where the files of one rank are. Empty paths mean "not collected".
struct RankSource {
    int rank = -1; // -1 when unknown
    QString dir; // the *ascend_pt folder (or the folder holding the files)
    QString profilerInfo;
    QString profilerMetadata; // profiler_metadata.json beside profiler_info
    QString traceView; // trace_view.json, a Kineto *.json[.gz] or msprof's msprof_*.json
    QString kernelDetails; // kernel_details.csv or msprof's op_summary_*.csv
    // msprof's text output split into slices: all of them in order (traceView and kernelDetails
    // are the first); empty when the file is whole.
    QStringList traceSlices;
    QStringList kernelSlices;
    QString operatorDetails;
    QString stepTraceTime;
    QString opStatistic;
    QString apiStatistic;
    QStringList otherCsv; // memory_record.csv, l2_cache.csv, ...
    QString communication; // communication.json
    QString communicationMatrix; // communication_matrix.json, else the analysis database
    bool kineto = false;
    // The profiler's SQLite database (ascend_pytorch_profiler*.db, ascend_mindspore_profiler*.db,
    // msprof_*.db) when it is what gets read; the text paths above are then empty.
    QString database;
    QString analysisDatabase; // analysis.db / communication_analyzer.db beside it
    // npuscope's own `report --json` holding this rank's summary (its `ranks[].rank_summary`)
    // when a folder of such reports was opened instead of the rank folders; the paths above are
    // then empty and `dir` is the rank folder the report was made from.
    QString reportSummary;
    // Set when the folder holds both exports: the one NOT read ("text" or the database's path),
    // so that the user can be told and choose it (SourceFormat).
    QString otherSource;

    // Parts of an export that messages send the user to.
    enum class Part { Trace, Kernels, MemoryRecord, OperatorMemory, ModuleMemory, StepTrace };
    // What `part` is called in the export that is read: the text export's file
    // ("kernel_details.csv", or msprof's "op_summary_0_1.csv" when that is the file read), or the
    // database's table ("COMPUTE_TASK_INFO in ascend_pytorch_profiler_0.db"): a database holds no
    // such files.
    QString partName(Part part) const;

    QString label() const; // "rank 0", or the folder name
    // What is read, for the status bar and the report: "database ascend_pytorch_profiler_0.db
    // (a text export is here too)", "text export (a database is here too)"; empty for a
    // plain text export.
    QString sourceNote() const;
};

struct ProfileSource {
    QString path; // what the user opened
    std::vector<RankSource> ranks; // sorted by rank, then folder
    IssueList issues;
};

// Which export to read when a folder holds both the text files and the database.
enum class SourceFormat {
    Auto, // the database, as the vendor's tools do
    Text,
    Database,
};

// Accepts: a parent of several *ascend_pt / *ascend_ms / PROF_* folders, one of them, its
// ASCEND_PROFILER_OUTPUT, a single trace_view.json / Kineto *.json[.gz], a kernel_details.csv, or a
// profiler database file (which opens its whole profile), or a .zip / .tar[.gz|.zst] archive of
// any of these (see discoverArchive()).
ProfileSource discoverProfile(const QString &path, SourceFormat format = SourceFormat::Auto);

} // namespace npuscope
