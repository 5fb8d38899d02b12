#pragma once

// Runs the npuscope executable (NPUSCOPE_BINARY) as a user would, for the headless-command tests.

#include <QProcess>
#include <QProcessEnvironment>
#include <QStringList>

namespace npuscope::test {

struct BinaryRun {
    int exitCode = -1;
    QByteArray out, err;
};

inline BinaryRun runNpuscope(const QStringList &args,
    const QProcessEnvironment &env = QProcessEnvironment::systemEnvironment(),
    int timeoutMs = 120000)
{
    QProcess p;
    p.setProcessEnvironment(env);
    p.start(QStringLiteral(NPUSCOPE_BINARY), args);
    p.waitForFinished(timeoutMs);
    return { p.exitCode(), p.readAllStandardOutput(), p.readAllStandardError() };
}

} // namespace npuscope::test
