#include "analysis/rules/piperatios.h"

#include <cmath>

namespace npuscope {

namespace {

    constexpr const char *kColumns[] = { "aic_mac_ratio", "aic_scalar_ratio", "aic_mte1_ratio",
        "aic_mte2_ratio", "aic_fixpipe_ratio", "aiv_vec_ratio", "aiv_scalar_ratio",
        "aiv_mte2_ratio", "aiv_mte3_ratio" };
    constexpr const char *kShort[]
        = { "mac", "scalar", "mte1", "mte2", "fixpipe", "vec", "scalar", "mte2", "mte3" };

} // namespace

PipeRatios::PipeRatios(const KernelTable &kernels)
    : m_kernels(kernels)
{
    m_columns.fill(-1);
    const Table *t = kernels.table.get();
    if (!t)
        return;
    for (int p = 0; p < kPipeCount; ++p) {
        m_columns[std::size_t(p)] = t->findColumn(QString::fromLatin1(kColumns[p]));
        if (m_columns[std::size_t(p)] < 0 || m_available)
            continue;
        for (qsizetype r = 0; r < t->rowCount() && !m_available; ++r)
            m_available = !std::isnan(t->number(r, m_columns[std::size_t(p)]));
    }
}

std::optional<double> PipeRatios::value(qsizetype row, Pipe pipe) const
{
    const int column = m_columns[std::size_t(pipe)];
    if (column < 0 || !m_kernels.table)
        return std::nullopt;
    const double v = m_kernels.table->number(row, column);
    if (std::isnan(v))
        return std::nullopt;
    return v;
}

std::vector<PipeRatios::Pipe> PipeRatios::pipesOf(qsizetype row) const
{
    const std::string_view core = m_kernels.strings.view(m_kernels.core[std::size_t(row)]);
    const bool cube = core == "AI_CORE" || core.starts_with("MIX_");
    const bool vector = core == "AI_VECTOR_CORE" || core.starts_with("MIX_");
    std::vector<Pipe> pipes;
    if (cube)
        pipes.insert(pipes.end(), { AicMac, AicScalar, AicMte1, AicMte2, AicFixpipe });
    if (vector)
        pipes.insert(pipes.end(), { AivVec, AivScalar, AivMte2, AivMte3 });
    return pipes;
}

QString PipeRatios::columnName(Pipe pipe) { return QLatin1String(kColumns[pipe]); }

QString PipeRatios::shortName(Pipe pipe) { return QLatin1String(kShort[pipe]); }

} // namespace npuscope
