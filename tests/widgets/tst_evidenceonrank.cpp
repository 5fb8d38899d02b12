#include "widgets/session/evidenceonrank.h"

#include <QTest>

using namespace npuscope;

namespace {

Evidence entry(int rank, qint32 row, std::uint32_t event, TimeNs start, TimeNs end)
{
    Evidence e;
    e.rankIndex = rank;
    e.row = row;
    if (event > 0)
        e.event = EventRef { TrackId(0), event };
    e.start = start;
    e.end = end;
    return e;
}

QString describe(const EvidenceOnRank &e)
{
    QStringList rows;
    for (const qint32 row : e.rows)
        rows << QString::number(row);
    return QStringLiteral("rows=%1 event=%2 range=%3..%4 other=%5")
        .arg(rows.join(QLatin1Char(',')))
        .arg(e.firstEvent.isValid() ? qint64(e.firstEvent.index) : -1)
        .arg(e.start)
        .arg(e.end)
        .arg(e.otherRanks);
}

} // namespace

class TstEvidenceOnRank : public QObject {
    Q_OBJECT

private slots:
    void evidenceOnRank_data()
    {
        QTest::addColumn<int>("rank");
        QTest::addColumn<QString>("expected");
        // rows 5 (no event), 7 (event 3), 9 on rank 1 (event 4), a gap on the own rank.
        QTest::newRow("own rank") << 0 << QStringLiteral("rows=5,7 event=3 range=100..900 other=1");
        QTest::newRow("another rank")
            << 1 << QStringLiteral("rows=5,7,9 event=3 range=100..1500 other=0");
    }

    void evidenceOnRank()
    {
        QFETCH(int, rank);
        QFETCH(QString, expected);
        const std::vector<Evidence> evidence
            = { entry(-1, 5, 0, 200, 300), entry(-1, 7, 3, 100, 150), entry(1, 9, 4, 1000, 1500),
                  entry(-1, -1, 0, 800, 900), entry(-1, -1, 0, 0, 0) };
        QCOMPARE(describe(npuscope::evidenceOnRank(evidence, rank)), expected);
    }

    void empty()
    {
        const EvidenceOnRank e = npuscope::evidenceOnRank({}, 0);
        QVERIFY(e.rows.empty());
        QVERIFY(!e.firstEvent.isValid());
        QVERIFY(!e.hasRange());
    }
};

QTEST_MAIN(TstEvidenceOnRank)
#include "tst_evidenceonrank.moc"
