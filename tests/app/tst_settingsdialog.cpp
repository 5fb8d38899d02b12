#include "app/desktop/languagesettings.h"
#include "app/desktop/settingsdialog.h"

#include <QComboBox>
#include <QCoreApplication>
#include <QLabel>
#include <QSettings>
#include <QStandardPaths>
#include <QTest>

using namespace npuscope;

class TstSettingsDialog : public QObject {
    Q_OBJECT

private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName(QStringLiteral("npuscope-tests"));
        QCoreApplication::setApplicationName(QStringLiteral("tst_settingsdialog"));
    }

    void init() { QSettings().clear(); }

    void showsStoredChoice()
    {
        LanguageSettings::store(QStringLiteral("zh_CN"));
        SettingsDialog dialog;
        QCOMPARE(dialog.languageCombo()->count(), LanguageSettings::choices().size());
        QCOMPARE(dialog.languageCombo()->currentData().toString(), QStringLiteral("zh_CN"));
        QCOMPARE(dialog.languageCombo()->currentText(), QStringLiteral("简体中文"));
    }

    void acceptStores()
    {
        SettingsDialog dialog;
        QCOMPARE(dialog.languageCombo()->currentData().toString(), QString()); // system by default
        dialog.languageCombo()->setCurrentIndex(
            dialog.languageCombo()->findData(QStringLiteral("zh_CN")));
        dialog.accept();
        QCOMPARE(dialog.result(), int(QDialog::Accepted));
        QCOMPARE(LanguageSettings::stored(), QStringLiteral("zh_CN"));

        SettingsDialog again; // back to the system language removes the key
        again.languageCombo()->setCurrentIndex(0);
        again.accept();
        QCOMPARE(LanguageSettings::stored(), QString());
        QVERIFY(!QSettings().contains(QStringLiteral("ui/language")));
    }

    void cancelKeeps()
    {
        LanguageSettings::store(QStringLiteral("en"));
        SettingsDialog dialog;
        dialog.languageCombo()->setCurrentIndex(
            dialog.languageCombo()->findData(QStringLiteral("zh_CN")));
        dialog.reject();
        QCOMPARE(LanguageSettings::stored(), QStringLiteral("en"));
    }

    void restartNoteOnlyWhenChanged()
    {
        SettingsDialog dialog;
        dialog.show();
        QVERIFY(QTest::qWaitForWindowExposed(&dialog));
        QLabel *restart = nullptr;
        for (QLabel *label : dialog.findChildren<QLabel *>())
            if (label->text().contains(QLatin1String("next time")))
                restart = label;
        QVERIFY(restart);
        QVERIFY(!restart->isVisible());
        dialog.languageCombo()->setCurrentIndex(
            dialog.languageCombo()->findData(QStringLiteral("en")));
        QVERIFY(restart->isVisible());
        dialog.languageCombo()->setCurrentIndex(0);
        QVERIFY(!restart->isVisible());
    }
};

QTEST_MAIN(TstSettingsDialog)
#include "tst_settingsdialog.moc"
