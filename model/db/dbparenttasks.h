#pragma once

#include "model/core/types.h"

#include <cstdint>
#include <optional>
#include <vector>

namespace npuscope {

// The parent tasks of TASK: a task without a context id (4294967295) whose subtasks (the same
// device, stream and task id, a context id of their own, starting within it) are rows of their
// own. Two kinds in the samples: an HCCL operation's task on its stream (taskType AI_CORE, its
// Notify Wait / SDMA / Write Value subtasks in it) and a MIX kernel's task around its AIV
// context. torch_npu's trace_view.json shows the subtasks only (all six samples of 2025-01: no
// such parent on any stream), so the reader leaves the parents out of the stream tracks.
class DbParentTasks {
public:
    void reserve(std::size_t rows) { m_taskId.reserve(rows); }
    // The next task as read (not set: nullopt or 4294967295).
    void add(std::int32_t device, std::int32_t stream, std::optional<std::int64_t> taskId,
        std::optional<std::int64_t> context, TimeNs start);
    // Per task, in the order added, given the tasks' device, stream, start and end: a parent.
    std::vector<bool> find(const std::vector<std::int32_t> &device,
        const std::vector<std::int32_t> &stream, const std::vector<TimeNs> &start,
        const std::vector<TimeNs> &end) const;

private:
    static constexpr std::uint32_t kNone = UINT32_MAX;
    static std::uint64_t key(std::int32_t device, std::int32_t stream, std::uint32_t taskId)
    {
        return (std::uint64_t(std::uint16_t(device)) << 48)
            | (std::uint64_t(std::uint16_t(stream)) << 32) | taskId;
    }
    struct Subtask {
        std::uint64_t key;
        TimeNs start;
        bool operator<(const Subtask &o) const
        {
            return key != o.key ? key < o.key : start < o.start;
        }
    };
    std::vector<std::uint32_t> m_taskId; // per task without a context id, else kNone
    std::vector<Subtask> m_subtasks; // few: the tasks with a context id
};

} // namespace npuscope
