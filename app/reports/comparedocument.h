#pragma once

#include "app/reports/comparesections.h"
#include "app/reports/reportdocument.h"

namespace npuscope {

// `npuscope compare BASE NEW --html OUT_DIR`: the comparison as a ReportDocument, so that
// HtmlReport renders it as compare.html and compare.md with the report's styles. Says what the
// text output says, section by section (CompareLayout).
class CompareDocument : public ReportDocument {
    Q_DECLARE_TR_FUNCTIONS(npuscope::CompareDocument)

public:
    CompareDocument(const QJsonObject &comparison, int top);
};

} // namespace npuscope
