// DbCallchains: PYTORCH_CALLCHAINS held in memory (the table has no index), against plain SQL
// over the same rows: in table order, shuffled (read again with ORDER BY), with repeated chains,
// frames without a STRING_IDS row and cells that are not integers; on the sample databases; and
// the call stacks `npuscope generate --with-stack` writes.
#include "model/db/dbcallchains.h"
#include "model/db/sqlitedb.h"
#include "model/generator/generator.h"

#include "dbsamples.h"

#include <QDir>
#include <QTemporaryDir>
#include <QTest>

#include <sqlite3.h>

#include <algorithm>
#include <random>

using namespace npuscope;

namespace {

const char *const kPlainSql
    = "SELECT group_concat(v, ';' || char(13, 10)) FROM (SELECT s.value AS v FROM "
      "PYTORCH_CALLCHAINS c JOIN STRING_IDS s ON s.id = c.stack WHERE c.id = ?1 ORDER BY "
      "c.stackDepth)";

// What plain SQL says chain `id` is; nullopt when it has no frame.
std::optional<QString> plainCallStack(sqlite3 *db, std::int64_t id)
{
    sqlite3_stmt *st = nullptr;
    std::optional<QString> out;
    if (sqlite3_prepare_v2(db, kPlainSql, -1, &st, nullptr) == SQLITE_OK
        && sqlite3_bind_int64(st, 1, id) == SQLITE_OK && sqlite3_step(st) == SQLITE_ROW
        && sqlite3_column_type(st, 0) != SQLITE_NULL)
        out = QString::fromUtf8(reinterpret_cast<const char *>(sqlite3_column_text(st, 0)));
    sqlite3_finalize(st);
    return out;
}

// Every id from -1 to maxId + 1 through the index and through plain SQL; the chains compared.
int compareAll(const QString &path, std::int64_t maxId)
{
    QString error;
    const std::unique_ptr<SqliteDb> db = SqliteDb::open(path, &error);
    if (!db)
        return -1;
    DbCallchains chains(*db);
    int found = 0;
    for (std::int64_t id = -1; id <= maxId + 1; ++id) {
        const std::optional<QString> want = plainCallStack(db->handle(), id);
        const std::optional<QString> got = chains.callStack(*db, id);
        if (got != want) {
            qWarning() << "chain" << id << (got ? *got : QStringLiteral("(none)"))
                       << (want ? *want : QStringLiteral("(none)"));
            return -1;
        }
        found += got ? 1 : 0;
    }
    return found;
}

} // namespace

class TstDbCallchains : public QObject {
    Q_OBJECT
private slots:
    void generated_data();
    void generated();
    void samples_data() { test::addDbSampleRows(); }
    void samples();
    void generatorWithStack();
};

void TstDbCallchains::generated_data()
{
    QTest::addColumn<bool>("shuffled");
    QTest::addRow("in order") << false;
    QTest::addRow("shuffled") << true;
}

void TstDbCallchains::generated()
{
    QFETCH(bool, shuffled);
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("callchains.db"));
    sqlite3 *db = nullptr;
    QCOMPARE(sqlite3_open(path.toUtf8().constData(), &db), SQLITE_OK);
    QCOMPARE(sqlite3_exec(db,
                 "CREATE TABLE STRING_IDS (id INTEGER PRIMARY KEY, value TEXT);"
                 "CREATE TABLE PYTORCH_CALLCHAINS (id INTEGER, stack INTEGER, stackDepth INTEGER);"
                 "BEGIN",
                 nullptr, nullptr, nullptr),
        SQLITE_OK);
    for (int s = 0; s < 40; ++s) // frame 7 has no text row, frame 8 a NULL text
        if (s != 7)
            sqlite3_exec(db,
                (s == 8 ? std::string("INSERT INTO STRING_IDS VALUES (8, NULL)")
                        : "INSERT INTO STRING_IDS VALUES (" + std::to_string(s) + ", 'f"
                            + std::to_string(s) + ".py(" + std::to_string(s * 10) + "): fn')")
                    .c_str(),
                nullptr, nullptr, nullptr);
    // 300 chains of 1 to 12 frames; every third the same as one before it (repeated steps).
    struct Row {
        std::string id, stack;
        int depth;
    };
    std::vector<Row> rows;
    std::mt19937 random(7);
    for (int id = 0; id < 300; ++id) {
        const int depth = 1 + int(random() % 12);
        const unsigned seed = id % 3 == 2 ? unsigned(id / 3) : unsigned(random());
        for (int d = 0; d < depth; ++d)
            rows.push_back(
                { std::to_string(id), std::to_string((seed + unsigned(d) * 7) % 40), d });
    }
    rows.push_back({ "'x'", "1", 0 }); // cells that are not integers
    rows.push_back({ "5", "'text'", 20 });
    rows.push_back({ "6", "NULL", 21 });
    if (shuffled)
        std::shuffle(rows.begin(), rows.end(), random);
    for (const Row &r : rows)
        QCOMPARE(sqlite3_exec(db,
                     ("INSERT INTO PYTORCH_CALLCHAINS VALUES (" + r.id + ", " + r.stack + ", "
                         + std::to_string(r.depth) + ")")
                         .c_str(),
                     nullptr, nullptr, nullptr),
            SQLITE_OK);
    QCOMPARE(sqlite3_exec(db, "COMMIT", nullptr, nullptr, nullptr), SQLITE_OK);
    sqlite3_close(db);
    // Chains made only of frame 7 have no frame with a text: none.
    QVERIFY(compareAll(path, 300) > 290);
}

void TstDbCallchains::samples()
{
    NPUSCOPE_FETCH_SAMPLE_DB(file);
    // The samples have 316 chains, ids 0 to 315, each with frames.
    QCOMPARE(compareAll(file, 400), 316);
}

void TstDbCallchains::generatorWithStack()
{
    QTemporaryDir dir;
    GeneratorOptions o;
    o.outDir = dir.path();
    o.events = 6000;
    o.format = GeneratorFormat::Db;
    o.withStack = true;
    const GeneratorResult r = generateProfile(o);
    QVERIFY2(r.ok && r.ranks.size() == 1, qPrintable(r.error));
    const QString path = r.ranks[0].dbPath;
    sqlite3 *db = nullptr;
    QCOMPARE(
        sqlite3_open_v2((QStringLiteral("file:") + path + QStringLiteral("?mode=ro&immutable=1"))
                            .toUtf8()
                            .constData(),
            &db, SQLITE_OPEN_READONLY | SQLITE_OPEN_URI, nullptr),
        SQLITE_OK);
    // One chain per framework op but the ProfilerStep#N ones, each of 9 to 23 frames.
    sqlite3_stmt *st = nullptr;
    QCOMPARE(sqlite3_prepare_v2(db,
                 "SELECT (SELECT count(*) FROM PYTORCH_API WHERE callchainId IS NOT NULL), "
                 "(SELECT count(*) FROM PYTORCH_API p JOIN STRING_IDS s ON s.id = p.name "
                 "WHERE s.value NOT LIKE 'ProfilerStep#%'), count(DISTINCT id), min(n), max(n), "
                 "max(id) FROM (SELECT id, count(*) AS n FROM PYTORCH_CALLCHAINS GROUP BY id)",
                 -1, &st, nullptr),
        SQLITE_OK);
    QCOMPARE(sqlite3_step(st), SQLITE_ROW);
    const int chains = sqlite3_column_int(st, 0);
    QVERIFY(chains > 500);
    QCOMPARE(sqlite3_column_int(st, 1), chains);
    QCOMPARE(sqlite3_column_int(st, 2), chains);
    QCOMPARE(sqlite3_column_int(st, 3), 9);
    QCOMPARE(sqlite3_column_int(st, 4), 23);
    const std::int64_t maxId = sqlite3_column_int64(st, 5);
    sqlite3_finalize(st);
    sqlite3_close(db);
    QCOMPARE(compareAll(path, maxId), chains);
}

QTEST_GUILESS_MAIN(TstDbCallchains)
#include "tst_dbcallchains.moc"
