#include "model/db/dbeventargs.h"

#include "model/db/dbcallchains.h"
#include "model/db/sqlitedb.h"
#include "model/db/sqlitestatement.h"

#include <QJsonValue>

#include <strings.h>

#include <algorithm>
#include <functional>
#include <iterator>
#include <string>
#include <vector>

namespace npuscope {

namespace {

    // How a cell becomes an arg.
    enum class Cell : std::uint8_t {
        Integer,
        String, // a STRING_IDS id
        Low32, // globalTid: the thread id
        ApiType, // ENUM_API_TYPE
        HcclDataType, // ENUM_HCCL_DATA_TYPE
        HcclLinkType, // ENUM_HCCL_LINK_TYPE
        HcclTransport, // ENUM_HCCL_TRANSPORT_TYPE
        Callchain, // PYTORCH_CALLCHAINS id: the frames, innermost first
    };
    // The (id, text) table each Cell's id is of, in the order of Cell; none for numbers.
    struct IdTable {
        const char *table = nullptr;
        const char *text = nullptr;
    };
    constexpr IdTable kIdTables[] = { {}, { "STRING_IDS", "value" }, {},
        { "ENUM_API_TYPE", "name" }, { "ENUM_HCCL_DATA_TYPE", "name" },
        { "ENUM_HCCL_LINK_TYPE", "name" }, { "ENUM_HCCL_TRANSPORT_TYPE", "name" }, {} };
    static_assert(std::size(kIdTables) == std::size_t(Cell::Callchain) + 1);

    struct Field {
        const char *arg = nullptr; // as trace_view.json names it
        const char *column = nullptr;
        Cell cell = Cell::Integer;
    };
    constexpr int kMaxFields = 11;
    struct Spec {
        const char *table;
        const char *key; // the column the event's id is of
        bool rowidHint; // id + 1 is nearly always the rowid: try that row first
        Field fields[kMaxFields];
    };

    const Spec kPytorch { "PYTORCH_API", "rowid", false,
        { { "Sequence number", "sequenceNumber" }, { "Fwd thread id", "fwdThreadId" },
            { "Input Dims", "inputShapes", Cell::String },
            { "Input type", "inputDtypes", Cell::String },
            { "Call stack", "callchainId", Cell::Callchain } } };
    const Spec kCann { "CANN_API", "rowid", false,
        { { "Thread Id", "globalTid", Cell::Low32 }, { "level", "type", Cell::ApiType },
            { "id", "name", Cell::String }, { "connection_id", "connectionId" } } };
    const Spec kTask { "TASK", "globalTaskId", true,
        { { "Model Id", "modelId" }, { "Task Type", "taskType", Cell::String },
            { "Physic Stream Id", "streamId" }, { "Task Id", "taskId" },
            { "Subtask Id", "contextId" }, { "connection_id", "connectionId" } } };
    const Spec kCommOp { "COMMUNICATION_OP", "connectionId", false,
        { { "connection_id", "connectionId" }, { "data_type", "dataType", Cell::HcclDataType },
            { "alg_type", "algType", Cell::String }, { "count", "count" } } };
    const Spec kCommTask { "COMMUNICATION_TASK_INFO", "globalTaskId", false,
        { { "notify_id", "notifyId" }, { "task type", "taskType", Cell::String },
            { "src rank", "srcRank" }, { "dst rank", "dstRank" },
            { "transport type", "transportType", Cell::HcclTransport }, { "size(Byte)", "size" },
            { "data type", "dataType", Cell::HcclDataType },
            { "link type", "linkType", Cell::HcclLinkType } } };
    const Spec kCommTaskTask { "TASK", "globalTaskId", true,
        { { "stream id", "streamId" }, { "task id", "taskId" }, { "context id", "contextId" },
            { "model id", "modelId" } } };

    std::string quoted(std::string_view name)
    {
        std::string out = "\"";
        for (char c : name)
            out += c == '"' ? std::string("\"\"") : std::string(1, c);
        return out + '"';
    }

    // The table's column of this name as written there, or empty.
    std::string column(const std::vector<std::string> &columns, const char *name)
    {
        if (strcasecmp(name, "rowid") == 0)
            return "rowid";
        for (const std::string &c : columns)
            if (strcasecmp(c.c_str(), name) == 0)
                return quoted(c);
        return {};
    }

    // One value by id from a (id, text) table: STRING_IDS, ENUM_*.
    std::optional<QString> lookup(
        const SqliteDb &db, const char *table, const char *text, std::int64_t id)
    {
        if (!db.hasTable(table))
            return std::nullopt;
        SqliteStatement q(db, std::string("SELECT ") + text + " FROM " + table + " WHERE id = ?1");
        if (!q.step(id) || q.isNull(0))
            return std::nullopt;
        return q.text(0);
    }

    QJsonValue integerValue(std::int64_t v)
    {
        // Beyond 2^53 a JSON number (a double) would not keep the digits.
        constexpr std::int64_t kExact = std::int64_t(1) << 53;
        return v > -kExact && v < kExact ? QJsonValue(qint64(v)) : QJsonValue(QString::number(v));
    }

    // A PYTORCH_CALLCHAINS id's frames as "Call stack" has them.
    using CallStacks = std::function<std::optional<QString>(std::int64_t)>;

    QJsonValue cellValue(
        const SqliteDb &db, const SqliteStatement &q, int c, Cell cell, const CallStacks &callStack)
    {
        if (!q.isInteger(c))
            return q.text(c);
        const std::int64_t v = q.integer(c);
        if (cell == Cell::Integer || cell == Cell::Low32)
            return integerValue(cell == Cell::Low32 ? v & 0xFFFFFFFF : v);
        const IdTable &table = kIdTables[std::size_t(cell)];
        const std::optional<QString> text
            = cell == Cell::Callchain ? callStack(v) : lookup(db, table.table, table.text, v);
        return text ? QJsonValue(*text) : integerValue(v);
    }

    // The spec's fields of the row with this id into `out`; false when there is no such row.
    bool readRow(const SqliteDb &db, const Spec &spec, std::int64_t id, QJsonObject &out,
        const CallStacks &callStack = {})
    {
        if (!db.hasTable(spec.table))
            return false;
        const std::vector<std::string> columns = db.columns(spec.table);
        const std::string key = column(columns, spec.key);
        if (key.empty())
            return false;
        std::string select = "SELECT ";
        int count = 0;
        for (; count < kMaxFields && spec.fields[count].arg; ++count) {
            const std::string c = column(columns, spec.fields[count].column);
            select += (count ? ", " : "") + (c.empty() ? std::string("NULL") : c);
        }
        select += " FROM " + quoted(spec.table) + " WHERE " + key + " = ?1";
        SqliteStatement hinted(db, select + " AND rowid = ?1 + 1");
        SqliteStatement any(db, select + " LIMIT 1");
        SqliteStatement &q = spec.rowidHint && hinted.step(id) ? hinted : any;
        if (&q == &any && !any.step(id))
            return false;
        for (int c = 0; c < count; ++c)
            if (!q.isNull(c))
                out.insert(QString::fromLatin1(spec.fields[c].arg),
                    cellValue(db, q, c, spec.fields[c].cell, callStack));
        return true;
    }

    bool hasLetter(const QJsonValue &v)
    {
        const QString s = v.toString();
        return std::any_of(s.begin(), s.end(), [](QChar c) { return c.isLetter(); });
    }

    // Schema 1.0 writes PYTORCH_API's inputShapes and inputDtypes each into the other's column
    // (every row of the six samples: "float;None" as shapes, "0;;" as dtypes); trace_view.json
    // has them right. Put them back where the types are words and the dims are not.
    void unswapInputs(QJsonObject &args)
    {
        const QString dims = QStringLiteral("Input Dims"), types = QStringLiteral("Input type");
        // A NULL column is an empty list, as trace_view.json writes it ("Input Dims": "").
        const QJsonValue d = args.value(dims), t = args.value(types);
        if (hasLetter(d) && !hasLetter(t)) {
            args.insert(dims, t.isString() ? t : QJsonValue(QString()));
            args.insert(types, d);
        }
    }

} // namespace

DbEventArgs::DbEventArgs(QString path)
    : m_path(std::move(path))
{
}

DbEventArgs::~DbEventArgs() = default;

const SqliteDb *DbEventArgs::connection() const
{
    if (!m_db && !m_failed) {
        QString error;
        m_db = SqliteDb::open(m_path, &error);
        m_failed = !m_db;
    }
    return m_db.get();
}

void DbEventArgs::prepare() const
{
    std::lock_guard lock(m_mutex);
    if (m_callchains || m_reading.valid())
        return;
    m_reading = std::async(std::launch::async, [path = m_path] {
        QString error;
        const std::unique_ptr<SqliteDb> db = SqliteDb::open(path, &error);
        return db ? std::make_unique<DbCallchains>(*db) : nullptr;
    });
}

// Once: the table has no index, a lookup by id would scan it all. Called with m_mutex held.
DbCallchains &DbEventArgs::callchains(const SqliteDb &db) const
{
    if (!m_callchains && m_reading.valid())
        m_callchains = m_reading.get(); // prepare()'s, waited for if it is still reading
    if (!m_callchains)
        m_callchains = std::make_unique<DbCallchains>(db);
    return *m_callchains;
}

QJsonObject DbEventArgs::args(std::uint64_t key) const
{
    const auto kind = Kind(key >> kIdBits);
    const auto id = std::int64_t(key & ((std::uint64_t(1) << kIdBits) - 1));
    if (kind == Kind::None)
        return {};
    std::lock_guard lock(m_mutex);
    if (key == m_lastKey)
        return m_last;
    const SqliteDb *db = connection();
    if (!db)
        return {};
    QJsonObject out;
    switch (kind) {
    case Kind::Pytorch:
        readRow(*db, kPytorch, id, out,
            [&](std::int64_t chain) { return callchains(*db).callStack(*db, chain); });
        unswapInputs(out);
        break;
    case Kind::Cann:
        readRow(*db, kCann, id, out);
        break;
    case Kind::Task:
        readRow(*db, kTask, id, out);
        break;
    case Kind::CommOp:
        readRow(*db, kCommOp, id, out);
        break;
    case Kind::CommTask:
        if (readRow(*db, kCommTask, id, out))
            readRow(*db, kCommTaskTask, id, out);
        break;
    case Kind::None:
        break;
    }
    m_lastKey = key;
    m_last = out;
    return out;
}

} // namespace npuscope
