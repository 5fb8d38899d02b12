#pragma once

#include "analysis/rules/findings.h"
#include "model/profile/profile.h"

#include <QFutureWatcher>
#include <QObject>
#include <QPoint>
#include <QPointer>

#include <memory>
#include <utility>

class QAction;
class QMimeData;

namespace npuscope {

class CompareView;
class MainWindow;
class RankLoader;

// The shortest tails of two profile paths that tell them apart: ".../level1/rank0_ascend_pt" and
// ".../level2/rank0_ascend_pt" give "level1/rank0_ascend_pt" and "level2/rank0_ascend_pt"; paths
// with different folder names give those names. The same path gives its folder name twice.
std::pair<QString, QString> distinctPathTails(const QString &a, const QString &b);

// Compare mode of the main window: File > Compare With…, File > Compare Ranks…, and a folder
// dropped on the window while a profile is open (a drop zone offers "Open" on the left and
// "Compare" on the right). The second run loads and both are analysed in the background; the
// CompareView opens in a window of its own over the main window, which keeps its profile.
// Leaving compare mode closes that window.
class CompareController : public QObject {
    Q_OBJECT

public:
    // Ranks of the open profile come from `loader` (opened in full once, shared with the window).
    CompareController(MainWindow *window, RankLoader *loader);
    ~CompareController() override;

    QAction *compareAction() const { return m_compareAction; }
    QAction *compareRanksAction() const { return m_ranksAction; }

    // Compares the current rank of the open profile (base) with the first rank of `path`.
    void compareWith(const QString &path);
    // Rank against rank within the open profile (indexes in Profile::ranks).
    void compareRanks(int baseIndex, int newIndex);
    void leave();

    bool isBusy() const { return m_watcher.isRunning(); }
    CompareView *view() const { return m_view; } // null outside compare mode

signals:
    void compareShown();
    void compareFailed(const QString &message);

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    struct Loaded {
        std::shared_ptr<const Profile> other; // the second run (null for rank against rank)
        std::shared_ptr<const RankProfile> base;
        std::shared_ptr<const RankProfile> next;
        std::shared_ptr<const RankAnalysis> baseAnalysis;
        std::shared_ptr<const RankAnalysis> nextAnalysis;
        QString baseTitle;
        QString nextTitle;
        QString basePath; // the profiles, whose saved arrangements the timelines show
        QString nextPath;
        QString error;
    };

    void chooseFolder();
    void chooseRanks();
    void start(std::function<Loaded()> work);
    void onFinished();
    bool dropWouldCompare(const QPoint &pos) const;
    void showDropZone(bool visible, const QPoint &pos = {});

    MainWindow *m_window;
    RankLoader *m_loader;
    QAction *m_compareAction = nullptr;
    QAction *m_ranksAction = nullptr;
    QFutureWatcher<Loaded> m_watcher;
    QPointer<QWidget> m_compareWindow;
    CompareView *m_view = nullptr;
    QWidget *m_dropZone = nullptr;
};

} // namespace npuscope
