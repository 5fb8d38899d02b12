#pragma once

#include "analysis/stats/histogram.h"

#include <QString>

class QChart;

namespace npuscope {

// Fills `chart` with a column chart of `histogram` (one bar per bin, labelled with its lower
// edge), titled `title`; an empty histogram leaves a placeholder title only. Styling (colours,
// fonts) is the caller's.
void fillDurationHistogram(QChart *chart, const Histogram &histogram, const QString &title);

} // namespace npuscope
