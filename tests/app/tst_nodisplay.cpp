// The real executable where no display is (ssh, scripts, CI): help and version are printed, and
// opening a window fails at once with a message that says why and what works instead, not with
// the platform plugin's abort.
#include "runbinary.h"

#include <QProcessEnvironment>
#include <QTest>

class TstNoDisplay : public QObject {
    Q_OBJECT

private:
    static QProcessEnvironment withoutDisplay() { return npuscope::test::withoutDisplay(); }

private slots:
    void helpAndVersion()
    {
        const auto version
            = npuscope::test::runNpuscope({ QStringLiteral("--version") }, withoutDisplay());
        QCOMPARE(version.exitCode, 0);
        QVERIFY2(
            version.out.startsWith("npuscope "), QByteArray(version.out + version.err).constData());

        const auto help
            = npuscope::test::runNpuscope({ QStringLiteral("--help") }, withoutDisplay());
        QCOMPARE(help.exitCode, 0);
        QVERIFY2(help.out.contains("--demo") && help.out.contains("PATH"),
            QByteArray(help.out + help.err).constData());
    }

    void windowWithoutDisplayIsExplained()
    {
        const auto run
            = npuscope::test::runNpuscope({ QStringLiteral("--demo") }, withoutDisplay(), 30000);
        QCOMPARE(run.exitCode, 2);
        QVERIFY2(run.err.contains("no display") && run.err.contains("npuscope report"),
            run.err.constData());
        QVERIFY2(!run.err.contains("platform plugin"), run.err.constData());
    }

    void wrongOptionIsNamed()
    {
        const auto run
            = npuscope::test::runNpuscope({ QStringLiteral("--no-such-option") }, withoutDisplay());
        QCOMPARE(run.exitCode, 1);
        QVERIFY2(run.err.contains("no-such-option"), run.err.constData());
    }
};

QTEST_GUILESS_MAIN(TstNoDisplay)
#include "tst_nodisplay.moc"
