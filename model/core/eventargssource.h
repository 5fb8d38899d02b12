#pragma once

#include <QJsonObject>

#include <cstdint>

namespace npuscope {

// Where the args of events without raw JSON come from (a profiler database): asked when a view
// shows an event's details, never while loading. `key` is the event's Event::argsOffset, which
// the loader that made the event set to a key of its own.
class EventArgsSource {
public:
    virtual ~EventArgsSource() = default;
    // The event's args, as trace_view.json would give them; empty when there are none.
    virtual QJsonObject args(std::uint64_t key) const = 0;
};

} // namespace npuscope
