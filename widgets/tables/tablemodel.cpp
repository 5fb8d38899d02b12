#include "widgets/tables/tablemodel.h"

#include "widgets/tables/rowsort.h"

#include <QLocale>

#include <cmath>

namespace npuscope {

TableModel::TableModel(QObject *parent)
    : QAbstractTableModel(parent)
{
}

TableModel::~TableModel() = default;

void TableModel::setTable(std::shared_ptr<const Table> table)
{
    beginResetModel();
    m_table = std::move(table);
    m_order.clear();
    m_nameColumn = -1;
    if (m_table) {
        for (QStringView candidate : { u"Name", u"OP Name", u"Op Name", u"Op Type", u"Type" }) {
            m_nameColumn = m_table->findColumn(candidate);
            if (m_nameColumn >= 0)
                break;
        }
    }
    rebuildView();
    endResetModel();
}

bool TableModel::setTextFilter(const QString &text, bool regex)
{
    QRegularExpression re;
    if (regex) {
        re = QRegularExpression(text, QRegularExpression::CaseInsensitiveOption);
        if (!re.isValid())
            return false;
    }
    beginResetModel();
    m_filterText = text;
    m_filterRegex = regex;
    m_regex = re;
    rebuildView();
    endResetModel();
    return true;
}

void TableModel::rebuildView()
{
    m_view.clear();
    m_filtered = m_table && !m_filterText.isEmpty();
    if (!m_filtered)
        return;
    const Table &t = *m_table;
    // Decide per distinct string once: a column repeats a few thousand texts over many rows.
    std::vector<std::int8_t> matches(t.strings.size(), -1);
    auto matchesId = [&](StringId id) {
        std::int8_t &m = matches[id.value];
        if (m < 0) {
            const QString text = t.strings.string(id);
            m = m_filterRegex ? m_regex.match(text).hasMatch()
                              : text.contains(m_filterText, Qt::CaseInsensitive);
        }
        return m == 1;
    };
    const qsizetype rows = t.rowCount();
    for (qsizetype i = 0; i < rows; ++i) {
        const qint32 row = m_order.empty() ? qint32(i) : m_order[std::size_t(i)];
        for (const Table::Column &c : t.columns) {
            if (c.type == Table::ColumnType::Text && matchesId(c.text[std::size_t(row)])) {
                m_view.push_back(row);
                break;
            }
        }
    }
}

qsizetype TableModel::totalRowCount() const { return m_table ? m_table->rowCount() : 0; }

qint32 TableModel::tableRow(int viewRow) const
{
    if (viewRow < 0 || viewRow >= rowCount())
        return -1;
    if (m_filtered)
        return m_view[std::size_t(viewRow)];
    return m_order.empty() ? qint32(viewRow) : m_order[std::size_t(viewRow)];
}

int TableModel::viewRow(qint32 tableRow) const
{
    if (!m_table || tableRow < 0 || tableRow >= m_table->rowCount())
        return -1;
    if (!m_filtered && m_order.empty())
        return tableRow;
    const auto &rows = m_filtered ? m_view : m_order;
    const auto it = std::find(rows.begin(), rows.end(), tableRow);
    return it == rows.end() ? -1 : int(it - rows.begin());
}

int TableModel::rowCount(const QModelIndex &parent) const
{
    if (parent.isValid() || !m_table)
        return 0;
    return int(m_filtered ? qsizetype(m_view.size()) : m_table->rowCount());
}

int TableModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() || !m_table ? 0 : m_table->columnCount();
}

QVariant TableModel::data(const QModelIndex &index, int role) const
{
    const qint32 row = tableRow(index.row());
    if (row < 0 || index.column() < 0 || index.column() >= columnCount())
        return {};
    const Table::Column &c = m_table->columns[std::size_t(index.column())];
    switch (role) {
    case Qt::DisplayRole:
    case Qt::ToolTipRole:
        return m_table->text(row, index.column());
    case Qt::TextAlignmentRole:
        return c.type == Table::ColumnType::Number ? int(Qt::AlignRight | Qt::AlignVCenter)
                                                   : int(Qt::AlignLeft | Qt::AlignVCenter);
    case TableRowRole:
        return row;
    default:
        return {};
    }
}

QVariant TableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (role != Qt::DisplayRole || !m_table)
        return {};
    if (orientation == Qt::Vertical)
        return tableRow(section) + 1;
    if (section < 0 || section >= columnCount())
        return {};
    return m_table->columns[std::size_t(section)].name;
}

void TableModel::sort(int column, Qt::SortOrder order)
{
    if (!m_table || column < 0 || column >= columnCount())
        return;
    emit layoutAboutToBeChanged();
    // Persistent indexes (the selection) follow their table row.
    const QModelIndexList before = persistentIndexList();
    std::vector<qint32> rowsBefore;
    rowsBefore.reserve(std::size_t(before.size()));
    for (const QModelIndex &index : before)
        rowsBefore.push_back(index.isValid() ? tableRow(index.row()) : -1);
    const Table::Column &c = m_table->columns[std::size_t(column)];
    SortKeys keys;
    if (!c.ns.empty())
        keys = sortKeysOf(c.ns, Table::kMissingNs);
    else if (c.type == Table::ColumnType::Number)
        keys = sortKeysOf(c.number);
    else
        keys = sortKeysOf(m_table->strings, c.text);
    m_order = sortedRows(std::move(keys), order == Qt::DescendingOrder);
    rebuildView();
    QModelIndexList after;
    after.reserve(before.size());
    for (qsizetype i = 0; i < before.size(); ++i) {
        const int view = viewRow(rowsBefore[std::size_t(i)]);
        after << (view >= 0 ? index(view, before[i].column()) : QModelIndex());
    }
    changePersistentIndexList(before, after);
    emit layoutChanged();
}

} // namespace npuscope
