#pragma once

#include <QStringList>

namespace npuscope {

// npuscope compare BASE NEW [--json] [--step N] [--rank R] [--top N]
//                  [--fail-if-slower PCT[:module=NAME|:category=NAME]]...
// Exit codes: 0, 1 user error (missing path, unknown step, rank, module or category), 2 damaged
// input, 3 (kExitRegression) when a --fail-if-slower gate finds the new step time (or the
// module's or category's device time) slower by more than its PCT percent. A regression outranks
// damaged input: it is what a CI guard asks about.
int runCompareCommand(const QStringList &arguments);

} // namespace npuscope
