// ProfileSession: what a window shows, and the order and number of the signals its subscribers
// get.
#include "model/profile/profile.h"
#include "tracefixtures.h"
#include "widgets/session/profilesession.h"
#include "widgets/timeline/timelinezoomcontrol.h"

#include <QSignalSpy>
#include <QTest>

using namespace npuscope;

namespace {

std::shared_ptr<const Profile> profileOf(int ranks, int steps)
{
    auto profile = std::make_shared<Profile>();
    profile->path = QStringLiteral("/runs/a");
    for (int i = 0; i < ranks; ++i) {
        auto rank = std::make_shared<RankProfile>();
        rank->trace = test::makeTrainingStep(steps, unsigned(7 + i));
        profile->ranks.push_back(rank);
    }
    return profile;
}

void show(ProfileSession &session, const std::shared_ptr<const Profile> &profile, int rank)
{
    session.setProfile(profile);
    session.setRank(rank, profile->ranks[std::size_t(rank)]);
}

// The names of the signals in the order they came, each followed by a space.
class SignalLog : public QObject {
public:
    explicit SignalLog(ProfileSession *session)
    {
        connect(session, &ProfileSession::profileChanged, this, [this] { names += "profile "; });
        connect(session, &ProfileSession::rankChanged, this, [this] { names += "rank "; });
        connect(session, &ProfileSession::stepChanged, this, [this] { names += "step "; });
        connect(
            session, &ProfileSession::selectionChanged, this, [this] { names += "selection "; });
    }
    QByteArray take() { return std::exchange(names, {}); }
    QByteArray names; // "profile rank " ...
};

} // namespace

class TestProfileSession : public QObject {
    Q_OBJECT

private slots:
    void rankBringsItsSteps()
    {
        ProfileSession session;
        QVERIFY(session.zoom());
        QCOMPARE(session.zoom()->parent(), &session);
        SignalLog log(&session);
        const auto profile = profileOf(2, 3);
        session.setProfile(profile);
        QCOMPARE(log.take(), QByteArray("profile "));
        QVERIFY(!session.rank());
        QCOMPARE(session.rankIndex(), -1);

        session.setRank(1, profile->ranks[1]);
        QCOMPARE(log.take(), QByteArray("rank "));
        QCOMPARE(session.rank(), profile->ranks[1]);
        QCOMPARE(session.rankIndex(), 1);
        QCOMPARE(session.steps().size(), std::size_t(3));
        QVERIFY(session.steps()[0].start < session.steps()[1].start);
        QCOMPARE(session.stepIndex(), 0);
        QVERIFY(!session.step());

        session.setRank(1, profile->ranks[1]); // the same: nothing to tell
        session.setRank(5, profile->ranks[1]); // no such rank
        QCOMPARE(log.take(), QByteArray());
        QCOMPARE(session.rankIndex(), 1);
    }

    void stepAndSelection()
    {
        ProfileSession session;
        const auto profile = profileOf(2, 3);
        show(session, profile, 0);
        SignalLog log(&session);
        QSignalSpy steps(&session, &ProfileSession::stepChanged);
        session.setStep(2);
        QCOMPARE(steps.count(), 1);
        QCOMPARE(steps.at(0).at(0).toInt(), 2);
        QCOMPARE(session.step()->start, session.steps()[1].start);
        session.setStep(2);
        session.setStep(99); // out of range: all steps
        QCOMPARE(session.stepIndex(), 0);
        QCOMPARE(log.take(), QByteArray("step step "));

        const EventRef ref { TrackId(0), 1 };
        session.setSelection(ref);
        session.setSelection(ref);
        QCOMPARE(log.take(), QByteArray("selection "));
        QCOMPARE(session.selection(), ref);

        // Another rank: its own steps from the first, nothing selected.
        session.setStep(1);
        log.take();
        session.setRank(1, profile->ranks[1]);
        QCOMPARE(log.take(), QByteArray("rank selection "));
        QCOMPARE(session.stepIndex(), 0);
        QVERIFY(!session.selection().isValid());
    }

    void previewComesAndGoes()
    {
        ProfileSession session;
        const auto shown = profileOf(2, 2);
        show(session, shown, 1);
        SignalLog log(&session);

        // A new load previews its first MiB over the rank shown...
        const auto loading = profileOf(1, 1);
        session.setPreview(loading->ranks[0]);
        QVERIFY(session.isPreview());
        QCOMPARE(session.rank(), loading->ranks[0]);
        QCOMPARE(session.profile(), shown); // the profile is still the one shown
        QCOMPARE(session.rankIndex(), 1); // what comes back if the load is cancelled
        QCOMPARE(log.take(), QByteArray("rank "));

        // ...and is cancelled: the rank shown before comes back.
        session.setRank(1, shown->ranks[1]);
        QVERIFY(!session.isPreview());
        QCOMPARE(session.rank(), shown->ranks[1]);
        QCOMPARE(log.take(), QByteArray("rank "));

        // Loaded instead: the new profile, then its rank, without an empty rank in between.
        session.setPreview(loading->ranks[0]);
        log.take();
        session.setProfile(loading);
        QCOMPARE(log.take(), QByteArray("profile "));
        QVERIFY(!session.isPreview());
        QVERIFY(!session.rank());
        session.setRank(0, loading->ranks[0]);
        QCOMPARE(log.take(), QByteArray("rank "));
    }

    void closing()
    {
        ProfileSession session;
        const auto profile = profileOf(1, 2);
        show(session, profile, 0);
        session.setStep(1);
        SignalLog log(&session);
        session.setProfile(nullptr);
        QCOMPARE(log.take(), QByteArray("profile rank "));
        QVERIFY(!session.profile());
        QVERIFY(!session.rank());
        QCOMPARE(session.rankIndex(), -1);
        QVERIFY(session.steps().empty());
        QCOMPARE(session.stepIndex(), 0);

        // A preview with nothing open before it, cancelled: back to nothing.
        const auto loading = profileOf(1, 1);
        session.setPreview(loading->ranks[0]);
        log.take();
        session.setProfile(nullptr);
        QCOMPARE(log.take(), QByteArray("rank "));
        QVERIFY(!session.rank());
        QVERIFY(!session.isPreview());
    }
};

QTEST_GUILESS_MAIN(TestProfileSession)
#include "tst_profilesession.moc"
