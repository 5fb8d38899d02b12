#include "app/commands/htmlreport.h"

#include "analysis/timeline/stepbreakdown.h"
#include "app/commands/exportcommand.h"
#include "app/reports/comparedocument.h"
#include "app/reports/profilesteps.h"
#include "model/annotations/annotationstore.h"
#include "model/profile/profile.h"
#include "widgets/timeline/timelineexporter.h"

#include <QBuffer>
#include <QDir>
#include <QFileInfo>
#include <QImageWriter>
#include <QSaveFile>

#include <algorithm>

namespace npuscope {

namespace {

    constexpr int kImageWidth = 1400; // readable on a laptop, not too heavy to embed
    constexpr int kImageMaxHeight = 2400; // deep host stacks are cut, the device stays in view

    const char *kStyle
        = R"(body{font-family:system-ui,-apple-system,"Segoe UI",sans-serif;margin:2em auto;max-width:1450px;color:#202020;padding:0 1em}
h1{font-size:1.5em}h2{border-bottom:1px solid #ddd;padding-bottom:.2em;margin-top:2em}
table{border-collapse:collapse;margin:.5em 0 1.2em}th,td{border:1px solid #ddd;padding:.25em .6em;font-size:.9em}
th{background:#f4f4f4}td.n{text-align:right;font-variant-numeric:tabular-nums}
figure{margin:1em 0}figure img{max-width:100%;border:1px solid #ccc}figcaption{color:#555;font-size:.9em}
pre{background:#f6f6f6;padding:.6em;overflow:auto}h4.critical{color:#b00020}h4.warning{color:#a05a00}h4.info{color:#33658a})";

    QString esc(const QString &s) { return s.toHtmlEscaped(); }

    // Markdown table cells cannot hold a pipe or a line break.
    QString cell(QString s)
    {
        s.replace(QLatin1Char('|'), QStringLiteral("\\|"));
        s.replace(QLatin1Char('\n'), QLatin1Char(' '));
        return s;
    }

    bool writeFile(const QString &path, const QByteArray &data, QString *error)
    {
        QSaveFile f(path);
        if (!f.open(QIODevice::WriteOnly) || f.write(data) != data.size() || !f.commit()) {
            *error = QStringLiteral("%1: %2").arg(QDir::toNativeSeparators(path), f.errorString());
            return false;
        }
        return true;
    }

    QByteArray png(TimelineExporter &exporter)
    {
        QByteArray bytes;
        QBuffer buffer(&bytes);
        buffer.open(QIODevice::WriteOnly);
        QImageWriter(&buffer, "png").write(exporter.toImage());
        return bytes;
    }

    bool isInside(const QString &dir, const QString &folder)
    {
        const QString d = QFileInfo(dir).absoluteFilePath() + QLatin1Char('/');
        const QString f = QFileInfo(folder).absoluteFilePath() + QLatin1Char('/');
        return d.startsWith(f);
    }

} // namespace

QString HtmlReport::toHtml(const ReportDocument &doc, const std::vector<ReportImage> &images)
{
    QString out = QStringLiteral("<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\">\n<title>")
        + esc(doc.title()) + QStringLiteral("</title>\n<style>") + QString::fromUtf8(kStyle)
        + QStringLiteral("</style></head>\n<body>\n");
    for (const ReportDocument::Block &b : doc.blocks()) {
        using Kind = ReportDocument::Block::Kind;
        switch (b.kind) {
        case Kind::Heading:
            out += QStringLiteral("<h%1%2>%3</h%1>\n")
                       .arg(b.level)
                       .arg(b.css.isEmpty() ? QString()
                                            : QStringLiteral(" class=\"%1\"").arg(esc(b.css)),
                           esc(b.text));
            break;
        case Kind::Paragraph:
            out += QStringLiteral("<p>") + esc(b.text) + QStringLiteral("</p>\n");
            break;
        case Kind::List:
            out += QStringLiteral("<ul>\n");
            for (const QString &item : b.items)
                out += QStringLiteral("<li>") + esc(item) + QStringLiteral("</li>\n");
            out += QStringLiteral("</ul>\n");
            break;
        case Kind::Table:
            out += QStringLiteral("<table>\n<tr>");
            for (const QString &h : b.items)
                out += QStringLiteral("<th>") + esc(h) + QStringLiteral("</th>");
            out += QStringLiteral("</tr>\n");
            for (const QStringList &row : b.rows) {
                out += QStringLiteral("<tr>");
                for (qsizetype c = 0; c < row.size(); ++c)
                    out += (b.numeric.value(c) ? QStringLiteral("<td class=\"n\">")
                                               : QStringLiteral("<td>"))
                        + esc(row[c]) + QStringLiteral("</td>");
                out += QStringLiteral("</tr>\n");
            }
            out += QStringLiteral("</table>\n");
            break;
        case Kind::Image: {
            const ReportImage &image = images[static_cast<std::size_t>(b.image)];
            out += QStringLiteral("<figure><img alt=\"%1\" src=\"data:image/png;base64,%2\">"
                                  "<figcaption>%1</figcaption></figure>\n")
                       .arg(esc(image.title), QString::fromLatin1(image.png.toBase64()));
            break;
        }
        case Kind::Code:
            out += QStringLiteral("<pre>") + esc(b.text) + QStringLiteral("</pre>\n");
            break;
        }
    }
    return out + QStringLiteral("</body></html>\n");
}

QString HtmlReport::toMarkdown(const ReportDocument &doc, const std::vector<ReportImage> &images)
{
    QString out;
    for (const ReportDocument::Block &b : doc.blocks()) {
        using Kind = ReportDocument::Block::Kind;
        switch (b.kind) {
        case Kind::Heading:
            out += QString(b.level, QLatin1Char('#')) + QLatin1Char(' ') + b.text
                + QStringLiteral("\n\n");
            break;
        case Kind::Paragraph:
            out += b.text + QStringLiteral("\n\n");
            break;
        case Kind::List:
            for (const QString &item : b.items)
                out += QStringLiteral("- ") + item + QLatin1Char('\n');
            out += QLatin1Char('\n');
            break;
        case Kind::Table: {
            QStringList header;
            QStringList rule;
            for (qsizetype c = 0; c < b.items.size(); ++c) {
                header << cell(b.items[c]);
                rule << (b.numeric.value(c) ? QStringLiteral("---:") : QStringLiteral("---"));
            }
            out += QStringLiteral("| ") + header.join(QStringLiteral(" | "))
                + QStringLiteral(" |\n| ") + rule.join(QStringLiteral(" | "))
                + QStringLiteral(" |\n");
            for (const QStringList &row : b.rows) {
                QStringList cells;
                for (const QString &c : row)
                    cells << cell(c);
                out += QStringLiteral("| ") + cells.join(QStringLiteral(" | "))
                    + QStringLiteral(" |\n");
            }
            out += QLatin1Char('\n');
            break;
        }
        case Kind::Image: {
            const ReportImage &image = images[static_cast<std::size_t>(b.image)];
            out += QStringLiteral("![%1](%2)\n\n").arg(cell(image.title), image.fileName);
            break;
        }
        case Kind::Code:
            out += QStringLiteral("```\n") + b.text + QStringLiteral("\n```\n\n");
            break;
        }
    }
    return out;
}

std::vector<ReportImage> HtmlReport::timelineImages(const Profile &profile)
{
    std::vector<ReportImage> images;
    AnnotationSet saved;
    AnnotationStore().load(profile.path, &saved); // a damaged file only costs the annotations
    int ranks = 0;
    for (const auto &rank : profile.ranks) {
        if (!rank->trace || ranks++ >= kMaxRanks)
            continue;
        std::vector<Annotation> annotations;
        for (const Annotation &a : saved.items)
            if (a.rank < 0 || a.rank == rank->rank())
                annotations.push_back(a);
        auto render = [&](TimeNs start, TimeNs end, TimeNs origin, const QString &step,
                          const QString &title, const QString &file) {
            TimelineExportOptions o
                = rankExportOptions(profile, *rank, start, end, origin, step, annotations);
            o.width = kImageWidth;
            o.maxTimelineHeight = kImageMaxHeight;
            TimelineExporter exporter(o);
            images.push_back({ title, QStringLiteral("rank%1-%2.png").arg(rank->rank()).arg(file),
                png(exporter) });
        };
        // "Rank 3", not "Rank rank 3": the label already says "rank" when there is a number.
        const QString who = rank->rank() >= 0 ? QString::number(rank->rank()) : rank->label();
        render(0, 0, rankTimeOrigin(*rank), QString(), tr("Rank %1: the whole timeline").arg(who),
            QStringLiteral("overview"));
        const std::vector<StepSpan> steps = findStepSpans(*rank->trace);
        const auto longest = std::max_element(steps.begin(), steps.end(),
            [](const StepSpan &a, const StepSpan &b) { return a.end - a.start < b.end - b.start; });
        if (longest != steps.end() && steps.size() > 1)
            render(longest->start, longest->end, longest->start, longest->id,
                tr("Rank %1: step %2, the longest").arg(who, longest->id),
                QStringLiteral("step-") + longest->id);
    }
    return images;
}

bool HtmlReport::write(const QString &outDir, const Profile &profile, const QJsonObject &report,
    int top, QStringList *written, QString *error)
{
    if (!prepareFolder(outDir, { profile.path }, error))
        return false;
    const QDir dir(outDir);
    const std::vector<ReportImage> images = timelineImages(profile);
    const ReportDocument doc(report, images, top);
    for (const ReportImage &image : images) {
        if (!writeFile(dir.filePath(image.fileName), image.png, error))
            return false;
        *written << dir.filePath(image.fileName);
    }
    const QString md = dir.filePath(QStringLiteral("report.md"));
    const QString html = dir.filePath(QStringLiteral("report.html"));
    if (!writeFile(md, toMarkdown(doc, images).toUtf8(), error)
        || !writeFile(html, toHtml(doc, images).toUtf8(), error))
        return false;
    *written << html << md;
    return true;
}

bool HtmlReport::prepareFolder(
    const QString &outDir, const QStringList &profilePaths, QString *error)
{
    for (const QString &path : profilePaths) {
        const QFileInfo info(path);
        if (isInside(outDir, info.isDir() ? path : info.absolutePath())) {
            *error = tr("%1: is inside the profile folder; npuscope never writes there, choose "
                        "another folder")
                         .arg(QDir::toNativeSeparators(outDir));
            return false;
        }
    }
    if (!QDir().mkpath(outDir)) {
        *error = tr("%1: cannot create the folder").arg(QDir::toNativeSeparators(outDir));
        return false;
    }
    return true;
}

bool HtmlReport::writeComparison(const QString &outDir, const QStringList &profilePaths,
    const QJsonObject &comparison, int top, QStringList *written, QString *error)
{
    if (!prepareFolder(outDir, profilePaths, error))
        return false;
    const QDir dir(outDir);
    const CompareDocument doc(comparison, top);
    const QString md = dir.filePath(QStringLiteral("compare.md"));
    const QString html = dir.filePath(QStringLiteral("compare.html"));
    if (!writeFile(md, toMarkdown(doc, {}).toUtf8(), error)
        || !writeFile(html, toHtml(doc, {}).toUtf8(), error))
        return false;
    *written << html << md;
    return true;
}

} // namespace npuscope
