#include "app/window/annotationcontroller.h"
#include "app/window/mainwindow.h"
#include "widgets/annotations/annotationlistpanel.h"
#include "widgets/annotations/annotationoverlay.h"
#include "widgets/timeline/timelineview.h"

#include <QDockWidget>
#include <QMenu>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QTreeWidget>
#include <QUndoStack>

using namespace npuscope;

class TstAnnotationController : public QObject {
    Q_OBJECT
private slots:
    void undoRedo();
    void savedAndRestoredPerProfile();
    void importAddsWithNewIds();
    void damagedFileIsKept();
    void attachAddsMenusAndOverlay();
};

namespace {

Annotation note(const QString &text, TimeNs t)
{
    Annotation a;
    a.text = text;
    a.start = a.end = t;
    return a;
}

} // namespace

void TstAnnotationController::undoRedo()
{
    QTemporaryDir data;
    AnnotationController c(nullptr, data.path());
    c.setProfile(QStringLiteral("/runs/a"));
    QSignalSpy changed(&c, &AnnotationController::changed);
    const quint64 first = c.add(note(QStringLiteral("one"), 10));
    const quint64 second = c.add(note(QStringLiteral("two"), 20));
    QCOMPARE(c.annotations().items.size(), std::size_t(2));
    Annotation edited = *c.annotations().find(first);
    edited.text = QStringLiteral("one, edited");
    edited.color = QStringLiteral("#00ff00");
    QVERIFY(c.update(edited));
    QVERIFY(!c.update(edited)); // no change, no undo step
    QVERIFY(c.remove(second));
    QCOMPARE(c.undoStack()->count(), 4);
    QCOMPARE(c.undoStack()->undoText(), QStringLiteral("Delete Note"));
    QCOMPARE(changed.count(), 4);

    c.undoStack()->undo(); // the delete
    QVERIFY(c.annotations().find(second));
    c.undoStack()->undo(); // the edit
    QCOMPARE(c.annotations().find(first)->text, QStringLiteral("one"));
    c.undoStack()->redo();
    QCOMPARE(c.annotations().find(first)->text, QStringLiteral("one, edited"));
    QCOMPARE(c.annotations().find(first)->color, QStringLiteral("#00ff00"));
    c.undoStack()->undo();
    c.undoStack()->undo();
    c.undoStack()->undo();
    QVERIFY(c.annotations().isEmpty());
    c.undoStack()->redo();
    QCOMPARE(c.annotations().items.size(), std::size_t(1));
    QCOMPARE(c.annotations().items[0].id, first);
}

void TstAnnotationController::savedAndRestoredPerProfile()
{
    QTemporaryDir data;
    QTemporaryDir profiles;
    const QString a = profiles.filePath(QStringLiteral("a"));
    const QString b = profiles.filePath(QStringLiteral("b"));
    QDir().mkpath(a);
    QDir().mkpath(b);
    {
        AnnotationController c(nullptr, data.path());
        c.setProfile(a);
        c.add(note(QStringLiteral("kept"), 5));
        c.add(note(QStringLiteral("undone"), 6));
        c.undoStack()->undo(); // the saved file follows undo too
        c.setProfile(b);
        QVERIFY(c.annotations().isEmpty());
        QCOMPARE(c.undoStack()->count(), 0); // the history belongs to a profile
        c.add(note(QStringLiteral("of b"), 7));
    }
    // Reopened (a new session): each profile gets its own back.
    AnnotationController c(nullptr, data.path());
    c.setProfile(a);
    QCOMPARE(c.annotations().items.size(), std::size_t(1));
    QCOMPARE(c.annotations().items[0].text, QStringLiteral("kept"));
    c.setProfile(b + QStringLiteral("/"));
    QCOMPARE(c.annotations().items.size(), std::size_t(1));
    QCOMPARE(c.annotations().items[0].text, QStringLiteral("of b"));
    // Nothing was written into the profile folders.
    QVERIFY(QDir(a).isEmpty(QDir::AllEntries | QDir::NoDotAndDotDot | QDir::Hidden));
    QVERIFY(QDir(b).isEmpty(QDir::AllEntries | QDir::NoDotAndDotDot | QDir::Hidden));
}

void TstAnnotationController::importAddsWithNewIds()
{
    QTemporaryDir data;
    AnnotationController c(nullptr, data.path());
    c.setProfile(QStringLiteral("/runs/a"));
    c.add(note(QStringLiteral("mine"), 1));
    QString error;
    const QString shared = data.filePath(QStringLiteral("shared.json"));
    QVERIFY(c.exportFile(shared, &error));
    QVERIFY2(c.importFile(shared, &error), qPrintable(error));
    QCOMPARE(c.annotations().items.size(), std::size_t(2));
    QVERIFY(c.annotations().items[0].id != c.annotations().items[1].id);
    c.undoStack()->undo(); // one step
    QCOMPARE(c.annotations().items.size(), std::size_t(1));
    QVERIFY(!c.importFile(data.filePath(QStringLiteral("missing.json")), &error));
    QVERIFY(error.contains(QStringLiteral("missing.json")));
}

void TstAnnotationController::damagedFileIsKept()
{
    QTemporaryDir data;
    const AnnotationStore store(data.path());
    QDir().mkpath(data.filePath(QStringLiteral("annotations")));
    QFile f(store.fileFor(QStringLiteral("/runs/a")));
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write("{ not json");
    f.close();
    AnnotationController c(nullptr, data.path());
    QSignalSpy problems(&c, &AnnotationController::problem);
    c.setProfile(QStringLiteral("/runs/a"));
    QCOMPARE(problems.count(), 1);
    QVERIFY(c.lastError().contains(QStringLiteral("line 1")));
    c.add(note(QStringLiteral("new"), 1)); // shown, but not saved over the damaged file
    QVERIFY(f.open(QIODevice::ReadOnly));
    QCOMPARE(f.readAll(), QByteArray("{ not json"));
}

void TstAnnotationController::attachAddsMenusAndOverlay()
{
    MainWindow window;
    const auto controllers = window.findChildren<AnnotationController *>();
    QCOMPARE(controllers.size(), 1);
    QVERIFY(window.timelineView()->viewport()->findChild<AnnotationOverlay *>());
    QStringList tools;
    for (QAction *a : window.toolsMenu()->actions())
        tools << a->text();
    QVERIFY2(tools.contains(QStringLiteral("&Annotations")), qPrintable(tools.join(u',')));
    QStringList file;
    for (QAction *a : window.fileMenu()->actions())
        file << a->text();
    QVERIFY(file.contains(QStringLiteral("Export &Image…")));
    QVERIFY(file.contains(QStringLiteral("Cop&y Image")));
    QVERIFY(file.contains(QStringLiteral("Export &Report…")));
    // The Annotations dock lists what the controller holds.
    auto *dock = window.findChild<QDockWidget *>(QStringLiteral("AnnotationsDock"));
    QVERIFY(dock);
    auto *list = dock->findChild<AnnotationListPanel *>();
    QVERIFY(list);
    Annotation note;
    note.text = QStringLiteral("look here");
    note.start = note.end = 1'000;
    controllers.front()->add(note);
    QCOMPARE(list->tree()->topLevelItemCount(), 1);
    QCOMPARE(list->tree()->topLevelItem(0)->text(0), QStringLiteral("look here"));
}

QTEST_MAIN(TstAnnotationController)
#include "tst_annotationcontroller.moc"
