#pragma once

#include "model/core/kerneltable.h"

#include <QString>

#include <vector>

namespace npuscope {

enum class AggregateBy { Type, Name, AcceleratorCore, Stream };

// One group of kernels (all rows with the same Type, Name, ...).
struct AggregateRow {
    QString key;
    qint64 count = 0;
    TimeNs total = 0;
    TimeNs mean = 0;
    TimeNs min = 0;
    TimeNs max = 0;
    TimeNs p50 = 0;
    TimeNs p90 = 0;
    TimeNs p99 = 0;
    TimeNs totalWait = 0;
    double share = 0; // total / sum of all kernel durations considered
};

// Groups kernel rows (all of them, or `rows` only) and returns groups sorted by total duration,
// largest first. Percentiles use the nearest-rank method.
std::vector<AggregateRow> aggregateKernels(
    const KernelTable &kernels, AggregateBy by, const std::vector<qint32> *rows = nullptr);

QString aggregateKey(const KernelTable &kernels, AggregateBy by, qsizetype row);

} // namespace npuscope
