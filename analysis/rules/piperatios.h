#pragma once

#include "model/core/kerneltable.h"

#include <QString>

#include <array>
#include <optional>

namespace npuscope {

// The pipeline ratios of the kernel rows (kernel_details.csv's aic_* / aiv_* columns with
// aic_metrics PipeUtilization, or the database's TASK_PMU_INFO read into the same columns): the
// share of a task's core time each pipeline was busy.
class PipeRatios {
public:
    enum Pipe : std::uint8_t {
        AicMac,
        AicScalar,
        AicMte1,
        AicMte2,
        AicFixpipe,
        AivVec,
        AivScalar,
        AivMte2,
        AivMte3,
        kPipeCount
    };

    explicit PipeRatios(const KernelTable &kernels);

    // Some ratio column is there and some row has a value in it.
    bool available() const { return m_available; }
    std::optional<double> value(qsizetype row, Pipe pipe) const; // unset: missing or N/A
    double valueOr0(qsizetype row, Pipe pipe) const { return value(row, pipe).value_or(0); }
    // The pipes of the row's own core: aic_* for AI_CORE, aiv_* for AI_VECTOR_CORE, both for
    // MIX_AIC / MIX_AIV; none for others (AI_CPU, HCCL).
    std::vector<Pipe> pipesOf(qsizetype row) const;

    static QString columnName(Pipe pipe); // "aic_mac_ratio"
    static QString shortName(Pipe pipe); // "mac", "scalar", "mte2", ... as the advisor names them

private:
    const KernelTable &m_kernels;
    std::array<int, kPipeCount> m_columns {};
    bool m_available = false;
};

} // namespace npuscope
