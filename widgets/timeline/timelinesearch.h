#pragma once

#include "model/core/types.h"

#include <QCoreApplication>
#include <QString>

#include <vector>

namespace npuscope {

class Trace;

enum class TimelineSearchMode : std::uint8_t { Substring, Regex };

struct TimelineSearchResult {
    std::vector<EventRef> matches; // sorted by start, then track, then index
    // Indexed by StringId value: true for interned strings that match. The painter highlights
    // slices through it without comparing any text.
    std::vector<bool> matchingNames;
    QString error; // invalid regular expression; empty when the query was valid

    bool isMatchingName(StringId id) const
    {
        return id.value < matchingNames.size() && matchingNames[id.value];
    }
};

// Event-name search over an immutable trace. Qt Core only (a model-side helper; it lives here
// because the model folder belongs to the loader work). Names are interned, so the query runs
// once per distinct event name, then events are compared by id: O(names + events), no
// per-event text comparison. Matching is case-insensitive in both modes. An empty query
// matches nothing.
class TimelineSearch {
    Q_DECLARE_TR_FUNCTIONS(npuscope::TimelineSearch)

public:
    static TimelineSearchResult run(const Trace &trace, const QString &query,
        TimelineSearchMode mode = TimelineSearchMode::Substring);
    // The match index after `current` (-1: none yet) moving by `delta` (+1 next, -1 previous),
    // wrapping around. Continues from `selected` instead when it is a match other than the
    // current one (the user clicked it). -1 when there are no matches.
    static int step(
        const std::vector<EventRef> &matches, int current, EventRef selected, int delta);
};

} // namespace npuscope
