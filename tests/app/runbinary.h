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

// The environment of a user over ssh or in a script: no display, English messages.
inline QProcessEnvironment withoutDisplay()
{
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.remove(QStringLiteral("DISPLAY"));
    env.remove(QStringLiteral("WAYLAND_DISPLAY"));
    env.remove(QStringLiteral("QT_QPA_PLATFORM"));
    env.insert(QStringLiteral("LANGUAGE"), QStringLiteral("en"));
    env.insert(QStringLiteral("LC_ALL"), QStringLiteral("C.UTF-8"));
    return env;
}

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
