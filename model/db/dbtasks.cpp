#include "model/db/dbtasks.h"

#include "model/core/hugepages.h"
#include "model/db/dbcolumns.h"
#include "model/db/dbparenttasks.h"
#include "model/db/dbstrings.h"
#include "model/db/sqlitedb.h"
#include "model/db/sqlitequery.h"

#include <algorithm>
#include <numeric>

namespace npuscope {

namespace {

    template <class T> void permute(std::vector<T> &v, const std::vector<std::size_t> &order)
    {
        std::vector<T> out(v.size());
        for (std::size_t i = 0; i < order.size(); ++i)
            out[i] = v[order[i]];
        v = std::move(out);
    }

    std::int32_t small(std::optional<std::int64_t> v)
    {
        return v && *v >= 0 && *v < DbTasks::kNotSet
            ? std::int32_t(std::min<std::int64_t>(*v, INT32_MAX))
            : -1;
    }

} // namespace

std::size_t DbTasks::find(std::optional<std::int64_t> key) const
{
    if (!key)
        return kNone;
    const std::int64_t id = *key;
    // globalTaskId is the row number in every database seen: try that first.
    if (id >= 0 && std::size_t(id) < size() && globalTaskId[std::size_t(id)] == id)
        return std::size_t(id);
    const auto it = std::lower_bound(globalTaskId.begin(), globalTaskId.end(), id);
    if (it == globalTaskId.end() || *it != id)
        return kNone;
    return std::size_t(it - globalTaskId.begin());
}

DbTasks DbTasks::read(const SqliteDb &db, const DbStrings &strings, IssueList *issues)
{
    DbTasks t;
    DbColumns cols(db, "TASK");
    if (!cols.tableExists())
        return t;
    const std::size_t rows = db.rowEstimate("TASK");
    const int cStart = cols.require({ "startNs" }), cEnd = cols.require({ "endNs" });
    const int cId = cols.require({ "globalTaskId" }), cConn = cols.add({ "connectionId" });
    const int cStream = cols.add({ "streamId" }), cDevice = cols.add({ "deviceId" });
    const int cType = cols.add({ "taskType" });
    const int cTaskId = cols.add({ "taskId" }), cContext = cols.add({ "contextId" });
    DbParentTasks parents;
    parents.reserve(rows);
    for (auto *v : { &t.globalTaskId, &t.start, &t.end, &t.connectionId })
        reserveHuge(*v, rows);
    reserveHuge(t.stream, rows);
    reserveHuge(t.device, rows);
    reserveHuge(t.taskType, rows);
    SqliteQuery q(db, cols.sql());
    bool sorted = true;
    while (q.next()) {
        const auto s = q.time(cStart), e = q.time(cEnd), id = q.integer(cId);
        if (!s || !e || !id)
            continue;
        sorted = sorted && (t.globalTaskId.empty() || t.globalTaskId.back() < *id);
        t.globalTaskId.push_back(*id);
        t.start.push_back(*s);
        t.end.push_back(std::max(*s, *e));
        const auto c = q.integer(cConn);
        t.connectionId.push_back(c && *c != kNotSet ? *c : -1);
        t.stream.push_back(small(q.integer(cStream)));
        t.device.push_back(std::max(0, small(q.integer(cDevice))));
        t.taskType.push_back(strings.map(q.integer(cType)).value);
        parents.add(t.device.back(), t.stream.back(), q.integer(cTaskId), q.integer(cContext), *s);
    }
    cols.report(q, db.path(), issues);
    t.parent = parents.find(t.device, t.stream, t.start, t.end);
    if (!sorted) {
        std::vector<std::size_t> order(t.size());
        std::iota(order.begin(), order.end(), 0);
        std::stable_sort(order.begin(), order.end(),
            [&](auto a, auto b) { return t.globalTaskId[a] < t.globalTaskId[b]; });
        permute(t.globalTaskId, order);
        permute(t.start, order);
        permute(t.end, order);
        permute(t.connectionId, order);
        permute(t.stream, order);
        permute(t.device, order);
        permute(t.taskType, order);
        permute(t.parent, order);
    }
    return t;
}

} // namespace npuscope
