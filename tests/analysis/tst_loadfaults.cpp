// Faults while loading (issue 9): loads cancelled at random points, the same profile opened
// twice at once, and a folder opened while another process writes into it.
#include "generatedprofile.h"
#include "profilefingerprint.h"

#include <QRandomGenerator>
#include <QTemporaryDir>
#include <QTest>
#include <QtConcurrent>

#include <atomic>

using namespace npuscope;
using npuscope::test::findingTexts;
using npuscope::test::fingerprint;

class TstLoadFaults : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void cancelLoadAtRandomPoints();
    void concurrentOpensAgree();
    void openWhileAnotherProcessWrites();

private:
    std::unique_ptr<test::GeneratedProfile> m_generated;
    QString m_fingerprint;
    QStringList m_findings;
};

void TstLoadFaults::initTestCase()
{
    m_generated = test::generate(QStringLiteral("all"), 7, 2, 20000);
    QVERIFY(m_generated->ok());
    m_fingerprint = fingerprint(*m_generated->profile);
    m_findings = findingTexts(*m_generated->profile);
    QVERIFY(!m_findings.isEmpty());
}

// A load stopped after a random number of progress calls: cancelled (or finished when the stop
// came too late), never half a profile that claims to be whole; the profile loaded before it
// is untouched and analyses the same.
void TstLoadFaults::cancelLoadAtRandomPoints()
{
    QRandomGenerator rng(42);
    int cancelled = 0;
    for (int attempt = 0; attempt < 16; ++attempt) {
        const int stopAfter = int(rng.bounded(attempt < 4 ? 4 : 200));
        std::atomic<int> calls = 0;
        LoadOptions o;
        o.threads = 2;
        const LoadResult r = loadProfile(m_generated->dir.path(), o,
            [&](std::int64_t, std::int64_t) { return calls.fetch_add(1) < stopAfter; });
        if (r.cancelled) {
            ++cancelled;
        } else {
            QVERIFY(r.profile);
            QCOMPARE(fingerprint(*r.profile), m_fingerprint);
        }
    }
    QVERIFY(cancelled >= 4);
    QCOMPARE(fingerprint(*m_generated->profile), m_fingerprint);
    QCOMPARE(findingTexts(*m_generated->profile), m_findings);
}

// The same profile opened twice at once (two windows): identical results.
void TstLoadFaults::concurrentOpensAgree()
{
    LoadOptions o;
    o.threads = 2;
    const QString path = m_generated->dir.path();
    QFuture<LoadResult> a = QtConcurrent::run([=] { return loadProfile(path, o); });
    QFuture<LoadResult> b = QtConcurrent::run([=] { return loadProfile(path, o); });
    const LoadResult ra = a.result();
    const LoadResult rb = b.result();
    QVERIFY(ra.profile && rb.profile);
    QCOMPARE(fingerprint(*ra.profile), m_fingerprint);
    QCOMPARE(fingerprint(*rb.profile), m_fingerprint);
}

// Opening while the profiler is still writing (here: the generator writes more ranks into the
// same folder): no crash, every rank that loads is consistent with its own files, and once the
// writer is done a reload sees everything.
void TstLoadFaults::openWhileAnotherProcessWrites()
{
    QTemporaryDir dir;
    std::atomic<bool> writing = true;
    QFuture<GeneratorResult> writer = QtConcurrent::run([&] {
        GeneratorOptions g;
        g.outDir = dir.path();
        g.ranks = 3;
        g.events = 60000;
        g.seed = 3;
        GeneratorResult r = generateProfile(g);
        writing = false;
        return r;
    });
    int loads = 0;
    while (writing || loads == 0) {
        LoadOptions o;
        o.threads = 2;
        const LoadResult r = loadProfile(dir.path(), o);
        ++loads;
        if (r.profile)
            for (const auto &rank : r.profile->ranks)
                for (const Issue &i : rank->issues)
                    QVERIFY2(!i.file.isEmpty() || !i.message.isEmpty(),
                        "issues say what they are about");
    }
    const GeneratorResult g = writer.result();
    QVERIFY(g.ok);
    const LoadResult done = loadProfile(dir.path());
    QVERIFY(done.profile);
    QCOMPARE(done.profile->ranks.size(), std::size_t(3));
    for (std::size_t i = 0; i < 3; ++i)
        QCOMPARE(done.profile->ranks[i]->trace->stats.events, g.ranks[i].traceEvents);
    QVERIFY(loads >= 1);
}

QTEST_GUILESS_MAIN(TstLoadFaults)
#include "tst_loadfaults.moc"
