#include "app/window/recentfiles.h"

#include <QDir>
#include <QFileInfo>
#include <QSettings>

namespace npuscope {

namespace {

    const char kSettingsKey[] = "recentProfiles";

    QString normalised(const QString &path)
    {
        return QDir::cleanPath(QFileInfo(path).absoluteFilePath());
    }

} // namespace

RecentFiles::RecentFiles(QObject *parent)
    : QObject(parent)
{
}

QStringList RecentFiles::paths() const
{
    QStringList list = QSettings().value(QLatin1String(kSettingsKey)).toStringList();
    list.removeAll(QString());
    return list.mid(0, kMaxEntries);
}

void RecentFiles::add(const QString &path)
{
    const QString entry = normalised(path);
    QStringList list = paths();
    list.removeAll(entry);
    list.prepend(entry);
    store(list.mid(0, kMaxEntries));
}

void RecentFiles::remove(const QString &path)
{
    QStringList list = paths();
    if (list.removeAll(normalised(path)) + list.removeAll(path) > 0)
        store(list);
}

void RecentFiles::clear() { store({}); }

void RecentFiles::store(const QStringList &paths)
{
    QSettings().setValue(QLatin1String(kSettingsKey), paths);
    emit changed();
}

} // namespace npuscope
