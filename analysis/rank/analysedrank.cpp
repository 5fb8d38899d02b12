#include "analysis/rank/analysedrank.h"

namespace npuscope {

namespace {

    bool isDefault(const CallTreeOptions &o)
    {
        const CallTreeOptions d;
        return o.from == d.from && o.to == d.to && o.backwardUnderForward == d.backwardUnderForward;
    }

} // namespace

AnalysedRank::AnalysedRank(
    std::shared_ptr<const RankProfile> rank, const FindingOptions &options, ParallelFor parallel)
    : m_rank(std::move(rank))
    , m_options(options)
    , m_parallel(std::move(parallel))
{
}

AnalysedRank::AnalysedRank(
    const RankProfile &rank, const FindingOptions &options, ParallelFor parallel)
    : m_rank(std::shared_ptr<const RankProfile>(), &rank) // aliasing, owns nothing
    , m_options(options)
    , m_parallel(std::move(parallel))
{
}

std::shared_ptr<const RankAnalysis> AnalysedRank::analysis() const
{
    std::call_once(m_analysisOnce, [this]() {
        auto computed = std::make_shared<const RankAnalysis>(analyseRank(*m_rank, m_options));
        const std::lock_guard<std::mutex> lock(m_ready);
        m_analysis = std::move(computed);
    });
    return m_analysis;
}

bool AnalysedRank::hasAnalysis() const
{
    const std::lock_guard<std::mutex> lock(m_ready);
    return m_analysis != nullptr;
}

std::shared_ptr<const CallTree> AnalysedRank::callTree() const
{
    std::call_once(m_treeOnce, [this]() {
        CallTreeOptions options;
        options.parallel = m_parallel;
        m_tree = std::make_shared<const CallTree>(buildCallTree(*m_rank, options));
    });
    return m_tree;
}

std::shared_ptr<const CallTree> AnalysedRank::callTree(const CallTreeOptions &options) const
{
    if (isDefault(options))
        return callTree();
    CallTreeOptions withPool = options;
    if (!withPool.parallel)
        withPool.parallel = m_parallel;
    return std::make_shared<const CallTree>(buildCallTree(*m_rank, withPool));
}

} // namespace npuscope
