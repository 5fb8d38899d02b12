#pragma once

#include "analysis/compare/moduletree.h"

namespace npuscope {

// One module of either run (or both): a row of msprof-analyze compare's ModuleCompare sheet.
struct ModuleDiffRow {
    std::uint32_t baseNode = ModuleNode::kNone; // in the base tree; kNone: only in the new run
    std::uint32_t newNode = ModuleNode::kNone;
    QString path; // the base module's, else the new one's
    QString moduleClass;
    int level = 0;
    bool backward = false;
    TimeNs baseTotalNs = 0;
    TimeNs newTotalNs = 0;
    TimeNs baseSelfNs = 0;
    TimeNs newSelfNs = 0;

    bool inBase() const { return baseNode != ModuleNode::kNone; }
    bool inNew() const { return newNode != ModuleNode::kNone; }
};

// Pairs the modules of two runs level by level from the top, forward with forward and backward
// with backward: the children of two paired modules are paired by the longest common
// subsequence of their paths (matchSequences). Rows in the base run's time order, a module
// only in the new run before the first paired one that starts after it in the new run.
std::vector<ModuleDiffRow> compareModules(const ModuleTree &base, const ModuleTree &next);

} // namespace npuscope
