#include "app/window/comparecontroller.h"

#include "app/window/mainwindow.h"
#include "app/window/rankloader.h"
#include "model/annotations/timelinearrangementstore.h"
#include "model/profile/profileloader.h"
#include "model/profile/ranksummary.h"
#include "widgets/compare/compareview.h"
#include "widgets/session/profilesession.h"

#include <QAction>
#include <QDir>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QInputDialog>
#include <QMenu>
#include <QMessageBox>
#include <QMimeData>
#include <QPainter>
#include <QStatusBar>
#include <QVBoxLayout>
#include <QtConcurrent>

namespace npuscope {

namespace {

    // The analysis of `rank`: the session's when `known` is that rank (computed there once, and
    // often already), else computed here.
    std::shared_ptr<const RankAnalysis> analysisOf(const std::shared_ptr<const RankProfile> &rank,
        const std::shared_ptr<const AnalysedRank> &known)
    {
        if (known && known->rankPtr() == rank)
            return known->analysis();
        return AnalysedRank(rank).analysis();
    }

    // The drop zone over the main window while a folder is dragged onto an open profile: the
    // left half opens it instead, the right half compares it with the open profile.
    class DropZone : public QWidget {
    public:
        explicit DropZone(QWidget *parent)
            : QWidget(parent)
        {
            setAttribute(Qt::WA_TransparentForMouseEvents);
            hide();
        }
        void setCompare(bool compare)
        {
            if (compare != m_compare) {
                m_compare = compare;
                update();
            }
        }

    protected:
        void paintEvent(QPaintEvent *) override
        {
            QPainter p(this);
            const QRect left(0, 0, width() / 2, height());
            const QRect right(width() / 2, 0, width() - width() / 2, height());
            const QColor active(25, 118, 210, 150), idle(60, 60, 60, 90);
            p.fillRect(left, m_compare ? idle : active);
            p.fillRect(right, m_compare ? active : idle);
            p.setPen(QPen(Qt::white, 3, Qt::DashLine));
            p.drawRect((m_compare ? right : left).adjusted(12, 12, -12, -12));
            QFont f = font();
            f.setPointSizeF(f.pointSizeF() * 2);
            f.setBold(true);
            p.setFont(f);
            p.drawText(left, Qt::AlignCenter, CompareController::tr("Open"));
            p.drawText(right, Qt::AlignCenter, CompareController::tr("Compare"));
        }

    private:
        bool m_compare = false;
    };

    QString localPath(const QMimeData *mime)
    {
        const QList<QUrl> urls = mime ? mime->urls() : QList<QUrl>();
        return !urls.isEmpty() && urls.constFirst().isLocalFile() ? urls.constFirst().toLocalFile()
                                                                  : QString();
    }

    QString rankTitle(const QString &pathTail, const RankProfile &rank)
    {
        return CompareController::tr("%1, %2").arg(pathTail, rank.label());
    }

} // namespace

std::pair<QString, QString> distinctPathTails(const QString &a, const QString &b)
{
    const QStringList pa = QDir::cleanPath(QDir::fromNativeSeparators(a)).split(QLatin1Char('/'));
    const QStringList pb = QDir::cleanPath(QDir::fromNativeSeparators(b)).split(QLatin1Char('/'));
    const auto tail = [](const QStringList &parts, qsizetype n) {
        return parts.mid(std::max<qsizetype>(0, parts.size() - n)).join(QLatin1Char('/'));
    };
    const qsizetype most = std::max(pa.size(), pb.size());
    for (qsizetype n = 1; n <= most; ++n) {
        if (tail(pa, n) != tail(pb, n))
            return { tail(pa, n), tail(pb, n) };
    }
    return { pa.constLast(), pb.constLast() }; // the same profile (rank against rank)
}

CompareController::CompareController(MainWindow *window, RankLoader *loader)
    : QObject(window)
    , m_window(window)
    , m_loader(loader)
    , m_dropZone(new DropZone(window))
{
    setObjectName(QStringLiteral("CompareController"));
    m_compareAction = new QAction(tr("Compare &With…"), this);
    m_compareAction->setToolTip(tr("Compare the open profile with another run, side by side"));
    m_ranksAction = new QAction(tr("Compare &Ranks…"), this);
    m_ranksAction->setToolTip(tr("Compare two ranks of the open profile, side by side"));
    connect(m_compareAction, &QAction::triggered, this, &CompareController::chooseFolder);
    connect(m_ranksAction, &QAction::triggered, this, &CompareController::chooseRanks);
    if (QMenu *file = window->fileMenu()) {
        QAction *before = file->actions().value(4); // after the Open actions
        file->insertAction(before, m_compareAction);
        file->insertAction(before, m_ranksAction);
    }
    auto enable = [this]() {
        const auto &p = m_window->session()->profile();
        m_compareAction->setEnabled(p && !p->ranks.empty());
        m_ranksAction->setEnabled(p && p->ranks.size() > 1);
    };
    enable();
    connect(window->session(), &ProfileSession::profileChanged, this, enable);
    connect(&m_watcher, &QFutureWatcher<Loaded>::finished, this, &CompareController::onFinished);
    window->installEventFilter(this);
}

CompareController::~CompareController()
{
    m_watcher.waitForFinished();
    if (m_compareWindow)
        delete m_compareWindow;
}

void CompareController::chooseFolder()
{
    const QString dir
        = QFileDialog::getExistingDirectory(m_window, tr("Compare With Profile Folder"));
    if (!dir.isEmpty())
        compareWith(dir);
}

void CompareController::chooseRanks()
{
    const auto profile = m_window->session()->profile();
    if (!profile || profile->ranks.size() < 2)
        return;
    QStringList labels;
    for (const auto &r : profile->ranks)
        labels << r->label();
    bool ok = false;
    const QString base = QInputDialog::getItem(
        m_window, tr("Compare Ranks"), tr("Base rank:"), labels, 0, false, &ok);
    if (!ok)
        return;
    const QString next = QInputDialog::getItem(
        m_window, tr("Compare Ranks"), tr("New rank:"), labels, 1, false, &ok);
    if (ok)
        compareRanks(int(labels.indexOf(base)), int(labels.indexOf(next)));
}

void CompareController::compareWith(const QString &path)
{
    const ProfileSession *session = m_window->session();
    const auto profile = session->profile();
    // During a preview of another load, the rank that preview replaced.
    const auto base = m_loader->rank(session->rankIndex());
    const auto known = session->analysedRank(session->rankIndex());
    if (!profile || !base) {
        emit compareFailed(tr("Open a profile first, then compare another run with it."));
        return;
    }
    start([profile, base, known, path]() {
        Loaded l;
        const LoadResult other = loadProfile(path);
        if (!other.profile || other.profile->ranks.empty()) {
            l.error = tr("Cannot compare with %1: %2").arg(path, other.error);
            return l;
        }
        l.other = other.profile;
        l.base = base;
        l.next = ensureFullRank(other.profile->ranks.front());
        // A rank that only an npuscope report summarises has no kernels or trace to compare.
        for (const auto &rank : { l.base, l.next })
            if (rank->summaryOnly && !rank->source.reportSummary.isEmpty()) {
                l.error = tr("Cannot compare %1: only its summary in %2 is here; compare the "
                             "profile folders")
                              .arg(rank->label(), rank->source.reportSummary);
                return l;
            }
        l.baseAnalysis = analysisOf(base, known);
        l.nextAnalysis = analysisOf(l.next, nullptr);
        const auto [baseTail, nextTail] = distinctPathTails(profile->path, other.profile->path);
        l.baseTitle = rankTitle(baseTail, *base);
        l.nextTitle = rankTitle(nextTail, *l.next);
        l.basePath = profile->path;
        l.nextPath = other.profile->path;
        return l;
    });
}

void CompareController::compareRanks(int baseIndex, int newIndex)
{
    const auto profile = m_window->session()->profile();
    const int n = profile ? int(profile->ranks.size()) : 0;
    if (baseIndex < 0 || newIndex < 0 || baseIndex >= n || newIndex >= n) {
        emit compareFailed(tr("No such rank to compare."));
        return;
    }
    // Opened ranks come from the cache; the others load here (RankLoader, LoadOptions::lazyRanks).
    const auto base = m_loader->rank(baseIndex);
    const auto next = m_loader->rank(newIndex);
    const auto knownBase = m_window->session()->analysedRank(baseIndex);
    const auto knownNext = m_window->session()->analysedRank(newIndex);
    start([profile, base, next, baseIndex, newIndex, knownBase, knownNext]() {
        Loaded l;
        l.base = ensureFullRank(base);
        l.next = baseIndex == newIndex ? l.base : ensureFullRank(next);
        l.baseAnalysis = analysisOf(l.base, knownBase);
        l.nextAnalysis = baseIndex == newIndex ? l.baseAnalysis : analysisOf(l.next, knownNext);
        const QString tail = distinctPathTails(profile->path, profile->path).first;
        l.baseTitle = rankTitle(tail, *l.base);
        l.nextTitle = rankTitle(tail, *l.next);
        l.basePath = l.nextPath = profile->path;
        return l;
    });
}

void CompareController::start(std::function<Loaded()> work)
{
    if (m_watcher.isRunning())
        return; // one comparison at a time; the actions stay usable afterwards
    m_window->statusBar()->showMessage(tr("Loading and analysing the run to compare…"));
    m_watcher.setFuture(QtConcurrent::run(std::move(work)));
}

void CompareController::onFinished()
{
    const Loaded l = m_watcher.result();
    QString error = l.error;
    if (error.isEmpty()) {
        if (!m_compareWindow) {
            m_compareWindow = new QWidget(m_window, Qt::Window);
            m_compareWindow->setAttribute(Qt::WA_DeleteOnClose);
            m_compareWindow->setObjectName(QStringLiteral("CompareWindow"));
            m_view = new CompareView(m_compareWindow);
            auto *layout = new QVBoxLayout(m_compareWindow);
            layout->setContentsMargins(0, 0, 0, 0);
            layout->addWidget(m_view);
            connect(m_view, &CompareView::leaveRequested, this, &CompareController::leave);
            connect(m_view, &CompareView::arrangementChanged, this,
                [this](const QString &path, const TimelineArrangement &arrangement) {
                    QString problem;
                    if (!path.isEmpty()
                        && !TimelineArrangementStore().save(path, arrangement, &problem))
                        m_window->statusBar()->showMessage(problem, 10000);
                });
            connect(m_compareWindow, &QObject::destroyed, this, [this]() { m_view = nullptr; });
            m_compareWindow->resize(m_window->size());
        }
        const TimelineArrangementStore store;
        const CompareView::Side base { l.base, l.baseAnalysis, l.baseTitle, l.basePath,
            store.load(l.basePath) };
        const CompareView::Side next { l.next, l.nextAnalysis, l.nextTitle, l.nextPath,
            store.load(l.nextPath) };
        if (m_view->setRuns(base, next, QString(), &error)) {
            m_compareWindow->setWindowTitle(
                tr("Compare: %1 ↔ %2 — npuscope").arg(l.baseTitle, l.nextTitle));
            m_compareWindow->show();
            m_compareWindow->raise();
            m_window->statusBar()->clearMessage();
            emit compareShown();
            return;
        }
    }
    m_window->statusBar()->showMessage(error, 10000);
    emit compareFailed(error);
    if (m_window->isVisible() && !m_window->testAttribute(Qt::WA_DontShowOnScreen))
        QMessageBox::warning(m_window, tr("Compare"), error);
}

void CompareController::leave()
{
    if (m_compareWindow)
        m_compareWindow->close();
}

bool CompareController::dropWouldCompare(const QPoint &pos) const
{
    return m_window->session()->profile() && pos.x() >= m_window->width() / 2;
}

void CompareController::showDropZone(bool visible, const QPoint &pos)
{
    auto *zone = static_cast<DropZone *>(m_dropZone);
    if (visible) {
        zone->setGeometry(m_window->rect());
        zone->setCompare(dropWouldCompare(pos));
        zone->raise();
        zone->show();
    } else {
        zone->hide();
    }
}

bool CompareController::eventFilter(QObject *watched, QEvent *event)
{
    // Only while a profile is open does a drop mean "compare"; otherwise MainWindow opens it.
    // The event type comes first: the window also sends events (ChildRemoved) from ~QWidget, when
    // it is no longer a MainWindow and calling profile() on it is undefined behaviour (UBSan).
    const QEvent::Type type = event->type();
    const bool dragOrDrop = type == QEvent::DragEnter || type == QEvent::DragMove
        || type == QEvent::DragLeave || type == QEvent::Drop;
    if (watched != m_window || !dragOrDrop || !m_window->session()->profile())
        return QObject::eventFilter(watched, event);
    switch (event->type()) {
    case QEvent::DragEnter:
    case QEvent::DragMove: {
        auto *e = static_cast<QDragMoveEvent *>(event);
        if (localPath(e->mimeData()).isEmpty())
            break;
        e->acceptProposedAction();
        showDropZone(true, e->position().toPoint());
        return true;
    }
    case QEvent::DragLeave:
        showDropZone(false);
        break;
    case QEvent::Drop: {
        auto *e = static_cast<QDropEvent *>(event);
        showDropZone(false);
        const QString path = localPath(e->mimeData());
        if (path.isEmpty() || !dropWouldCompare(e->position().toPoint()))
            break; // MainWindow::dropEvent opens it
        e->acceptProposedAction();
        compareWith(path);
        return true;
    }
    default:
        break;
    }
    return QObject::eventFilter(watched, event);
}

} // namespace npuscope
