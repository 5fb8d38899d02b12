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
    // A view is about to ask (the rank is shown): read in the background what makes a lookup
    // fast, so that the first one does not wait for it on the GUI thread. Optional.
    virtual void prepare() const { }
};

} // namespace npuscope
