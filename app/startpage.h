#pragma once

#include <QWidget>

class QLabel;
class QLayout;
class QTreeWidget;

namespace npuscope {

class RecentFiles;

// What the window shows when no profile is open: how to open one, and the recent profiles
// (double-click or Enter opens).
class StartPage : public QWidget {
    Q_OBJECT

public:
    explicit StartPage(RecentFiles *recent, QWidget *parent = nullptr);
    ~StartPage() override;

    QTreeWidget *recentList() const { return m_list; }

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
};

} // namespace npuscope
