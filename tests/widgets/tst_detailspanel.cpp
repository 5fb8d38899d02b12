#include "../model/dbsamples.h"
#include "kernelfixtures.h"
#include "model/core/eventargssource.h"
#include "model/profile/profileloader.h"
#include "model/trace/traceloader.h"
#include "tracefixtures.h"
#include "widgets/details/detailspanel.h"

#include <QCoreApplication>
#include <QDir>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QTreeWidget>

#include <zlib.h>

using namespace npuscope;
using namespace npuscope::test;

class TstDetailsPanel : public QObject {
    Q_OBJECT

private:
    // A device slice joined to kernel row 1, and kernel row 0 without a slice.
    static std::shared_ptr<const RankProfile> makeRank(EventRef *joined)
    {
        TraceMaker m;
        const auto stream = m.addTrack(QStringLiteral("Ascend Hardware"),
            QStringLiteral("Stream 2"), TrackKind::DeviceStream, 1);
        m.addEvent(stream, kBase + 60'000, 5'500, "trans_TransData_0", "kernel");
        m.addEvent(stream, kBase + 100'000, 1'000, "Other", "kernel");
        m.indexTracks();
        auto rank = std::make_shared<RankProfile>();
        rank->trace = m.finish();
        rank->kernels = makeKernels(sampleRows());
        *joined = m.find(stream, kBase + 60'000);
        rank->join.rowToEvent.assign(5, EventRef());
        rank->join.rowToEvent[1] = *joined;
        rank->join.link(*joined, 1);
        rank->join.matched = 1;
        return rank;
    }

private slots:
    void event()
    {
        EventRef joined;
        DetailsPanel panel;
        panel.setRank(makeRank(&joined), kBase);
        panel.showTraceEvent(joined);
        const QString text = panel.toText();
        QVERIFY2(text.contains(QStringLiteral("Event/Name\ttrans_TransData_0")), qPrintable(text));
        QVERIFY(text.contains(QStringLiteral("Event/Category\tkernel")));
        QVERIFY(text.contains(QStringLiteral("Event/Track\tAscend Hardware / Stream 2")));
        QVERIFY(text.contains(QStringLiteral("Event/Start\t60.000 µs")));
        QVERIFY(text.contains(QStringLiteral("Event/Duration\t5.500 µs")));
        QVERIFY(text.contains(QStringLiteral("Event/Depth\t0")));
        // The joined kernel row, every original column.
        QVERIFY(text.contains(QStringLiteral("Kernel (row 2)/Accelerator Core\tAI_VECTOR_CORE")));
        QVERIFY(text.contains(QStringLiteral("Kernel (row 2)/aic_mac_ratio\tN/A")));
    }

    void kernelRow()
    {
        EventRef joined;
        DetailsPanel panel;
        panel.setRank(makeRank(&joined), kBase);
        panel.showKernelRow(1); // joined: shows the event too
        QVERIFY(panel.toText().contains(QStringLiteral("Event/Name\ttrans_TransData_0")));
        panel.showKernelRow(0); // not in the trace: the row alone
        const QString text = panel.toText();
        QVERIFY(!text.contains(QStringLiteral("Event/")));
        QVERIFY(text.contains(QStringLiteral("Kernel (row 1)/Name\tMatMul_1")));
        panel.showKernelRow(99);
        QCOMPARE(panel.tree()->topLevelItemCount(), 0);
        panel.showTraceEvent(EventRef { TrackId(7), 0 }); // out of range: cleared, no crash
        QCOMPARE(panel.tree()->topLevelItemCount(), 0);
    }

    // A .gz trace of 9 MB inflated: the arguments of its last event come through the gzip
    // index (from its last checkpoint, 4 MiB apart); a screenshot of the panel is written beside
    // the test binary (tst_detailspanel_gz.png) to look at.
    void gzipArguments()
    {
        QStandardPaths::setTestModeEnabled(true);
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("t.json.gz"));
        const int n = 60000;
        gzFile gz = gzopen(QFile::encodeName(path).constData(), "wb6");
        QVERIFY(gz);
        QByteArray json = "[\n";
        for (int i = 0; i < n; ++i) {
            json += QStringLiteral(
                "{\"ph\": \"X\", \"name\": \"aten::mm\", \"pid\": 1, "
                "\"tid\": 1, \"ts\": %1, \"dur\": 3, \"args\": {\"Sequence "
                "number\": %2, \"Input Dims\": \"[[%3, 1024], [1024, 512]]\"}}%4\n")
                        .arg(i * 5)
                        .arg(i)
                        .arg(i % 97)
                        .arg(i + 1 < n ? QStringLiteral(",") : QString())
                        .toUtf8();
        }
        json += "]\n";
        QCOMPARE(gzwrite(gz, json.constData(), unsigned(json.size())), int(json.size()));
        QCOMPARE(gzclose(gz), Z_OK);
        QVERIFY(json.size() > (8 << 20));
        TraceLoadResult r = loadTrace(path);
        QVERIFY(r.trace);
        auto rank = std::make_shared<RankProfile>();
        rank->trace = r.trace;
        QCOMPARE(r.trace->tracks.size(), std::size_t(1));
        const EventRef last { TrackId(0), std::uint32_t(n - 1) };
        DetailsPanel panel;
        panel.resize(520, 360);
        panel.setRank(rank, r.trace->minTime);
        panel.showTraceEvent(last);
        const QString text = panel.toText();
        QVERIFY2(text.contains(QStringLiteral("Arguments/Sequence number\t%1").arg(n - 1)),
            qPrintable(text));
        QVERIFY(text.contains(
            QStringLiteral("Arguments/Input Dims\t[[%1, 1024], [1024, 512]]").arg((n - 1) % 97)));
        panel.show();
        panel.tree()->expandAll();
        QVERIFY(panel.grab().save(QDir(QCoreApplication::applicationDirPath())
                                      .filePath(QStringLiteral("tst_detailspanel_gz.png"))));
    }

    // A framework op of a sample database: its call stack (PYTORCH_CALLCHAINS, read in the
    // background once the panel has the rank) under Arguments, as the database's args source
    // gives it; a screenshot beside the test binary (tst_detailspanel_db.png) to look at.
    void databaseCallStack()
    {
        const QString file = test::sampleDbFile(QStringLiteral("level1"), 0);
        if (!QDir(test::kDbSamples).exists())
            QSKIP("samples not present");
        QVERIFY2(QFileInfo(file).isFile(), qPrintable(file));
        const LoadResult load = loadProfile(QFileInfo(file).dir().absolutePath());
        QVERIFY(load.profile && load.profile->ranks.size() == 1);
        const std::shared_ptr<const RankProfile> rank = load.profile->ranks[0];
        QVERIFY(rank->trace && rank->trace->argsSource);
        DetailsPanel panel;
        panel.resize(900, 520);
        panel.setRank(rank, rank->trace->minTime);
        const Trace &t = *rank->trace;
        EventRef op;
        QString stack;
        for (const Track &track : t.tracks)
            for (std::uint32_t i = 0; i < track.events.size() && stack.isEmpty(); ++i)
                if (track.kind == TrackKind::HostThread) {
                    op = { track.id, i };
                    stack = t.args(op).value(QStringLiteral("Call stack")).toString();
                }
        QVERIFY(stack.count(QStringLiteral(";\r\n")) >= 7); // the samples' stacks: 8 to 23 frames
        panel.showTraceEvent(op);
        const QString text = panel.toText();
        QVERIFY2(text.contains(QStringLiteral("Arguments/Call stack\t") + stack), qPrintable(text));
        // Below it, a row per frame, in the order of the stack, without the separators.
        const QList<QTreeWidgetItem *> rows
            = panel.tree()->findItems(QStringLiteral("Call stack"), Qt::MatchRecursive);
        QCOMPARE(rows.size(), 1);
        const QStringList frames = stack.split(QStringLiteral(";\r\n"));
        QCOMPARE(rows[0]->childCount(), frames.size());
        for (int i = 0; i < frames.size(); ++i) {
            QCOMPARE(rows[0]->child(i)->text(0), QString::number(i + 1));
            QCOMPARE(rows[0]->child(i)->text(1), frames[i]);
        }
        panel.show();
        panel.tree()->expandAll();
        QVERIFY(panel.grab().save(QDir(QCoreApplication::applicationDirPath())
                                      .filePath(QStringLiteral("tst_detailspanel_db.png"))));
    }
};

QTEST_MAIN(TstDetailsPanel)
#include "tst_detailspanel.moc"
