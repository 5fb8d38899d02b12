#pragma once

#include "model/core/issue.h"

#include <QString>

namespace npuscope {

struct RankComm;

// analysis.db's (or communication_analyzer.db's) CommAnalyzerTime and CommAnalyzerBandwidth
// rows into `out.ops`, CommAnalyzerMatrix into `out.links`: what communication.json and
// communication_matrix.json hold. Read-only and immutable; absent tables give nothing; problems
// go to `issues`, naming the file and table.
void readCommAnalyzerDb(const QString &path, RankComm &out, IssueList *issues);

} // namespace npuscope
