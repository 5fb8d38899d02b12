#include "app/commands/reportcommand.h"
#include "app/reports/memoryreport.h"
#include "app/reports/reportjson.h"
#include "model/profile/profileloader.h"

#include <QDir>
#include <QJsonArray>
#include <QTest>

using namespace npuscope;

namespace {

const QString kSamples = QStringLiteral(NPUSCOPE_SAMPLES_DIR);

QJsonObject rankMemoryJson(const QString &path, const FindingOptions &options = {})
{
    const LoadResult loaded = loadProfile(path);
    if (!loaded.profile || loaded.profile->ranks.empty())
        return {};
    const QJsonObject report = profileReportJson(*loaded.profile, 5, options);
    return report[QStringLiteral("ranks")].toArray().first().toObject();
}

} // namespace

class TstMemoryReport : public QObject {
    Q_OBJECT

private slots:
    void textSample();
    void databaseSample();
    void noMemoryNoKey();
};

void TstMemoryReport::textSample()
{
    const QString path = kSamples + QStringLiteral("/ascend-2025-01/level1/rank0_ascend_pt");
    if (!QDir(path).exists())
        QSKIP("samples not present");
    const QJsonObject rank = rankMemoryJson(path);
    const QJsonObject memory = rank[QStringLiteral("memory")].toObject();
    QCOMPARE(memory.keys(),
        (QStringList { QStringLiteral("APP"), QStringLiteral("GE"), QStringLiteral("PTA"),
            QStringLiteral("PTA+GE"), QStringLiteral("npu_module_mem") }));
    // Computed apart (a Python scan of the two CSVs): the PTA maximum, its first time, and the
    // 41 operator_memory.csv rows alive then (486.56 MB), the largest an aten::mm of 144 MB.
    const QJsonObject pta = memory[QStringLiteral("PTA")].toObject();
    QCOMPARE(pta[QStringLiteral("peak_allocated_mb")].toDouble(), 1187.9814453125);
    QCOMPARE(pta[QStringLiteral("peak_reserved_mb")].toDouble(), 1452.0);
    QCOMPARE(pta[QStringLiteral("peak_time_us")].toDouble(), 1736408883743242.970);
    QCOMPARE(pta[QStringLiteral("live_at_peak_count")].toInt(), 41);
    QCOMPARE(pta[QStringLiteral("live_at_peak_mb")].toDouble(), 486.56103515625);
    const QJsonArray live = pta[QStringLiteral("live_at_peak")].toArray();
    QCOMPARE(live.size(), 5); // --top
    const QJsonObject first = live.first().toObject();
    QCOMPARE(first[QStringLiteral("name")].toString(), QStringLiteral("aten::mm"));
    QCOMPARE(first[QStringLiteral("size_kb")].toDouble(), 147456.5);
    QCOMPARE(first[QStringLiteral("allocation_time_us")].toDouble(), 1736408883732502.390);
    QVERIFY(first[QStringLiteral("release_time_us")].isNull()); // never released
    for (qsizetype i = 1; i < live.size(); ++i)
        QVERIFY(live[i - 1].toObject()[QStringLiteral("size_kb")].toDouble()
            >= live[i].toObject()[QStringLiteral("size_kb")].toDouble());
    QVERIFY(memory[QStringLiteral("APP")].toObject()[QStringLiteral("peak_allocated_mb")].isNull());
    const QString from
        = rank[QStringLiteral("source")].toObject()[QStringLiteral("operator_memory")].toString();
    QCOMPARE(from, QStringLiteral("operator_memory.csv"));
    const QString text = MemoryReport::text(memory, from);
    QVERIFY2(text.startsWith(QStringLiteral("Memory (peaks; allocations of operator_memory.csv")),
        qPrintable(text));
    QVERIFY2(text.contains(QStringLiteral("1188.0")), qPrintable(text));
    QVERIFY(text.contains(QStringLiteral("aten::mm (144.0 MB)")));
}

void TstMemoryReport::databaseSample()
{
    const QString path = kSamples + QStringLiteral("/ascend-2025-01-db/level1/rank0_ascend_pt");
    if (!QDir(path).exists())
        QSKIP("samples not present");
    FindingOptions options;
    options.deviceMemoryMb = 1.0 * 1024; // a 1 GB device: the 2.1 GB peak is over it
    const QJsonObject rank = rankMemoryJson(path, options);
    const QJsonObject pta
        = rank[QStringLiteral("memory")].toObject()[QStringLiteral("PTA")].toObject();
    QVERIFY(pta[QStringLiteral("peak_allocated_mb")].toDouble() > 1000);
    QVERIFY(pta[QStringLiteral("live_at_peak_count")].toInt() > 20);
    bool nearCapacity = false;
    for (const QJsonValue &f : rank[QStringLiteral("findings")].toArray())
        nearCapacity |= f.toObject()[QStringLiteral("id")].toString()
            == QLatin1String("memory-near-capacity");
    QVERIFY(nearCapacity);
    // The database has no operator_memory.csv: the heading names its table.
    const QString from
        = rank[QStringLiteral("source")].toObject()[QStringLiteral("operator_memory")].toString();
    QCOMPARE(from, QStringLiteral("OP_MEMORY in ascend_pytorch_profiler_0.db"));
    const QString text = MemoryReport::text(rank[QStringLiteral("memory")].toObject(), from);
    QVERIFY2(text.startsWith(QStringLiteral("Memory (peaks; allocations of OP_MEMORY in "
                                            "ascend_pytorch_profiler_0.db alive then)")),
        qPrintable(text));
}

void TstMemoryReport::noMemoryNoKey()
{
    const QString path = kSamples + QStringLiteral("/kineto");
    if (!QDir(path).exists())
        QSKIP("samples not present");
    QVERIFY(!rankMemoryJson(path).contains(QStringLiteral("memory")));
}

QTEST_GUILESS_MAIN(TstMemoryReport)
#include "tst_memoryreport.moc"
