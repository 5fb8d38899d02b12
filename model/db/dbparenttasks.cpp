#include "model/db/dbparenttasks.h"

#include <algorithm>

namespace npuscope {

namespace {

    constexpr std::int64_t kNotSet = 4294967295;

    bool isSet(std::optional<std::int64_t> v) { return v && *v >= 0 && *v < kNotSet; }

} // namespace

void DbParentTasks::add(std::int32_t device, std::int32_t stream,
    std::optional<std::int64_t> taskId, std::optional<std::int64_t> context, TimeNs start)
{
    const std::uint32_t id = isSet(taskId) ? std::uint32_t(*taskId) : kNone;
    const bool subtask = isSet(context);
    m_taskId.push_back(subtask ? kNone : id);
    if (subtask && id != kNone)
        m_subtasks.push_back({ key(device, stream, id), start });
}

std::vector<bool> DbParentTasks::find(const std::vector<std::int32_t> &device,
    const std::vector<std::int32_t> &stream, const std::vector<TimeNs> &start,
    const std::vector<TimeNs> &end) const
{
    std::vector<bool> parent(m_taskId.size(), false);
    if (m_subtasks.empty())
        return parent;
    std::vector<Subtask> subtasks = m_subtasks;
    std::sort(subtasks.begin(), subtasks.end());
    for (std::size_t i = 0; i < m_taskId.size(); ++i) {
        if (m_taskId[i] == kNone)
            continue;
        const Subtask first { key(device[i], stream[i], m_taskId[i]), start[i] };
        const auto it = std::lower_bound(subtasks.begin(), subtasks.end(), first);
        parent[i] = it != subtasks.end() && it->key == first.key && it->start <= end[i];
    }
    return parent;
}

} // namespace npuscope
