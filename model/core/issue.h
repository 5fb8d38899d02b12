#pragma once

#include <QList>
#include <QString>

namespace npuscope {

enum class Severity { Info, Warning, Error };

// A problem found in the input. Problems are data: they travel with the profile and are shown
// to the user; loading never stops silently.
struct Issue {
    Severity severity = Severity::Warning;
    QString file; // path of the file concerned (may be empty for folder-level issues)
    QString location; // "line 12", "byte 1234", "column 'Duration(us)'" or empty
    QString message;
    // Part of the file's content was lost or could not be read (rows cut short, unreadable
    // cells, a read error, skipped bytes): whatever was computed from it covers part of it.
    bool damaged = false;
};

using IssueList = QList<Issue>;

QString severityName(Severity s); // "info", "warning", "error"

} // namespace npuscope
