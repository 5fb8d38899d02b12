#include "app/reports/texttable.h"

#include <algorithm>

namespace npuscope {

int displayWidth(const QString &s)
{
    int w = 0;
    for (const QChar c : s) {
        const char16_t u = c.unicode();
        const bool wide = (u >= 0x1100 && u <= 0x115F) || (u >= 0x2E80 && u <= 0xA4CF)
            || (u >= 0xAC00 && u <= 0xD7A3) || (u >= 0xF900 && u <= 0xFAFF)
            || (u >= 0xFE30 && u <= 0xFE4F) || (u >= 0xFF00 && u <= 0xFF60)
            || (u >= 0xFFE0 && u <= 0xFFE6);
        w += wide ? 2 : 1;
    }
    return w;
}

QString textTable(const QStringList &header, const QList<QStringList> &rows)
{
    QList<int> width;
    for (const QString &h : header)
        width << displayWidth(h);
    for (const QStringList &r : rows)
        for (int c = 0; c < r.size() && c < width.size(); ++c)
            width[c] = std::max(width[c], displayWidth(r[c]));
    auto line = [&](const QStringList &cells) -> QString { // not a QStringBuilder: `s` dies
        QString s = QStringLiteral("  ");
        for (int c = 0; c < cells.size(); ++c) {
            const bool last = c + 1 == cells.size();
            s += last ? cells[c]
                      : QString(std::max(0, width[c] - displayWidth(cells[c])), u' ') + cells[c]
                    + QStringLiteral("  ");
        }
        return s + QLatin1Char('\n');
    };
    QString out = line(header);
    for (const QStringList &r : rows)
        out += line(r);
    return out;
}

} // namespace npuscope
