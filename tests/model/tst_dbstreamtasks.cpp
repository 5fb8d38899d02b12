// The device stream tracks the database reader makes, against plain SQL over the same sample
// databases and against the text export of the same job: the communication tasks are named as
// torch_npu names them in trace_view.json (their TASK.taskType: Notify Wait, SDMA, Write Value),
// and the parent tasks (an HCCL operation's task, a MIX kernel's task) are left out as the text
// export leaves them out.

#include "model/profile/profileloader.h"

#include "dbsamples.h"

#include <QDir>
#include <QTest>

#include <sqlite3.h>

#include <map>
#include <tuple>
#include <vector>

using namespace npuscope;

namespace {

const QString &kText = test::kTextSamples;

using Slice = std::tuple<int, qint64, qint64, QString>; // stream, start, end, name

// Plain SQL, written apart from the reader. The slices of the streams: every task but a parent
// (no context id, a task of the same stream and task id with a context id starting within it),
// named by its kernel (COMPUTE_TASK_INFO) else by its taskType. `comm`: the tasks of
// COMMUNICATION_TASK_INFO only.
std::vector<Slice> expectedSlices(const QString &path, bool comm)
{
    const QByteArray uri
        = (QStringLiteral("file:") + path + QStringLiteral("?mode=ro&immutable=1")).toUtf8();
    const QByteArray sql
        = QByteArray("SELECT t.streamId, t.startNs, t.endNs, "
                     "coalesce(kn.value, ty.value) FROM TASK t "
                     "LEFT JOIN COMPUTE_TASK_INFO c ON c.globalTaskId = t.globalTaskId "
                     "LEFT JOIN STRING_IDS kn ON kn.id = c.name "
                     "JOIN STRING_IDS ty ON ty.id = t.taskType "
                     "WHERE NOT (t.contextId = 4294967295 AND EXISTS (SELECT 1 "
                     "FROM TASK s WHERE s.streamId = t.streamId AND s.taskId = "
                     "t.taskId AND s.deviceId = t.deviceId AND s.contextId != "
                     "4294967295 AND s.startNs BETWEEN t.startNs AND t.endNs))")
        + (comm ? " AND t.globalTaskId IN (SELECT globalTaskId FROM COMMUNICATION_TASK_INFO)" : "");
    std::vector<Slice> out;
    sqlite3 *db = nullptr;
    sqlite3_stmt *st = nullptr;
    if (sqlite3_open_v2(uri.constData(), &db, SQLITE_OPEN_READONLY | SQLITE_OPEN_URI, nullptr)
            == SQLITE_OK
        && sqlite3_prepare_v2(db, sql.constData(), -1, &st, nullptr) == SQLITE_OK)
        while (sqlite3_step(st) == SQLITE_ROW)
            out.emplace_back(sqlite3_column_int(st, 0), sqlite3_column_int64(st, 1),
                sqlite3_column_int64(st, 2),
                QString::fromUtf8(reinterpret_cast<const char *>(sqlite3_column_text(st, 3))));
    sqlite3_finalize(st);
    sqlite3_close(db);
    std::sort(out.begin(), out.end());
    return out;
}

const RankProfile *loadRank(const QString &path, LoadResult &keep)
{
    keep = loadProfile(path);
    if (!keep.profile || keep.profile->ranks.size() != 1 || !keep.profile->ranks[0]->trace)
        return nullptr;
    return keep.profile->ranks[0].get();
}

// The device stream slices of a trace.
std::vector<Slice> streamSlices(const Trace &t)
{
    std::vector<Slice> out;
    for (const Track &track : t.tracks)
        if (track.kind == TrackKind::DeviceStream)
            for (const Event &e : track.events)
                out.emplace_back(track.streamId, e.start, e.end(), t.strings.string(e.name));
    std::sort(out.begin(), out.end());
    return out;
}

// Per stream, per name: how many slices.
std::map<int, std::map<QString, int>> namesPerStream(const std::vector<Slice> &slices)
{
    std::map<int, std::map<QString, int>> out;
    for (const auto &[stream, start, end, name] : slices)
        ++out[stream][name];
    return out;
}

} // namespace

class TstDbStreamTasks : public QObject {
    Q_OBJECT
private slots:
    void samples_data();
    void samples();
};

void TstDbStreamTasks::samples_data() { test::addDbSampleRows(); }

void TstDbStreamTasks::samples()
{
    NPUSCOPE_FETCH_SAMPLE_DB(file);
    LoadResult dbLoad, textLoad;
    const RankProfile *db = loadRank(QFileInfo(file).dir().absolutePath(), dbLoad);
    const RankProfile *text
        = loadRank(kText + QStringLiteral("%1/rank%2_ascend_pt").arg(level).arg(rank), textLoad);
    QVERIFY(db && text);
    QCOMPARE(db->source.database, file);

    // Every stream slice is what plain SQL says, row for row.
    const std::vector<Slice> slices = streamSlices(*db->trace);
    QCOMPARE(slices, expectedSlices(file, false));

    // The communication tasks, by name: their taskType, as the text export names them.
    const std::vector<Slice> comm = expectedSlices(file, true);
    QCOMPARE(comm.size(), std::size_t(296));
    std::map<QString, int> commNames;
    for (const auto &[stream, start, end, name] : comm) {
        ++commNames[name];
        QVERIFY(std::binary_search(slices.begin(), slices.end(), Slice(stream, start, end, name)));
    }
    const std::map<QString, int> expectedNames { { QStringLiteral("Notify Wait"), 112 },
        { QStringLiteral("SDMA"), 72 }, { QStringLiteral("Write Value"), 112 } };
    QCOMPARE(commNames, expectedNames);

    // The text export of the same job: per stream, the same names as often (the stream of the
    // communication tasks holds them and its events, no AI_CORE), the same number of slices on
    // every stream (no parent task).
    const auto dbStreams = namesPerStream(slices);
    const auto textStreams = namesPerStream(streamSlices(*text->trace));
    const int commStream = std::get<0>(comm.front());
    QVERIFY(dbStreams.count(commStream) && textStreams.count(commStream));
    QCOMPARE(dbStreams.at(commStream), textStreams.at(commStream));
    QCOMPARE(dbStreams.at(commStream).count(QStringLiteral("AI_CORE")), std::size_t(0));
    QCOMPARE(dbStreams.size(), textStreams.size());
    for (const auto &[stream, names] : textStreams) {
        QVERIFY(dbStreams.count(stream));
        int d = 0, t = 0;
        for (const auto &[name, n] : names)
            t += n;
        for (const auto &[name, n] : dbStreams.at(stream))
            d += n;
        QCOMPARE(d, t);
    }
}

QTEST_GUILESS_MAIN(TstDbStreamTasks)
#include "tst_dbstreamtasks.moc"
