#pragma once

// Test helper: SHA-1 of every file below a folder, to prove that a command left a profile folder
// exactly as it was (npuscope never writes into one).

#include <QCryptographicHash>
#include <QDirIterator>
#include <QFile>
#include <QMap>

namespace npuscope::test {

inline QMap<QString, QByteArray> hashTree(const QString &dir)
{
    QMap<QString, QByteArray> hashes;
    QDirIterator it(
        dir, QDir::Files | QDir::Hidden | QDir::NoDotAndDotDot, QDirIterator::Subdirectories);
    while (it.hasNext()) {
        const QString path = it.next();
        QFile f(path);
        if (f.open(QIODevice::ReadOnly))
            hashes.insert(path, QCryptographicHash::hash(f.readAll(), QCryptographicHash::Sha1));
    }
    return hashes;
}

} // namespace npuscope::test
