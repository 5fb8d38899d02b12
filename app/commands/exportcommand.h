#pragma once

#include "model/annotations/annotations.h"
#include "model/profile/profile.h"
#include "widgets/timeline/timelineexporter.h"

#include <QStringList>

namespace npuscope {

// npuscope export PATH -o FILE.png|.svg [--range START:END] [--step N] [--rank R]
//     [--tracks REGEX] [--annotations FILE] [--width W] [--scale S]
int runExportCommand(const QStringList &arguments);

// A time ("12.5ms", "300us", "40 µs", "2s", "1500ns"; a bare number is µs, like the report)
// relative to some origin, as ns. False when it is not one.
bool parseExportTime(const QString &text, TimeNs *ns);

// The export of one rank's timeline over [start, end] (absolute; start >= end: the whole trace)
// with its caption and the annotations of that rank. Shared by export, report --html and the GUI.
TimelineExportOptions rankExportOptions(const Profile &profile, const RankProfile &rank,
    TimeNs start, TimeNs end, TimeNs origin, const QString &stepId,
    const std::vector<Annotation> &annotations);

} // namespace npuscope
