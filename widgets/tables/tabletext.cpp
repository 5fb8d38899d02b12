#include "widgets/tables/tabletext.h"

#include <QAbstractItemModel>
#include <QItemSelectionModel>
#include <QStringList>

#include <set>

namespace npuscope {

QString tsvCell(QString text)
{
    text.replace(QLatin1Char('\t'), QLatin1Char(' '));
    text.replace(QLatin1Char('\n'), QLatin1Char(' '));
    text.replace(QLatin1Char('\r'), QLatin1Char(' '));
    return text;
}

QString rowsAsTsv(
    const QAbstractItemModel &model, const QList<int> &rows, const QList<int> &columns)
{
    QStringList lines;
    QStringList cells;
    for (const int c : columns)
        cells << tsvCell(model.headerData(c, Qt::Horizontal).toString());
    lines << cells.join(QLatin1Char('\t'));
    for (const int r : rows) {
        cells.clear();
        for (const int c : columns)
            cells << tsvCell(model.index(r, c).data().toString());
        lines << cells.join(QLatin1Char('\t'));
    }
    return lines.join(QLatin1Char('\n')) + QLatin1Char('\n');
}

QList<int> selectedRowNumbers(const QItemSelectionModel &selection)
{
    std::set<int> rows;
    for (const QItemSelectionRange &range : selection.selection())
        for (int r = range.top(); r <= range.bottom(); ++r)
            rows.insert(r);
    return QList<int>(rows.begin(), rows.end());
}

} // namespace npuscope
