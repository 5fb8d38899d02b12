#pragma once

#include <QObject>
#include <QStringList>

namespace npuscope {

// The most recently opened profiles, newest first, kept in QSettings.
class RecentFiles : public QObject {
    Q_OBJECT

public:
    // As many as fit a menu and the start page without scrolling.
    static constexpr int kMaxEntries = 10;

    explicit RecentFiles(QObject *parent = nullptr);

    QStringList paths() const;
    void add(const QString &path);
    void remove(const QString &path);
    void clear();

signals:
    void changed();

private:
    void store(const QStringList &paths);
};

} // namespace npuscope
