#pragma once

#include <QStringView>

#include <cstdint>
#include <optional>
#include <span>

namespace npuscope {

struct DetectorInput;
struct Finding;
struct MissingData;

// A per-rank rule's detector, and the check of the data it needs (set: not_checked, and why).
using RuleDetectFn = std::optional<Finding> (*)(const DetectorInput &);
using RuleMissingFn = std::optional<MissingData> (*)(const DetectorInput &);

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

// One entry of the findings catalogue: what it reads, how it grades, every number it decides
// with, and for a per-rank rule the functions that judge it (analyseFindings runs them in the
// catalogue's order). Each rule is found, clear or not_checked (FindingCheck) on every profile.
struct RuleSpec {
    const char *id; // one of FindingId
    RuleScope scope; // judged per rank, or across the ranks of a run
    const char *family; // the file of analysis/rules/ that detects it
    const char *inputs; // what it reads; without it, the rule is not_checked
    const char *severity; // how its severity is chosen, by the thresholds' keys
    std::span<const RuleThreshold> thresholds;
    // Per rank: both set. Across ranks: both null (findProfileFindings judges them).
    RuleDetectFn detect = nullptr;
    RuleMissingFn missing = nullptr;
};

// Every rule of findingIds(), in that order.
std::span<const RuleSpec> ruleCatalogue();
// The entry of a rule id; null for an unknown id.
const RuleSpec *ruleSpec(QStringView id);

} // namespace npuscope
