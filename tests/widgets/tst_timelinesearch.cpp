#include "tracefixtures.h"
#include "widgets/timeline/timelinesearch.h"

#include <QTest>

using namespace npuscope;

namespace {

// Matches as "track:start name" in result order.
QString describe(const Trace &trace, const TimelineSearchResult &result)
{
    QStringList parts;
    for (EventRef ref : result.matches) {
        const Event &e = trace.event(ref);
        parts << QStringLiteral("%1:%2 %3")
                     .arg(ref.track.value)
                     .arg(e.start)
                     .arg(trace.strings.string(e.name));
    }
    return parts.join(QStringLiteral(", "));
}

} // namespace

class TestTimelineSearch : public QObject {
    Q_OBJECT

private slots:
    void search_data();
    void search();
    void highlightsNamesById();
    void step_data();
    void step();
};

void TestTimelineSearch::search_data()
{
    QTest::addColumn<QString>("query");
    QTest::addColumn<bool>("regex");
    QTest::addColumn<QString>("expected");
    QTest::addColumn<bool>("error");

    QTest::newRow("substring, any case, sorted by start across tracks")
        << QStringLiteral("matmul") << false
        << QStringLiteral("0:100 aten::matmul, 1:120 MatMulV2, 1:520 MatMulV2") << false;
    QTest::newRow("substring inside a word")
        << QStringLiteral("ADD") << false
        << QStringLiteral("0:300 aten::add, 1:320 Add, 0:500 aten::addmm") << false;
    QTest::newRow("regex anchored")
        << QStringLiteral("^add$") << true << QStringLiteral("1:320 Add") << false;
    QTest::newRow("regex alternation")
        << QStringLiteral("addmm|V2$") << true
        << QStringLiteral("1:120 MatMulV2, 0:500 aten::addmm, 1:520 MatMulV2") << false;
    QTest::newRow("regex characters are literal in substring mode")
        << QStringLiteral("^add$") << false << QString() << false;
    QTest::newRow("invalid regex is an error")
        << QStringLiteral("aten::(add") << true << QString() << true;
    QTest::newRow("no match") << QStringLiteral("allReduce") << false << QString() << false;
    QTest::newRow("empty query matches nothing") << QString() << false << QString() << false;
}

void TestTimelineSearch::search()
{
    QFETCH(QString, query);
    QFETCH(bool, regex);
    QFETCH(QString, expected);
    QFETCH(bool, error);
    const auto trace = test::makeSearchTrace();
    const TimelineSearchResult result = TimelineSearch::run(
        *trace, query, regex ? TimelineSearchMode::Regex : TimelineSearchMode::Substring);
    QCOMPARE(describe(*trace, result), expected);
    QCOMPARE(!result.error.isEmpty(), error);
}

void TestTimelineSearch::highlightsNamesById()
{
    const auto trace = test::makeSearchTrace();
    const TimelineSearchResult result = TimelineSearch::run(*trace, QStringLiteral("mm"));
    QVERIFY(result.isMatchingName(trace->strings.find("aten::addmm")));
    QVERIFY(!result.isMatchingName(trace->strings.find("aten::add")));
    QVERIFY(!result.isMatchingName(StringId())); // invalid id
}

void TestTimelineSearch::step_data()
{
    QTest::addColumn<int>("count");
    QTest::addColumn<int>("current");
    QTest::addColumn<int>("selected"); // index of the selected event in the track, -1: none
    QTest::addColumn<int>("delta");
    QTest::addColumn<int>("expected");

    QTest::newRow("first next") << 3 << -1 << -1 << 1 << 0;
    QTest::newRow("first previous is the last") << 3 << -1 << -1 << -1 << 2;
    QTest::newRow("next") << 3 << 0 << -1 << 1 << 1;
    QTest::newRow("next wraps") << 3 << 2 << -1 << 1 << 0;
    QTest::newRow("previous wraps") << 3 << 0 << -1 << -1 << 2;
    QTest::newRow("continues from a clicked match") << 3 << 0 << 2 << -1 << 1;
    QTest::newRow("a selected non-match does not move") << 3 << 1 << 7 << 1 << 2;
    QTest::newRow("stale index restarts") << 3 << 5 << -1 << 1 << 0;
    QTest::newRow("no matches") << 0 << -1 << -1 << 1 << -1;
}

void TestTimelineSearch::step()
{
    QFETCH(int, count);
    QFETCH(int, current);
    QFETCH(int, selected);
    QFETCH(int, delta);
    QFETCH(int, expected);
    std::vector<EventRef> matches; // events 0..count-1 of track 0
    for (int i = 0; i < count; ++i)
        matches.push_back({ TrackId(0), static_cast<std::uint32_t>(i) });
    const EventRef sel
        = selected < 0 ? EventRef() : EventRef { TrackId(0), static_cast<std::uint32_t>(selected) };
    QCOMPARE(TimelineSearch::step(matches, current, sel, delta), expected);
}

QTEST_GUILESS_MAIN(TestTimelineSearch)
#include "tst_timelinesearch.moc"
