#include "app/commands/commandline.h"
#include "app/commands/usage.h"
#include "app/desktop/languagesettings.h"
#include "app/desktop/profilepath.h"
#include "app/desktop/singleinstance.h"
#include "app/window/mainwindow.h"
#include "app/window/windowlauncher.h"

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

// Translations follow the system language (LANGUAGE / LC_ALL / LANG) unless one was chosen in
// Settings; npuscope's own strings come from :/i18n, Qt's dialogs from the system's qtbase
// translations when installed.
void installTranslators(QCoreApplication &app) { LanguageSettings::install(app); }

// The GUI's command line; help and version are answered without a display too (main()).
void describeOptions(QCommandLineParser &parser)
{
    parser.setApplicationDescription(Usage::description());
    parser.addHelpOption();
    parser.addVersionOption();
    parser.addOption({ QStringLiteral("demo"),
        QCoreApplication::translate("main", "Open the built-in demo profile.") });
    parser.addOption({ QStringLiteral("all-ranks"),
        QCoreApplication::translate(
            "main", "Open every rank of the run a rank folder or file belongs to.") });
    parser.addOption({ QStringLiteral("new-instance"),
        QCoreApplication::translate(
            "main", "Do not hand the paths to an npuscope that is already running.") });
    parser.addPositionalArgument(QStringLiteral("PATH"),
        QCoreApplication::translate(
            "main", "Profile folders or files to open, each in its own window."),
        QStringLiteral("[PATH...]"));
}

// -h, --help, -v, --version: answered by a QCoreApplication, so that they work over ssh and in
// scripts where no display is (a QApplication there aborts in the platform plugin).
bool asksHelpOrVersion(const QStringList &arguments)
{
    for (const QString &a : arguments.mid(1)) {
        if (a == QLatin1String("-h") || a == QLatin1String("--help") || a == QLatin1String("-?")
            || a == QLatin1String("-v") || a == QLatin1String("--version"))
            return true;
    }
    return false;
}

// Whether a window can be shown: on Linux a display (X11 or Wayland) or a chosen Qt platform.
bool hasDisplay()
{
#if defined(Q_OS_LINUX)
    return qEnvironmentVariableIsSet("DISPLAY") || qEnvironmentVariableIsSet("WAYLAND_DISPLAY")
        || qEnvironmentVariableIsSet("QT_QPA_PLATFORM");
#else
    return true;
#endif
}

int runGui(int argc, char **argv)
{
    QApplication app(argc, argv);
    setIdentity();
    installTranslators(app);
    QApplication::setWindowIcon(QIcon(QStringLiteral(":/npuscope/icons/npuscope.svg")));
    QCommandLineParser parser;
    describeOptions(parser);
    parser.process(app);

    // A file from inside a profile (a double-click in the file manager) opens the whole profile.
    const QStringList paths = ProfilePath::resolve(
        parser.positionalArguments(), parser.isSet(QStringLiteral("all-ranks")));
    const bool demo = parser.isSet(QStringLiteral("demo"));
    SingleInstance instance;
    if (!paths.isEmpty() && !demo && !parser.isSet(QStringLiteral("new-instance"))
        && instance.forward(paths))
        return 0; // the running npuscope opens them in new windows
    WindowLauncher windows;
    instance.listen();
    QObject::connect(&instance, &SingleInstance::pathsReceived, &windows, &WindowLauncher::open);

    if (demo) {
        MainWindow *window = windows.newWindow();
        QString error;
        const QString demoPath = ensureDemoProfile(&error);
        if (demoPath.isEmpty())
            QMessageBox::critical(window, QCoreApplication::translate("main", "Demo profile"),
                QCoreApplication::translate("main", "Cannot write the demo profile: %1")
                    .arg(error));
        else
            window->openPath(demoPath);
    } else {
        windows.open(paths);
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
    if (asksHelpOrVersion(arguments) || !hasDisplay()) {
        QCoreApplication app(argc, argv);
        setIdentity();
        installTranslators(app);
        QCommandLineParser parser;
        describeOptions(parser);
        parser.process(app); // prints help or version and exits, or fails on a wrong option
        QTextStream(stderr) << QCoreApplication::translate("main",
            "npuscope: there is no display to open a window on (neither DISPLAY nor "
            "WAYLAND_DISPLAY is set).\nRun it in a desktop session, under xvfb-run, or use a "
            "headless command: npuscope report|compare|export|generate (see npuscope --help).\n");
        return 2;
    }
    return runGui(argc, argv);
}
