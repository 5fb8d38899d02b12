#include "model/csv/csvcell.h"

#include <algorithm>

namespace npuscope {

QString csvCell(const QString &text)
{
    static const QString kSpecial = QStringLiteral(",\"\n\r");
    const bool quote
        = std::any_of(text.begin(), text.end(), [](QChar c) { return kSpecial.contains(c); });
    if (!quote)
        return text;
    QString escaped = text;
    escaped.replace(QLatin1Char('"'), QLatin1String("\"\""));
    return QLatin1Char('"') + escaped + QLatin1Char('"');
}

} // namespace npuscope
