#pragma once

#include "model/core/issue.h"
#include "model/core/progress.h"
#include "model/core/table.h"

#include <QString>

#include <cstddef>
#include <memory>
#include <string_view>

namespace npuscope {

struct CsvResult {
    std::shared_ptr<Table> table; // null when !ok or cancelled
    IssueList issues;
    // False only when nothing could be read: missing, unreadable, empty or binary file. An Error
    // issue then says why. Damaged rows never make it false; they are kept and reported.
    bool ok = false;
    bool cancelled = false;
};

struct CsvReadOptions {
    // The input is read through two buffers of this size, used in turn window by window (a row
    // longer than half of one grows it). 2 MB: the text just read is still in the cache when it
    // is tokenised, and the helper thread stores the rows of one window while the next is read.
    // Tests use tiny windows to put every construct across an edge.
    std::size_t windowBytes = std::size_t(2) << 20;
};

// Reads an RFC 4180 CSV file into typed columns (see Table). Accepts CRLF or LF, quoted cells
// spanning lines, doubled quotes, a UTF-8 BOM and the TAB torch_npu appends to timestamps.
// Progress is reported in bytes of the file; returning false from it cancels. Large inputs are
// stored by two threads.
CsvResult readCsvFile(
    const QString &path, const ProgressFn &progress = {}, const CsvReadOptions &options = {});

// Same for text already in memory; `pathForMessages` names it in issues and Table::path.
CsvResult readCsvData(std::string_view data, const QString &pathForMessages,
    const ProgressFn &progress = {}, const CsvReadOptions &options = {});

} // namespace npuscope
