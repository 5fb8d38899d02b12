#include "app/commands/rulescommand.h"

#include "analysis/rules/rulecatalogue.h"
#include "app/commands/commandline.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTextStream>

namespace npuscope {

namespace {

    // The translation context of this command's messages (lupdate reads RulesCommand::tr).
    class RulesCommand {
        Q_DECLARE_TR_FUNCTIONS(RulesCommand)
    };

    QJsonObject specJson(const RuleSpec &spec)
    {
        QJsonArray thresholds;
        for (const RuleThreshold &t : spec.thresholds) {
            thresholds.append(QJsonObject { { QStringLiteral("key"), QLatin1String(t.key) },
                { QStringLiteral("value"), t.value },
                { QStringLiteral("unit"), QLatin1String(t.unit) },
                { QStringLiteral("source"), QLatin1String(t.source) } });
        }
        return QJsonObject { { QStringLiteral("id"), QLatin1String(spec.id) },
            { QStringLiteral("scope"),
                spec.scope == RuleScope::Run ? QStringLiteral("run") : QStringLiteral("rank") },
            { QStringLiteral("family"), QLatin1String(spec.family) },
            { QStringLiteral("inputs"), QLatin1String(spec.inputs) },
            { QStringLiteral("severity"), QLatin1String(spec.severity) },
            { QStringLiteral("thresholds"), thresholds } };
    }

} // namespace

QByteArray rulesJson()
{
    QJsonArray rules;
    for (const RuleSpec &spec : ruleCatalogue())
        rules.append(specJson(spec));
    return QJsonDocument(QJsonObject { { QStringLiteral("rules"), rules } })
        .toJson(QJsonDocument::Indented);
}

int runRulesCommand(const QStringList &arguments)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(RulesCommand::tr(
        "Prints the findings catalogue as JSON: each rule's inputs, how it grades, and every "
        "threshold with its value and source."));
    parser.addHelpOption();
    if (!parser.parse(QStringList { QStringLiteral("npuscope rules") } + arguments)) {
        QTextStream(stderr) << parser.errorText() << '\n';
        return kExitUserError;
    }
    if (parser.isSet(QStringLiteral("help"))) {
        QTextStream(stdout) << parser.helpText();
        return kExitOk;
    }
    if (!parser.positionalArguments().isEmpty()) {
        QTextStream(stderr) << RulesCommand::tr("rules takes no argument") << '\n';
        return kExitUserError;
    }
    QTextStream(stdout) << rulesJson();
    return kExitOk;
}

} // namespace npuscope
