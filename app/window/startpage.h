#pragma once

#include <QWidget>

class QLabel;
class QLayout;
class QTreeWidget;

namespace npuscope {

class RecentFiles;
class ScanResultsView;

// What the window shows when no profile is open: how to open one, the recent profiles, and the
// profiles found by scanning a folder (double-click or Enter opens).
class StartPage : public QWidget {
    Q_OBJECT

public:
    explicit StartPage(RecentFiles *recent, QWidget *parent = nullptr);
    ~StartPage() override;

    QTreeWidget *recentList() const { return m_list; }
    ScanResultsView *scanResults() const { return m_scan; }

    // Lists every profile below `root` (in the background) under the recent profiles.
    void scanFolder(const QString &root);

signals:
    void openRequested(const QString &path);
    void openFolderRequested();
    void openFileRequested();
    void demoRequested();

protected:
    void showEvent(QShowEvent *event) override;

private:
    QLayout *createHeader(QWidget *column);
    QLayout *createButtons(QWidget *column);
    void refresh();

    RecentFiles *m_recent = nullptr;
    QTreeWidget *m_list = nullptr;
    QLabel *m_emptyLabel = nullptr;
    QLabel *m_scanTitle = nullptr;
    ScanResultsView *m_scan = nullptr;
};

} // namespace npuscope
