#include "app/commands/usage.h"

#include <algorithm>
#include <utility>
#include <vector>

namespace npuscope {

QStringList Usage::synopsis()
{
    // The forms are syntax, the same in every language; the descriptions are translated.
    const std::vector<std::pair<QString, QString>> commands {
        { QStringLiteral("npuscope [PATH...]"), tr("open profiles in the GUI, a window each") },
        { QStringLiteral("npuscope --demo"), tr("open the generated demo profile in the GUI") },
        { QStringLiteral("npuscope report PATH [--json | --html OUT_DIR]"),
            tr("findings, kernels and steps of a profile") },
        { QStringLiteral("npuscope compare BASE NEW [--json | --html OUT_DIR]"),
            tr("compare one step of two runs") },
        { QStringLiteral("npuscope export PATH -o FILE.png|FILE.svg"),
            tr("draw the timeline into an image") },
        { QStringLiteral("npuscope generate OUT_DIR [--plant LIST]"),
            tr("write a synthetic profile with planted problems") },
        { QStringLiteral("npuscope rules"),
            tr("the findings catalogue: inputs and thresholds with their sources, as JSON") },
        { QStringLiteral("npuscope COMMAND --help"), tr("every option of a command") },
    };
    qsizetype width = 0;
    for (const auto &command : commands)
        width = std::max(width, command.first.size());
    QStringList lines;
    for (const auto &[form, what] : commands)
        lines << QString(form.leftJustified(width + 2) + what);
    return lines;
}

QString Usage::description()
{
    QString text = tr("Viewer and analyser for Ascend (torch_npu) and Kineto training profiles.")
        + QLatin1String("\n\n") + tr("Commands:");
    for (const QString &line : synopsis())
        text += QLatin1String("\n  ") + line;
    return text;
}

} // namespace npuscope
