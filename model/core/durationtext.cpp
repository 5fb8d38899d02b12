#include "model/core/durationtext.h"

#include <cmath>

namespace npuscope {

namespace {

    double pow10(int e)
    {
        double v = 1;
        while (e-- > 0)
            v *= 10;
        return v;
    }

} // namespace

int durationUnitExponent(TimeNs magnitude)
{
    if (magnitude < 1000)
        return 0;
    if (magnitude < 1000 * 1000)
        return 3;
    if (magnitude < 1000 * 1000 * 1000)
        return 6;
    return 9;
}

QString durationUnitSuffix(int exponent)
{
    switch (exponent) {
    case 0:
        return QStringLiteral(" ns");
    case 3:
        return QStringLiteral(" µs");
    case 6:
        return QStringLiteral(" ms");
    default:
        return QStringLiteral(" s");
    }
}

QString formatDuration(TimeNs ns)
{
    const QString sign = ns < 0 ? QStringLiteral("-") : QString();
    const TimeNs a = ns < 0 ? -ns : ns;
    int unit = durationUnitExponent(a);
    if (unit == 0)
        return sign + QString::number(a) + durationUnitSuffix(0);
    double value = double(a) / pow10(unit);
    // Three significant digits of the value as it is rounded: 9.996 is "10.0", not "10.00".
    int decimals = 2;
    while (decimals > 0 && std::round(value * pow10(decimals)) >= 1000.0)
        --decimals;
    if (decimals == 0 && std::round(value) >= 1000.0 && unit < 9) {
        unit += 3;
        value /= 1000.0;
        decimals = 2;
    }
    return sign + QString::number(value, 'f', decimals) + durationUnitSuffix(unit);
}

} // namespace npuscope
