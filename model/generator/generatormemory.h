#pragma once

#include "model/core/types.h"
#include "model/generator/generator.h"

#include <QString>

#include <cstdint>
#include <vector>

struct sqlite3;

namespace npuscope::gen {

// What profile_memory records for a generated rank: the framework's allocations (weights kept
// for the whole run, activations allocated forward and released backward in each step) and the
// allocator's totals after every allocation and release. Planted: a tensor per step that is
// never released (Plant::MemoryLeak), a caching allocator that reserves twice what is allocated
// (Plant::Fragmentation).
class GeneratorMemory {
public:
    struct Allocation {
        const char *name = "";
        std::int64_t bytes = 0;
        TimeNs allocated = 0;
        TimeNs released = -1; // -1: never
        std::int64_t allocatedAfter = 0, reservedAfter = 0; // totals right after allocating
        std::int64_t allocatedRelease = 0, reservedRelease = 0; // right after releasing
    };
    struct Sample {
        TimeNs time = 0;
        std::int64_t allocated = 0, reserved = 0; // bytes
    };

    // Whether the options ask for memory files (GeneratorOptions::memory or a memory plant).
    static bool wanted(const GeneratorOptions &options);
    GeneratorMemory(const GeneratorOptions &options, const std::vector<StepTruth> &steps);

    const std::vector<Allocation> &allocations() const { return m_allocations; }
    const std::vector<Sample> &samples() const { return m_samples; } // the PTA component
    std::int64_t reservedAt(TimeNs t) const; // PTA's reserve: the last sample at or before t
    static constexpr std::int64_t kGeBytes = 64ll << 20; // GE: constant
    static constexpr std::int64_t kHcclBytes = 400ll << 20; // npu_module_mem HCCL, RUNTIME
    static constexpr std::int64_t kRuntimeBytes = 92ll << 20;

    // memory_record.csv, operator_memory.csv and npu_module_mem.csv in `dir`.
    bool writeCsv(const QString &dir, int device, QString *error) const;
    // The same as MEMORY_RECORD, OP_MEMORY and NPU_MODULE_MEM (bytes, ns; names in STRING_IDS
    // from 2^29, modules by ENUM_MODULE) added to the database written at `path`.
    bool writeDb(const QString &path, int device, QString *error) const;

private:
    void simulate();
    bool insertDbRows(sqlite3 *db, int device) const; // in generatormemorydb.cpp

    std::vector<Allocation> m_allocations;
    std::vector<Sample> m_samples;
    std::vector<StepTruth> m_steps;
    bool m_leak = false;
    bool m_fragmentation = false;
};

} // namespace npuscope::gen
