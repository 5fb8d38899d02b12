#include "app/commandline.h"
#include "app/mainwindow.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QCoreApplication>
#include <QGuiApplication>
#include <QIcon>
#include <QLibraryInfo>
#include <QLocale>
#include <QMessageBox>
#include <QTextStream>
#include <QTranslator>

using namespace npuscope;

namespace {

void setIdentity()
{
    QCoreApplication::setOrganizationName(QStringLiteral("npuscope"));
    QCoreApplication::setApplicationName(QStringLiteral("npuscope"));
    QCoreApplication::setApplicationVersion(QStringLiteral(NPUSCOPE_VERSION));
}

// Translations follow the system language (LANGUAGE / LC_ALL / LANG); npuscope's own strings come
// from :/i18n, Qt's dialogs from the system's qtbase translations when installed.
void installTranslators(QCoreApplication &app)
{
    static QTranslator own;
    static QTranslator qt;
    const QLocale locale;
    if (own.load(locale, QStringLiteral("npuscope"), QStringLiteral("_"), QStringLiteral(":/i18n")))
        app.installTranslator(&own);
    if (qt.load(locale, QStringLiteral("qtbase"), QStringLiteral("_"), QLibraryInfo::path(QLibraryInfo::TranslationsPath)))
        app.installTranslator(&qt);
}

int runGui(int argc, char **argv)
{
    QApplication app(argc, argv);
    setIdentity();
    installTranslators(app);
    QApplication::setWindowIcon(QIcon(QStringLiteral(":/npuscope/icons/npuscope.svg")));
    QCommandLineParser parser;
    parser.setApplicationDescription(QCoreApplication::translate("main",
        "Viewer and analyser for Ascend (torch_npu) and Kineto training profiles.\n"
        "Headless: npuscope report|generate ... (see npuscope report --help)."));
    parser.addHelpOption();
    parser.addVersionOption();
    parser.addOption({ QStringLiteral("demo"), QCoreApplication::translate("main", "Open the built-in demo profile.") });
    parser.addPositionalArgument(QStringLiteral("PATH"), QCoreApplication::translate("main", "Profile folder or file to open."));
    parser.process(app);

    MainWindow window;
    window.show();
    if (parser.isSet(QStringLiteral("demo"))) {
        QString error;
        const QString demo = ensureDemoProfile(&error);
        if (demo.isEmpty())
            QMessageBox::critical(&window, QCoreApplication::translate("main", "Demo profile"),
                                  QCoreApplication::translate("main", "Cannot write the demo profile: %1").arg(error));
        else
            window.openPath(demo);
    } else if (!parser.positionalArguments().isEmpty()) {
        window.openPath(parser.positionalArguments().constFirst());
    }
    return app.exec();
}

} // namespace

int main(int argc, char **argv)
{
    QStringList arguments;
    for (int i = 0; i < argc; ++i)
        arguments << QString::fromLocal8Bit(argv[i]);
    if (isHeadlessCommand(arguments) && headlessCommandPaints(arguments)) {
        // Fonts need a QGuiApplication; the offscreen platform needs no display (and ignores
        // a QT_QPA_PLATFORM meant for the GUI).
        qputenv("QT_QPA_PLATFORM", "offscreen");
        QGuiApplication app(argc, argv);
        setIdentity();
        installTranslators(app);
        return runHeadless(arguments);
    }
    if (isHeadlessCommand(arguments)) {
        QCoreApplication app(argc, argv);
        setIdentity();
        installTranslators(app);
        return runHeadless(arguments);
    }
    return runGui(argc, argv);
}
