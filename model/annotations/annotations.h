#pragma once

#include "model/core/types.h"

#include <QByteArray>
#include <QCoreApplication>
#include <QString>
#include <QStringList>

#include <cstdint>
#include <vector>

namespace npuscope {

struct Track;

// What an annotation marks on the timeline.
//   Note:  a text pinned to `start` (on `tracks[0]` when given, else on the ruler).
//   Range: a labelled time range [start, end] over every track.
//   Box:   a rectangle around slices: [start, end] over the tracks `tracks` (first..last row).
//   Arrow: from (start, tracks[0]) to (end, tracks[1]), labelled at its tail.
enum class AnnotationKind : std::uint8_t { Note, Range, Box, Arrow };

// One user annotation. Times are absolute trace ns (the same clock as Trace events), so that a
// file exported by a colleague lands on the same kernels. Tracks are named by trackKey() rather
// than by index so that annotations survive a reload that orders tracks differently.
struct Annotation {
    quint64 id = 0; // unique within a set; 0 = not yet assigned
    AnnotationKind kind = AnnotationKind::Note;
    QString text;
    QString color = QStringLiteral("#e15759"); // "#rrggbb" (QColor lives in QtGui, not here)
    int rank = -1; // rank the annotation belongs to; -1 = the first rank shown
    TimeNs start = 0;
    TimeNs end = 0; // == start for a Note
    QStringList tracks;

    friend bool operator==(const Annotation &, const Annotation &) = default;
};

// A profile's annotations and the file format that stores and shares them:
//
//   { "format": "npuscope-annotations", "version": 1, "profile": "/canonical/path",
//     "annotations": [ { "id": 1, "kind": "note" | "range" | "box" | "arrow",
//        "text": "...", "color": "#rrggbb", "rank": 0,
//        "start_ns": "1736408884023552840", "end_ns": "...", "tracks": ["NPU 0 / Stream 2"] } ] }
//
// Times are written as decimal strings: epoch nanoseconds exceed 2^53 and would lose digits as
// JSON numbers (numbers are still accepted when reading). Reading is tolerant: a bad entry is
// skipped with a warning that names it, unknown keys are ignored, a newer version is read as far
// as it is understood (with a warning); only a file that is not an annotations object fails.
class AnnotationSet {
    Q_DECLARE_TR_FUNCTIONS(npuscope::AnnotationSet)

public:
    static constexpr int kVersion = 1;
    static constexpr const char *kFormat = "npuscope-annotations";

    struct ReadResult {
        bool ok = false;
        QString error; // when !ok: "<file>: line L, column C: <what>"
        QStringList warnings; // entries skipped or partly read, each naming the entry
    };

    QString profilePath; // informative: the profile the annotations were made on
    std::vector<Annotation> items;

    // Adds `a` with a fresh id (or its own, when unused) and returns the id.
    quint64 add(Annotation a);
    bool remove(quint64 id);
    Annotation *find(quint64 id);
    const Annotation *find(quint64 id) const;
    quint64 nextId() const;
    bool isEmpty() const { return items.empty(); }

    QByteArray toJson() const;
    // Replaces the content with the file's. `fileName` only names the file in messages.
    ReadResult fromJson(const QByteArray &json, const QString &fileName);

    static QString kindName(AnnotationKind kind); // "note", "range", "box", "arrow"
    static bool kindFromName(const QString &name, AnnotationKind *kind);
    // "Note", "Range", ... for the user.
    static QString kindLabel(AnnotationKind kind);
};

// The name annotations use for a track: "process / thread display name", or the display name
// alone when the process has no name.
QString annotationTrackKey(const Track &track);

} // namespace npuscope
