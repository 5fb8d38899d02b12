// `npuscope --help` names every command, one synopsis line each, and the README's "Use" section
// shows the same lines: a newcomer who reads either finds compare and export as well as report.
#include "app/commands/commandline.h"
#include "app/commands/usage.h"

#include "runbinary.h"

#include <QFile>
#include <QTest>

#include <algorithm>

using namespace npuscope;

namespace {

// The help in English, where no display is (it must not need one).
QStringList helpLines()
{
    const auto run = test::runNpuscope({ QStringLiteral("--help") }, test::withoutDisplay());
    if (run.exitCode != 0)
        return {};
    return QString::fromUtf8(run.out).split(QLatin1Char('\n'));
}

// The indented lines of a block: from the line after `heading` (skipping blank lines before
// it) to the first line that is not indented by `indent` spaces.
QStringList block(const QStringList &lines, const QString &heading, int indent)
{
    QStringList out;
    const qsizetype start = lines.indexOf(heading);
    if (start < 0)
        return out;
    const QString prefix(indent, QLatin1Char(' '));
    for (qsizetype i = start + 1; i < lines.size(); ++i) {
        if (lines[i].isEmpty() && out.isEmpty())
            continue;
        if (!lines[i].startsWith(prefix))
            break;
        out << lines[i].simplified(); // the same words; the columns may be aligned otherwise
    }
    return out;
}

QStringList simplified(const QStringList &lines)
{
    QStringList out;
    for (const QString &l : lines)
        out << l.simplified();
    return out;
}

} // namespace

class TstUsage : public QObject {
    Q_OBJECT

private slots:
    void helpNamesEveryCommand()
    {
        const QStringList commands = block(helpLines(), QStringLiteral("Commands:"), 2);
        QVERIFY2(!commands.isEmpty(), "no Commands: block in npuscope --help");
        QCOMPARE(commands, simplified(Usage::synopsis()));
        QVERIFY(commands.first().startsWith(QLatin1String("npuscope [PATH")));
        for (const QString &command : headlessCommands()) {
            const QString form = QStringLiteral("npuscope %1 ").arg(command);
            const auto named = std::count_if(commands.begin(), commands.end(),
                [&form](const QString &line) { return line.startsWith(form); });
            QVERIFY2(named == 1, qPrintable(command));
        }
    }

    void readmeAgrees()
    {
        QFile readme(QStringLiteral(NPUSCOPE_SOURCE_DIR "/README.md"));
        QVERIFY(readme.open(QIODevice::ReadOnly));
        const QStringList lines = QString::fromUtf8(readme.readAll()).split(QLatin1Char('\n'));
        const QStringList use = block(lines, QStringLiteral("## Use"), 4);
        QVERIFY2(!use.isEmpty(), "no indented block under ## Use in README.md");
        QCOMPARE(use, block(helpLines(), QStringLiteral("Commands:"), 2));
    }
};

QTEST_GUILESS_MAIN(TstUsage)
#include "tst_usage.moc"
