#pragma once

#include "app/window/profilescanner.h"

#include <QFutureWatcher>
#include <QWidget>

class QLabel;
class QPushButton;
class QTreeWidget;

namespace npuscope {

// The profiles found below a folder (StartPage's "Scan Folder…"): filled in as the background
// scan finds them, sortable by rank, date, size and level; double-click or Enter opens one.
class ScanResultsView : public QWidget {
    Q_OBJECT

public:
    enum Column { NameColumn, RankColumn, DateColumn, SizeColumn, LevelColumn, LocationColumn };

    explicit ScanResultsView(QWidget *parent = nullptr);
    ~ScanResultsView() override;

    // Starts a scan of `root`; a scan still running is cancelled and its results dropped.
    void scan(const QString &root);
    void cancel();
    bool isScanning() const;
    QString root() const { return m_root; }

    QTreeWidget *list() const { return m_list; }
    QLabel *statusLabel() const { return m_status; }

    static QString formatBytes(qint64 bytes);

signals:
    void openRequested(const QString &path);
    void finished(); // done or cancelled

private:
    void addResults(int begin, int end);
    void onFinished();
    void updateStatus();

    QTreeWidget *m_list = nullptr;
    QLabel *m_status = nullptr;
    QPushButton *m_cancel = nullptr;
    QFutureWatcher<FoundProfile> *m_watcher = nullptr;
    QString m_root;
};

} // namespace npuscope
