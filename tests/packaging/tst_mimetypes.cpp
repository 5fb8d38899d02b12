// The shared-mime-info definitions in packaging/npuscope-mime.xml, as a desktop sees them: the
// test runs with XDG_DATA_DIRS pointing first at a folder holding only that file (prepared by
// CMake), then at the system's database, so glob weights compete with the real *.json / *.csv.
#include <QFile>
#include <QMimeDatabase>
#include <QRegularExpression>
#include <QSettings>
#include <QTest>

class TstMimeTypes : public QObject {
    Q_OBJECT

private slots:
    void initTestCase()
    {
        QVERIFY2(qEnvironmentVariable("XDG_DATA_DIRS").startsWith(QLatin1String(NPUSCOPE_XDG_DIR)),
            "run through ctest: XDG_DATA_DIRS must start with the test's mime folder");
        if (!QMimeDatabase().mimeTypeForName(QStringLiteral("application/json")).isValid())
            QSKIP("no system shared-mime-info database");
    }

    void byFileName_data()
    {
        QTest::addColumn<QString>("fileName");
        QTest::addColumn<QString>("expected");
        QTest::addColumn<QString>("parent"); // still opens in whatever handles the generic type

        const QString json = QStringLiteral("application/json");
        QTest::newRow("profiler_info of a rank") << "profiler_info_3.json"
                                                 << "application/x-npuscope-profiler-info" << json;
        QTest::newRow("profiler_info single device")
            << "profiler_info.json"
            << "application/x-npuscope-profiler-info" << json;
        QTest::newRow("trace_view") << "trace_view.json"
                                    << "application/x-npuscope-trace-view" << json;
        QTest::newRow("kernel_details") << "kernel_details.csv"
                                        << "application/x-npuscope-kernel-details"
                                        << "text/csv";
        QTest::newRow("kineto") << "worker0.1718000000000.pt.trace.json"
                                << "application/x-npuscope-kineto-trace" << json;
        QTest::newRow("kineto gzip") << "host_123.pt.trace.json.gz"
                                     << "application/x-npuscope-kineto-trace-gzip"
                                     << "application/gzip";
        const QString sqlite = QStringLiteral("application/vnd.sqlite3");
        QTest::newRow("torch_npu database") << "ascend_pytorch_profiler_3.db"
                                            << "application/x-npuscope-profiler-database" << sqlite;
        QTest::newRow("single-card database")
            << "ascend_pytorch_profiler.db"
            << "application/x-npuscope-profiler-database" << sqlite;
        QTest::newRow("MindSpore database") << "ascend_mindspore_profiler_0.db"
                                            << "application/x-npuscope-profiler-database" << sqlite;
        QTest::newRow("msprof database") << "msprof_20250109120000.db"
                                         << "application/x-npuscope-profiler-database" << sqlite;
        // Generic files keep their types: npuscope does not claim every JSON or CSV.
        QTest::newRow("other json") << "config.json" << json << QString();
        QTest::newRow("other csv") << "op_statistic.csv"
                                   << "text/csv" << QString();
        QTest::newRow("similar name") << "my_trace_view.json" << json << QString();
        QTest::newRow("plain gzip") << "data.json.gz"
                                    << "application/gzip" << QString();
    }

    void byFileName()
    {
        QFETCH(QString, fileName);
        QFETCH(QString, expected);
        QFETCH(QString, parent);
        const QMimeType type
            = QMimeDatabase().mimeTypeForFile(fileName, QMimeDatabase::MatchExtension);
        QCOMPARE(type.name(), expected);
        if (!parent.isEmpty())
            QVERIFY2(type.inherits(parent), qPrintable(type.parentMimeTypes().join(u' ')));
    }

    // Every type the .desktop files claim is defined, and every defined type is claimed.
    void desktopFilesMatch_data()
    {
        QTest::addColumn<QString>("desktopFile");
        QTest::newRow("main") << QStringLiteral(NPUSCOPE_PACKAGING_DIR "/npuscope.desktop");
        QTest::newRow("all ranks")
            << QStringLiteral(NPUSCOPE_PACKAGING_DIR "/npuscope-all-ranks.desktop");
    }

    // Archives only as "Open With": the system's own archive types, hidden and least preferred,
    // none of them defined (taken over) by npuscope's MIME file.
    void archivesOnlyOpenWith()
    {
        QFile file(QStringLiteral(NPUSCOPE_PACKAGING_DIR "/npuscope-archive.desktop"));
        QVERIFY(file.open(QIODevice::ReadOnly | QIODevice::Text));
        const QString text = QString::fromUtf8(file.readAll());
        QVERIFY(text.contains(QLatin1String("\nNoDisplay=true\n")));
        QVERIFY(text.contains(QLatin1String("\nInitialPreference=1\n")));
        const QRegularExpressionMatch line = QRegularExpression(
            QStringLiteral("^MimeType=(.*)$"), QRegularExpression::MultilineOption)
                                                 .match(text);
        QVERIFY(line.hasMatch());
        QFile xml(QStringLiteral(NPUSCOPE_PACKAGING_DIR "/npuscope-mime.xml"));
        QVERIFY(xml.open(QIODevice::ReadOnly));
        const QString defined = QString::fromUtf8(xml.readAll());
        const QStringList claimed = line.captured(1).split(u';', Qt::SkipEmptyParts);
        QCOMPARE(claimed.size(), 4);
        for (const QString &name : claimed) {
            QVERIFY2(!name.contains(QLatin1String("npuscope")), qPrintable(name));
            QVERIFY2(!defined.contains(name), qPrintable(name));
        }
    }

    void desktopFilesMatch()
    {
        QFETCH(QString, desktopFile);
        QFile file(desktopFile);
        QVERIFY(file.open(QIODevice::ReadOnly | QIODevice::Text));
        const QString text = QString::fromUtf8(file.readAll());
        const QRegularExpressionMatch line = QRegularExpression(
            QStringLiteral("^MimeType=(.*)$"), QRegularExpression::MultilineOption)
                                                 .match(text);
        QVERIFY(line.hasMatch());
        const QStringList claimed = line.captured(1).split(u';', Qt::SkipEmptyParts);
        QVERIFY(claimed.size() >= 3);
        const QMimeDatabase db;
        for (const QString &name : claimed) {
            QVERIFY2(name.startsWith(QLatin1String("application/x-npuscope-")), qPrintable(name));
            QVERIFY2(db.mimeTypeForName(name).isValid(), qPrintable(name));
        }
        if (desktopFile.endsWith(QLatin1String("/npuscope.desktop"))) {
            QFile xml(QStringLiteral(NPUSCOPE_PACKAGING_DIR "/npuscope-mime.xml"));
            QVERIFY(xml.open(QIODevice::ReadOnly));
            const QString defined = QString::fromUtf8(xml.readAll());
            QCOMPARE(defined.count(QLatin1String("<mime-type ")), claimed.size());
        }
    }
};

QTEST_GUILESS_MAIN(TstMimeTypes)
#include "tst_mimetypes.moc"
