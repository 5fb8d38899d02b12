// slow-link: a link under 80% of its peers' median bandwidth (critical under 50%); peers share
// the group name, the operation type and the transport; links under 1 MB and LOCAL copies are not
// judged, nor a link without peers.
#include "analysis/rules/findingchecks.h"
#include "analysis/rules/linkfindings.h"

#include <QTest>

using namespace npuscope;

class TstLinkFindings : public QObject {
    Q_OBJECT

private slots:
    void threshold_data();
    void threshold();
    void notJudged();
    void notChecked();
};

namespace {

Profile fourRanks()
{
    Profile p;
    for (int r = 0; r < 4; ++r) {
        auto rank = std::make_shared<RankProfile>();
        rank->source.rank = r;
        p.ranks.push_back(rank);
    }
    return p;
}

ClusterLink link(const QString &name, std::vector<int> ranks, int src, int dst, double gbps,
    const QString &transport = QStringLiteral("HCCS"), double mb = 100)
{
    ClusterLink l;
    l.group = QStringLiteral("id-") + QString::number(ranks.front());
    l.groupName = name;
    l.groupRanks = std::move(ranks);
    l.op = QStringLiteral("reduce");
    l.src = src;
    l.dst = dst;
    l.transport = transport;
    l.sizeMb = mb;
    l.timeMs = mb / gbps;
    l.entries = 1;
    return l;
}

// The dp groups (0,1) and (2,3) of a four-rank run, both directions; rank 2 -> 3 at `slow`.
ClusterLinks dpLinks(double slow)
{
    const QString dp = QStringLiteral("dp");
    return { { link(dp, { 0, 1 }, 0, 1, 20.0), link(dp, { 0, 1 }, 1, 0, 20.0),
                 link(dp, { 2, 3 }, 2, 3, slow), link(dp, { 2, 3 }, 3, 2, 20.0) },
        0 };
}

} // namespace

void TstLinkFindings::threshold_data()
{
    QTest::addColumn<double>("slow");
    QTest::addColumn<QString>("verdict"); // "", "warning", "critical"
    // The median of 20, 20, 20 and the slow one is 20 (all exact in binary).
    QTest::newRow("at 80%") << 16.0 << QString();
    QTest::newRow("just under 80%") << 15.99 << QStringLiteral("warning");
    QTest::newRow("at 50%") << 10.0 << QStringLiteral("warning");
    QTest::newRow("just under 50%") << 9.99 << QStringLiteral("critical");
    QTest::newRow("faster than its peers") << 30.0 << QString();
}

void TstLinkFindings::threshold()
{
    QFETCH(double, slow);
    QFETCH(QString, verdict);
    const Profile profile = fourRanks();
    const auto f = findSlowLinks(profile, dpLinks(slow));
    QCOMPARE(f.has_value(), !verdict.isEmpty());
    if (!f)
        return;
    QCOMPARE(findingSeverityName(f->severity), verdict);
    QCOMPARE(f->metric(u"slow_links"), 1.0);
    QVERIFY(qAbs(f->metric(u"worst_bandwidth_gbps") - slow) < 1e-9);
    QVERIFY(qAbs(f->metric(u"peer_median_gbps") - 20.0) < 1e-9);
    QCOMPARE(f->details.size(), qsizetype(1));
    QVERIFY2(f->details[0].contains(QStringLiteral("dp (2, 3) reduce, rank 2 to 3 over HCCS")),
        qPrintable(f->details[0]));
    QCOMPARE(f->evidence.size(), std::size_t(1));
    QCOMPARE(f->evidence[0].rankIndex, 2); // the sending rank, to open
}

void TstLinkFindings::notJudged()
{
    const Profile profile = fourRanks();
    const QString dp = QStringLiteral("dp");
    // Under 1 MB (latency), LOCAL copies and a different transport are not peers of the rest.
    ClusterLinks links = dpLinks(20.0);
    links.links.push_back(link(dp, { 0, 1 }, 0, 1, 0.5, QStringLiteral("HCCS"), 0.9));
    links.links.push_back(link(dp, { 0, 1 }, 0, 0, 0.5, QStringLiteral("LOCAL")));
    links.links.push_back(link(dp, { 2, 3 }, 2, 3, 1.0, QStringLiteral("RDMA")));
    QVERIFY(!findSlowLinks(profile, links));
    QCOMPARE(judgeLinks(links).size(), std::size_t(4));
    // Another operation type or group name is another peer set.
    ClusterLinks other = dpLinks(20.0);
    other.links.push_back(link(QStringLiteral("pp"), { 0, 2 }, 0, 2, 2.0));
    QVERIFY(!findSlowLinks(profile, other));
    // Unnamed groups are peers only within their own id.
    ClusterLinks unnamed = dpLinks(5.0);
    for (ClusterLink &l : unnamed.links)
        l.groupName.clear();
    QVERIFY(findSlowLinks(profile, unnamed)); // (2,3) has its own two links: 5 vs 20
}

void TstLinkFindings::notChecked()
{
    ClusterLinks none;
    QVERIFY(missingClusterLinks(none));
    QVERIFY(!missingClusterLinks(none)->collect.isEmpty());
    none.unmapped = 12;
    QVERIFY(missingClusterLinks(none)->reason.contains(QStringLiteral("12")));
    // One link per peer set: nothing to compare, not "clear".
    ClusterLinks lone;
    lone.links.push_back(link(QStringLiteral("dp"), { 0, 1 }, 0, 1, 20.0));
    QVERIFY(missingClusterLinks(lone));
    QVERIFY(!missingClusterLinks(dpLinks(20.0)));
    QVERIFY(unmappedNote(dpLinks(20.0)).isEmpty());
}

QTEST_GUILESS_MAIN(TstLinkFindings)
#include "tst_linkfindings.moc"
