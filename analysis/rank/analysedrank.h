#pragma once

#include "analysis/calltree/calltree.h"
#include "analysis/rules/findings.h"

#include <memory>
#include <mutex>

namespace npuscope {

// One rank and what the analysis computes from it: its steps, gaps, findings and checks, device
// analyses (RankAnalysis) and the call tree of the whole rank. Every route that needs a rank's
// analysis (the window through ProfileSession, report, compare, export) reads it here, and each
// part is computed once: on the thread of its first reader (concurrent readers wait for it), then
// kept for the object's life. No thread is started here; the callers choose where it runs, and
// `parallel` (may be null) is where a large call tree spreads its launch search.
// Held by shared_ptr (it is neither copied nor moved); it keeps the rank alive.
class AnalysedRank {
public:
    explicit AnalysedRank(std::shared_ptr<const RankProfile> rank,
        const FindingOptions &options = {}, ParallelFor parallel = {});
    // A rank owned by the caller, which must outlive this object (a command's loaded profile).
    explicit AnalysedRank(
        const RankProfile &rank, const FindingOptions &options = {}, ParallelFor parallel = {});
    AnalysedRank(const AnalysedRank &) = delete;
    AnalysedRank &operator=(const AnalysedRank &) = delete;

    const RankProfile &rank() const { return *m_rank; }
    const std::shared_ptr<const RankProfile> &rankPtr() const { return m_rank; }
    const FindingOptions &options() const { return m_options; }

    // Computed on first use, then kept.
    std::shared_ptr<const RankAnalysis> analysis() const;
    // The call tree of the whole rank (default CallTreeOptions): computed on first use, then kept.
    std::shared_ptr<const CallTree> callTree() const;
    // A call tree of other options (a step, a time range): built on each call, not kept; the
    // whole rank's tree when `options` are the defaults.
    std::shared_ptr<const CallTree> callTree(const CallTreeOptions &options) const;
    // Whether analysis() has been computed (it returns at once).
    bool hasAnalysis() const;

private:
    std::shared_ptr<const RankProfile> m_rank;
    FindingOptions m_options;
    ParallelFor m_parallel;
    mutable std::once_flag m_analysisOnce;
    mutable std::once_flag m_treeOnce;
    mutable std::mutex m_ready; // guards m_analysis for hasAnalysis()
    mutable std::shared_ptr<const RankAnalysis> m_analysis;
    mutable std::shared_ptr<const CallTree> m_tree;
};

} // namespace npuscope
