#include "model/csv/csvreader.h"
#include "model/memory/memoryprofile.h"
#include "model/profile/profileloader.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QTest>

#include <sqlite3.h>

#include <algorithm>
#include <map>
#include <optional>
#include <random>
#include <set>
#include <tuple>

using namespace npuscope;

namespace {

const QString kSamples = QStringLiteral(NPUSCOPE_SAMPLES_DIR);
const QString kText = kSamples + QStringLiteral("/ascend-2025-01/level1/rank0_ascend_pt");
const QString kDb = kSamples + QStringLiteral("/ascend-2025-01-db/level1/rank0_ascend_pt");

// The file as lines of cells, parsed here without the project's CSV reader.
std::vector<QStringList> cells(const QString &path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    std::vector<QStringList> rows;
    for (const QByteArray &line : f.readAll().split('\n')) {
        if (line.trimmed().isEmpty())
            continue;
        QStringList row = QString::fromUtf8(line).split(QLatin1Char(','));
        for (QString &c : row)
            c = c.trimmed();
        rows.push_back(row);
    }
    return rows;
}

// "1736408883743242.970" (µs) to ns, digit by digit; -1 for an empty cell.
qint64 microsText(const QString &text)
{
    if (text.isEmpty())
        return -1;
    const QStringList parts = text.split(QLatin1Char('.'));
    const QString frac = QString(parts.value(1) + QStringLiteral("000")).left(3);
    return parts[0].toLongLong() * 1000 + frac.toLongLong();
}

using Key = std::tuple<QString, qint64, qint64>; // name, bytes, allocation ns

MemoryProfile loadMemory(const RankProfile &rank, IssueList *issues)
{
    auto table = [&rank](const char *name) -> const Table * {
        const auto it = rank.otherTables.find(QLatin1String(name));
        return it == rank.otherTables.end() ? nullptr : it->second.get();
    };
    return buildMemoryProfile(table("memory_record.csv"), table("operator_memory.csv"),
        table("npu_module_mem.csv"), issues);
}

// The memory of a sample rank, loaded without its trace; nullopt when it does not load.
std::optional<MemoryProfile> sampleMemory(const QString &dir, IssueList *issues)
{
    LoadOptions o;
    o.loadTrace = false;
    const LoadResult r = loadProfile(dir, o);
    if (!r.profile || r.profile->ranks.empty())
        return std::nullopt;
    return loadMemory(*r.profile->ranks[0], issues);
}

std::set<Key> aliveKeys(const MemoryAllocations &all, TimeNs t)
{
    std::set<Key> out;
    for (const qint32 i : all.aliveAt(t))
        out.insert({ all.nameOf(i), all.at(i).bytes, all.at(i).allocated });
    return out;
}

} // namespace

class TestMemoryProfile : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void textPeaksAreTheColumnMaxima();
    void textAliveAtPeak();
    void databasePeaksAndAlive();
    void aliveAtMatchesAScan();
    void moduleTotalSumsTheLatestValues();
    void missingColumnsAreReported();

private:
    std::optional<MemoryProfile> m_text, m_db;
};

void TestMemoryProfile::initTestCase()
{
    if (!QDir(kSamples).exists())
        return;
    for (auto [dir, memory] : { std::pair { kText, &m_text }, std::pair { kDb, &m_db } }) {
        IssueList issues;
        *memory = sampleMemory(dir, &issues);
        QVERIFY2(*memory, qPrintable(dir));
        QVERIFY2(issues.isEmpty(), qPrintable(issues.value(0).message));
    }
}

void TestMemoryProfile::textPeaksAreTheColumnMaxima()
{
    if (!m_text)
        QSKIP("samples not present");
    const MemoryProfile &m = *m_text;
    const auto rows = cells(kText + QStringLiteral("/ASCEND_PROFILER_OUTPUT/memory_record.csv"));
    QVERIFY(rows.size() > 100);
    // Independent: per component, the largest value of each column and its first time.
    std::map<QString, std::pair<double, qint64>> allocated, reserved;
    for (std::size_t i = 1; i < rows.size(); ++i) {
        const QStringList &r = rows[i];
        const qint64 t = microsText(r[1]);
        for (auto [column, max] : { std::pair { 2, &allocated }, std::pair { 3, &reserved } }) {
            if (r[column].isEmpty())
                continue;
            const double v = r[column].toDouble();
            auto it = max->find(r[0]);
            if (it == max->end() || v > it->second.first
                || (v == it->second.first && t < it->second.second))
                (*max)[r[0]] = { v, t };
        }
    }
    QCOMPARE(m.components.size(), std::size_t(4)); // APP, GE, PTA, PTA+GE
    for (const MemoryCurve &c : m.components) {
        QCOMPARE(c.hasAllocated(), allocated.count(c.component) == 1);
        if (c.hasAllocated()) {
            QCOMPARE(c.peakAllocatedMb, allocated[c.component].first);
            QCOMPARE(c.peakAllocatedTime, allocated[c.component].second);
        }
        QCOMPARE(c.peakReservedMb, reserved[c.component].first);
    }
    QCOMPARE(m.component(QStringLiteral("PTA"))->peakAllocatedMb, 1187.9814453125);
    QVERIFY(!m.deviceTotal.times.empty());
    QCOMPARE(m.deviceTotal.times.size(), std::size_t(14)); // 77 modules at 14 instants
}

void TestMemoryProfile::textAliveAtPeak()
{
    if (!m_text)
        QSKIP("samples not present");
    const MemoryProfile &m = *m_text;
    QCOMPARE(m.allocations.size(), qsizetype(184));
    const auto rows = cells(kText + QStringLiteral("/ASCEND_PROFILER_OUTPUT/operator_memory.csv"));
    QCOMPARE(rows.size(), std::size_t(185));
    for (const MemoryCurve &c : m.components) {
        const TimeNs t = c.peakTime();
        std::set<Key> expected;
        for (std::size_t i = 1; i < rows.size(); ++i) {
            const qint64 alloc = microsText(rows[i][2]), release = microsText(rows[i][3]);
            if (alloc <= t && (release < 0 || t < release))
                expected.insert({ rows[i][0], qint64(rows[i][1].toDouble() * 1024), alloc });
        }
        QCOMPARE(aliveKeys(m.allocations, t), expected);
        if (c.component == QLatin1String("PTA"))
            QVERIFY(expected.size() > 20); // the peak has many tensors alive
    }
}

void TestMemoryProfile::databasePeaksAndAlive()
{
    if (!m_db)
        QSKIP("samples not present");
    const MemoryProfile &m = *m_db;
    QCOMPARE(m.allocations.size(), qsizetype(184));
    QVERIFY(!m.deviceTotal.times.empty());
    sqlite3 *db = nullptr;
    const QByteArray path
        = (kDb + QStringLiteral("/ASCEND_PROFILER_OUTPUT/ascend_pytorch_profiler_0.db")).toUtf8();
    QCOMPARE(sqlite3_open_v2(path.constData(), &db, SQLITE_OPEN_READONLY, nullptr), SQLITE_OK);
    auto query = [db](const QByteArray &sql) {
        std::vector<std::vector<qint64>> out;
        sqlite3_stmt *st = nullptr;
        if (sqlite3_prepare_v2(db, sql.constData(), -1, &st, nullptr) == SQLITE_OK) {
            while (sqlite3_step(st) == SQLITE_ROW) {
                std::vector<qint64> row;
                for (int c = 0; c < sqlite3_column_count(st); ++c)
                    row.push_back(sqlite3_column_int64(st, c));
                out.push_back(row);
            }
        }
        sqlite3_finalize(st);
        return out;
    };
    const MemoryCurve *pta = m.component(QStringLiteral("PTA"));
    QVERIFY(pta);
    const auto peak = query("SELECT MAX(totalAllocated), MIN(timestamp) FROM MEMORY_RECORD r "
                            "JOIN STRING_IDS s ON s.id = r.component WHERE s.value = 'PTA' AND "
                            "totalAllocated = (SELECT MAX(totalAllocated) FROM MEMORY_RECORD r2 "
                            "WHERE r2.component = r.component)");
    QCOMPARE(peak.size(), std::size_t(1));
    QCOMPARE(qint64(std::llround(pta->peakAllocatedMb * 1024 * 1024)), peak[0][0]);
    QCOMPARE(pta->peakAllocatedTime, peak[0][1]);
    const QByteArray t = QByteArray::number(pta->peakAllocatedTime);
    const auto alive = query("SELECT size, allocationTime FROM OP_MEMORY WHERE allocationTime <= "
        + t + " AND (releaseTime IS NULL OR releaseTime > " + t + ")");
    std::set<std::pair<qint64, qint64>> expected, got;
    for (const auto &r : alive)
        expected.insert({ r[0], r[1] });
    for (const qint32 i : m.allocations.aliveAt(pta->peakAllocatedTime))
        got.insert({ m.allocations.at(i).bytes, m.allocations.at(i).allocated });
    QCOMPARE(got, expected);
    QVERIFY(expected.size() > 20);
    sqlite3_close(db);
}

void TestMemoryProfile::aliveAtMatchesAScan()
{
    std::mt19937_64 rng(7);
    std::vector<MemoryAllocation> items;
    for (int i = 0; i < 5000; ++i) {
        MemoryAllocation a;
        a.allocated = TimeNs(rng() % 1'000'000);
        a.released = rng() % 10 == 0 ? MemoryAllocation::kNever
                                     : a.allocated + TimeNs(rng() % (i % 3 ? 1000 : 300'000));
        a.bytes = std::int64_t(rng() % 4096) + 1;
        a.name = std::uint32_t(i % 3);
        items.push_back(a);
    }
    const auto all = MemoryAllocations::fromList(
        items, { QStringLiteral("a"), QStringLiteral("b"), QStringLiteral("c") });
    for (const TimeNs t : { TimeNs(-1), TimeNs(0), TimeNs(12345), TimeNs(500'000), TimeNs(999'999),
             TimeNs(2'000'000) }) {
        std::int64_t bytes = 0;
        qsizetype count = 0;
        for (const MemoryAllocation &a : items) {
            if (a.allocated <= t && t < a.released) {
                bytes += a.bytes;
                ++count;
            }
        }
        QCOMPARE(qsizetype(all.aliveAt(t).size()), count);
        QCOMPARE(all.bytesAliveAt(t), bytes);
    }
}

void TestMemoryProfile::moduleTotalSumsTheLatestValues()
{
    const char csv[] = "Device_id,Component,Timestamp(us),Total Reserved(MB),Device\n"
                       "0,HCCL,1.000\t,100,NPU:0\n"
                       "0,APP,1.000\t,50,NPU:0\n"
                       "0,HCCL,2.000\t,120,NPU:0\n"
                       "0,APP,3.000\t,10,NPU:0\n";
    const CsvResult r = readCsvData(csv, QStringLiteral("/p/npu_module_mem.csv"));
    QVERIFY(r.ok);
    IssueList issues;
    const MemoryProfile m = buildMemoryProfile(nullptr, nullptr, r.table.get(), &issues);
    QVERIFY(issues.isEmpty());
    QCOMPARE(m.deviceTotal.times, (std::vector<TimeNs> { 1000, 2000, 3000 }));
    QCOMPARE(m.deviceTotal.reserved, (std::vector<double> { 150, 170, 130 }));
    QCOMPARE(m.deviceTotal.peakReservedMb, 170.0);
    QCOMPARE(m.deviceTotal.peakReservedTime, TimeNs(2000));
}

void TestMemoryProfile::missingColumnsAreReported()
{
    const CsvResult record = readCsvData(
        "Component,Total Reserved(MB)\nPTA,5\n", QStringLiteral("/p/memory_record.csv"));
    const CsvResult ops = readCsvData("Name,Size(KB),Allocation Time(us),Release Time(us)\n"
                                      "aten::a,1,1.000\t,2.000\t\n"
                                      "aten::b,,3.000\t,\n"
                                      "aten::c,2,4.000\t,\n",
        QStringLiteral("/p/operator_memory.csv"));
    QVERIFY(record.ok && ops.ok);
    IssueList issues;
    const MemoryProfile m
        = buildMemoryProfile(record.table.get(), ops.table.get(), nullptr, &issues);
    QVERIFY(m.components.empty());
    QCOMPARE(m.allocations.size(), qsizetype(2)); // the row without a size is skipped
    QCOMPARE(issues.size(), 2);
    QCOMPARE(issues[0].file, QStringLiteral("/p/memory_record.csv"));
    QCOMPARE(issues[1].file, QStringLiteral("/p/operator_memory.csv"));
    QCOMPARE(issues[1].location, QStringLiteral("line 3"));
    QCOMPARE(m.allocations.aliveAt(1500).size(), std::size_t(1));
    QCOMPARE(m.allocations.aliveAt(2000).size(), std::size_t(0)); // released at 2 µs
    QCOMPARE(m.allocations.bytesAliveAt(10'000), std::int64_t(2048)); // never released
}

QTEST_GUILESS_MAIN(TestMemoryProfile)
#include "tst_memoryprofile.moc"
