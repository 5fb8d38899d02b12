#pragma once

#include <QList>
#include <QString>

class QAbstractItemModel;
class QItemSelectionModel;

namespace npuscope {

// One cell for a TSV line: TABs and line breaks become spaces.
QString tsvCell(QString text);
// The header and the given rows of `model` (display texts) as TSV, a line per row.
QString rowsAsTsv(
    const QAbstractItemModel &model, const QList<int> &rows, const QList<int> &columns);
// Rows touched by the selection, ascending. Walks selection ranges, not selectedRows(): a
// select-all of a million rows is one range.
QList<int> selectedRowNumbers(const QItemSelectionModel &selection);

} // namespace npuscope
