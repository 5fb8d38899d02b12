#pragma once

#include "model/core/eventargssource.h"

#include <QString>

#include <cstdint>
#include <future>
#include <memory>
#include <mutex>
#include <optional>

namespace npuscope {

class DbCallchains;
class SqliteDb;

// The args of a database profile's events, read when a view asks for them (the details panel, a
// tooltip): one row by its key on a read-only, immutable connection opened on first use, with
// trace_view.json's arg names (FORMATS.md: "Event args of a database"). The reader stores the
// key of each event's row in Event::argsOffset: the table in the top bits, the row's id below.
class DbEventArgs : public EventArgsSource {
public:
    enum class Kind : std::uint8_t {
        None,
        Pytorch, // PYTORCH_API by rowid
        Cann, // CANN_API by rowid
        Task, // TASK by globalTaskId (a device task, a kernel)
        CommOp, // COMMUNICATION_OP by connectionId
        CommTask, // COMMUNICATION_TASK_INFO (+ TASK) by globalTaskId
    };
    static constexpr int kIdBits = 44; // Event::argsOffset has 47 bits
    // 0 (no args) when the id is not set or does not fit.
    static std::uint64_t key(Kind kind, std::optional<std::int64_t> id)
    {
        if (!id || *id < 0 || *id >= (std::int64_t(1) << kIdBits))
            return 0;
        return (std::uint64_t(kind) << kIdBits) | std::uint64_t(*id);
    }

    explicit DbEventArgs(QString path);
    ~DbEventArgs() override;

    QJsonObject args(std::uint64_t key) const override;
    // Reads PYTORCH_CALLCHAINS on a thread of its own (its own connection), once.
    void prepare() const override;

private:
    const SqliteDb *connection() const;
    DbCallchains &callchains(const SqliteDb &db) const;

    QString m_path;
    mutable std::mutex m_mutex;
    mutable std::unique_ptr<SqliteDb> m_db;
    mutable bool m_failed = false;
    // Read by prepare() or on the first call stack asked for, whichever comes first.
    mutable std::unique_ptr<DbCallchains> m_callchains;
    mutable std::future<std::unique_ptr<DbCallchains>> m_reading; // prepare()'s
    // The last answer: a tooltip asks again for the same event as the mouse moves over it.
    mutable std::uint64_t m_lastKey = 0;
    mutable QJsonObject m_last;
};

} // namespace npuscope
