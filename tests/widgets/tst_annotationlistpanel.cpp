#include "widgets/annotations/annotationlistpanel.h"

#include <QSignalSpy>
#include <QTest>
#include <QTreeWidget>

using namespace npuscope;

class TstAnnotationListPanel : public QObject {
    Q_OBJECT

private slots:
    void listsByStartAndSignals()
    {
        std::vector<Annotation> items(3);
        items[0] = { 7, AnnotationKind::Range, QStringLiteral("slow step"),
            QStringLiteral("#4e79a7"), 0, 5'000'000, 9'000'000, {} };
        items[1] = { 3, AnnotationKind::Note, QStringLiteral("TransData here"),
            QStringLiteral("#e15759"), 1, 2'000'000, 2'000'000, {} };
        items[2] = { 9, AnnotationKind::Arrow, QString(), QStringLiteral("#59a14f"), -1, 4'000'000,
            4'500'000, {} };
        AnnotationListPanel panel;
        panel.setAnnotations(items, 1'000'000);
        QTreeWidget *tree = panel.tree();
        QCOMPARE(tree->topLevelItemCount(), 3);
        // Sorted by start, times relative to the origin, lengths only for spans.
        QCOMPARE(tree->topLevelItem(0)->text(0), QStringLiteral("TransData here"));
        QCOMPARE(tree->topLevelItem(0)->text(1), AnnotationSet::kindLabel(AnnotationKind::Note));
        QCOMPARE(tree->topLevelItem(0)->text(2), QStringLiteral("1"));
        QVERIFY(tree->topLevelItem(0)->text(4).isEmpty());
        QVERIFY(tree->topLevelItem(1)->text(0) != QString()); // "(no text)"
        QCOMPARE(tree->topLevelItem(2)->text(0), QStringLiteral("slow step"));
        QVERIFY(!tree->topLevelItem(2)->text(4).isEmpty());

        QSignalSpy go(&panel, &AnnotationListPanel::goToRequested);
        emit tree->itemActivated(tree->topLevelItem(2), 0);
        QCOMPARE(go.count(), 1);
        QCOMPARE(go.at(0).at(0).toULongLong(), quint64(7));

        QSignalSpy removed(&panel, &AnnotationListPanel::removeRequested);
        tree->topLevelItem(0)->setSelected(true);
        tree->topLevelItem(1)->setSelected(true);
        QTest::keyClick(&panel, Qt::Key_Delete);
        QCOMPARE(removed.count(), 2);
        QSet<quint64> ids { removed.at(0).at(0).toULongLong(), removed.at(1).at(0).toULongLong() };
        QCOMPARE(ids, (QSet<quint64> { 3, 9 }));

        // The current row survives a refresh.
        tree->setCurrentItem(tree->topLevelItem(2));
        panel.setAnnotations(items, 0);
        QCOMPARE(tree->currentItem()->text(0), QStringLiteral("slow step"));
    }
};

QTEST_MAIN(TstAnnotationListPanel)
#include "tst_annotationlistpanel.moc"
