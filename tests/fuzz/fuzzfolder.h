#pragma once

#include <QByteArray>
#include <QString>

#include <string_view>
#include <vector>

namespace npuscope::fuzz {

// A small profile folder written as one text blob, so libFuzzer can mutate names and contents
// together:
//   @rank0_ascend_pt/profiler_info_0.json
//   {"config": ...}
//   @rank0_ascend_pt/ASCEND_PROFILER_OUTPUT/kernel_details.csv
//   Name,Type,...
//   @loop_ascend_pt -> .
// A line starting with '@' names the next file (path relative to the folder); the bytes up to
// the next "\n@" are its content. "name -> target" makes a symbolic link instead. Names are
// reduced to [A-Za-z0-9_.-] components, at most kMaxDepth deep; links may not leave the folder.
struct FolderEntry {
    QString path;
    QByteArray content;
    QString linkTarget; // non-empty: a symbolic link to this relative target
};

constexpr int kMaxDepth = 4;
constexpr int kMaxEntries = 32;

std::vector<FolderEntry> parseFolderDescription(std::string_view data);

// Creates the entries under root (which must exist and be empty). Invalid entries are skipped.
void writeFolder(const std::vector<FolderEntry> &entries, const QString &root);

// A private folder for the inputs of one fuzzing process, on tmpfs when there is one: thousands
// of files a minute are written and removed. Empty when it cannot be made.
QString scratchDir();

// Removes everything under root, keeping root itself.
void clearFolder(const QString &root);

// The inverse of parseFolderDescription for seeds: every file under dir (symbolic links not
// followed), contents cut at maxFileBytes.
QByteArray describeFolder(const QString &dir, qint64 maxFileBytes);

} // namespace npuscope::fuzz
