#pragma once

#include <QByteArrayView>
#include <QString>

namespace npuscope {

// What a JSON file opened on its own holds, told from the keys of its top-level object. Users
// open the other JSON files of a training run by mistake: the PyTorch execution trace that HTA
// reads beside the Kineto trace, npuscope's own report, the profiler's settings.
enum class JsonFileKind {
    Unknown, // cannot tell (not JSON, or no telling key in the bytes read): the loader decides
    Trace, // an array of events, or an object with "traceEvents"
    ExecutionTrace, // PyTorch's ExecutionTraceObserver: "schema" and "nodes", no timings
    NpuscopeReport, // npuscope report --json: "checks", "findings", ...
    NpuscopeComparison, // npuscope compare --json: "base", "by_bucket", ...
    ProfilerInfo, // torch_npu's profiler_info*.json: "config" and "start_info" / "end_info"
};

// Decides from the first bytes of a file (or all of it).
JsonFileKind jsonFileKindIn(QByteArrayView head);
// Reads the start of the file at `path` (inflating a .gz) and decides; Unknown when it cannot be
// read.
JsonFileKind sniffJsonFile(const QString &path);

} // namespace npuscope
