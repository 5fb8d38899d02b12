#pragma once

#include "model/annotations/annotations.h"

#include <QCoreApplication>
#include <QString>

namespace npuscope {

// Where a profile's annotations live: npuscope's own data directory
// (QStandardPaths::AppDataLocation)/annotations/<sha-1 of the canonical profile path>.json, never
// the profile folder (profiles are read-only evidence and are often on shared storage). Files
// are written with QSaveFile so that a crash never leaves half a file.
class AnnotationStore {
    Q_DECLARE_TR_FUNCTIONS(npuscope::AnnotationStore)

public:
    // `dataDir` empty: QStandardPaths::AppDataLocation.
    explicit AnnotationStore(QString dataDir = {});

    // The path that identifies a profile: canonical (symlinks resolved) when it exists.
    static QString canonicalProfilePath(const QString &profilePath);
    QString fileFor(const QString &profilePath) const;

    // Reads the annotations saved for a profile; no file yet is not an error (empty set).
    AnnotationSet::ReadResult load(const QString &profilePath, AnnotationSet *set) const;
    // Saves them (an empty set removes the file). Returns false with *error naming the file.
    bool save(const QString &profilePath, const AnnotationSet &set, QString *error) const;

    // Reads / writes a stand-alone file (import / export to share with a colleague).
    static AnnotationSet::ReadResult readFile(const QString &file, AnnotationSet *set);
    static bool writeFile(const QString &file, const AnnotationSet &set, QString *error);

private:
    QString m_dataDir;
};

} // namespace npuscope
