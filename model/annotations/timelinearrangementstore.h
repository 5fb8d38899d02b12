#pragma once

#include "model/annotations/timelinearrangement.h"

#include <QCoreApplication>
#include <QString>

namespace npuscope {

// Where a profile's timeline arrangement lives: npuscope's config directory
// (QStandardPaths::AppConfigLocation)/arrangements/<sha-1 of the canonical profile path>.json,
// never the profile folder. Written with QSaveFile. The GUI, the compare window and
// `npuscope export` read the same file.
class TimelineArrangementStore {
    Q_DECLARE_TR_FUNCTIONS(npuscope::TimelineArrangementStore)

public:
    // `configDir` empty: QStandardPaths::AppConfigLocation.
    explicit TimelineArrangementStore(QString configDir = {});

    QString fileFor(const QString &profilePath) const;

    // The saved arrangement, or an empty one (no file, or a damaged one: *error names it).
    TimelineArrangement load(const QString &profilePath, QString *error = nullptr) const;
    // Saves it (an empty arrangement removes the file). False with *error naming the file.
    bool save(const QString &profilePath, const TimelineArrangement &arrangement,
        QString *error = nullptr) const;

private:
    QString m_configDir;
};

} // namespace npuscope
