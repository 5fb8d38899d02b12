#pragma once

#include "model/memory/memoryprofile.h"

#include <QCoreApplication>
#include <QJsonObject>
#include <QList>
#include <QStringList>

namespace npuscope {

// The `memory` part of `report --json` and its text and document lines. Per component of
// memory_record.csv (and "npu_module_mem" for the device's modules): peak_allocated_mb (null
// when the component records none), peak_reserved_mb, peak_time_us (the allocated peak, else the
// reserved one), and the operator_memory allocations alive then: live_at_peak_count,
// live_at_peak_mb and the `top` largest in live_at_peak (name, size_kb, allocation_time_us,
// release_time_us: null when never released).
class MemoryReport {
    Q_DECLARE_TR_FUNCTIONS(npuscope::MemoryReport)

public:
    static QJsonObject json(const MemoryProfile &memory, int top);
    // "Memory" and a table per component (text report); empty for an empty object.
    // `allocationsFrom`: where the export holds the allocations (the rank's
    // source.operator_memory: "operator_memory.csv", "OP_MEMORY in ....db").
    static QString text(const QJsonObject &memory, const QString &allocationsFrom);
    // The same as table rows: component, peak allocated, peak reserved, at, alive then.
    static QStringList header();
    static QList<QStringList> rows(const QJsonObject &memory);
};

} // namespace npuscope
