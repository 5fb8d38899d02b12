#pragma once

#include <QStringList>

namespace npuscope {

// npuscope compare BASE NEW [--json] [--step N] [--rank R] [--fail-if-slower PCT] [--top N]
// Exit codes: 0, 1 user error (missing path, unknown step or rank), 2 damaged input,
// 3 (kExitRegression) when --fail-if-slower is given and the new step time is slower by more
// than PCT percent. A regression outranks damaged input: it is what a CI guard asks about.
int runCompareCommand(const QStringList &arguments);

} // namespace npuscope
