#include "app/desktop/languagesettings.h"

#include <QDir>
#include <QLibraryInfo>
#include <QSettings>
#include <QTranslator>

namespace npuscope {

namespace {

    const char kSettingsKey[] = "ui/language";

    QTranslator &ownTranslator()
    {
        static QTranslator translator;
        return translator;
    }

    QTranslator &qtTranslator()
    {
        static QTranslator translator;
        return translator;
    }

} // namespace

QList<LanguageSettings::Choice> LanguageSettings::choices()
{
    return {
        { QString(), tr("System language") },
        { QStringLiteral("en"), QStringLiteral("English") },
        { QStringLiteral("zh_CN"), QStringLiteral("简体中文") },
    };
}

QString LanguageSettings::stored()
{
    const QString code = QSettings().value(QLatin1String(kSettingsKey)).toString();
    for (const Choice &choice : choices())
        if (choice.code == code)
            return code;
    return QString(); // an unknown value (a newer version's language) falls back to the system
}

void LanguageSettings::store(const QString &code)
{
    QSettings settings;
    if (code.isEmpty())
        settings.remove(QLatin1String(kSettingsKey));
    else
        settings.setValue(QLatin1String(kSettingsKey), code);
}

QLocale LanguageSettings::effectiveLocale()
{
    const QString code = stored();
    return code.isEmpty() ? QLocale::system() : QLocale(code);
}

QString LanguageSettings::installedTranslationsDir()
{
    return QDir(QCoreApplication::applicationDirPath())
        .filePath(QStringLiteral("../share/npuscope/translations"));
}

bool LanguageSettings::install(QCoreApplication &app, const QString &firstDir)
{
    QCoreApplication::removeTranslator(&ownTranslator());
    QCoreApplication::removeTranslator(&qtTranslator());
    // English is the source language. Loading by locale would otherwise fall back to another
    // entry of the system's language list (LANGUAGE=zh_CN:en) when English was chosen.
    if (stored() == QLatin1String("en"))
        return false;
    const QLocale locale = effectiveLocale();
    const QString name = QStringLiteral("npuscope");
    const QString sep = QStringLiteral("_");
    const bool own = (!firstDir.isEmpty() && ownTranslator().load(locale, name, sep, firstDir))
        || ownTranslator().load(locale, name, sep, installedTranslationsDir())
        || ownTranslator().load(locale, name, sep, QStringLiteral(":/i18n"));
    if (own)
        app.installTranslator(&ownTranslator());
    if (qtTranslator().load(locale, QStringLiteral("qtbase"), sep,
            QLibraryInfo::path(QLibraryInfo::TranslationsPath)))
        app.installTranslator(&qtTranslator());
    return own;
}

} // namespace npuscope
