#include "app/window/loadcontroller.h"
#include "model/generator/generator.h"

#include <QDir>
#include <QFileInfo>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using namespace npuscope;

class TstLoadController : public QObject {
    Q_OBJECT

private:
    static QString sample(const char *level)
    {
        return QStringLiteral(NPUSCOPE_SAMPLES_DIR "/ascend-2025-01/%1/rank0_ascend_pt")
            .arg(QLatin1String(level));
    }
    static constexpr int kTimeoutMs = 120000;

private slots:
    void loads()
    {
        if (!QFileInfo::exists(sample("level1")))
            QSKIP("sample profile not present");
        LoadController loader;
        QSignalSpy started(&loader, &LoadController::started);
        QSignalSpy progress(&loader, &LoadController::progressChanged);
        QSignalSpy loaded(&loader, &LoadController::loaded);
        loader.start(sample("level1"));
        QCOMPARE(started.count(), 1);
        QVERIFY(loader.isLoading());
        QVERIFY(loaded.wait(kTimeoutMs));
        QVERIFY(!loader.isLoading());
        const auto result = loaded.at(0).at(1).value<LoadResult>();
        QVERIFY(result.profile);
        QVERIFY(!result.profile->ranks.empty());
        for (const QList<QVariant> &p : progress) {
            QVERIFY(p.at(0).toInt() >= 0);
            QVERIFY(p.at(0).toInt() <= LoadController::kProgressMax);
        }
    }

    void previewBeforeLoaded()
    {
        QTemporaryDir dir;
        GeneratorOptions options;
        options.outDir = dir.path();
        options.events = 40000; // about 8 MiB of trace_view.json: more than the 2 MiB first span
        QVERIFY(generateProfile(options).ok);
        LoadController loader;
        QSignalSpy preview(&loader, &LoadController::previewReady);
        QSignalSpy loaded(&loader, &LoadController::loaded);
        loader.start(dir.path());
        QVERIFY(loaded.wait(kTimeoutMs));
        QCOMPARE(preview.count(), 1);
        const auto partial = preview.at(0).at(1).value<std::shared_ptr<const Profile>>();
        QVERIFY(partial && partial->ranks.size() == 1 && partial->ranks.front()->trace);
        const auto result = loaded.at(0).at(1).value<LoadResult>();
        QVERIFY(!result.preview);
        QVERIFY(partial->ranks.front()->trace->sliceCount()
            < result.profile->ranks.front()->trace->sliceCount());
    }

    void newerLoadMakesOlderStale()
    {
        if (!QFileInfo::exists(sample("level0")) || !QFileInfo::exists(sample("level1")))
            QSKIP("sample profiles not present");
        LoadController loader;
        QSignalSpy loaded(&loader, &LoadController::loaded);
        QSignalSpy cancelled(&loader, &LoadController::cancelled);
        const quint64 first = loader.start(sample("level0"));
        const quint64 second = loader.start(sample("level1"));
        QVERIFY(second > first);
        QVERIFY(loaded.wait(kTimeoutMs));
        QTest::qWait(300);
        QCOMPARE(loaded.count(), 1);
        QCOMPARE(loaded.at(0).at(0).toString(), sample("level1"));
        QCOMPARE(cancelled.count(), 0); // a replaced load is dropped silently
    }

    void cancel()
    {
        if (!QFileInfo::exists(sample("level1")))
            QSKIP("sample profile not present");
        LoadController loader;
        QSignalSpy loaded(&loader, &LoadController::loaded);
        QSignalSpy cancelled(&loader, &LoadController::cancelled);
        loader.start(sample("level1"));
        loader.cancel();
        QCOMPARE(cancelled.count(), 1);
        QVERIFY(!loader.isLoading());
        QTest::qWait(500);
        QCOMPARE(loaded.count(), 0);
        QCOMPARE(cancelled.count(), 1);
        loader.cancel(); // nothing running: no signal
        QCOMPARE(cancelled.count(), 1);
    }

    void failure()
    {
        LoadController loader;
        QSignalSpy failed(&loader, &LoadController::failed);
        const QString missing = QDir::temp().filePath(QStringLiteral("npuscope-no-such-profile"));
        loader.start(missing);
        QVERIFY(failed.wait(kTimeoutMs));
        QCOMPARE(failed.at(0).at(0).toString(), missing);
        QVERIFY(!failed.at(0).at(1).toString().isEmpty());
    }

    void destroyedWhileLoading()
    {
        if (!QFileInfo::exists(sample("level1")))
            QSKIP("sample profile not present");
        {
            LoadController loader;
            loader.start(sample("level1"));
        } // cancels; the worker finishes on its own and its result is dropped
        QTest::qWait(100);
    }
};

QTEST_MAIN(TstLoadController)
#include "tst_loadcontroller.moc"
