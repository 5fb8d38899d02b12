#include "model/core/kerneltable.h"

#include "model/core/decimal.h"

#include <QCoreApplication>
#include <QStringList>

#include <cmath>
#include <initializer_list>
#include <limits>

namespace npuscope {

namespace {

    class KernelText {
        Q_DECLARE_TR_FUNCTIONS(npuscope::KernelTable)
    };

    // Normalised header keys (Table::normaliseKey) of every spelling seen for a canonical column,
    // in order of preference (FORMATS.md §3, plus the article's Duration/Wait_time/Block_dim/
    // Stream_id/Start_time and the 2026 "Block Num" rename).
    using Aliases = std::initializer_list<const char *>;
    const Aliases kNameKeys = { "name", "opname" };
    const Aliases kTypeKeys = { "type", "optype" };
    const Aliases kCoreKeys = { "acceleratorcore", "tasktype" };
    const Aliases kStepKeys = { "stepid" };
    const Aliases kStreamKeys = { "streamid" };
    const Aliases kStartKeys = { "starttime", "taskstarttime" };
    const Aliases kDurationKeys = { "duration", "taskduration" };
    const Aliases kWaitKeys = { "waittime", "taskwaittime" };
    const Aliases kBlockDimKeys = { "blockdim", "blocknum" };

    int findAlias(const Table &table, Aliases keys)
    {
        for (const char *key : keys) {
            for (int i = 0; i < table.columnCount(); ++i) {
                if (table.columns[std::size_t(i)].key == QLatin1String(key))
                    return i;
            }
        }
        return -1;
    }

    // Cells of one column that could not be read, reported as a single warning.
    class BadCells {
    public:
        BadCells(const Table &table, int column)
            : m_table(table)
            , m_column(column)
        {
        }
        void add(qsizetype row)
        {
            if (m_count++ == 0)
                m_firstRow = row;
        }
        // `message` has %1 for the column name, %2 for the count and %3 for the first bad cell.
        void report(IssueList *issues, const QString &message) const
        {
            if (m_count == 0 || !issues)
                return;
            const QString &name = m_table.columns[std::size_t(m_column)].name;
            issues->append(Issue { Severity::Warning, m_table.path,
                KernelText::tr("line %1").arg(m_table.lines[std::size_t(m_firstRow)]),
                message.arg(name, QString::number(m_count), m_table.text(m_firstRow, m_column)),
                true });
        }

    private:
        const Table &m_table;
        int m_column;
        qsizetype m_count = 0;
        qsizetype m_firstRow = 0;
    };

    // Times in exact ns: from the column's own parse when its header has a time unit, else the
    // text read as microseconds (the article's "Duration", "Task Start Time").
    std::vector<TimeNs> readTimes(const Table &table, int column, TimeNs missing, IssueList *issues,
        TimeNs maxAbs = kMaxTimeNs)
    {
        std::vector<TimeNs> out(std::size_t(table.rowCount()), missing);
        if (column < 0)
            return out;
        const Table::Column &c = table.columns[std::size_t(column)];
        const bool parsed = c.ns.size() == out.size();
        BadCells bad(table, column);
        Table::CellText buffer;
        for (std::size_t row = 0; row < out.size(); ++row) {
            TimeNs ns;
            if (parsed) {
                if (table.isMissing(qsizetype(row), column))
                    continue;
                ns = c.ns[row];
            } else {
                const std::string_view text = table.textView(qsizetype(row), column, buffer);
                if (Table::isMissingText(text))
                    continue;
                ns = parseMicrosToNs(text).value_or(Table::kMissingNs);
            }
            if (ns == Table::kMissingNs || ns > maxAbs || ns < -maxAbs)
                bad.add(qsizetype(row));
            else
                out[row] = ns;
        }
        bad.report(issues,
            KernelText::tr("column '%1': %2 cell(s) are not times (first: '%3'); "
                           "they are treated as missing"));
        return out;
    }

    std::optional<std::int32_t> parseInt32(std::string_view text)
    {
        constexpr auto kMin = std::numeric_limits<std::int32_t>::min();
        constexpr auto kMax = std::numeric_limits<std::int32_t>::max();
        if (const auto v = parseInteger(text)) {
            if (*v >= kMin && *v <= kMax)
                return std::int32_t(*v);
            return std::nullopt;
        }
        const auto d = parseDouble(text); // "8.0"
        if (d && std::trunc(*d) == *d && *d >= kMin && *d <= kMax)
            return std::int32_t(*d);
        return std::nullopt;
    }

    std::vector<std::int32_t> readInts(const Table &table, int column, IssueList *issues)
    {
        std::vector<std::int32_t> out(std::size_t(table.rowCount()), KernelTable::kNoValue);
        if (column < 0)
            return out;
        BadCells bad(table, column);
        Table::CellText buffer;
        for (std::size_t row = 0; row < out.size(); ++row) {
            const std::string_view text = table.textView(qsizetype(row), column, buffer);
            if (Table::isMissingText(text))
                continue;
            if (const auto v = parseInt32(text))
                out[row] = *v;
            else
                bad.add(qsizetype(row));
        }
        bad.report(issues,
            KernelText::tr("column '%1': %2 cell(s) are not integers (first: '%3'); "
                           "they are treated as missing"));
        return out;
    }

    // Copies a text column into the kernel table's own pool. `remap` caches table id -> kernel id,
    // shared by all columns since the same text gets the same id in both pools.
    std::vector<StringId> readStrings(const Table &table, int column, bool missingAsEmpty,
        StringPool &pool, std::vector<StringId> &remap)
    {
        std::vector<StringId> out(std::size_t(table.rowCount()), StringId(0));
        if (column < 0)
            return out;
        const std::vector<StringId> &ids = table.columns[std::size_t(column)].text;
        if (ids.size() != out.size()) { // a Number column keeps no text
            Table::CellText buffer;
            std::string last;
            StringId lastId;
            for (std::size_t row = 0; row < out.size(); ++row) {
                const std::string_view text = table.textView(qsizetype(row), column, buffer);
                if (row == 0 || text != last) {
                    last = text;
                    lastId = missingAsEmpty && Table::isMissingText(text) ? StringId(0)
                                                                          : pool.intern(text);
                }
                out[row] = lastId;
            }
            return out;
        }
        for (std::size_t row = 0; row < out.size(); ++row) {
            const StringId id = ids[row];
            StringId &mapped = remap[id.value];
            if (!mapped.isValid()) {
                const std::string_view text = table.strings.view(id);
                mapped = missingAsEmpty && Table::isMissingText(text) ? StringId(0)
                                                                      : pool.intern(text);
            }
            out[row] = mapped;
        }
        return out;
    }

    QString requiredMissing(const KernelTable &k)
    {
        QStringList missing;
        if (k.nameColumn < 0)
            missing << KernelText::tr("name (Name / Op Name)");
        if (k.startColumn < 0)
            missing << KernelText::tr("start (Start Time(us) / Task Start Time(us))");
        if (k.durationColumn < 0)
            missing << KernelText::tr("duration (Duration(us) / Task Duration(us))");
        return missing.join(QStringLiteral(", "));
    }

} // namespace

KernelTable KernelTable::fromTable(std::shared_ptr<const Table> table, IssueList *issues)
{
    KernelTable k;
    k.table = std::move(table);
    if (!k.table)
        return k;
    const Table &t = *k.table;
    k.nameColumn = findAlias(t, kNameKeys);
    k.typeColumn = findAlias(t, kTypeKeys);
    k.coreColumn = findAlias(t, kCoreKeys);
    k.stepColumn = findAlias(t, kStepKeys);
    k.streamColumn = findAlias(t, kStreamKeys);
    k.startColumn = findAlias(t, kStartKeys);
    k.durationColumn = findAlias(t, kDurationKeys);
    k.waitColumn = findAlias(t, kWaitKeys);
    k.blockDimColumn = findAlias(t, kBlockDimKeys);

    const QString missing = requiredMissing(k);
    if (!missing.isEmpty()) {
        if (issues) {
            QStringList found;
            for (const Table::Column &c : t.columns)
                found << c.name;
            issues->append(Issue { Severity::Error, t.path, QString(),
                KernelText::tr("not a kernel table: missing %1; columns found: %2")
                    .arg(missing, found.join(QStringLiteral(", "))) });
        }
        return k;
    }

    std::vector<StringId> remap(t.strings.size());
    k.name = readStrings(t, k.nameColumn, false, k.strings, remap);
    k.type = readStrings(t, k.typeColumn, false, k.strings, remap);
    k.core = readStrings(t, k.coreColumn, false, k.strings, remap);
    // Step is "" outside a step: a missing step must not look like a step named "N/A".
    std::vector<StringId>(t.strings.size()).swap(remap);
    k.step = readStrings(t, k.stepColumn, true, k.strings, remap);
    k.stream = readInts(t, k.streamColumn, issues);
    k.blockDim = readInts(t, k.blockDimColumn, issues);
    k.start = readTimes(t, k.startColumn, Table::kMissingNs, issues);
    k.duration = readTimes(t, k.durationColumn, 0, issues, KernelTable::kMaxDurationNs);
    k.wait = readTimes(t, k.waitColumn, 0, issues, KernelTable::kMaxDurationNs);
    return k;
}

} // namespace npuscope
