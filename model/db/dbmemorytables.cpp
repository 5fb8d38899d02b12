#include "model/db/dbmemorytables.h"

#include "model/core/table.h"
#include "model/db/dbcolumns.h"
#include "model/db/dbstrings.h"
#include "model/db/dbtablebuilder.h"
#include "model/db/sqlitedb.h"
#include "model/db/sqlitequery.h"

#include <QHash>

#include <cmath>
#include <string>
#include <vector>

namespace npuscope {

namespace {

    constexpr double kKiB = 1024.0;
    constexpr double kMiB = 1024.0 * 1024.0;

    std::optional<double> scaled(std::optional<double> v, double unit)
    {
        return v ? std::optional(*v / unit) : v;
    }

    // DbTableBuilder writes every time it is given; a time that is not set becomes an empty
    // cell afterwards, as the CSV has it.
    void clearTimes(Table &t, int column, const std::vector<qsizetype> &rows)
    {
        Table::Column &c = t.columns[std::size_t(column)];
        const StringId empty = t.strings.intern("");
        for (const qsizetype row : rows) {
            c.ns[std::size_t(row)] = Table::kMissingNs;
            c.text[std::size_t(row)] = empty;
            if (!c.number.empty())
                c.number[std::size_t(row)] = std::nan("");
        }
    }

} // namespace

std::shared_ptr<const Table> readOperatorMemoryTable(
    const SqliteDb &db, const DbStrings &strings, const StringPool &pool, IssueList *issues)
{
    DbColumns cols(db, "OP_MEMORY");
    if (!cols.tableExists())
        return nullptr;
    const int cName = cols.add({ "name", "operatorName" }), cSize = cols.require({ "size" });
    const int cAlloc = cols.require({ "allocationTime" }), cRelease = cols.add({ "releaseTime" });
    const int cAllocated = cols.add({ "allocationTotalAllocated" }),
              cReserved = cols.add({ "allocationTotalReserved" });
    const int cDevice = cols.add({ "deviceId" });
    using T = Table::ColumnType;
    DbTableBuilder t(db.path());
    const int oName = t.addColumn(QStringLiteral("Name"), T::Text);
    const int oSize = t.addColumn(QStringLiteral("Size(KB)"), T::Number);
    const int oAlloc = t.addColumn(QStringLiteral("Allocation Time(us)"), T::Number);
    const int oRelease = t.addColumn(QStringLiteral("Release Time(us)"), T::Number);
    const int oAllocated = t.addColumn(QStringLiteral("Allocation Total Allocated(MB)"), T::Number);
    const int oReserved = t.addColumn(QStringLiteral("Allocation Total Reserved(MB)"), T::Number);
    const int oDevice = t.addColumn(QStringLiteral("Device Type"), T::Text);
    std::vector<qsizetype> unreleased;
    SqliteQuery q(db, cols.sql());
    while (q.next()) {
        const auto alloc = q.time(cAlloc);
        if (!alloc)
            continue;
        t.text(oName, pool.view(strings.map(q.integer(cName))));
        t.number(oSize, scaled(q.real(cSize), kKiB));
        t.time(oAlloc, *alloc);
        const auto release = q.time(cRelease);
        if (!release)
            unreleased.push_back(t.rows());
        t.time(oRelease, release.value_or(0));
        t.number(oAllocated, scaled(q.real(cAllocated), kMiB));
        t.number(oReserved, scaled(q.real(cReserved), kMiB));
        t.text(oDevice, "NPU:" + std::to_string(q.integer(cDevice).value_or(0)));
        t.endRow();
    }
    cols.report(q, db.path(), issues);
    auto out = t.finish();
    clearTimes(*out, oRelease, unreleased);
    return out;
}

std::shared_ptr<const Table> readModuleMemoryTable(const SqliteDb &db, IssueList *issues)
{
    DbColumns cols(db, "NPU_MODULE_MEM");
    if (!cols.tableExists())
        return nullptr;
    QHash<std::int64_t, std::string> modules;
    DbColumns names(db, "ENUM_MODULE");
    const int nId = names.add({ "id" }), nName = names.add({ "name" });
    if (names.tableExists()) {
        SqliteQuery q(db, names.sql());
        while (q.next()) {
            if (const auto id = q.integer(nId))
                modules.insert(*id, std::string(q.text(nName)));
        }
        names.report(q, db.path(), issues);
    }
    const int cModule = cols.add({ "moduleId" }), cTime = cols.require({ "timestampNs" });
    const int cReserved = cols.add({ "totalReserved" }), cDevice = cols.add({ "deviceId" });
    using T = Table::ColumnType;
    DbTableBuilder t(db.path());
    const int oComponent = t.addColumn(QStringLiteral("Component"), T::Text);
    const int oTime = t.addColumn(QStringLiteral("Timestamp(us)"), T::Number);
    const int oReserved = t.addColumn(QStringLiteral("Total Reserved(MB)"), T::Number);
    const int oDevice = t.addColumn(QStringLiteral("Device"), T::Text);
    SqliteQuery q(db, cols.sql());
    while (q.next()) {
        const auto time = q.time(cTime);
        if (!time)
            continue;
        const std::int64_t id = q.integer(cModule).value_or(-1);
        const auto name = modules.constFind(id);
        t.text(oComponent, name != modules.constEnd() ? *name : std::to_string(id));
        t.time(oTime, *time);
        t.number(oReserved, scaled(q.real(cReserved), kMiB));
        t.text(oDevice, "NPU:" + std::to_string(q.integer(cDevice).value_or(0)));
        t.endRow();
    }
    cols.report(q, db.path(), issues);
    return t.finish();
}

} // namespace npuscope
