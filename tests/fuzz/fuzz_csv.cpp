// libFuzzer target: the CSV reader (tokenizer across window edges, typing, exact times) and
// the kernel_details view built on it.
#include "model/core/kerneltable.h"
#include "model/csv/csvreader.h"

#include <cstdint>

using namespace npuscope;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    CsvReadOptions options;
    // Tiny windows move every quote, CR/LF pair and multi-byte character across a window edge.
    options.windowBytes = std::size_t(8) << (size % 9);
    const CsvResult r = readCsvData(std::string_view(reinterpret_cast<const char *>(data), size),
        QStringLiteral("fuzz.csv"), {}, options);
    if (!r.ok || !r.table)
        return 0;
    const Table &t = *r.table;
    for (qsizetype row = 0; row < t.rowCount() && row < 64; ++row)
        for (int c = 0; c < t.columnCount(); ++c) {
            (void)t.text(row, c);
            (void)t.number(row, c);
            (void)t.isMissing(row, c);
        }
    IssueList issues;
    const KernelTable k = KernelTable::fromTable(r.table, &issues);
    for (qsizetype row = 0; row < k.rowCount() && row < 64; ++row)
        (void)k.strings.string(k.name[std::size_t(row)]);
    return 0;
}
