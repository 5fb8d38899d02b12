#include "app/desktop/aboutdialog.h"
#include "model/trace/traceparser.h"

#include <QApplication>
#include <QClipboard>
#include <QDialogButtonBox>
#include <QLabel>
#include <QPushButton>
#include <QRegularExpression>
#include <QTest>
#include <QTreeWidget>

using namespace npuscope;

class TstAboutDialog : public QObject {
    Q_OBJECT

private slots:
    void versionReport()
    {
        const QString report = AboutDialog::versionReport();
        QVERIFY2(
            report.contains(QStringLiteral("npuscope: " NPUSCOPE_VERSION)), qPrintable(report));
        QVERIFY2(report.contains(QStringLiteral("Qt: %1").arg(QLatin1String(qVersion()))),
            qPrintable(report));
        // simdjson's version comes from CMake's find_package: a number, not the fallback.
        QVERIFY2(
            QRegularExpression(QStringLiteral("simdjson: \\d+\\.\\d+")).match(report).hasMatch(),
            qPrintable(report));
        QVERIFY(report.contains(QLatin1String(TraceSpanParser::simdLevel())));
        QVERIFY2(!report.contains(QLatin1String("unknown")), qPrintable(report));
        QCOMPARE(report.split(u'\n').size(), 5);
    }

    void licences()
    {
        const auto list = AboutDialog::licences();
        QVERIFY(list.size() >= 4);
        QCOMPARE(list.constFirst().first, QStringLiteral("npuscope"));
        for (const auto &[component, licence] : list)
            QVERIFY2(
                !licence.isEmpty() && licence != QLatin1String("unknown"), qPrintable(component));
    }

    void dialog()
    {
        AboutDialog dialog;
        dialog.show();
        QVERIFY(QTest::qWaitForWindowExposed(&dialog));
        auto *versions = dialog.findChild<QLabel *>(QStringLiteral("versions"));
        QVERIFY(versions);
        QCOMPARE(versions->text(), AboutDialog::versionReport());
        auto *licenceList = dialog.findChild<QTreeWidget *>(QStringLiteral("licences"));
        QVERIFY(licenceList);
        QCOMPARE(licenceList->topLevelItemCount(), AboutDialog::licences().size());

        QPushButton *copy = nullptr;
        for (QPushButton *button : dialog.findChildren<QPushButton *>())
            if (button->text().contains(QLatin1String("Copy")))
                copy = button;
        QVERIFY(copy);
        QApplication::clipboard()->clear();
        copy->click();
        QCOMPARE(QApplication::clipboard()->text(), AboutDialog::versionReport());
        QVERIFY(dialog.grab().save(
            QCoreApplication::applicationDirPath() + QStringLiteral("/tst_aboutdialog.png")));
    }
};

QTEST_MAIN(TstAboutDialog)
#include "tst_aboutdialog.moc"
