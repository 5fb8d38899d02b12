#include "model/annotations/timelinearrangementstore.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

using namespace npuscope;

class TstTimelineArrangementStore : public QObject {
    Q_OBJECT
private slots:
    void roundTripPerProfile();
    void emptyRemovesFile();
    void damagedFileIsReported();
};

namespace {

TimelineArrangement sample()
{
    TimelineArrangement a;
    a.order = { QStringLiteral("g:CANN"), QStringLiteral("t:Ascend Hardware / Stream 3") };
    a.hidden = { QStringLiteral("t:Python (1) / Thread 1"), QStringLiteral("g:HCCL") };
    a.collapsed = { QStringLiteral("g:Overlap Analysis") };
    a.expanded = { QStringLiteral("t:Python (1) / Thread 2") };
    return a;
}

} // namespace

void TstTimelineArrangementStore::roundTripPerProfile()
{
    QTemporaryDir config;
    QTemporaryDir profiles;
    const QString run1 = profiles.filePath(QStringLiteral("run1"));
    const QString run2 = profiles.filePath(QStringLiteral("run2"));
    QVERIFY(QDir().mkpath(run1) && QDir().mkpath(run2));
    const TimelineArrangementStore store(config.path());
    QVERIFY(store.load(run1).isEmpty()); // nothing saved yet: the default
    QString error;
    QVERIFY2(store.save(run1, sample(), &error), qPrintable(error));
    QCOMPARE(store.load(run1), sample());
    QCOMPARE(store.load(run1 + QStringLiteral("/")), sample()); // the same folder
    QVERIFY(store.load(run2).isEmpty());
    // In the config directory, never in the profile folder.
    QVERIFY(store.fileFor(run1).startsWith(config.path()));
    QVERIFY(QFile::exists(store.fileFor(run1)));
    QCOMPARE(QDir(run1).entryList(QDir::AllEntries | QDir::NoDotAndDotDot).size(), 0);
}

void TstTimelineArrangementStore::emptyRemovesFile()
{
    QTemporaryDir config;
    const TimelineArrangementStore store(config.path());
    const QString profile = config.filePath(QStringLiteral("p"));
    QVERIFY(store.save(profile, sample()));
    QVERIFY(QFile::exists(store.fileFor(profile)));
    QVERIFY(store.save(profile, {}));
    QVERIFY(!QFile::exists(store.fileFor(profile)));
}

void TstTimelineArrangementStore::damagedFileIsReported()
{
    QTemporaryDir config;
    const TimelineArrangementStore store(config.path());
    const QString profile = config.filePath(QStringLiteral("p"));
    QVERIFY(store.save(profile, sample()));
    QFile f(store.fileFor(profile));
    QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
    f.write("{\"order\": [\"g:CANN\"");
    f.close();
    QString error;
    QVERIFY(store.load(profile, &error).isEmpty());
    QVERIFY2(error.contains(QDir::toNativeSeparators(store.fileFor(profile))), qPrintable(error));
    QVERIFY2(error.contains(QStringLiteral("offset")), qPrintable(error));
    // Unknown fields and wrong types are skipped, not fatal.
    QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
    f.write("{\"order\": [\"g:CANN\", 3], \"hidden\": \"x\", \"future\": true}");
    f.close();
    error.clear();
    const TimelineArrangement a = store.load(profile, &error);
    QVERIFY(error.isEmpty());
    QCOMPARE(a.order, QStringList({ QStringLiteral("g:CANN") }));
    QVERIFY(a.hidden.isEmpty());
}

QTEST_GUILESS_MAIN(TstTimelineArrangementStore)
#include "tst_timelinearrangementstore.moc"
