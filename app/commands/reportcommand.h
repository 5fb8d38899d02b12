#pragma once

#include <QJsonObject>
#include <QStringList>

namespace npuscope {

// npuscope report PATH [--json] [--top N]
int runReportCommand(const QStringList &arguments);

// The readable text form of a report object made by profileReportJson().
QString renderReportText(const QJsonObject &report, int top);

} // namespace npuscope
