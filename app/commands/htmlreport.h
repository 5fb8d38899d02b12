#pragma once

#include "app/reports/reportdocument.h"
#include "model/profile/profile.h"

#include <QCoreApplication>
#include <QJsonObject>
#include <QStringList>

#include <vector>

namespace npuscope {

// `npuscope report PATH --html OUT_DIR`: report.html (self-contained: pictures embedded as data
// URIs, styles inline) and report.md with the pictures as PNG files beside it, for a wiki or a
// merge request. Both are rendered from one ReportDocument.
class HtmlReport {
    Q_DECLARE_TR_FUNCTIONS(npuscope::HtmlReport)

public:
    static QString toHtml(const ReportDocument &doc, const std::vector<ReportImage> &images);
    static QString toMarkdown(const ReportDocument &doc, const std::vector<ReportImage> &images);

    // Per rank with a trace (the first kMaxRanks): the whole timeline and its longest step,
    // with the annotations the GUI saved for the profile.
    static constexpr int kMaxRanks = 8;
    static std::vector<ReportImage> timelineImages(const Profile &profile);

    // Writes report.html, report.md and the pictures into outDir (created when missing; never
    // inside the profile folder). `written` receives the paths written.
    static bool write(const QString &outDir, const Profile &profile, const QJsonObject &report,
        int top, QStringList *written, QString *error);

    // `npuscope compare --html OUT_DIR`: compare.html and compare.md from a comparisonJson()
    // object; never inside either profile folder.
    static bool writeComparison(const QString &outDir, const QStringList &profilePaths,
        const QJsonObject &comparison, int top, QStringList *written, QString *error);

private:
    // Refuses a folder inside a profile folder; creates it when missing.
    static bool prepareFolder(
        const QString &outDir, const QStringList &profilePaths, QString *error);
};

} // namespace npuscope
