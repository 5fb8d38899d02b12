#pragma once

#include "analysis/calltree/calltree.h"
#include "model/profile/profile.h"

#include <QJsonObject>

namespace npuscope {

// The `call_tree` object of `report --json`: how much device time the host frames launched, and
// the `top` frames by the device time their own ops launched (self), each with its totals.
QJsonObject callTreeJson(const CallTree &tree, int top);

} // namespace npuscope
