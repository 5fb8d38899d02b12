#include "model/db/dbcommops.h"

#include "model/db/dbcolumns.h"
#include "model/db/dbstrings.h"
#include "model/db/dbtasks.h"
#include "model/db/sqlitedb.h"
#include "model/db/sqlitequery.h"

#include <algorithm>
#include <map>

namespace npuscope {

namespace {

    std::vector<DbCommOp> fromOpTable(
        const SqliteDb &db, const DbStrings &strings, IssueList *issues)
    {
        std::vector<DbCommOp> ops;
        DbColumns cols(db, "COMMUNICATION_OP");
        const int cName = cols.add({ "opName" }), cStart = cols.require({ "startNs" });
        const int cEnd = cols.require({ "endNs" }), cConn = cols.add({ "connectionId" });
        const int cGroup = cols.add({ "groupName" }), cType = cols.add({ "opType" });
        const int cDevice = cols.add({ "deviceId" });
        SqliteQuery q(db, cols.sql("ORDER BY startNs"));
        while (q.next()) {
            const auto s = q.time(cStart), e = q.time(cEnd);
            if (!s || !e)
                continue;
            DbCommOp op;
            op.start = *s;
            op.end = std::max(*s, *e);
            const auto c = q.integer(cConn);
            op.connectionId = c && *c != DbTasks::kNotSet ? *c : -1;
            op.name = strings.map(q.integer(cName)).value;
            op.type = strings.map(q.integer(cType)).value;
            op.group = strings.map(q.integer(cGroup)).value;
            const auto d = q.integer(cDevice);
            op.device = d && *d >= 0 && *d < 65536 ? int(*d) : 0;
            ops.push_back(op);
        }
        cols.report(q, db.path(), issues);
        return ops;
    }

    // Older msprof databases and damaged ones: the operation is the span of its tasks.
    std::vector<DbCommOp> fromTaskTable(
        const SqliteDb &db, const DbStrings &strings, const DbTasks &tasks, IssueList *issues)
    {
        DbColumns cols(db, "COMMUNICATION_TASK_INFO");
        const int cId = cols.require({ "globalTaskId" }), cOp = cols.require({ "opId" });
        const int cName = cols.add({ "opName", "name" }), cGroup = cols.add({ "groupName" });
        std::map<std::int64_t, DbCommOp> byOp;
        SqliteQuery q(db, cols.sql());
        while (q.next()) {
            const auto opId = q.integer(cOp);
            const std::size_t t = tasks.find(q.integer(cId));
            if (t == DbTasks::kNone || !opId)
                continue;
            auto [it, fresh] = byOp.try_emplace(*opId);
            DbCommOp &op = it->second;
            if (fresh) {
                op.start = tasks.start[t];
                op.end = tasks.end[t];
                op.name = strings.map(q.integer(cName)).value;
                op.group = strings.map(q.integer(cGroup)).value;
                op.device = tasks.device[t];
            }
            op.start = std::min(op.start, tasks.start[t]);
            op.end = std::max(op.end, tasks.end[t]);
        }
        cols.report(q, db.path(), issues);
        std::vector<DbCommOp> ops;
        for (const auto &[id, op] : byOp)
            ops.push_back(op);
        std::stable_sort(ops.begin(), ops.end(),
            [](const DbCommOp &a, const DbCommOp &b) { return a.start < b.start; });
        return ops;
    }

} // namespace

std::vector<DbCommOp> readCommOps(
    const SqliteDb &db, const DbStrings &strings, const DbTasks &tasks, IssueList *issues)
{
    if (db.hasTable("COMMUNICATION_OP"))
        return fromOpTable(db, strings, issues);
    if (db.hasTable("COMMUNICATION_TASK_INFO"))
        return fromTaskTable(db, strings, tasks, issues);
    return {};
}

} // namespace npuscope
