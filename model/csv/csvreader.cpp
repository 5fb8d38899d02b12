#include "model/csv/csvreader.h"

#include "model/core/decimal.h"
#include "model/csv/csvcellvalue.h"
#include "model/csv/csvcolumnstore.h"
#include "model/csv/csvhugepages.h"
#include "model/csv/csvinputwindow.h"
#include "model/csv/csvtextcheck.h"
#include "model/csv/csvtokenizer.h"

#include <QBuffer>
#include <QCoreApplication>
#include <QFile>
#include <QFileInfo>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstring>
#include <functional>
#include <memory>
#include <optional>
#include <thread>

namespace npuscope {

namespace {

    using namespace csv;

    class CsvText {
        Q_DECLARE_TR_FUNCTIONS(npuscope::CsvReader)
    };

    // Progress is reported about every 4 MB: a short stretch of parsing, so cancelling feels
    // immediate while the callback costs nothing measurable.
    constexpr std::size_t kProgressStep = 4 << 20;
    // Below this size a second thread costs more than it saves (its start against a short
    // parse); above it a helper thread stores part of the columns while this one tokenises.
    constexpr std::size_t kParallelMinBytes = 8 << 20;

    QString lineText(std::int64_t line)
    {
        return QCoreApplication::translate("npuscope::CsvReader", "line %1").arg(line);
    }

    Issue makeIssue(Severity severity, const QString &path, QString location, QString message)
    {
        return Issue { severity, path, std::move(location), std::move(message) };
    }

    // ---- Driving ----

    // Cells per batch: the batch's views (~256 KB) and the text they point at stay in L2 while the
    // workers go through it column by column.
    constexpr std::size_t kBatchCells = 16 << 10;
    // Batches in flight: the tokenizer may run this many minus one ahead of the helper, which
    // absorbs the jitter of two threads sharing the machine with others, and keeps the helper
    // busy while the tokenizer reads the next window.
    constexpr std::size_t kBatchRing = 8;
    // The first batch after which the columns are re-split by measured cost (then at every power
    // of two): late enough for the first measurements to mean something, early enough to matter.
    constexpr int kFirstRebalance = 16;
    // Where the columns split between the calling thread, which also tokenises (`tokenizer`),
    // and the helper, which also interns the raw texts (`raw`), given each column's cost: the
    // calling thread takes [0, split).
    std::size_t balancedSplit(double tokenizer, double raw, const std::vector<double> &cost)
    {
        double mine = tokenizer, helper = raw;
        for (const double w : cost)
            helper += w;
        std::size_t split = 0;
        while (split < cost.size()
            && std::max(mine + cost[split], helper - cost[split]) < std::max(mine, helper)) {
            mine += cost[split];
            helper -= cost[split];
            ++split;
        }
        return split;
    }

    // Relative costs per cell, from a perf profile of a 101 MB kernel_details.csv with both
    // threads busy: tokenising or storing a cell of a column with few values costs about its
    // bytes plus 8; appending a cell of a raw column to the table's pool about twice that, and
    // parsing its value about 4 times.
    constexpr double kCellWeight = 8;
    constexpr double kRawTextWeight = 40;
    constexpr double kRawValueWeight = 70;

    // Rows of the first batch that helperFirstColumn() looks at: enough to tell columns of nearly
    // unique values from the others. Sorting all of them is serial start-up while the helper
    // thread waits.
    constexpr std::size_t kGuessRows = 128;

    // First column of the helper's range, before anything was measured. The raw columns are
    // guessed as those whose cells in the first rows are mostly different. The pipeline
    // re-splits with measured costs as it goes (kFirstRebalance).
    std::size_t helperFirstColumn(const RowBatch &first, std::size_t columns)
    {
        const std::size_t rows = std::min(first.rows, kGuessRows);
        std::vector<double> weight(columns, 0); // the work that goes with the column's range
        double tokenizer = 0, raw = 0;
        std::vector<std::string_view> cells(rows);
        for (std::size_t c = 0; c < columns; ++c) {
            double bytes = 0;
            for (std::size_t r = 0; r < rows; ++r) {
                cells[r] = first.cells[r * columns + c];
                bytes += double(cells[r].size());
            }
            std::sort(cells.begin(), cells.end());
            const auto distinct
                = std::size_t(std::unique(cells.begin(), cells.end()) - cells.begin());
            tokenizer += kCellWeight * double(rows) + bytes;
            if (rows >= 64 && distinct * 2 > rows) {
                raw += kRawTextWeight * double(rows);
                weight[c] = kRawValueWeight * double(rows);
            } else {
                weight[c] = kCellWeight * double(rows) + bytes;
            }
        }
        return balancedSplit(tokenizer, raw, weight);
    }

    void reportProblems(
        IssueList &issues, const QString &path, const ParseProblems &p, std::size_t columns)
    {
        auto warn = [&](QString location, QString message, bool damaged = true) {
            issues.append(
                makeIssue(Severity::Warning, path, std::move(location), std::move(message)));
            issues.back().damaged = damaged;
        };
        for (const auto &[line, cells] : p.ragged)
            warn(lineText(line),
                (cells < columns
                        ? CsvText::tr("row has %1 cell(s), the header has %2; the missing cells "
                                      "are empty")
                        : CsvText::tr("row has %1 cell(s), the header has %2; the extra cells "
                                      "are ignored"))
                    .arg(cells)
                    .arg(columns));
        if (p.raggedCount > std::int64_t(p.ragged.size()))
            warn(QString(),
                CsvText::tr("%1 rows in all have a wrong number of cells (the first %2 "
                            "are listed)")
                    .arg(p.raggedCount)
                    .arg(p.ragged.size()));
        if (p.badQuotes > 0)
            warn(lineText(p.firstBadQuoteLine),
                CsvText::tr("%1 quoted cell(s) have text after the closing quote; it was "
                            "kept in the cell")
                    .arg(p.badQuotes),
                false);
        if (p.unterminatedLine > 0)
            warn(lineText(p.unterminatedLine),
                CsvText::tr("quoted cell is never closed; the rest of the file was read "
                            "into it"));
    }

    // One load: reads, tokenises and stores, and collects the issues.
    class CsvLoader {
    public:
        CsvLoader(QIODevice &device, std::int64_t size, const QString &path,
            const ProgressFn &progress, const CsvReadOptions &options)
            // A small file gets windows of its own size: zero-filling 16 MiB for each of a
            // profile's many small CSVs cost more than reading them (seen when fuzzing).
            : m_windows { InputWindow(device, windowBytes(size, options)),
                InputWindow(device, windowBytes(size, options)) }
            , m_size(size)
            , m_path(path)
            , m_progress(progress)
        {
        }
        CsvResult run();

    private:
        bool refill();
        bool readHeader(std::vector<std::string_view> &header);
        bool fillBatch(RowBatch &batch, int index, const std::function<void(int)> &waitConsumed);
        bool parseRows(Table &table);
        bool runPipeline(
            Table &table, ColumnWorker &mine, ColumnWorker *helper, std::vector<RowBatch> &batches);
        void reserveColumns(Table &table, const RowBatch &first, std::int64_t firstBytes);
        void checkText(std::size_t from, std::size_t to);
        void report(Severity severity, std::int64_t line, const QString &message)
        {
            m_issues.append(
                makeIssue(severity, m_path, line > 0 ? lineText(line) : QString(), message));
        }
        std::int64_t position() const
        {
            return window().offset() + std::int64_t(m_tokenizer.position());
        }
        static std::size_t windowBytes(std::int64_t size, const CsvReadOptions &options)
        {
            return size > 0 ? std::min(options.windowBytes, std::size_t(size) + 1)
                            : options.windowBytes;
        }
        InputWindow &window() { return m_windows[m_current]; }
        const InputWindow &window() const { return m_windows[m_current]; }

        // The tokenizer reads one window while the other may still hold rows of batches the
        // helper thread has not stored yet: reading on needs no wait for it. With one window, each
        // refill waited for the helper to run dry and then left it idle during the read.
        InputWindow m_windows[2];
        int m_current = 0;
        bool m_started = false;
        int m_lastBatch[2] = { -1, -1 }; // the last batch with rows in each window
        const std::function<void(int)> *m_waitConsumed = nullptr; // during fillBatch
        Tokenizer m_tokenizer;
        std::int64_t m_size;
        QString m_path;
        const ProgressFn &m_progress;
        std::size_t m_columns = 0, m_batchRows = 0;
        std::int64_t m_checked = 0; // input offset up to which checkText has looked
        std::int64_t m_windowLine = 1; // line of data()[0]
        DeferredCollapses m_collapses; // of the column vectors (reserveColumns)
        TextProblems m_text;
        std::int64_t m_nulLine = 0, m_invalidLine = 0;
        IssueList m_issues;
    };

    // Counts NUL bytes and invalid UTF-8 in data()[from, to), noting the line of the first.
    void CsvLoader::checkText(std::size_t from, std::size_t to)
    {
        const std::string_view window = this->window().data();
        const TextProblems p = scanText(window.substr(from, to - from));
        auto lineOf = [&](std::size_t at) {
            return m_windowLine
                + std::count(window.begin(), window.begin() + std::ptrdiff_t(from + at), '\n');
        };
        if (p.nulCount > 0 && m_text.nulCount == 0)
            m_nulLine = lineOf(p.firstNul);
        if (p.invalidCount > 0 && m_text.invalidCount == 0)
            m_invalidLine = lineOf(p.firstInvalid);
        m_text.nulCount += p.nulCount;
        m_text.invalidCount += p.invalidCount;
        m_checked = this->window().offset() + std::int64_t(to);
    }

    // Moves the unparsed rest of the window to its front and reads more behind it. The text is
    // checked up to a line end only: a UTF-8 sequence may continue in the next read.
    bool CsvLoader::refill()
    {
        const std::size_t keep = m_tokenizer.position();
        if (const auto checked = std::size_t(m_checked - window().offset()); keep > checked)
            checkText(checked, keep); // complete rows about to leave the window
        m_windowLine = m_tokenizer.line();
        bool ok;
        if (!m_started) {
            ok = window().refill(keep);
            m_started = true;
        } else {
            const int next = m_current ^ 1;
            if (m_lastBatch[next] >= 0 && m_waitConsumed)
                (*m_waitConsumed)(m_lastBatch[next] + 1); // the helper is done with its rows
            m_lastBatch[next] = -1;
            ok = m_windows[next].refillFrom(window(), keep);
            m_current = next;
        }
        if (!ok) {
            report(Severity::Warning, 0,
                CsvText::tr("read error after %1 bytes (%2); the rest of the file was not read")
                    .arg(window().offset() + std::int64_t(window().data().size()))
                    .arg(window().error()));
            m_issues.back().damaged = true;
        }
        const std::string_view data = window().data();
        m_tokenizer.setData(data, 0, window().atEnd());
        const auto from = std::size_t(m_checked - window().offset());
        const std::size_t lastLf = data.rfind('\n');
        const std::size_t to = window().atEnd() ? data.size()
            : lastLf == std::string_view::npos  ? from
                                                : std::max(from, lastLf + 1);
        checkText(from, to);
        return ok;
    }

    bool CsvLoader::readHeader(std::vector<std::string_view> &header)
    {
        for (;;) {
            const Tokenizer::Status status = m_tokenizer.readHeader(header);
            if (status == Tokenizer::Status::Row)
                return true;
            if (status == Tokenizer::Status::End || !refill())
                return false;
        }
    }

    // The next batch (number `index`), refilling a window when this one ran dry; false at the
    // end of the input. `waitConsumed(n)` returns once the helper has stored batches [0, n).
    bool CsvLoader::fillBatch(
        RowBatch &batch, int index, const std::function<void(int)> &waitConsumed)
    {
        m_waitConsumed = &waitConsumed;
        for (;;) {
            const Tokenizer::Status status = m_tokenizer.fillBatch(batch, m_columns, m_batchRows);
            if (batch.rows > 0) {
                m_lastBatch[m_current] = index;
                break;
            }
            if (status == Tokenizer::Status::End || (!refill() && window().data().empty())) {
                m_waitConsumed = nullptr;
                return false;
            }
        }
        m_waitConsumed = nullptr;
        return true;
    }

    // Whether a cell of the column in the batch is text, not a number or a missing value, by
    // classifyCell()'s first test alone (no cell is parsed).
    bool holdsText(const RowBatch &batch, std::size_t column, std::size_t columns)
    {
        for (std::size_t r = 0; r < batch.rows; ++r) {
            const std::string_view s = batch.cells[r * columns + column];
            if (!mayStartNumber(s.empty() ? '\0' : s.front()) && !Table::isMissingText(s))
                return true;
        }
        return false;
    }

    // Whether the column holds a cell in the batch that is not a missing text.
    bool holdsValue(const RowBatch &batch, std::size_t column, std::size_t columns)
    {
        for (std::size_t r = 0; r < batch.rows; ++r) {
            if (!Table::isMissingText(batch.cells[r * columns + column]))
                return true;
        }
        return false;
    }

    // Sizes the column vectors from the first batch, so that they are allocated once.
    void CsvLoader::reserveColumns(Table &table, const RowBatch &first, std::int64_t firstBytes)
    {
        if (m_size <= 0 || firstBytes <= 0)
            return;
        const double estimate = double(m_size) / double(firstBytes) * double(first.rows);
        const auto rows = std::size_t(estimate * 1.05) + 16;
        const auto expected = std::size_t(estimate);
        reserveInHugePages(table.lines, rows, expected, &m_collapses);
        for (std::size_t c = 0; c < table.columns.size(); ++c) {
            Table::Column &col = table.columns[c];
            // Numbers for a column that looks like numbers in the first batch, texts for the
            // others: reserving the other kind would collapse, i.e. zero, its first huge page for
            // nothing. A column that turns to text later frees its numbers then.
            if (holdsText(first, c, table.columns.size())) {
                reserveInHugePages(col.text, rows, expected, &m_collapses);
            } else {
                // A column of missing cells so far stores no numbers until it has one (see
                // ColumnWorker::storeValues).
                if (holdsValue(first, c, table.columns.size()))
                    reserveInHugePages(col.number, rows, expected, &m_collapses);
                reserveInHugePages(col.format, rows, expected, &m_collapses);
            }
            if (Table::timeUnitScale(col.unit))
                reserveInHugePages(col.ns, rows, expected, &m_collapses);
        }
    }

    // Tokenises on the calling thread; with `helper` set, a second thread stores the helper's
    // columns of each batch while this one stores its own and tokenises the next.
    bool CsvLoader::runPipeline(
        Table &table, ColumnWorker &mine, ColumnWorker *helper, std::vector<RowBatch> &batches)
    {
        constexpr int kFinished = 1 << 30;
        std::atomic<int> produced { 0 }, consumed { 0 };
        std::thread thread;
        if (helper) {
            thread = std::thread([&] {
                for (int k = 0;; ++k) {
                    int p;
                    while ((p = produced.load()) <= k && !(p & kFinished))
                        produced.wait(p);
                    if ((p & ~kFinished) <= k)
                        return;
                    helper->store(batches[std::size_t(k) % batches.size()], k);
                    consumed.store(k + 1);
                    consumed.notify_one();
                }
            });
        }
        const std::function<void(int)> waitConsumed = [&](int count) {
            for (int c; helper && (c = consumed.load()) < count;)
                consumed.wait(c);
        };
        bool more = true, cancelled = false;
        std::int64_t lastReport = 0;
        double tokenizing = 0; // seconds since the last rebalance
        for (int k = 0; more; ++k) {
            RowBatch &batch = batches[std::size_t(k) % batches.size()];
            produced.store(k + 1);
            produced.notify_one();
            mine.store(batch, k);
            table.lines.insert(table.lines.end(), batch.lines.begin(), batch.lines.end());
            if (helper && k + 1 >= kFirstRebalance && ((k + 1) & k) == 0) {
                // At batches 16, 32, 64, ...: once the helper is idle, re-split the columns by
                // what each cost so far. Either worker may then take columns from the other.
                waitConsumed(k + 1);
                std::vector<double> cost = mine.costs();
                for (std::size_t c = 0; c < cost.size(); ++c)
                    cost[c] += helper->costs()[c];
                const std::size_t split = balancedSplit(tokenizing, helper->rawCost(), cost);
                mine.setRange(0, split);
                helper->setRange(split, cost.size());
                mine.resetCosts();
                helper->resetCosts();
                tokenizing = 0;
            }
            if (position() - lastReport >= std::int64_t(kProgressStep)) {
                lastReport = position();
                if (m_progress && !m_progress(std::min(lastReport, m_size), m_size)) {
                    cancelled = true;
                    break;
                }
            }
            // The next buffer is free once the helper is done with the batch it last held.
            waitConsumed(k + 2 - int(batches.size()));
            const auto start = std::chrono::steady_clock::now();
            more = fillBatch(batches[std::size_t(k + 1) % batches.size()], k + 1, waitConsumed);
            tokenizing
                += std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        }
        if (thread.joinable()) {
            produced.fetch_or(kFinished);
            produced.notify_one();
            thread.join();
        }
        return !cancelled;
    }

    // Parses the rows after the header into `table`; false when cancelled.
    bool CsvLoader::parseRows(Table &table)
    {
        m_columns = table.columns.size();
        m_batchRows = std::max<std::size_t>(1, kBatchCells / m_columns);
        std::vector<RowBatch> batches(kBatchRing);
        const std::int64_t start = position();
        if (!fillBatch(batches[0], 0, [](int) {}))
            return true;
        reserveColumns(table, batches[0], position() - start);
        const bool parallel = m_size >= std::int64_t(kParallelMinBytes) && m_columns >= 2
            && std::thread::hardware_concurrency() >= 2;
        const std::size_t split = parallel ? helperFirstColumn(batches[0], m_columns) : m_columns;
        std::vector<ColumnState> states(m_columns);
        for (std::size_t c = 0; c < m_columns; ++c) {
            states[c].timeScale = Table::timeUnitScale(table.columns[c].unit);
            states[c].timeExp = states[c].timeScale.value_or(kNoTime);
        }
        std::vector<std::atomic<std::int64_t>> rawFromBatch(m_columns);
        for (auto &from : rawFromBatch)
            from.store(ColumnWorker::kNever);
        ColumnWorker mine(table, states, rawFromBatch, 0, split, !parallel);
        std::optional<ColumnWorker> helper;
        if (parallel)
            helper.emplace(table, states, rawFromBatch, split, m_columns, true);
        // The first 2 MB of most column vectors are collapsed into huge pages on a thread of
        // their own (otherwise serial work before the parse).
        std::thread collapser;
        if (parallel)
            collapser = std::thread([this] { collapseHugePages(m_collapses); });
        else
            collapseHugePages(m_collapses);
        const bool finished = runPipeline(table, mine, helper ? &*helper : nullptr, batches);
        if (collapser.joinable())
            collapser.join();
        if (!finished)
            return false;
        finishColumns(table, states);
        releaseUnusedCapacity(table.lines);
        releaseUnusedViews(table.strings);
        for (Table::Column &col : table.columns) {
            releaseUnusedCapacity(col.text);
            releaseUnusedCapacity(col.number);
            releaseUnusedCapacity(col.ns);
            releaseUnusedCapacity(col.format);
        }
        return true;
    }

    CsvResult CsvLoader::run()
    {
        CsvResult result;
        auto fail = [&](const QString &message) {
            report(Severity::Error, 0, message);
            result.issues = m_issues;
            return result;
        };
        const QByteArray head = window().device().peek(qint64(kSniffBytes));
        const std::string_view headView(head.constData(), std::size_t(head.size()));
        if (const QString reason = binaryReason(headView); !reason.isEmpty())
            return fail(reason);
        if (headView.substr(0, 3) == "\xEF\xBB\xBF") {
            window().skip(3);
            m_checked = window().offset();
        }
        if (!refill() && window().data().empty())
            return fail(CsvText::tr("cannot read the file: %1").arg(window().error()));
        std::vector<std::string_view> header;
        if (!readHeader(header))
            return fail(CsvText::tr("the file is empty"));
        auto table = std::make_shared<Table>();
        table->path = m_path;
        table->columns.resize(header.size());
        for (std::size_t i = 0; i < header.size(); ++i) {
            Table::Column &c = table->columns[i];
            c.name = QString::fromUtf8(header[i].data(), qsizetype(header[i].size()));
            c.key = Table::normaliseKey(c.name, &c.unit);
            c.timeExp = std::int8_t(Table::timeUnitScale(c.unit).value_or(0));
        }
        if (!parseRows(*table)) {
            result.cancelled = true;
            return result;
        }
        reportProblems(m_issues, m_path, m_tokenizer.problems(), header.size());
        if (m_text.nulCount > 0)
            report(Severity::Warning, m_nulLine,
                CsvText::tr("%1 NUL byte(s) in the text; kept as read").arg(m_text.nulCount));
        if (m_text.invalidCount > 0)
            report(Severity::Warning, m_invalidLine,
                CsvText::tr("%1 byte(s) are not valid UTF-8; they are shown as replacement "
                            "characters")
                    .arg(m_text.invalidCount));
        if (table->lines.empty())
            report(Severity::Info, 0, CsvText::tr("the file has a header but no data rows"));
        if (m_progress)
            m_progress(m_size, m_size);
        result.table = std::move(table);
        result.issues = std::move(m_issues);
        result.ok = true;
        return result;
    }

} // namespace

CsvResult readCsvData(std::string_view data, const QString &pathForMessages,
    const ProgressFn &progress, const CsvReadOptions &options)
{
    QByteArray bytes = QByteArray::fromRawData(data.data(), qsizetype(data.size()));
    QBuffer device(&bytes);
    device.open(QIODevice::ReadOnly);
    return CsvLoader(device, std::int64_t(data.size()), pathForMessages, progress, options).run();
}

CsvResult readCsvFile(
    const QString &path, const ProgressFn &progress, const CsvReadOptions &options)
{
    CsvResult result;
    auto fail = [&](const QString &message) {
        result.issues.append(makeIssue(Severity::Error, path, QString(), message));
        return result;
    };
    const QFileInfo info(path);
    if (!info.exists())
        return fail(CsvText::tr("file not found"));
    if (info.isDir())
        return fail(CsvText::tr("this is a folder, not a CSV file"));
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return fail(CsvText::tr("cannot open the file: %1").arg(file.errorString()));
    return CsvLoader(file, file.isSequential() ? 0 : file.size(), path, progress, options).run();
}

} // namespace npuscope
