#include "app/commands/comparecommand.h"

#include "app/commands/commandline.h"
#include "app/commands/htmlreport.h"
#include "app/reports/comparejson.h"
#include "app/reports/reportjson.h"
#include "model/profile/profileloader.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QFileInfo>
#include <QJsonDocument>
#include <QTextStream>

#include <algorithm>
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

    // A rank that only an npuscope report summarises has no kernels or trace to compare.
    const RankProfile *comparable(const RankProfile *rank, QString *error)
    {
        if (!rank->summaryOnly || rank->source.reportSummary.isEmpty())
            return rank;
        *error = CompareCommand::tr("%1 is read from the npuscope report %2, which holds its "
                                    "summary only: compare the profile folders")
                     .arg(rank->label(), rank->source.reportSummary);
        return nullptr;
    }

    const RankProfile *findRank(const Profile &p, const QString &rank, QString *error)
    {
        if (rank.isEmpty())
            return comparable(p.ranks.front().get(), error);
        QStringList known;
        for (const auto &r : p.ranks) {
            if (QString::number(r->rank()) == rank)
                return comparable(r.get(), error);
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

    // One --fail-if-slower: PCT for the step time, PCT:module=NAME or PCT:category=NAME.
    struct Gate {
        enum class Kind { Step, Module, Category };
        double pct = 0;
        Kind kind = Kind::Step;
        QString name;
    };

    struct Args {
        QString base, next;
        bool json = false;
        QString html; // OUT_DIR of compare.html and compare.md; empty: print
        std::pair<QString, QString> step, rank;
        std::vector<Gate> gates;
        int top = 15;
    };

    std::optional<Gate> parseGate(const QString &value)
    {
        Gate g;
        const qsizetype colon = value.indexOf(QLatin1Char(':'));
        bool ok = false;
        g.pct = value.left(colon < 0 ? value.size() : colon).trimmed().toDouble(&ok);
        if (!ok || g.pct < 0 || !std::isfinite(g.pct))
            return std::nullopt;
        if (colon < 0)
            return g;
        const QString what = value.mid(colon + 1).trimmed();
        const qsizetype eq = what.indexOf(QLatin1Char('='));
        const QString kind = what.left(eq).trimmed();
        g.name = what.mid(eq + 1).trimmed();
        if (eq < 0 || g.name.isEmpty())
            return std::nullopt;
        if (kind == QLatin1String("module"))
            g.kind = Gate::Kind::Module;
        else if (kind == QLatin1String("category"))
            g.kind = Gate::Kind::Category;
        else
            return std::nullopt;
        return g;
    }

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
        parser.addOption({ QStringLiteral("html"),
            CompareCommand::tr("Write compare.html (self-contained) and compare.md into OUT_DIR "
                               "instead."),
            QStringLiteral("OUT_DIR") });
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
                "Exit with code 3 when the new step time is slower by more than PCT percent; "
                "PCT:module=NAME or PCT:category=NAME gates the device time of a module (its "
                "path or name, e.g. Sequential_0) or of a time category (e.g. \"Conv (Backward)\" "
                "or conv_backward). May be given more than once."),
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
            return fail(CompareCommand::tr("usage: npuscope compare BASE NEW [--json | --html "
                                           "OUT_DIR] [--step N] [--rank R] [--fail-if-slower "
                                           "PCT]"));
        a->base = paths[0];
        a->next = paths[1];
        a->json = parser.isSet(QStringLiteral("json"));
        a->html = parser.value(QStringLiteral("html"));
        a->step = perRun(parser.value(QStringLiteral("step")));
        a->rank = perRun(parser.value(QStringLiteral("rank")));
        for (const QString &value : parser.values(QStringLiteral("fail-if-slower"))) {
            const std::optional<Gate> gate = parseGate(value);
            if (!gate)
                return fail(CompareCommand::tr("--fail-if-slower expects a percentage >= 0, "
                                               "optionally followed by :module=NAME or "
                                               ":category=NAME"));
            a->gates.push_back(*gate);
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

    // What one gate compares: base and new ns, or why it cannot be measured.
    struct Measure {
        QString what; // "step 50", "module Sequential_0", "category Conv (Backward)"
        TimeNs baseNs = 0;
        TimeNs newNs = 0;
        QString error;
    };

    bool matchesModule(const QString &path, const QString &name)
    {
        return path == name || path.endsWith(QLatin1Char('/') + name);
    }

    // The modules named `name` (their path or its last names), an enclosing match counted once.
    Measure moduleMeasure(const QString &name, const RunComparison &c)
    {
        Measure m { CompareCommand::tr("module %1").arg(name), 0, 0, {} };
        QStringList counted;
        bool found = false;
        for (const ModuleDiffRow &r : c.modules) {
            if (!matchesModule(r.path, name))
                continue;
            found = true;
            const bool inside = std::any_of(counted.begin(), counted.end(),
                [&](const QString &p) { return r.path.startsWith(p + QLatin1Char('/')); });
            if (inside)
                continue;
            counted << r.path;
            m.baseNs += r.baseTotalNs;
            m.newNs += r.newTotalNs;
        }
        if (!found)
            m.error = c.modules.empty()
                ? CompareCommand::tr("--fail-if-slower: no module in the runs (the module table "
                                     "needs with_stack nn.Module slices)")
                : CompareCommand::tr("--fail-if-slower: no module %1 in either run").arg(name);
        return m;
    }

    Measure categoryMeasure(const QString &name, const RunComparison &c)
    {
        Measure m { CompareCommand::tr("category %1").arg(name), 0, 0, {} };
        QStringList known;
        for (const OverallRow &r : c.overall) {
            known << r.index;
            if (r.key.compare(name, Qt::CaseInsensitive) == 0
                || r.index.compare(name, Qt::CaseInsensitive) == 0) {
                m.baseNs = r.baseNs;
                m.newNs = r.newNs;
                return m;
            }
        }
        m.error = CompareCommand::tr("--fail-if-slower: no time in category %1 in either run "
                                     "(categories with time: %2)")
                      .arg(name, known.join(QStringLiteral(", ")));
        return m;
    }

    Measure measure(const Gate &g, const RunComparison &c, const QString &basePath)
    {
        Measure m;
        if (g.kind == Gate::Kind::Module)
            m = moduleMeasure(g.name, c);
        else if (g.kind == Gate::Kind::Category)
            m = categoryMeasure(g.name, c);
        else
            m = { CompareCommand::tr("step %1").arg(c.next.stepId), c.base.wallNs, c.next.wallNs,
                {} };
        if (!m.error.isEmpty() || m.baseNs > 0)
            return m;
        if (g.kind == Gate::Kind::Step)
            m.error = CompareCommand::tr("--fail-if-slower: step %1 of %2 has no step time (%3 "
                                         "us); the slowdown cannot be measured")
                          .arg(c.base.stepId, basePath, QString::number(nsToUs(c.base.wallNs)));
        else
            m.error = CompareCommand::tr("--fail-if-slower: %1 has no device time in the base "
                                         "run; the slowdown cannot be measured")
                          .arg(m.what);
        return m;
    }

} // namespace

int runCompareCommand(const QStringList &arguments)
{
    Args a;
    if (const std::optional<int> done = parse(arguments, &a))
        return *done;
    LoadOptions load;
    load.operatorTable = false; // no output shows the Operators tab
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

    const AnalysedRank baseAnalysed(*baseRank), newAnalysed(*newRank);
    const auto baseAnalysis = baseAnalysed.analysis();
    const auto newAnalysis = baseRank == newRank ? baseAnalysis : newAnalysed.analysis();
    CompareOptions options;
    options.baseStep = a.step.first;
    options.newStep = a.step.second;
    const RunComparison c
        = compareRuns({ baseRank, baseAnalysis.get() }, { newRank, newAnalysis.get() }, options);
    if (!c.ok())
        return fail(c.error);
    std::vector<Measure> measures;
    for (const Gate &g : a.gates) {
        Measure m = measure(g, c, a.base);
        // A gate that cannot be evaluated must not pass: a zero base has no percentage.
        if (!m.error.isEmpty())
            return fail(m.error);
        measures.push_back(std::move(m));
    }
    const QJsonObject object = comparisonJson(c, { a.base, baseRank, baseAnalysis.get() },
        { a.next, newRank, newAnalysis.get() }, options);
    QTextStream out(stdout);
    QStringList written;
    QString htmlError;
    if (!a.html.isEmpty()
        && !HtmlReport::writeComparison(
            a.html, { a.base, a.next }, object, a.top, &written, &htmlError))
        return fail(htmlError);
    if (!written.isEmpty())
        out << CompareCommand::tr("Wrote %1").arg(written.join(QStringLiteral("\n  "))) << '\n';
    else if (a.json)
        out << QString::fromUtf8(QJsonDocument(object).toJson(QJsonDocument::Indented));
    else
        out << renderComparisonText(object, a.top);
    out.flush();

    QTextStream err(stderr);
    bool regression = false;
    for (std::size_t i = 0; i < measures.size(); ++i) {
        const Measure &m = measures[i];
        const double pct = 100.0 * double(m.newNs - m.baseNs) / double(m.baseNs);
        if (pct <= a.gates[i].pct)
            continue;
        err << CompareCommand::tr("npuscope compare: the new run is %1% slower (%2: %3 us -> "
                                  "%4 us), more than the %5% allowed")
                   .arg(QString::number(pct, 'f', 1), m.what,
                       QString::number(nsToUs(m.baseNs), 'f', 3),
                       QString::number(nsToUs(m.newNs), 'f', 3), QString::number(a.gates[i].pct))
            << '\n';
        regression = true;
    }
    if (regression)
        return kExitRegression;
    if (baseLoad.profile->isDamaged() || newLoad.profile->isDamaged()) {
        err << CompareCommand::tr(
            "npuscope compare: the input is damaged; run `npuscope report` on it to see where")
            << '\n';
        return kExitDataError;
    }
    return kExitOk;
}

} // namespace npuscope
