// profileReportJson() runs each rank's analysis, call tree and kernel aggregations as parallel
// tasks and finds the breakdown of each step_trace_time.csv row by hash: its result must be what
// the serial path (analyseRank(), then rankReportJson() of one rank) gives, and each step row must
// carry the breakdown a plain search of the steps finds. On generated profiles, one of them
// longer than the generator's old cap of 1,000 steps.
#include "app/reports/reportjson.h"
#include "model/generator/generator.h"
#include "model/profile/profileloader.h"

#include <QJsonArray>
#include <QTemporaryDir>
#include <QTest>

using namespace npuscope;

class TstReportParallel : public QObject {
    Q_OBJECT

private slots:
    void sameAsSerial_data();
    void sameAsSerial();
    void generatorStepCap();
};

void TstReportParallel::sameAsSerial_data()
{
    QTest::addColumn<int>("ranks");
    QTest::addColumn<int>("steps");
    QTest::addColumn<qint64>("events");
    QTest::newRow("2 ranks, 6 steps, all plants") << 2 << 6 << qint64(6000);
    QTest::newRow("1 rank, 1,001 steps") << 1 << 1001 << qint64(1001) * 300;
}

void TstReportParallel::sameAsSerial()
{
    QFETCH(int, ranks);
    QFETCH(int, steps);
    QFETCH(qint64, events);
    QTemporaryDir dir;
    GeneratorOptions g;
    g.outDir = dir.path();
    g.ranks = ranks;
    g.steps = steps;
    g.events = events;
    g.rankSlowdownPermille = 100;
    g.plants = allPlants();
    const GeneratorResult generated = generateProfile(g);
    QVERIFY2(generated.ok, qPrintable(generated.error));
    LoadOptions options;
    const LoadResult loaded = loadProfile(dir.path(), options);
    QVERIFY(loaded.profile);
    QCOMPARE(loaded.profile->ranks.size(), std::size_t(ranks));

    ReportTimings timings;
    const QJsonObject report = profileReportJson(*loaded.profile, 5, {}, &timings);
    QVERIFY(timings.analysisSeconds > 0);
    QVERIFY(timings.jsonSeconds > 0);
    const QJsonArray rankReports = report[QStringLiteral("ranks")].toArray();
    QCOMPARE(rankReports.size(), qsizetype(ranks));
    for (int r = 0; r < ranks; ++r) {
        const RankProfile &rank = *loaded.profile->ranks[std::size_t(r)];
        const RankAnalysis analysis = analyseRank(rank);
        QCOMPARE(rankReports[r].toObject(), rankReportJson(AnalysedRank(rank), 5));
        // Each step row: the breakdown of the first step with its id, found by a plain search.
        const QJsonArray rows = rankReports[r].toObject()[QStringLiteral("steps")].toArray();
        QCOMPARE(rows.size(), qsizetype(steps));
        QCOMPARE(generated.ranks[std::size_t(r)].steps.size(), std::size_t(steps));
        for (const QJsonValue &v : rows) {
            const QJsonObject row = v.toObject();
            const QString id = row[QStringLiteral("step")].toString().trimmed();
            const StepBreakdown *found = nullptr;
            for (const StepBreakdown &b : analysis.steps) {
                if (b.id == id) {
                    found = &b;
                    break;
                }
            }
            QVERIFY2(found, qPrintable(id));
            QCOMPARE(row[QStringLiteral("wall_us")].toDouble(), double(found->wallNs) / 1000.0);
            QCOMPARE(row[QStringLiteral("device_busy_us")].toDouble(),
                double(found->deviceBusyNs) / 1000.0);
            QCOMPARE(row[QStringLiteral("kernel_sum_us")].toDouble(),
                double(found->kernelSumNs) / 1000.0);
            QCOMPARE(row[QStringLiteral("breakdown_from")].toString(), QStringLiteral("trace"));
        }
    }
    // The cross-rank findings: from the same analyses, serially.
    std::vector<RankAnalysis> analyses;
    for (const auto &rank : loaded.profile->ranks)
        analyses.push_back(analyseRank(*rank));
    QCOMPARE(report[QStringLiteral("findings")].toArray().size(),
        qsizetype(findProfileFindings(*loaded.profile, analyses).size()));
}

void TstReportParallel::generatorStepCap()
{
    QTemporaryDir dir;
    GeneratorOptions g;
    g.outDir = dir.path();
    g.steps = 100'001;
    const GeneratorResult r = generateProfile(g);
    QVERIFY(!r.ok);
    QVERIFY2(r.error.contains(QStringLiteral("100000")), qPrintable(r.error));
}

QTEST_GUILESS_MAIN(TstReportParallel)
#include "tst_reportparallel.moc"
