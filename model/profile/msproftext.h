#pragma once

#include <QByteArray>
#include <QDir>
#include <QString>
#include <QStringList>

namespace npuscope {

// The text output of the msprof command line (FORMATS.md §9): a PROF_* folder's
// mindstudio_profiler_output/ with msprof_{ts}.json (the trace) and op_summary_{ts}.csv (the
// kernel table, whose headers KernelTable maps: Op Name, OP Type, Task Type, Task Start Time(us)
// ...). A large run splits each into {name}_slice_{n}_{ts}.{json,csv}: the slices, in order, are
// one file.
struct MsprofTextFiles {
    QStringList trace; // msprof_*.json: one file, or its slices in order
    QStringList kernels; // op_summary_*.csv: likewise
    QStringList otherCsv; // op_statistic_, task_time_, api_statistic_, ... (first slice of each)
    bool isEmpty() const { return trace.isEmpty() && kernels.isEmpty(); }
};

// The folder that holds them: `dir` itself when it is mindstudio_profiler_output, else its
// mindstudio_profiler_output, else that of the first PROF_* folder inside it that has one; an
// empty string when there is none.
QString findMsprofOutputDir(const QDir &dir);
MsprofTextFiles findMsprofText(const QDir &outputDir);

// The slices of a trace as one JSON array (each slice an array of events, or a piece of one);
// on failure, empty with *error naming the file.
QByteArray joinJsonSlices(const QStringList &paths, QString *error);
// The slices of a CSV as one: the header of the first, the rows of all (a slice that repeats the
// header has it dropped).
QByteArray joinCsvSlices(const QStringList &paths, QString *error);

} // namespace npuscope
