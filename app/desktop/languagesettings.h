#pragma once

#include <QCoreApplication>
#include <QList>
#include <QLocale>
#include <QString>

namespace npuscope {

// The user interface language: the system's, or one chosen in Settings (stored in QSettings).
// Translators are installed once at start: the windows build their texts in their constructors,
// so a new choice applies at the next start.
class LanguageSettings {
    Q_DECLARE_TR_FUNCTIONS(npuscope::LanguageSettings)

public:
    struct Choice {
        QString code; // empty: follow the system
        QString label; // in its own language, so that a user lost in a foreign UI finds theirs
    };

    static QList<Choice> choices();

    static QString stored(); // "" (system), "en" or "zh_CN"
    static void store(const QString &code);

    // The locale whose translations the UI uses: the stored choice, or the system's.
    static QLocale effectiveLocale();

    // Installs npuscope's own and Qt's translators for effectiveLocale() into `app`, replacing
    // translators installed by an earlier call. Returns true when npuscope's own translation was
    // found (English needs none and returns false). `firstDir`, when given, is searched before
    // the installed and the embedded translations (tests use the build's .qm files).
    static bool install(QCoreApplication &app, const QString &firstDir = QString());

    // Where installed .qm files are looked up before the ones embedded in the executable, so that
    // a distribution can ship updated translations.
    static QString installedTranslationsDir();
};

} // namespace npuscope
