#include "app/commands/comparecommand.h"

#include "app/commands/commandline.h"
#include "app/reports/comparejson.h"
#include "app/reports/reportjson.h"
#include "model/profile/profileloader.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QFileInfo>
#include <QJsonDocument>
#include <QTextStream>

#include <cmath>
#include <optional>

namespace npuscope {

namespace {

    class CompareCommand {
        Q_DECLARE_TR_FUNCTIONS(CompareCommand)
    };

    // "A" or "A:B": the same value for both runs, or one per run.
    std::pair<QString, QString> perRun(const QString &value)
    {
        const qsizetype colon = value.indexOf(QLatin1Char(':'));
        if (colon < 0)
            return { value.trimmed(), value.trimmed() };
        return { value.left(colon).trimmed(), value.mid(colon + 1).trimmed() };
    }

    const RankProfile *findRank(const Profile &p, const QString &rank, QString *error)
    {
        if (rank.isEmpty())
            return p.ranks.front().get();
        QStringList known;
        for (const auto &r : p.ranks) {
            if (QString::number(r->rank()) == rank)
                return r.get();
            known << QString::number(r->rank());
        }
        *error = CompareCommand::tr("rank %1 is not in %2 (ranks: %3)")
                     .arg(rank, p.path, known.join(QStringLiteral(", ")));
        return nullptr;
    }

    int fail(const QString &message)
    {
        QTextStream(stderr) << CompareCommand::tr("npuscope compare: %1").arg(message) << '\n';
        return kExitUserError;
    }

    struct Args {
        QString base, next;
        bool json = false;
        std::pair<QString, QString> step, rank;
        bool failIfSlower = false;
        double slowerPct = 0;
        int top = 15;
    };

    // Parses the arguments; returns an exit code when the command should stop (help, errors).
    std::optional<int> parse(const QStringList &arguments, Args *a)
    {
        QCommandLineParser parser;
        parser.setApplicationDescription(CompareCommand::tr(
            "Compares one step of two runs: summary, differences by work bucket, Type and Name, "
            "findings that appeared or were resolved."));
        parser.addHelpOption();
        parser.addPositionalArgument(
            QStringLiteral("BASE"), CompareCommand::tr("The baseline profile."));
        parser.addPositionalArgument(QStringLiteral("NEW"),
            CompareCommand::tr(
                "The profile to compare with it (may be BASE itself with --rank A:B)."));
        parser.addOption(
            { QStringLiteral("json"), CompareCommand::tr("Print JSON instead of text.") });
        parser.addOption({ QStringLiteral("step"),
            CompareCommand::tr(
                "Step to compare, or BASE_STEP:NEW_STEP (default: the first step both runs have)."),
            QStringLiteral("N") });
        parser.addOption({ QStringLiteral("rank"),
            CompareCommand::tr(
                "Rank of each run, or BASE_RANK:NEW_RANK (default: the first rank)."),
            QStringLiteral("R") });
        parser.addOption({ QStringLiteral("fail-if-slower"),
            CompareCommand::tr(
                "Exit with code 3 when the new step time is slower by more than PCT percent."),
            QStringLiteral("PCT") });
        parser.addOption({ QStringLiteral("top"),
            CompareCommand::tr("Rows of each difference table in the text output (default 15)."),
            QStringLiteral("N") });
        if (!parser.parse(QStringList { QStringLiteral("npuscope compare") } + arguments))
            return fail(parser.errorText());
        if (parser.isSet(QStringLiteral("help"))) {
            QTextStream(stdout) << parser.helpText();
            return kExitOk;
        }
        const QStringList paths = parser.positionalArguments();
        if (paths.size() != 2)
            return fail(CompareCommand::tr("usage: npuscope compare BASE NEW [--json] [--step N] "
                                           "[--rank R] [--fail-if-slower PCT]"));
        a->base = paths[0];
        a->next = paths[1];
        a->json = parser.isSet(QStringLiteral("json"));
        a->step = perRun(parser.value(QStringLiteral("step")));
        a->rank = perRun(parser.value(QStringLiteral("rank")));
        if (parser.isSet(QStringLiteral("fail-if-slower"))) {
            bool ok = false;
            a->slowerPct = parser.value(QStringLiteral("fail-if-slower")).toDouble(&ok);
            if (!ok || a->slowerPct < 0 || !std::isfinite(a->slowerPct))
                return fail(CompareCommand::tr("--fail-if-slower expects a percentage >= 0"));
            a->failIfSlower = true;
        }
        if (parser.isSet(QStringLiteral("top"))) {
            bool ok = false;
            a->top = parser.value(QStringLiteral("top")).toInt(&ok);
            if (!ok || a->top < 0)
                return fail(CompareCommand::tr("--top expects a whole number >= 0"));
        }
        for (const QString &p : paths) {
            if (!QFileInfo::exists(p))
                return fail(CompareCommand::tr("%1: no such file or folder").arg(p));
        }
        return std::nullopt;
    }

} // namespace

int runCompareCommand(const QStringList &arguments)
{
    Args a;
    if (const std::optional<int> done = parse(arguments, &a))
        return *done;
    LoadOptions load;
    const LoadResult baseLoad = loadProfile(a.base, load);
    if (!baseLoad.profile || baseLoad.profile->ranks.empty())
        return fail(QStringLiteral("%1: %2").arg(a.base, baseLoad.error));
    // The same run on both sides (rank against rank): load it once.
    const bool same
        = QFileInfo(a.base).canonicalFilePath() == QFileInfo(a.next).canonicalFilePath();
    const LoadResult newLoad = same ? baseLoad : loadProfile(a.next, load);
    if (!newLoad.profile || newLoad.profile->ranks.empty())
        return fail(QStringLiteral("%1: %2").arg(a.next, newLoad.error));
    QString error;
    const RankProfile *baseRank = findRank(*baseLoad.profile, a.rank.first, &error);
    const RankProfile *newRank
        = baseRank ? findRank(*newLoad.profile, a.rank.second, &error) : nullptr;
    if (!baseRank || !newRank)
        return fail(error);

    const RankAnalysis baseAnalysis = analyseRank(*baseRank);
    const RankAnalysis newAnalysis = baseRank == newRank ? baseAnalysis : analyseRank(*newRank);
    CompareOptions options;
    options.baseStep = a.step.first;
    options.newStep = a.step.second;
    const RunComparison c
        = compareRuns({ baseRank, &baseAnalysis }, { newRank, &newAnalysis }, options);
    if (!c.ok())
        return fail(c.error);
    // A gate that cannot be evaluated must not pass: a zero base step time has no percentage.
    if (a.failIfSlower && c.base.wallNs <= 0)
        return fail(CompareCommand::tr("--fail-if-slower: step %1 of %2 has no step time (%3 us); "
                                       "the slowdown cannot be measured")
                        .arg(c.base.stepId, a.base, QString::number(nsToUs(c.base.wallNs))));
    const QJsonObject object = comparisonJson(
        c, { a.base, baseRank, &baseAnalysis }, { a.next, newRank, &newAnalysis }, options);
    QTextStream out(stdout);
    if (a.json)
        out << QString::fromUtf8(QJsonDocument(object).toJson(QJsonDocument::Indented));
    else
        out << renderComparisonText(object, a.top);
    out.flush();

    QTextStream err(stderr);
    if (a.failIfSlower && c.hasStepDeltaPct() && c.stepDeltaPct() > a.slowerPct) {
        err << CompareCommand::tr("npuscope compare: the new run is %1% slower (step %2: %3 us -> "
                                  "%4 us), more than the %5% allowed")
                   .arg(QString::number(c.stepDeltaPct(), 'f', 1), c.next.stepId,
                       QString::number(nsToUs(c.base.wallNs), 'f', 3),
                       QString::number(nsToUs(c.next.wallNs), 'f', 3), QString::number(a.slowerPct))
            << '\n';
        return kExitRegression;
    }
    if (baseLoad.profile->isDamaged() || newLoad.profile->isDamaged()) {
        err << CompareCommand::tr(
            "npuscope compare: the input is damaged; run `npuscope report` on it to see where")
            << '\n';
        return kExitDataError;
    }
    return kExitOk;
}

} // namespace npuscope
