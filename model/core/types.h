#pragma once

#include <cstdint>
#include <limits>

namespace npuscope {

// Time is int64 nanoseconds everywhere (absolute epoch ns unless a name says otherwise).
using TimeNs = std::int64_t;

// Ids of different kinds get distinct types so that a string id cannot be passed where a
// track id is expected (the habit from heaptrack's Index<Tag>).
template <class Tag> struct Id {
    static constexpr std::uint32_t kInvalid = std::numeric_limits<std::uint32_t>::max();
    std::uint32_t value = kInvalid;

    constexpr Id() = default;
    constexpr explicit Id(std::uint32_t v)
        : value(v)
    {
    }
    constexpr bool isValid() const { return value != kInvalid; }
    // Written out instead of <=>: moc of Qt 6.4 cannot parse <compare>.
    friend constexpr bool operator==(Id a, Id b) { return a.value == b.value; }
    friend constexpr bool operator!=(Id a, Id b) { return a.value != b.value; }
    friend constexpr bool operator<(Id a, Id b) { return a.value < b.value; }
};

struct StringTag;
struct TrackTag;
using StringId = Id<StringTag>;
using TrackId = Id<TrackTag>;

// Reference to one slice event: its track and its index in the track's sorted array.
struct EventRef {
    TrackId track;
    std::uint32_t index = 0;
    constexpr bool isValid() const { return track.isValid(); }
    friend constexpr bool operator==(EventRef a, EventRef b)
    {
        return a.track == b.track && a.index == b.index;
    }
    friend constexpr bool operator!=(EventRef a, EventRef b) { return !(a == b); }
    friend constexpr bool operator<(EventRef a, EventRef b)
    {
        return a.track != b.track ? a.track < b.track : a.index < b.index;
    }
};

} // namespace npuscope
