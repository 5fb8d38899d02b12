#pragma once

#include "model/profile/profile.h"

#include <QCoreApplication>
#include <QString>
#include <QStringList>

namespace npuscope {

// The key numbers printed under an exported picture, so that it still says what it shows once
// it is pasted into a chat thread: profile, rank, step, time range, step time, top kernel.
class ExportCaption {
    Q_DECLARE_TR_FUNCTIONS(npuscope::ExportCaption)

public:
    // The compute kernel name with the most time in a range (clipped to it). From the kernel
    // table where it has times (communication rows, such as HCCL's Notify Wait, count in the
    // device time but are not candidates), else from the device stream tracks of the trace
    // (names of communication tasks skipped the same way).
    struct TopKernel {
        QString name; // empty when no compute kernel runs in the range
        TimeNs totalNs = 0;
        TimeNs deviceNs = 0; // every kernel's clipped time in the range, communication included
    };
    static TopKernel topKernel(const RankProfile &rank, TimeNs start, TimeNs end);

    // Two lines: "profile — rank R — step N" and the numbers. `origin`: where relative times
    // start (the step start or the rank's first event); `stepId` empty when no step was asked.
    static QStringList lines(const Profile &profile, const RankProfile &rank, TimeNs start,
        TimeNs end, TimeNs origin, const QString &stepId);
};

} // namespace npuscope
