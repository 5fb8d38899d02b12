#include "model/db/dbcommmatrix.h"

#include "model/db/dbcolumns.h"
#include "model/db/sqlitedb.h"
#include "model/db/sqlitequery.h"

namespace npuscope {

namespace {

    QString qtext(std::string_view s) { return QString::fromUtf8(s.data(), qsizetype(s.size())); }

} // namespace

std::vector<DbCommMatrixRow> readCommMatrixTable(const QString &path, IssueList *issues)
{
    std::vector<DbCommMatrixRow> rows;
    QString error;
    const auto db = SqliteDb::open(path, &error);
    if (!db) {
        issues->append({ Severity::Warning, path, QString(), error });
        return rows;
    }
    DbColumns cols(*db, "CommAnalyzerMatrix");
    if (!cols.tableExists())
        return rows;
    const int cOp = cols.require({ "hccl_op_name" }), cGroup = cols.add({ "group_name" });
    const int cSrc = cols.require({ "src_rank" }), cDst = cols.require({ "dst_rank" });
    const int cTransport = cols.add({ "transport_type" }), cSize = cols.add({ "transit_size" });
    const int cTime = cols.add({ "transit_time" }), cKind = cols.add({ "type" });
    const int cStep = cols.add({ "step" }), cOpName = cols.add({ "op_name" });
    const int cBandwidth = cols.add({ "bandwidth" });
    SqliteQuery q(*db, cols.sql());
    while (q.next()) {
        // The ranks are TEXT in the files seen; integer() reads digits of either type.
        const auto src = q.integer(cSrc), dst = q.integer(cDst);
        if (!src || !dst || *src < 0 || *dst < 0 || *src > 65535 || *dst > 65535)
            continue;
        rows.push_back(
            { qtext(q.text(cOp)), qtext(q.text(cGroup)), qtext(q.text(cKind)), int(*src), int(*dst),
                q.real(cSize).value_or(0), q.real(cTime).value_or(0), qtext(q.text(cTransport)),
                qtext(q.text(cStep)), qtext(q.text(cOpName)), q.real(cBandwidth).value_or(0) });
    }
    cols.report(q, path, issues);
    return rows;
}

} // namespace npuscope
