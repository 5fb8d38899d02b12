#include "app/reports/comparedocument.h"

namespace npuscope {

namespace {

    const std::vector<ReportImage> kNoImages;

} // namespace

CompareDocument::CompareDocument(const QJsonObject &comparison, int top)
    : ReportDocument(kNoImages)
{
    const CompareLayout v = CompareLayout::of(comparison, top);
    m_title = tr("npuscope compare");
    heading(1, m_title);
    list({ tr("Base: %1").arg(v.baseRun), tr("New: %1").arg(v.newRun) });
    for (const QString &note : v.notes)
        paragraph(note);
    paragraph(v.stepTime);
    auto add = [this](const CompareSection &s) {
        heading(2, s.title);
        if (s.header.isEmpty()) {
            list(s.items);
        } else {
            // The category tree's indent: spaces that HTML and Markdown would fold.
            QList<QStringList> rows = s.rows;
            for (QStringList &row : rows) {
                QString &name = row.back();
                for (qsizetype i = 0; i < name.size() && name[i] == QLatin1Char(' '); ++i)
                    name[i] = QChar(0x00A0);
            }
            table(s.header, rows, s.numeric);
        }
        if (!s.footer.isEmpty())
            paragraph(s.footer);
    };
    add(v.summary);
    paragraph(v.matching);
    for (const CompareSection &s : v.findings)
        add(s);
    for (const CompareSection &s : v.tables)
        add(s);
}

} // namespace npuscope
