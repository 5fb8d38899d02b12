#include "app/commands/generatecommand.h"

#include "app/commands/commandline.h"
#include "model/generator/generator.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QTextStream>

#include <cmath>

namespace npuscope {

namespace {

    // The translation context of this command's messages (lupdate reads GenerateCommand::tr).
    class GenerateCommand {
        Q_DECLARE_TR_FUNCTIONS(GenerateCommand)
    };

    bool parseCount(const QCommandLineParser &parser, const QString &name, qint64 min, qint64 *out)
    {
        if (!parser.isSet(name))
            return true;
        bool ok = false;
        const qint64 v = parser.value(name).toLongLong(&ok);
        if (!ok || v < min) {
            QTextStream(stderr) << GenerateCommand::tr(
                "--%1 expects a whole number of at least %2, not \"%3\"")
                                       .arg(name)
                                       .arg(min)
                                       .arg(parser.value(name))
                                << '\n';
            return false;
        }
        *out = v;
        return true;
    }

    // --plant and --rank-slowdown into `options`; false (with a message) on a bad value.
    bool parseProblems(const QCommandLineParser &parser, GeneratorOptions *options)
    {
        if (parser.isSet(QStringLiteral("plant"))) {
            QString error;
            const auto plants = plantsFromList(parser.value(QStringLiteral("plant")), &error);
            if (!plants) {
                QTextStream(stderr) << error << '\n';
                return false;
            }
            options->plants = *plants;
        }
        if (parser.isSet(QStringLiteral("rank-slowdown"))) {
            bool ok = false;
            const double pct = parser.value(QStringLiteral("rank-slowdown")).toDouble(&ok);
            if (!ok || pct < 0 || pct > 100) {
                QTextStream(stderr)
                    << GenerateCommand::tr("--rank-slowdown expects a percentage from 0 to 100")
                    << '\n';
                return false;
            }
            options->rankSlowdownPermille = int(std::lround(pct * 10));
        }
        return true;
    }

    // --events, --ranks, --seed, --steps, --plant, --rank-slowdown and --format into options;
    // false (with a
    // message on stderr) when one is invalid.
    bool readOptions(const QCommandLineParser &parser, GeneratorOptions &options)
    {
        qint64 ranks = options.ranks, seed = static_cast<qint64>(options.seed),
               steps = options.steps;
        if (!parseCount(parser, QStringLiteral("events"), 1, &options.events)
            || !parseCount(parser, QStringLiteral("ranks"), 1, &ranks)
            || !parseCount(parser, QStringLiteral("seed"), 0, &seed)
            || !parseCount(parser, QStringLiteral("steps"), 1, &steps))
            return false;
        options.ranks = static_cast<int>(ranks);
        options.seed = static_cast<quint64>(seed);
        options.steps = static_cast<int>(steps);
        if (!parseProblems(parser, &options))
            return false;
        if (parser.isSet(QStringLiteral("format"))) {
            const QString name = parser.value(QStringLiteral("format"));
            const auto format = generatorFormatFromName(name);
            if (!format) {
                QTextStream(stderr)
                    << GenerateCommand::tr("--format expects text, db or both, not \"%1\"")
                           .arg(name)
                    << '\n';
                return false;
            }
            options.format = *format;
        }
        options.withStack = parser.isSet(QStringLiteral("with-stack"));
        return true;
    }

    void printResult(const GeneratorResult &result, GeneratorFormat format)
    {
        QTextStream out(stdout);
        auto line = [&out](const QString &text, const RankTruth &r, const QString &path,
                        qint64 items, qint64 bytes) {
            out << text.arg(r.rank)
                       .arg(path)
                       .arg(items)
                       .arg(r.kernelRows)
                       .arg(static_cast<double>(bytes) / 1e6, 0, 'f', 1)
                << '\n';
        };
        for (const RankTruth &r : result.ranks) {
            if (format != GeneratorFormat::Db)
                line(GenerateCommand::tr("rank %1: %2 (%3 trace events, %4 kernels, %5 MB)"), r,
                    r.dir, r.traceEvents, r.traceBytes);
            if (format != GeneratorFormat::Text)
                line(GenerateCommand::tr("rank %1: %2 (%3 rows, %4 kernels, %5 MB)"), r, r.dbPath,
                    r.dbRows, r.dbBytes);
        }
    }

} // namespace

int runGenerateCommand(const QStringList &arguments)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(
        GenerateCommand::tr("Writes a realistic, deterministic torch_npu profile folder."));
    parser.addHelpOption();
    parser.addPositionalArgument(QStringLiteral("OUT_DIR"),
        GenerateCommand::tr("Folder to write rank*_ascend_pt folders into."));
    parser.addOption({ QStringLiteral("events"),
        GenerateCommand::tr("Approximate trace events per rank (default 20000)."),
        QStringLiteral("N") });
    parser.addOption({ QStringLiteral("ranks"), GenerateCommand::tr("Number of ranks (default 1)."),
        QStringLiteral("R") });
    parser.addOption({ QStringLiteral("seed"), GenerateCommand::tr("Random seed (default 1)."),
        QStringLiteral("S") });
    parser.addOption({ QStringLiteral("steps"), GenerateCommand::tr("Profiled steps (default 3)."),
        QStringLiteral("K") });
    parser.addOption({ QStringLiteral("plant"),
        GenerateCommand::tr(
            "Problems to plant: transdata, aicpu, hostbound, lowblockdim, commnotoverlapped, "
            "memoryleak, fragmentation (these two write the profile_memory files), all."),
        QStringLiteral("LIST") });
    parser.addOption({ QStringLiteral("rank-slowdown"),
        GenerateCommand::tr("Each rank's device runs PCT percent slower than the one before: a "
                            "planted rank imbalance (default 0)."),
        QStringLiteral("PCT") });
    parser.addOption({ QStringLiteral("format"),
        GenerateCommand::tr("What to write per rank: text (trace_view.json and CSV files, the "
                            "default), db (the profiler's SQLite database "
                            "ascend_pytorch_profiler_N.db and analysis.db, export_type db) "
                            "or both."),
        QStringLiteral("FORMAT") });
    parser.addOption({ QStringLiteral("with-stack"),
        GenerateCommand::tr("Write a Python call stack for every framework op into the database "
                            "(PYTORCH_CALLCHAINS, with_stack).") });
    if (!parser.parse(QStringList { QStringLiteral("npuscope generate") } + arguments)) {
        QTextStream(stderr) << parser.errorText() << '\n';
        return kExitUserError;
    }
    if (parser.isSet(QStringLiteral("help"))) {
        QTextStream(stdout) << parser.helpText();
        return kExitOk;
    }
    if (parser.positionalArguments().size() != 1) {
        QTextStream(stderr) << GenerateCommand::tr(
            "usage: npuscope generate OUT_DIR [--events N] [--ranks R] [--seed S] [--steps K] "
            "[--plant LIST] [--rank-slowdown PCT] [--format text|db|both] [--with-stack]")
                            << '\n';
        return kExitUserError;
    }
    GeneratorOptions options;
    options.outDir = parser.positionalArguments().constFirst();
    if (!readOptions(parser, options))
        return kExitUserError;
    const GeneratorResult result = generateProfile(options);
    if (!result.ok) {
        QTextStream(stderr) << result.error << '\n';
        return kExitUserError;
    }
    printResult(result, options.format);
    return kExitOk;
}

} // namespace npuscope
