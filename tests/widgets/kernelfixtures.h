#pragma once

// Hand-built kernel tables for the table and aggregation tests (the CSV loader is tested in
// tests/model).

#include "model/core/kerneltable.h"

#include <QString>

#include <cmath>
#include <limits>
#include <memory>
#include <random>
#include <string>
#include <vector>

namespace npuscope::test {

struct KernelRowSpec {
    const char *name;
    const char *type;
    const char *core;
    std::int32_t stream; // KernelTable::kNoValue for N/A
    TimeNs start; // Table::kMissingNs when missing
    TimeNs duration;
    TimeNs wait;
    std::int32_t blockDim;
    const char *shapes; // an extra text column
    double macRatio; // an extra number column; NaN when missing
};

constexpr TimeNs kBase = 1'736'408'883'704'643'212; // an epoch ns like the samples'
constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

// Five rows whose every canonical column has a distinct order (see tst_kerneltablemodel).
inline std::vector<KernelRowSpec> sampleRows()
{
    return {
        { "MatMul_1", "MatMul", "AI_CORE", 2, kBase + 0, 50'000, 1'000, 24, "\"32,64\"", 0.5 },
        { "trans_TransData_0", "TransData", "AI_VECTOR_CORE", 2, kBase + 60'000, 5'500, 0, 8, "32",
            kNaN },
        { "hcom_allReduce_", "hcom_allReduce_", "HCCL", KernelTable::kNoValue, kBase + 70'000,
            120'000, 2'500, KernelTable::kNoValue, "N/A", 0.1 },
        { "Add_3", "Add", "AI_VECTOR_CORE", 3, kBase + 65'000, 3'000, 500, 40, "8", 0.9 },
        { "ArgMax_4", "ArgMax", "AI_CPU", 7, Table::kMissingNs, 20'000, 0, 1, "16", -0.2 },
    };
}

inline StringId internQ(StringPool &pool, const QString &text)
{
    return pool.intern(text.toStdString());
}

// A KernelTable with its Table: canonical columns plus "Input Shapes" (text) and
// "aic_mac_ratio" (number) as unknown columns.
inline std::shared_ptr<const KernelTable> makeKernels(const std::vector<KernelRowSpec> &rows)
{
    auto table = std::make_shared<Table>();
    table->path = QStringLiteral("/data/kernel_details.csv");
    const char *headers[] = { "Name", "Type", "Accelerator Core", "Stream ID", "Start Time(us)",
        "Duration(us)", "Wait Time(us)", "Block Dim", "Input Shapes", "aic_mac_ratio" };
    for (const char *h : headers) {
        Table::Column c;
        c.name = QString::fromUtf8(h);
        c.key = Table::normaliseKey(c.name, &c.unit);
        table->columns.push_back(std::move(c));
    }
    for (int i : { 3, 4, 5, 6, 7, 9 })
        table->columns[std::size_t(i)].type = Table::ColumnType::Number;
    auto kernels = std::make_shared<KernelTable>();
    KernelTable &k = *kernels;
    k.nameColumn = 0, k.typeColumn = 1, k.coreColumn = 2, k.streamColumn = 3, k.startColumn = 4;
    k.durationColumn = 5, k.waitColumn = 6, k.blockDimColumn = 7;
    auto micros = [](TimeNs ns) {
        return ns == Table::kMissingNs ? QStringLiteral("N/A")
                                       : QString::number(double(ns) / 1000.0, 'f', 3);
    };
    auto intText = [](std::int32_t v) {
        return v == KernelTable::kNoValue ? QStringLiteral("N/A") : QString::number(v);
    };
    std::int64_t line = 2;
    for (const KernelRowSpec &r : rows) {
        const QString cells[] = { QString::fromUtf8(r.name), QString::fromUtf8(r.type),
            QString::fromUtf8(r.core), intText(r.stream), micros(r.start), micros(r.duration),
            micros(r.wait), intText(r.blockDim), QString::fromUtf8(r.shapes),
            std::isnan(r.macRatio) ? QStringLiteral("N/A") : QString::number(r.macRatio) };
        for (std::size_t c = 0; c < std::size(cells); ++c) {
            Table::Column &col = table->columns[c];
            col.text.push_back(internQ(table->strings, cells[c]));
            if (col.type == Table::ColumnType::Number)
                col.number.push_back(
                    cells[c] == QStringLiteral("N/A") ? kNaN : cells[c].toDouble());
        }
        table->lines.push_back(line++);
        k.name.push_back(k.strings.intern(r.name));
        k.type.push_back(k.strings.intern(r.type));
        k.core.push_back(k.strings.intern(r.core));
        k.step.push_back(StringId(0));
        k.stream.push_back(r.stream);
        k.blockDim.push_back(r.blockDim);
        k.start.push_back(r.start);
        k.duration.push_back(r.duration);
        k.wait.push_back(r.wait);
    }
    k.table = std::move(table);
    return kernels;
}

// `count` rows with names from a pool of `names`, for timing: no Table, typed vectors only.
inline std::shared_ptr<const KernelTable> makeLargeKernels(std::size_t count, int names)
{
    auto kernels = std::make_shared<KernelTable>();
    KernelTable &k = *kernels;
    std::mt19937_64 rng(42);
    std::vector<StringId> nameIds;
    for (int i = 0; i < names; ++i)
        nameIds.push_back(
            k.strings.intern("Kernel_" + std::to_string(rng() % 100000) + "_" + std::to_string(i)));
    const StringId types[] = { k.strings.intern("MatMul"), k.strings.intern("TransData"),
        k.strings.intern("Add"), k.strings.intern("Cast") };
    const StringId cores[] = { k.strings.intern("AI_CORE"), k.strings.intern("AI_VECTOR_CORE"),
        k.strings.intern("AI_CPU") };
    for (std::size_t i = 0; i < count; ++i) {
        k.name.push_back(nameIds[rng() % nameIds.size()]);
        k.type.push_back(types[rng() % 4]);
        k.core.push_back(cores[rng() % 3]);
        k.step.push_back(StringId(0));
        k.stream.push_back(std::int32_t(rng() % 8));
        k.blockDim.push_back(std::int32_t(rng() % 48));
        k.start.push_back(kBase + TimeNs(rng() % 10'000'000'000));
        k.duration.push_back(TimeNs(rng() % 1'000'000));
        k.wait.push_back(TimeNs(rng() % 10'000));
    }
    return kernels;
}

} // namespace npuscope::test
