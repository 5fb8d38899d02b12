#pragma once

#include "model/annotations/annotations.h"
#include "model/annotations/annotationstore.h"

#include <QObject>
#include <QPoint>
#include <QPointer>

class QUndoStack;

namespace npuscope {

class AnnotationOverlay;
class FindingsPanel;
class MainWindow;
class TimelineView;

// The annotations of the open profile: every change is an undoable command (QUndoStack; Ctrl+Z,
// Ctrl+Shift+Z) and is saved at once to npuscope's data directory (AnnotationStore), so that
// they come back when the profile is opened again. attach() puts them on a main window's
// timeline (an overlay; new annotations start from its selection), with the Annotations menu
// and dock and File > Export Image / Copy Image / Export Report; a finding selected in
// `findings` can be marked.
class AnnotationController : public QObject {
    Q_OBJECT

public:
    // `dataDir` empty: QStandardPaths::AppDataLocation (tests pass a temporary folder).
    explicit AnnotationController(QObject *parent = nullptr, const QString &dataDir = {});
    ~AnnotationController() override;

    void attach(MainWindow *window, TimelineView *view, const FindingsPanel *findings);

    // Shows the annotations saved for a profile (empty path: none); the undo history restarts.
    void setProfile(const QString &path);
    QString profilePath() const { return m_profilePath; }
    const AnnotationSet &annotations() const { return m_set; }
    QUndoStack *undoStack() const { return m_undo; }

    quint64 add(const Annotation &a); // returns its id
    bool update(const Annotation &a); // by id
    bool remove(quint64 id);
    // Adds the annotations of a shared file (new ids); one undo step.
    bool importFile(const QString &path, QString *error);
    bool exportFile(const QString &path, QString *error) const;

    QString lastError() const { return m_lastError; } // of the last automatic save or load

signals:
    void changed();
    void problem(const QString &message); // a save or load that failed, for the status bar

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    friend class AnnotationSnapshotCommand;
    void editAnnotation(quint64 id, bool menu, QPoint globalPos);
    void attachList(MainWindow *window); // the Annotations dock: list, go there, delete
    void addAnnotationMenu(MainWindow *window); // Tools > Annotations
    void addExportActions(MainWindow *window); // File > Export Image, Copy Image, Export Report
    int shownRank() const; // the attached window's rank, -1 without one
    Annotation draft(AnnotationKind kind) const;
    void addWithText(AnnotationKind kind);
    void annotateFinding();
    void exportImage();
    void apply(const AnnotationSet &set); // from the undo stack: show and save
    void push(const AnnotationSet &after, const QString &text);
    void save();

    AnnotationStore m_store;
    AnnotationSet m_set;
    QString m_profilePath;
    QUndoStack *m_undo;
    QString m_lastError;
    QPointer<AnnotationOverlay> m_attached; // the overlay of the attached window
    QPointer<MainWindow> m_window;
    QPointer<TimelineView> m_view; // the timeline of the attached window
    QPointer<const FindingsPanel> m_findings;
    quint64 m_selected = 0;
};

} // namespace npuscope
