#pragma once

#include "model/core/types.h"

#include <QString>

namespace npuscope {

// The one way npuscope writes a duration, in findings, tables, tooltips and on the time axis:
// three significant digits in the unit that reads best ("812 ns", "1.23 µs", "12.5 µs",
// "812 µs", "1.20 ms", "3.40 s", "4000 s"); a value that rounds up to 1000 of a unit is written
// in the next one (999,960 ns is "1.00 ms", not "1000 µs").
QString formatDuration(TimeNs ns);

// Exponent of the unit (0 ns, 3 µs, 6 ms, 9 s) in which a value of this magnitude reads best.
int durationUnitExponent(TimeNs magnitude);
// " ns", " µs", " ms", " s" for exponent 0, 3, 6, 9 (SI symbols: not translated).
QString durationUnitSuffix(int exponent);

} // namespace npuscope
