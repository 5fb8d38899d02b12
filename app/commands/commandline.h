#pragma once

#include "model/profile/discovery.h"

#include <QStringList>

#include <optional>

class QCommandLineParser;

namespace npuscope {

// Exit codes shared by every headless subcommand (DESIGN.md "Command line").
enum ExitCode : int {
    kExitOk = 0,
    kExitUserError = 1, // bad arguments, path not found: a clear message on stderr
    kExitDataError = 2, // the input is damaged (the report still shows what could be loaded)
    kExitRegression = 3, // `compare --fail-if-slower` found the new run slower
};

// The headless subcommands: report, generate, compare, export.
QStringList headlessCommands();

// True when argv names a headless subcommand (report, generate, ...): no display needed.
bool isHeadlessCommand(const QStringList &arguments);

// True when that subcommand draws images (export, report --html): it needs a QGuiApplication,
// on the offscreen platform so that still no display is needed.
bool headlessCommandPaints(const QStringList &arguments);

// Runs a headless subcommand and returns its exit code. `arguments` is the full argv.
int runHeadless(const QStringList &arguments);

// --source text|db: which export to read where a profile folder holds both (the database by
// default, as the vendor's tools do).
void addSourceOption(QCommandLineParser &parser);
// The format chosen, or nullopt with *error set when the value is neither.
std::optional<SourceFormat> sourceFormat(const QCommandLineParser &parser, QString *error);

// Writes the built-in demo profile into the cache directory (once) and returns its path, or an
// empty string with *error set.
QString ensureDemoProfile(QString *error);

} // namespace npuscope
