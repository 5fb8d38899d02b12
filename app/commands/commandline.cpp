#include "app/commands/commandline.h"

#include "app/commands/comparecommand.h"
#include "app/commands/exportcommand.h"
#include "app/commands/generatecommand.h"
#include "app/commands/reportcommand.h"
#include "app/commands/rulescommand.h"
#include "model/generator/generator.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QDir>
#include <QStandardPaths>
#include <QTextStream>

namespace npuscope {

namespace {

    const QStringList kCommands { QStringLiteral("report"), QStringLiteral("generate"),
        QStringLiteral("compare"), QStringLiteral("export"), QStringLiteral("rules") };

    // Bump when the generator's output changes so that an old cached demo is rewritten.
    constexpr int kDemoVersion = 1;

} // namespace

void addSourceOption(QCommandLineParser &parser)
{
    parser.addOption({ QStringLiteral("source"),
        QCoreApplication::translate("npuscope::CommandLine",
            "Where a folder holds both the text export and the profiler database: read 'text' or "
            "'db' (default: db)."),
        QStringLiteral("text|db") });
}

std::optional<SourceFormat> sourceFormat(const QCommandLineParser &parser, QString *error)
{
    if (!parser.isSet(QStringLiteral("source")))
        return SourceFormat::Auto;
    const QString v = parser.value(QStringLiteral("source"));
    if (v == QLatin1String("text"))
        return SourceFormat::Text;
    if (v == QLatin1String("db"))
        return SourceFormat::Database;
    *error = QCoreApplication::translate("npuscope::CommandLine", "--source expects text or db");
    return std::nullopt;
}

QStringList headlessCommands() { return kCommands; }

bool isHeadlessCommand(const QStringList &arguments)
{
    return arguments.size() >= 2 && kCommands.contains(arguments.at(1));
}

bool headlessCommandPaints(const QStringList &arguments)
{
    // Images are drawn with fonts: export, and report --html with its pictures.
    const QString command = arguments.value(1);
    return command == QLatin1String("export")
        || (command == QLatin1String("report") && arguments.contains(QStringLiteral("--html")));
}

int runHeadless(const QStringList &arguments)
{
    const QString command = arguments.at(1);
    const QStringList rest = arguments.mid(2);
    if (command == QLatin1String("report"))
        return runReportCommand(rest);
    if (command == QLatin1String("generate"))
        return runGenerateCommand(rest);
    if (command == QLatin1String("compare"))
        return runCompareCommand(rest);
    if (command == QLatin1String("export"))
        return runExportCommand(rest);
    if (command == QLatin1String("rules"))
        return runRulesCommand(rest);
    QTextStream(stderr)
        << QCoreApplication::translate("npuscope", "unknown command: %1").arg(command) << '\n';
    return kExitUserError;
}

QString ensureDemoProfile(QString *error)
{
    const QString base = QStandardPaths::writableLocation(QStandardPaths::CacheLocation);
    const QString dir = QDir(base).filePath(QStringLiteral("demo-v%1").arg(kDemoVersion));
    const QString marker = QDir(dir).filePath(QStringLiteral(".complete"));
    if (QFile::exists(marker))
        return dir;
    QDir(dir).removeRecursively();
    GeneratorOptions options;
    options.outDir = dir;
    options.events = 60000;
    options.ranks = 2;
    options.seed = 7;
    options.steps = 3;
    options.plants = { Plant::TransData, Plant::AiCpu, Plant::HostBound };
    const GeneratorResult result = generateProfile(options);
    if (!result.ok) {
        *error = result.error;
        return QString();
    }
    QFile done(marker);
    if (!done.open(QIODevice::WriteOnly)) {
        *error = QStringLiteral("%1: %2").arg(marker, done.errorString());
        return QString();
    }
    return dir;
}

} // namespace npuscope
