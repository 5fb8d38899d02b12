// The UI language: stored choice, translators, and Chinese text that renders with a CJK font.
#include "app/desktop/languagesettings.h"
#include "app/window/mainwindow.h"
#include "app/window/startpage.h"

#include <QApplication>
#include <QFontDatabase>
#include <QFontMetrics>
#include <QImage>
#include <QMenuBar>
#include <QPainter>
#include <QSettings>
#include <QStandardPaths>
#include <QTest>

#include <set>

using namespace npuscope;

namespace {

// The glyph of one character as drawn by Qt with font fallback, cropped to what was painted.
QImage renderGlyph(const QFont &font, char32_t ucs4)
{
    const QString text = QString::fromUcs4(&ucs4, 1);
    const QFontMetrics metrics(font);
    QImage image(metrics.height() * 2, metrics.height() * 2, QImage::Format_Grayscale8);
    image.fill(Qt::white);
    QPainter painter(&image);
    painter.setFont(font);
    painter.setPen(Qt::black);
    painter.drawText(image.rect(), Qt::AlignCenter, text);
    return image;
}

int inkPixels(const QImage &image)
{
    int ink = 0;
    for (int y = 0; y < image.height(); ++y) {
        const uchar *line = image.constScanLine(y);
        for (int x = 0; x < image.width(); ++x)
            ink += line[x] < 128;
    }
    return ink;
}

} // namespace

class TstLanguageSettings : public QObject {
    Q_OBJECT

private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName(QStringLiteral("npuscope-tests"));
        QCoreApplication::setApplicationName(QStringLiteral("tst_languagesettings"));
        QSettings().clear();
    }

    void cleanup()
    {
        LanguageSettings::store(QStringLiteral("en"));
        LanguageSettings::install(*qApp, QStringLiteral(NPUSCOPE_QM_DIR));
        QSettings().clear();
    }

    void choices()
    {
        QStringList codes;
        for (const LanguageSettings::Choice &choice : LanguageSettings::choices()) {
            codes << choice.code;
            QVERIFY(!choice.label.isEmpty());
        }
        QCOMPARE(codes, QStringList({ QString(), QStringLiteral("en"), QStringLiteral("zh_CN") }));
    }

    void storeAndRead_data()
    {
        QTest::addColumn<QString>("stored");
        QTest::addColumn<QString>("expected");
        QTest::newRow("system") << QString() << QString();
        QTest::newRow("english") << "en"
                                 << "en";
        QTest::newRow("chinese") << "zh_CN"
                                 << "zh_CN";
    }

    void storeAndRead()
    {
        QFETCH(QString, stored);
        QFETCH(QString, expected);
        LanguageSettings::store(stored);
        QCOMPARE(LanguageSettings::stored(), expected);
        if (expected.isEmpty())
            QCOMPARE(LanguageSettings::effectiveLocale(), QLocale::system());
        else
            QCOMPARE(LanguageSettings::effectiveLocale().name().left(2), expected.left(2));
    }

    void unknownStoredValueFollowsSystem()
    {
        QSettings().setValue(
            QStringLiteral("ui/language"), QStringLiteral("tlh")); // a newer version's
        QCOMPARE(LanguageSettings::stored(), QString());
        QCOMPARE(LanguageSettings::effectiveLocale(), QLocale::system());
    }

    void installSwitchesTranslations()
    {
        const auto file
            = []() { return QCoreApplication::translate("npuscope::MainWindow", "&File"); };
        LanguageSettings::store(QStringLiteral("zh_CN"));
        QVERIFY(LanguageSettings::install(*qApp, QStringLiteral(NPUSCOPE_QM_DIR)));
        QCOMPARE(file(), QStringLiteral("文件(&F)"));
        LanguageSettings::store(QStringLiteral("en"));
        QVERIFY(!LanguageSettings::install(*qApp, QStringLiteral(NPUSCOPE_QM_DIR)));
        QCOMPARE(file(), QStringLiteral("&File")); // the earlier translator is gone
    }

    // Chinese text in the main window is drawn with real glyphs, not boxes: every distinct CJK
    // character of the menu bar renders as a distinct, inked image (tofu boxes are all alike).
    void zhCnMainWindowRendersCjk()
    {
        if (QFontDatabase::families(QFontDatabase::SimplifiedChinese).isEmpty())
            QSKIP("no font with Simplified Chinese installed (fonts-wqy-microhei)");
        LanguageSettings::store(QStringLiteral("zh_CN"));
        QVERIFY(LanguageSettings::install(*qApp, QStringLiteral(NPUSCOPE_QM_DIR)));
        MainWindow window;
        window.resize(1280, 800);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));

        QString titles;
        for (QAction *menu : window.menuBar()->actions())
            titles += menu->text();
        QVERIFY2(titles.contains(QStringLiteral("文件")), qPrintable(titles));
        std::set<char32_t> cjk;
        for (char32_t c : titles.toUcs4())
            if (c >= 0x4E00 && c <= 0x9FFF)
                cjk.insert(c);
        QVERIFY2(cjk.size() >= 4, qPrintable(titles));

        const QFont font = window.menuBar()->font();
        std::set<QByteArray> distinct;
        for (char32_t c : cjk) {
            const QImage glyph = renderGlyph(font, c);
            QVERIFY2(inkPixels(glyph) > 10, "a CJK character drew nothing");
            distinct.insert(
                QByteArray(reinterpret_cast<const char *>(glyph.constBits()), glyph.sizeInBytes()));
        }
        QCOMPARE(distinct.size(), cjk.size());

        // Some installed family covers every character of the titles (the fallback Qt uses).
        bool covered = false;
        for (const QString &family : QFontDatabase::families(QFontDatabase::SimplifiedChinese)) {
            const QFontMetrics metrics { QFont(family) };
            covered = std::all_of(
                cjk.begin(), cjk.end(), [&](char32_t c) { return metrics.inFontUcs4(c); });
            if (covered)
                break;
        }
        QVERIFY(covered);

        // The start page too, for the screenshot a reader looks at.
        auto *start = window.findChild<StartPage *>();
        QVERIFY(start && start->isVisible());
        const QImage shot = window.grab().toImage();
        QVERIFY(shot.save(QCoreApplication::applicationDirPath()
            + QStringLiteral("/tst_languagesettings_zh_CN.png")));
    }
};

QTEST_MAIN(TstLanguageSettings)
#include "tst_languagesettings.moc"
