#pragma once

#include <QStringView>

#include <cstdint>
#include <span>

namespace npuscope {

// One number a rule decides with, and where it comes from.
struct RuleThreshold {
    const char *key; // snake_case, as the rule's metrics
    double value; // the constant of thresholds.h
    const char *unit; // "ratio", "ns", "bytes", "MB", "GB/s", "ms", "count", "times"
    // The reference's file and key (msprof-analyze's advisor or cluster_analyse, PyTorch, the
    // CANN documentation), the article's section, or "ours:" and why, where no tool gives one.
    const char *source;
};

enum class RuleScope : std::uint8_t { Rank, Run };

// One entry of the findings catalogue as data: what it reads, how it grades, and every number it
// decides with. Each rule is found, clear or not_checked (FindingCheck) on every profile.
struct RuleSpec {
    const char *id; // one of FindingId
    RuleScope scope; // judged per rank, or across the ranks of a run
    const char *family; // the file of analysis/rules/ that detects it
    const char *inputs; // what it reads; without it, the rule is not_checked
    const char *severity; // how its severity is chosen, by the thresholds' keys
    std::span<const RuleThreshold> thresholds;
};

// Every rule of findingIds(), in that order.
std::span<const RuleSpec> ruleCatalogue();
// The entry of a rule id; null for an unknown id.
const RuleSpec *ruleSpec(QStringView id);

} // namespace npuscope
