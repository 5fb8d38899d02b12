#pragma once

#include <QByteArray>
#include <QStringList>

namespace npuscope {

// The findings catalogue as JSON (ruleCatalogue()): every rule's id, scope, inputs, how it grades
// and each threshold with its value, unit and source. For scripts: keys and texts are English.
QByteArray rulesJson();

// npuscope rules: prints rulesJson() to standard output.
int runRulesCommand(const QStringList &arguments);

} // namespace npuscope
