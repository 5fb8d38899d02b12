// The args of a database profile's events (the details panel's "Arguments"), read lazily by
// DbEventArgs, against plain SQL over the same sample databases and against the arg names of
// the text export of the same job.

#include "model/core/eventargssource.h"
#include "model/profile/profileloader.h"

#include "dbsamples.h"

#include <QDir>
#include <QJsonObject>
#include <QSet>
#include <QTest>
#include <QVariantList>

#include <sqlite3.h>

#include <algorithm>
#include <functional>

using namespace npuscope;

namespace {

// Plain SQL over the database, apart from the reader.
class Sql {
public:
    explicit Sql(const QString &path)
    {
        const QByteArray uri
            = (QStringLiteral("file:") + path + QStringLiteral("?mode=ro&immutable=1")).toUtf8();
        sqlite3_open_v2(uri.constData(), &m_db, SQLITE_OPEN_READONLY | SQLITE_OPEN_URI, nullptr);
    }
    ~Sql() { sqlite3_close(m_db); }

    // Every row's columns as text ("" for NULL); `bind`: integers and strings for ?1, ?2 ...
    QList<QStringList> rows(const char *sql, const QVariantList &bind) const
    {
        QList<QStringList> out;
        sqlite3_stmt *st = nullptr;
        if (sqlite3_prepare_v2(m_db, sql, -1, &st, nullptr) != SQLITE_OK)
            return out;
        QList<QByteArray> texts;
        for (int i = 0; i < bind.size(); ++i) {
            if (bind[i].typeId() == QMetaType::QString) {
                texts << bind[i].toString().toUtf8();
                sqlite3_bind_text(st, i + 1, texts.last().constData(), -1, SQLITE_TRANSIENT);
            } else {
                sqlite3_bind_int64(st, i + 1, bind[i].toLongLong());
            }
        }
        while (sqlite3_step(st) == SQLITE_ROW) {
            QStringList row;
            for (int c = 0; c < sqlite3_column_count(st); ++c)
                row << QString::fromUtf8(
                    reinterpret_cast<const char *>(sqlite3_column_text(st, c)));
            out << row;
        }
        sqlite3_finalize(st);
        return out;
    }

private:
    sqlite3 *m_db = nullptr;
};

QString text(const QJsonValue &v)
{
    return v.isString() ? v.toString() : QString::number(v.toInteger());
}

// Every event of the trace whose track is of `kind` and whose category is `category`.
void forEachEvent(const Trace &t, TrackKind kind, std::string_view category,
    const std::function<void(EventRef)> &fn)
{
    for (const Track &track : t.tracks)
        if (track.kind == kind)
            for (std::uint32_t i = 0; i < track.events.size(); ++i)
                if (t.strings.view(track.events[i].category) == category)
                    fn({ track.id, i });
}

QSet<QString> keysOf(const Trace &t, TrackKind kind, std::string_view category, bool withDims)
{
    QSet<QString> keys;
    forEachEvent(t, kind, category, [&](EventRef ref) {
        const QJsonObject a = t.args(ref);
        if (!withDims || a.contains(QStringLiteral("Input Dims")))
            for (const QString &k : a.keys())
                keys << k;
    });
    return keys;
}

} // namespace

class TstDbEventArgs : public QObject {
    Q_OBJECT
private slots:
    void samples_data() { test::addDbSampleRows(); }
    void samples();
};

void TstDbEventArgs::samples()
{
    NPUSCOPE_FETCH_SAMPLE_DB(file);
    const LoadResult db = loadProfile(QFileInfo(file).dir().absolutePath());
    QVERIFY(db.profile && db.profile->ranks.size() == 1 && db.profile->ranks[0]->trace);
    const Trace &t = *db.profile->ranks[0]->trace;
    QVERIFY(!t.source && t.argsSource);
    if (rank == 1) // the call stacks read in the background, as when the GUI shows the rank
        t.argsSource->prepare();
    const Sql sql(file);
    auto count = [&](const char *from) {
        return sql.rows((std::string("SELECT count(*) FROM ") + from).c_str(), {})
            .value(0)
            .value(0)
            .toInt();
    };

    // Each kind of event: its args equal the row plain SQL finds by its start, end and track
    // (the columns in the order of `args`), for every event of the kind that has one row.
    auto check = [&](TrackKind kind, std::string_view category, const char *query,
                     const QStringList &args, auto bindOf) {
        int checked = 0;
        forEachEvent(t, kind, category, [&](EventRef ref) {
            const QList<QStringList> rows = sql.rows(query, bindOf(ref));
            if (rows.size() != 1)
                return;
            const QJsonObject a = t.args(ref);
            for (int c = 0; c < args.size(); ++c)
                if (!rows[0][c].isEmpty() || a.contains(args[c]))
                    QCOMPARE(text(a.value(args[c])), rows[0][c]);
            ++checked;
        });
        return checked;
    };
    auto startEnd = [&](EventRef ref) {
        const Event &e = t.event(ref);
        return QVariantList { qint64(e.start), qint64(e.end()) };
    };
    // Framework ops. Schema 1.0 has inputShapes and inputDtypes in each other's column (the
    // dims are in inputDtypes): the args name them as trace_view.json does.
    const int ops = check(TrackKind::HostThread, "cpu_op",
        "SELECT p.sequenceNumber, p.fwdThreadId, dt.value, sh.value, (SELECT group_concat(v, "
        "';' || char(13, 10)) FROM (SELECT s.value AS v FROM PYTORCH_CALLCHAINS c JOIN "
        "STRING_IDS s ON s.id = c.stack WHERE c.id = p.callchainId ORDER BY c.stackDepth)) "
        "FROM PYTORCH_API p JOIN STRING_IDS n ON n.id = p.name LEFT JOIN STRING_IDS sh ON sh.id "
        "= p.inputShapes LEFT JOIN STRING_IDS dt ON dt.id = p.inputDtypes WHERE "
        "CAST(p.startNs AS INTEGER) = ?1 AND CAST(p.endNs AS INTEGER) = ?2 AND n.value = ?3",
        { QStringLiteral("Sequence number"), QStringLiteral("Fwd thread id"),
            QStringLiteral("Input Dims"), QStringLiteral("Input type"),
            QStringLiteral("Call stack") },
        [&](EventRef ref) { return startEnd(ref) << t.strings.string(t.event(ref).name); });
    QVERIFY(ops * 10 > count("PYTORCH_API WHERE type = 50001") * 9);
    const int cann = check(TrackKind::Cann, "",
        "SELECT c.globalTid & 4294967295, e.name, n.value, c.connectionId FROM CANN_API c JOIN "
        "STRING_IDS n ON n.id = c.name LEFT JOIN ENUM_API_TYPE e ON e.id = c.type WHERE "
        "c.startNs = ?1 AND c.endNs = ?2 AND ?3 LIKE '%@' || n.value",
        { QStringLiteral("Thread Id"), QStringLiteral("level"), QStringLiteral("id"),
            QStringLiteral("connection_id") },
        [&](EventRef ref) { return startEnd(ref) << t.strings.string(t.event(ref).name); });
    QVERIFY(cann * 10 > count("CANN_API") * 9);
    const int tasks = check(TrackKind::DeviceStream, "",
        "SELECT t.modelId, ty.value, t.streamId, t.taskId, t.contextId, t.connectionId FROM "
        "TASK t JOIN STRING_IDS ty ON ty.id = t.taskType WHERE t.startNs = ?1 AND t.endNs = ?2 "
        "AND t.streamId = ?3",
        { QStringLiteral("Model Id"), QStringLiteral("Task Type"),
            QStringLiteral("Physic Stream Id"), QStringLiteral("Task Id"),
            QStringLiteral("Subtask Id"), QStringLiteral("connection_id") },
        [&](EventRef ref) { return startEnd(ref) << t.track(ref.track).streamId; });
    QVERIFY(tasks * 10 > count("TASK") * 9);
    const int planes = check(TrackKind::Communication, "",
        "SELECT ty.value, c.srcRank, c.dstRank, c.size, tr.name, t.taskId, t.streamId FROM "
        "COMMUNICATION_TASK_INFO c JOIN TASK t ON t.globalTaskId = c.globalTaskId JOIN "
        "STRING_IDS ty ON ty.id = c.taskType LEFT JOIN ENUM_HCCL_TRANSPORT_TYPE tr ON tr.id = "
        "c.transportType WHERE t.startNs = ?1 AND t.endNs = ?2 AND ?3 = 'Plane ' || c.planeId",
        { QStringLiteral("task type"), QStringLiteral("src rank"), QStringLiteral("dst rank"),
            QStringLiteral("size(Byte)"), QStringLiteral("transport type"),
            QStringLiteral("task id"), QStringLiteral("stream id") },
        [&](EventRef ref) { return startEnd(ref) << t.track(ref.track).displayName(); });
    QCOMPARE(planes, count("COMMUNICATION_TASK_INFO WHERE planeId != 4294967295"));

    // The names are trace_view.json's: each kind's arg names are among those the text export of
    // the same job gives the same kind (it has a few more: Batch Id, Mode, bandwidth ...), and
    // the framework ops' are the same ones.
    const QString twin = test::kTextSamples + level + QStringLiteral("/rank%1_ascend_pt").arg(rank);
    const LoadResult text = loadProfile(twin);
    QVERIFY(text.profile && text.profile->ranks.size() == 1 && text.profile->ranks[0]->trace);
    const Trace &tt = *text.profile->ranks[0]->trace;
    QCOMPARE(keysOf(t, TrackKind::HostThread, "cpu_op", true),
        keysOf(tt, TrackKind::HostThread, "cpu_op", true));
    for (const TrackKind kind :
        { TrackKind::Cann, TrackKind::DeviceStream, TrackKind::Communication }) {
        const QSet<QString> dbKeys = keysOf(t, kind, "", false);
        QVERIFY(!dbKeys.isEmpty());
        const QSet<QString> textKeys = keysOf(tt, kind, "", false);
        if (textKeys.isEmpty() && level == QStringLiteral("level0") && kind == TrackKind::Cann)
            continue; // the text export names no CANN process at Level0: no CANN tracks
        QVERIFY2(textKeys.contains(dbKeys),
            qPrintable(QStringList(dbKeys.begin(), dbKeys.end()).join(u", ")));
    }
    // The dims are numbers, as in the text export.
    forEachEvent(t, TrackKind::HostThread, "cpu_op", [&](EventRef ref) {
        const QString dims = t.args(ref).value(QStringLiteral("Input Dims")).toString();
        QVERIFY2(std::none_of(dims.begin(), dims.end(), [](QChar c) { return c.isLetter(); }),
            qPrintable(dims));
    });
}

QTEST_GUILESS_MAIN(TstDbEventArgs)
#include "tst_dbeventargs.moc"
