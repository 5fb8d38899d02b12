#include "app/commands/commandline.h"
#include "app/commands/htmlreport.h"
#include "app/reports/reportjson.h"

#include "../analysis/generatedprofile.h"
#include "treehash.h"

#include <QImage>
#include <QJsonArray>
#include <QProcess>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QTest>

using namespace npuscope;

namespace {

QString readText(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? QString::fromUtf8(f.readAll()) : QString();
}

} // namespace

class TstHtmlReport : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void documentHasEverySection();
    void htmlIsSelfContainedAndEscaped();
    void markdownTablesAndImages();
    void commandWritesReport();
    void commandRefusesProfileFolder();

private:
    std::unique_ptr<test::GeneratedProfile> m_profile;
    QJsonObject m_report;
};

void TstHtmlReport::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true); // no annotations of a real session
    m_profile = test::generate(QStringLiteral("transdata,aicpu"), 5, 2, 4000);
    QVERIFY(m_profile->ok());
    m_report = profileReportJson(*m_profile->profile, 5);
}

void TstHtmlReport::documentHasEverySection()
{
    const std::vector<ReportImage> images = HtmlReport::timelineImages(*m_profile->profile);
    QCOMPARE(images.size(), std::size_t(4)); // per rank: overview and longest step
    QCOMPARE(images[0].fileName, QStringLiteral("rank0-overview.png"));
    QVERIFY(images[1].fileName.startsWith(QStringLiteral("rank0-step-")));
    QCOMPARE(images[2].fileName, QStringLiteral("rank1-overview.png"));
    const QImage first = QImage::fromData(images[0].png, "PNG");
    QCOMPARE(first.width(), 1400);
    const ReportDocument doc(m_report, images, 5);
    QStringList headings;
    int imageBlocks = 0;
    int tables = 0;
    for (const auto &b : doc.blocks()) {
        if (b.kind == ReportDocument::Block::Kind::Heading)
            headings << b.text;
        imageBlocks += b.kind == ReportDocument::Block::Kind::Image ? 1 : 0;
        tables += b.kind == ReportDocument::Block::Kind::Table ? 1 : 0;
    }
    QCOMPARE(imageBlocks, 4);
    for (const char *h : { "Summary", "Findings", "Top kernels by duration",
             "Host frames that launched the most device time", "By Type", "Steps" })
        QVERIFY2(headings.contains(QString::fromUtf8(h))
                || std::any_of(headings.begin(), headings.end(),
                    [&](const QString &s) { return s.startsWith(QString::fromUtf8(h)); }),
            h);
    // Images of rank 1 come after rank 1's heading, not rank 0's.
    int rank1Heading = -1;
    int rank1Image = -1;
    for (int i = 0; i < static_cast<int>(doc.blocks().size()); ++i) {
        const auto &b = doc.blocks()[static_cast<std::size_t>(i)];
        if (b.kind == ReportDocument::Block::Kind::Heading && b.level == 2
            && b.text == QStringLiteral("rank 1") && rank1Heading < 0)
            rank1Heading = i;
        if (b.kind == ReportDocument::Block::Kind::Image
            && images[static_cast<std::size_t>(b.image)].fileName.startsWith(
                QStringLiteral("rank1-"))
            && rank1Image < 0)
            rank1Image = i;
    }
    QVERIFY2(rank1Heading >= 0 && rank1Image > rank1Heading, qPrintable(headings.join(u'\n')));
    // A finding planted by the generator is in the report.
    const QJsonArray findings = m_report[QStringLiteral("ranks")]
                                    .toArray()[0]
                                    .toObject()[QStringLiteral("findings")]
                                    .toArray();
    QVERIFY(!findings.isEmpty());
    const QString title = findings[0].toObject()[QStringLiteral("title")].toString();
    QVERIFY(std::any_of(
        headings.begin(), headings.end(), [&](const QString &h) { return h.contains(title); }));
    QVERIFY(tables >= 4);
}

void TstHtmlReport::htmlIsSelfContainedAndEscaped()
{
    ReportImage image { QStringLiteral("a <b> & c"), QStringLiteral("rank0-x.png"),
        QByteArray("\x89PNG") };
    QJsonObject report = m_report;
    report[QStringLiteral("path")] = QStringLiteral("/runs/<script>alert(1)</script>");
    const ReportDocument doc(report, { image }, 5);
    const QString html = HtmlReport::toHtml(doc, { image });
    QVERIFY(html.startsWith(QStringLiteral("<!DOCTYPE html>")));
    QVERIFY(!html.contains(QStringLiteral("<script>")));
    QVERIFY(html.contains(QStringLiteral("&lt;script&gt;")));
    QVERIFY(html.contains(QStringLiteral("a &lt;b&gt; &amp; c")));
    QVERIFY(html.contains(QStringLiteral("src=\"data:image/png;base64,")
        + QString::fromLatin1(QByteArray("\x89PNG").toBase64())));
    // Nothing is loaded from elsewhere: every src is a data URI, no stylesheet link.
    static const QRegularExpression src(QStringLiteral("src=\"(?!data:)"));
    QVERIFY(!src.match(html).hasMatch());
    QVERIFY(!html.contains(QStringLiteral("<link")));
}

void TstHtmlReport::markdownTablesAndImages()
{
    ReportImage image { QStringLiteral("rank 0 | overview"), QStringLiteral("rank0-overview.png"),
        QByteArray() };
    const ReportDocument doc(m_report, { image }, 5);
    const QString md = HtmlReport::toMarkdown(doc, { image });
    QVERIFY(md.startsWith(QStringLiteral("# npuscope report: ")));
    QVERIFY(md.contains(QStringLiteral("![rank 0 \\| overview](rank0-overview.png)")));
    QVERIFY(md.contains(QStringLiteral("| Rank | Kernels |")));
    QVERIFY(md.contains(QStringLiteral("| --- | ---: |")));
    QVERIFY(md.contains(QStringLiteral("### Top kernels by duration")));
}

void TstHtmlReport::commandWritesReport()
{
    QTemporaryDir out;
    const QMap<QString, QByteArray> before = test::hashTree(m_profile->dir.path());
    QProcess p;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("XDG_DATA_HOME"), out.filePath(QStringLiteral("data")));
    env.remove(QStringLiteral("DISPLAY"));
    p.setProcessEnvironment(env);
    const QString dir = out.filePath(QStringLiteral("report"));
    p.start(QStringLiteral(NPUSCOPE_BINARY),
        { QStringLiteral("report"), m_profile->dir.path(), QStringLiteral("--html"), dir });
    QVERIFY(p.waitForFinished(120000));
    QVERIFY2(p.exitCode() == kExitOk, p.readAllStandardError().constData());
    const QString html = readText(dir + QStringLiteral("/report.html"));
    const QString md = readText(dir + QStringLiteral("/report.md"));
    QVERIFY(html.contains(QStringLiteral("data:image/png;base64,")));
    QVERIFY(md.contains(QStringLiteral("](rank0-overview.png)")));
    QVERIFY(md.contains(QStringLiteral("![Rank 1: the whole timeline](rank1-overview.png)")));
    QVERIFY(!md.contains(QStringLiteral("Rank rank")));
    QVERIFY(!QImage(dir + QStringLiteral("/rank0-overview.png")).isNull());
    QVERIFY(!QImage(dir + QStringLiteral("/rank1-overview.png")).isNull());
    QCOMPARE(test::hashTree(m_profile->dir.path()), before);
}

void TstHtmlReport::commandRefusesProfileFolder()
{
    QProcess p;
    const QString inside = m_profile->dir.filePath(QStringLiteral("report"));
    p.start(QStringLiteral(NPUSCOPE_BINARY),
        { QStringLiteral("report"), m_profile->dir.path(), QStringLiteral("--html"), inside });
    QVERIFY(p.waitForFinished(120000));
    QCOMPARE(p.exitCode(), int(kExitUserError));
    QVERIFY(QString::fromUtf8(p.readAllStandardError())
                .contains(QStringLiteral("inside the profile folder")));
    QVERIFY(!QFileInfo::exists(inside));
}

QTEST_MAIN(TstHtmlReport)
#include "tst_htmlreport.moc"
