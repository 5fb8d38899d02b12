// AnnotationController::attach: the GUI side of annotations and image export.
#include "app/window/annotationcontroller.h"

#include "app/commands/htmlreport.h"
#include "app/reports/exportcaption.h"
#include "app/reports/reportjson.h"
#include "app/window/mainwindow.h"
#include "model/core/trace.h"
#include "widgets/annotations/annotationlistpanel.h"
#include "widgets/annotations/annotationoverlay.h"
#include "widgets/findings/findingspanel.h"
#include "widgets/session/profilesession.h"
#include "widgets/timeline/timelineexporter.h"
#include "widgets/timeline/timelineview.h"

#include <QAction>
#include <QClipboard>
#include <QColorDialog>
#include <QDockWidget>
#include <QFileDialog>
#include <QGuiApplication>
#include <QInputDialog>
#include <QKeyEvent>
#include <QMenu>
#include <QMessageBox>
#include <QMouseEvent>
#include <QUndoStack>

namespace npuscope {

namespace {

    // The annotations of the rank shown (rank -1: every rank).
    std::vector<Annotation> ofRank(const AnnotationSet &set, int rank)
    {
        std::vector<Annotation> items;
        for (const Annotation &a : set.items)
            if (a.rank < 0 || a.rank == rank)
                items.push_back(a);
        return items;
    }

    // The current view as the export sees it.
    TimelineExportOptions viewOptions(const TimelineView *view, const ProfileSession *session,
        const std::vector<Annotation> &items)
    {
        TimelineExportOptions o;
        o.trace = view->trace();
        std::tie(o.start, o.end) = view->visibleRange();
        o.origin = view->timeOrigin();
        o.layout = &view->layout();
        if (const TimelineGapOverlay *gaps = view->gapOverlay(); gaps->isVisible()) {
            o.streamGaps = &gaps->streamGaps();
            o.deviceGaps = &gaps->deviceGaps();
        }
        o.colorMode = view->colorMode();
        o.width = std::max(view->viewport()->width(), TimelineExporter::kHeaderWidth + 400);
        o.annotations = items;
        if (session->profile() && session->rank())
            o.caption = ExportCaption::lines(*session->profile(), *session->rank(), o.start, o.end,
                view->timeOrigin(), QString());
        return o;
    }

} // namespace

void AnnotationController::attachList(MainWindow *window)
{
    auto *list = new AnnotationListPanel;
    auto *dock = new QDockWidget(tr("Annotations"), window);
    dock->setObjectName(QStringLiteral("AnnotationsDock")); // saveState() finds docks by name
    dock->setWidget(list);
    window->addTabbedDock(dock, MainWindow::DockPlace::BesideFindings);
    auto refresh = [this, list] { list->setAnnotations(m_set.items, m_view->timeOrigin()); };
    connect(this, &AnnotationController::changed, list, refresh);
    connect(m_view, &TimelineView::visibleRangeChanged, list, refresh);
    connect(list, &AnnotationListPanel::removeRequested, this, [this](quint64 id) { remove(id); });
    connect(list, &AnnotationListPanel::goToRequested, this, [this, window](quint64 id) {
        const Annotation *a = m_set.find(id);
        if (!a)
            return;
        // On its rank, framed with room around it.
        if (const auto &profile = window->session()->profile(); a->rank >= 0 && profile) {
            const auto &ranks = profile->ranks;
            for (std::size_t i = 0; i < ranks.size(); ++i)
                if (ranks[i]->rank() == a->rank)
                    window->setCurrentRank(int(i));
        }
        const TimeNs span = std::max<TimeNs>(a->end - a->start, 100'000);
        m_view->setVisibleRange(a->start - span / 2, a->end + span / 2);
        m_view->setFocus();
    });
}

void AnnotationController::attach(
    MainWindow *window, TimelineView *view, const FindingsPanel *findings)
{
    auto *overlay = new AnnotationOverlay(view);
    m_attached = overlay;
    m_window = window;
    m_view = view;
    m_findings = findings;
    auto refresh = [this, overlay] { overlay->setAnnotations(ofRank(m_set, shownRank())); };
    connect(this, &AnnotationController::changed, overlay, refresh);
    const ProfileSession *session = window->session();
    connect(session, &ProfileSession::rankChanged, overlay, refresh);
    connect(session, &ProfileSession::profileChanged, this,
        [this, session] { setProfile(session->profile() ? session->profile()->path : QString()); });
    connect(this, &AnnotationController::problem, window, &MainWindow::showStatusMessage);
    attachList(window);
    addAnnotationMenu(window);
    // Click an annotation to select it, double-click to edit its text, Delete to remove it,
    // right-click for colour and text; everything else goes on to the timeline.
    view->viewport()->installEventFilter(this);
    view->installEventFilter(this); // keys go to the view, mouse events to its viewport
    addExportActions(window);
}

int AnnotationController::shownRank() const
{
    const auto &rank = m_window ? m_window->session()->rank() : nullptr;
    return rank ? rank->rank() : -1;
}

// Where a new annotation goes: the shift+drag range, else the selected slice, else the middle of
// the view; on the selected slice's track when there is one.
Annotation AnnotationController::draft(AnnotationKind kind) const
{
    const TimelineView *view = m_view;
    Annotation a;
    a.kind = kind;
    a.rank = shownRank();
    const auto [v0, v1] = view->visibleRange();
    a.start = v0 + (v1 - v0) / 2;
    a.end = a.start;
    const EventRef ref = view->selectedEvent();
    if (ref.isValid() && view->trace()) {
        const Event &e = view->trace()->event(ref);
        a.start = e.start;
        a.end = e.end();
        a.tracks << annotationTrackKey(view->trace()->track(ref.track));
    }
    if (view->hasSelectedRange())
        std::tie(a.start, a.end) = view->selectedRange();
    if (kind == AnnotationKind::Note)
        a.end = a.start;
    return a;
}

void AnnotationController::addWithText(AnnotationKind kind)
{
    if (!m_window || !m_window->session()->profile())
        return;
    Annotation a = draft(kind);
    if ((kind == AnnotationKind::Box || kind == AnnotationKind::Arrow) && a.tracks.isEmpty()) {
        m_window->showStatusMessage(
            tr("Select a slice first: boxes and arrows are drawn on its track"));
        return;
    }
    bool ok = false;
    a.text = QInputDialog::getText(
        m_window, AnnotationSet::kindLabel(kind), tr("Text:"), QLineEdit::Normal, QString(), &ok);
    if (ok)
        add(a);
}

// A range over the selected finding's most telling evidence with a time range (evidence is
// ordered that way), titled as the finding.
void AnnotationController::annotateFinding()
{
    const Finding *finding = m_findings ? m_findings->currentFinding() : nullptr;
    if (!finding)
        return m_window->showStatusMessage(tr("Select a finding in the Findings panel first"));
    const auto it = std::find_if(finding->evidence.begin(), finding->evidence.end(),
        [](const Evidence &e) { return e.end > e.start; });
    if (it == finding->evidence.end())
        return m_window->showStatusMessage(tr("This finding has no time range to mark"));
    Annotation a;
    a.kind = AnnotationKind::Range;
    a.rank = shownRank();
    a.start = it->start;
    a.end = it->end;
    a.text = finding->title;
    a.color = finding->severity == FindingSeverity::Critical ? QStringLiteral("#d62728")
                                                             : QStringLiteral("#f28e2b");
    add(a);
}

void AnnotationController::addAnnotationMenu(MainWindow *window)
{
    QMenu *menu = window->toolsMenu()->addMenu(tr("&Annotations"));
    menu->addAction(tr("Add &Note"), this, [this] { addWithText(AnnotationKind::Note); });
    menu->addAction(
        tr("Add &Range from Selection"), this, [this] { addWithText(AnnotationKind::Range); });
    menu->addAction(
        tr("Add &Box around Selected Slice"), this, [this] { addWithText(AnnotationKind::Box); });
    menu->addAction(tr("Add &Arrow along Selected Slice"), this,
        [this] { addWithText(AnnotationKind::Arrow); });
    menu->addAction(tr("Annotate the Selected &Finding"), this, [this] { annotateFinding(); });
    menu->addSeparator();
    QAction *undo = m_undo->createUndoAction(this, tr("Undo"));
    undo->setShortcut(QKeySequence::Undo);
    QAction *redo = m_undo->createRedoAction(this, tr("Redo"));
    redo->setShortcuts({ QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_Z), QKeySequence::Redo });
    menu->addAction(undo);
    menu->addAction(redo);
    window->addAction(undo);
    window->addAction(redo);
    menu->addSeparator();
    menu->addAction(tr("&Import Annotations…"), this, [this, window] {
        const QString path = QFileDialog::getOpenFileName(
            window, tr("Import Annotations"), QString(), tr("Annotations (*.json)"));
        QString error;
        if (!path.isEmpty() && !importFile(path, &error))
            QMessageBox::warning(window, tr("Import Annotations"), error);
    });
    menu->addAction(tr("&Export Annotations…"), this, [this, window] {
        const QString path = QFileDialog::getSaveFileName(window, tr("Export Annotations"),
            QStringLiteral("annotations.json"), tr("Annotations (*.json)"));
        QString error;
        if (!path.isEmpty() && !exportFile(path, &error))
            QMessageBox::warning(window, tr("Export Annotations"), error);
    });
}

void AnnotationController::exportImage()
{
    if (!m_view->trace())
        return;
    QString filter;
    const QString png1 = tr("PNG image (*.png)");
    const QString png2 = tr("PNG image, 2x (*.png)");
    const QString svg = tr("SVG drawing (*.svg)");
    const QString path
        = QFileDialog::getSaveFileName(m_window, tr("Export Image"), QStringLiteral("timeline.png"),
            png1 + QStringLiteral(";;") + png2 + QStringLiteral(";;") + svg, &filter);
    if (path.isEmpty())
        return;
    TimelineExportOptions o = viewOptions(m_view, m_window->session(), m_attached->annotations());
    o.scale = filter == png2 ? 2.0 : 1.0;
    TimelineExporter exporter(o);
    QString error;
    if (!exporter.save(path, &error))
        QMessageBox::warning(m_window, tr("Export Image"), error);
    else
        m_window->showStatusMessage(tr("Saved %1").arg(path));
}

void AnnotationController::addExportActions(MainWindow *window)
{
    QMenu *file = window->fileMenu();
    file->addSeparator();
    file->addAction(tr("Export &Image…"), this, [this] { exportImage(); });
    file->addAction(tr("Cop&y Image"), this, [this, window] {
        if (!m_view->trace())
            return;
        TimelineExporter exporter(
            viewOptions(m_view, window->session(), m_attached->annotations()));
        QGuiApplication::clipboard()->setImage(exporter.toImage());
        window->showStatusMessage(tr("Timeline image copied"));
    });
    file->addAction(tr("Export &Report…"), this, [window] {
        const std::shared_ptr<const Profile> profile = window->session()->profile();
        if (!profile)
            return;
        const QString dir
            = QFileDialog::getExistingDirectory(window, tr("Export Report to Folder"));
        if (dir.isEmpty())
            return;
        QStringList written;
        QString error;
        const QJsonObject report = profileReportJson(*profile, 10);
        if (!HtmlReport::write(dir, *profile, report, 10, &written, &error))
            QMessageBox::warning(window, tr("Export Report"), error);
        else
            window->showStatusMessage(tr("Report written to %1").arg(dir));
    });
}

bool AnnotationController::eventFilter(QObject *watched, QEvent *event)
{
    // The event type first, and QPointer::isNull() rather than a MainWindow* from m_window: the
    // filter also sees the events a window sends while it is destroyed, when it is no longer a
    // MainWindow (UBSan: invalid downcast).
    const QEvent::Type type = event->type();
    const bool handled = type == QEvent::MouseButtonPress || type == QEvent::MouseButtonDblClick
        || type == QEvent::KeyPress;
    if (!handled || m_attached.isNull() || m_window.isNull())
        return QObject::eventFilter(watched, event);
    const bool viewport = watched == m_attached->parentWidget();
    switch (type) {
    case QEvent::MouseButtonPress:
    case QEvent::MouseButtonDblClick: {
        if (!viewport)
            return false;
        auto *me = static_cast<QMouseEvent *>(event);
        const quint64 id = m_attached->annotationAt(me->position());
        m_selected = id;
        m_attached->setSelected(id);
        if (!id)
            return false;
        if (event->type() == QEvent::MouseButtonDblClick || me->button() == Qt::RightButton)
            editAnnotation(id, me->button() == Qt::RightButton, me->globalPosition().toPoint());
        return true;
    }
    case QEvent::KeyPress:
        if (!viewport && m_selected && static_cast<QKeyEvent *>(event)->key() == Qt::Key_Delete) {
            remove(m_selected);
            m_selected = 0;
            return true;
        }
        return false;
    default:
        return QObject::eventFilter(watched, event);
    }
}

void AnnotationController::editAnnotation(quint64 id, bool menu, QPoint globalPos)
{
    const Annotation *found = m_set.find(id);
    if (!found || !m_window)
        return;
    Annotation a = *found;
    auto editText = [&] {
        bool ok = false;
        const QString text = QInputDialog::getText(m_window, AnnotationSet::kindLabel(a.kind),
            tr("Text:"), QLineEdit::Normal, a.text, &ok);
        if (ok) {
            a.text = text;
            update(a);
        }
    };
    if (!menu) {
        editText();
        return;
    }
    QMenu popup;
    QAction *text = popup.addAction(tr("Edit Text…"));
    QAction *colour = popup.addAction(tr("Colour…"));
    QAction *del = popup.addAction(tr("Delete"));
    QAction *chosen = popup.exec(globalPos);
    if (chosen == text) {
        editText();
    } else if (chosen == colour) {
        const QColor c = QColorDialog::getColor(QColor(a.color), m_window, tr("Annotation Colour"));
        if (c.isValid()) {
            a.color = c.name();
            update(a);
        }
    } else if (chosen == del) {
        remove(id);
    }
}

} // namespace npuscope
