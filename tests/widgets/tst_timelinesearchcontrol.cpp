// The timeline's search without a view: the bar it opens and closes, the matches of its query,
// stepping from the selection it is given, and what it signals to the view that shows it.
#include "tracefixtures.h"
#include "widgets/common/metatypes.h"
#include "widgets/timeline/timelinesearchbar.h"
#include "widgets/timeline/timelinesearchcontrol.h"

#include <QSignalSpy>
#include <QTest>
#include <QWidget>

using namespace npuscope;

class TestTimelineSearchControl : public QObject {
    Q_OBJECT

private slots:
    void init();
    void cleanup();
    void queryOpensAndMatches();
    void stepsFromTheSelection();
    void closeForgets();
    void newTraceRunsAgain();

private:
    std::unique_ptr<QWidget> m_host;
    TimelineSearchControl *m_control = nullptr;
    std::shared_ptr<const Trace> m_trace;
    EventRef m_selected;
};

void TestTimelineSearchControl::init()
{
    m_host = std::make_unique<QWidget>();
    m_selected = {};
    m_control = new TimelineSearchControl(
        new TimelineSearchBar(m_host.get()), [this]() { return m_selected; }, m_host.get());
    // As the view does: the chosen match becomes the selection.
    connect(m_control, &TimelineSearchControl::matchChosen, this,
        [this](EventRef ref) { m_selected = ref; });
    m_trace = test::makeSearchTrace();
    m_control->setTrace(m_trace.get());
    m_host->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_host.get()));
}

void TestTimelineSearchControl::cleanup() { m_host.reset(); }

void TestTimelineSearchControl::queryOpensAndMatches()
{
    QVERIFY(!m_control->isOpen());
    QSignalSpy layout(m_control, &TimelineSearchControl::layoutChanged);
    QSignalSpy result(m_control, &TimelineSearchControl::resultChanged);
    m_control->setQuery(QStringLiteral("matmul"));
    QVERIFY(m_control->isOpen());
    QCOMPARE(layout.count(), 1); // the bar appeared: the view makes room for it
    QVERIFY(result.count() >= 1);
    QCOMPARE(m_control->result().matches.size(), std::size_t(3)); // case-insensitive
    QCOMPARE(m_control->currentMatch(), -1);
    QCOMPARE(m_control->bar()->statusText(), TimelineSearchBar::tr("%n match(es)", nullptr, 3));
    m_control->setQuery(QStringLiteral("^MatMulV2$"), TimelineSearchMode::Regex);
    QCOMPARE(m_control->result().matches.size(), std::size_t(2));
    QCOMPARE(layout.count(), 1); // already open
    m_control->setQuery(QStringLiteral("(("), TimelineSearchMode::Regex);
    QVERIFY(m_control->result().matches.empty());
    QVERIFY(!m_control->result().error.isEmpty());
}

void TestTimelineSearchControl::stepsFromTheSelection()
{
    QSignalSpy chosen(m_control, &TimelineSearchControl::matchChosen);
    QVERIFY(!m_control->findNext()); // closed: no matches, nothing chosen
    QCOMPARE(chosen.count(), 0);
    m_control->setQuery(QStringLiteral("matmul"));
    const auto matches = m_control->result().matches; // by start: 100, 120, 520
    QVERIFY(m_control->findNext());
    QCOMPARE(chosen.last().at(0).value<EventRef>(), matches[0]);
    QCOMPARE(m_control->currentMatch(), 0);
    // The user clicked the last match: the next one wraps from there.
    m_selected = matches[2];
    QVERIFY(m_control->findNext());
    QCOMPARE(chosen.last().at(0).value<EventRef>(), matches[0]);
    QVERIFY(m_control->findPrevious()); // wraps back to the last
    QCOMPARE(chosen.last().at(0).value<EventRef>(), matches[2]);
    QCOMPARE(m_control->bar()->statusText(),
        TimelineSearchBar::tr("%1 of %n match(es)", nullptr, 3).arg(3));
    emit m_control->bar()->nextRequested(); // the bar's Enter
    QCOMPARE(chosen.last().at(0).value<EventRef>(), matches[0]);
}

void TestTimelineSearchControl::closeForgets()
{
    m_control->setQuery(QStringLiteral("add"));
    QVERIFY(!m_control->result().matches.empty());
    QSignalSpy closed(m_control, &TimelineSearchControl::closed);
    QSignalSpy layout(m_control, &TimelineSearchControl::layoutChanged);
    emit m_control->bar()->closeRequested(); // Esc in the bar
    QVERIFY(!m_control->isOpen());
    QVERIFY(m_control->result().matches.empty());
    QCOMPARE(m_control->currentMatch(), -1);
    QCOMPARE(closed.count(), 1);
    QCOMPARE(layout.count(), 1);
    m_control->open(); // the query comes back with its matches
    QVERIFY(m_control->isOpen());
    QVERIFY(!m_control->result().matches.empty());
}

void TestTimelineSearchControl::newTraceRunsAgain()
{
    m_control->setQuery(QStringLiteral("MatMulV2"));
    QCOMPARE(m_control->result().matches.size(), std::size_t(2));
    test::TraceMaker m;
    const auto device = m.addTrack(
        QStringLiteral("Ascend Hardware"), QStringLiteral("Stream 2"), TrackKind::DeviceStream, 1);
    m.addEvent(device, 10, 5, "MatMulV2");
    m.indexTracks();
    const std::shared_ptr<const Trace> other = m.finish();
    m_control->setTrace(other.get());
    QCOMPARE(m_control->result().matches.size(), std::size_t(1));
    m_control->setTrace(nullptr);
    QVERIFY(m_control->result().matches.empty());
}

QTEST_MAIN(TestTimelineSearchControl)
#include "tst_timelinesearchcontrol.moc"
