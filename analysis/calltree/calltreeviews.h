#pragma once

#include "analysis/calltree/calltree.h"

#include <QString>

#include <vector>

namespace npuscope {

// One frame name over all its call paths. A recursive frame's totals count once per path.
struct FlatFrame {
    std::uint32_t firstNode = CallTreeNode::kNone; // a node of the name (for its display name)
    std::uint32_t calls = 0;
    TimeNs selfHost = 0;
    TimeNs totalHost = 0;
    TimeNs selfDevice = 0;
    TimeNs totalDevice = 0;
};

// The frames by name, by total device time, then total host time.
std::vector<FlatFrame> flatFrames(const CallTree &tree);

// The flat frames as a tree of roots only, for the same views; rowNode maps each kernel row to
// the frame (name) that launched it.
CallTree flatTree(const CallTree &tree);

// The bottom-up (callers) tree: roots are the frames that spend (self) time, their children the
// frames that called them, and so on up to the top-level frames. A node's totals are the self
// costs of the root frame reached through that chain of callers; roots' self equal their totals.
// rowNode maps each kernel row to the last caller of its launching frame's chain, so that
// rowsUnder() works as on the top-down tree.
CallTree bottomUpTree(const CallTree &tree);

// The tree as indented text, one frame a line: device total/self, host total/self (us), calls.
// Frames deeper than maxDepth, or with less than minDeviceNs and minHostNs, are left out.
QString callTreeText(
    const CallTree &tree, int maxDepth = 1000, TimeNs minDeviceNs = 0, TimeNs minHostNs = 0);

// The `top` nodes with the most self device time (the frames whose own ops launched the most).
std::vector<std::uint32_t> topDeviceFrames(const CallTree &tree, int top);

} // namespace npuscope
