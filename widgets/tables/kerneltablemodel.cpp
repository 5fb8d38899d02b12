#include "widgets/tables/kerneltablemodel.h"

#include "model/csv/csvcell.h"
#include "widgets/tables/tabletext.h"

#include "analysis/rules/kernelfindings.h"
#include "widgets/tables/rowsort.h"

#include <QColor>
#include <QIODevice>

#include <algorithm>
#include <bit>
#include <cmath>

namespace npuscope {

KernelTableModel::KernelTableModel(QObject *parent)
    : QAbstractTableModel(parent)
{
}

KernelTableModel::~KernelTableModel() = default;

void KernelTableModel::setKernels(
    std::shared_ptr<const KernelTable> kernels, const DeviceCores &cores)
{
    beginResetModel();
    m_kernels = std::move(kernels);
    m_extraColumns.clear();
    m_matchCache.clear();
    m_hasSubset = false; // rows of another table mean nothing here
    m_subset.clear();
    computeFlags(cores);
    if (m_kernels && m_kernels->table) {
        const KernelTable &k = *m_kernels;
        const int used[] = { k.nameColumn, k.typeColumn, k.coreColumn, k.streamColumn,
            k.startColumn, k.durationColumn, k.waitColumn, k.blockDimColumn };
        for (int c = 0; c < k.table->columnCount(); ++c) {
            if (std::find(std::begin(used), std::end(used), c) == std::end(used))
                m_extraColumns.push_back(c);
        }
    }
    if (m_sortColumn >= columnCount())
        m_sortColumn = -1;
    if (m_exactColumn >= columnCount())
        m_exactColumn = -1;
    m_exactId = (m_kernels && m_exactColumn >= 0)
        ? m_kernels->strings.find(m_exactValue.toStdString())
        : StringId();
    m_order = m_sortColumn >= 0 ? sortedOrder(m_sortColumn, m_sortOrder) : std::vector<qint32>();
    rebuildVisible();
    endResetModel();
}

void KernelTableModel::computeFlags(const DeviceCores &cores)
{
    m_flags.clear();
    m_cores = cores;
    if (m_kernels) {
        const KernelKinds kinds(*m_kernels);
        m_flags = kernelFlags(*m_kernels, kinds, m_cores);
    }
    std::array<int, kKernelFlagMasks> masks {};
    for (int m = 0; m < kKernelFlagMasks; ++m) {
        m_flagText[std::size_t(m)] = kernelFlagsText(KernelFlags(m));
        masks[std::size_t(m)] = m;
    }
    std::stable_sort(masks.begin(), masks.end(), [this](int a, int b) {
        const int ca = std::popcount(unsigned(a)), cb = std::popcount(unsigned(b));
        if (ca != cb)
            return ca < cb;
        return m_flagText[std::size_t(a)] < m_flagText[std::size_t(b)];
    });
    for (int i = 0; i < kKernelFlagMasks; ++i)
        m_flagRank[std::size_t(masks[std::size_t(i)])] = i;
}

KernelFlags KernelTableModel::flagsOf(qint32 kernelRow) const
{
    return kernelRow >= 0 && std::size_t(kernelRow) < m_flags.size()
        ? m_flags[std::size_t(kernelRow)]
        : KernelFlags(0);
}

void KernelTableModel::setBaseTime(TimeNs base)
{
    if (base == m_base)
        return;
    m_base = base;
    if (rowCount() > 0)
        emit dataChanged(index(0, StartColumn), index(rowCount() - 1, StartColumn));
}

bool KernelTableModel::setTextFilter(const QString &text, bool regex)
{
    bool ok = true;
    QString effective = text;
    if (regex && !text.isEmpty()) {
        m_regex = QRegularExpression(text, QRegularExpression::CaseInsensitiveOption);
        ok = m_regex.isValid();
        if (!ok)
            effective.clear();
    }
    if (effective == m_filterText && regex == m_filterRegex)
        return ok;
    m_filterText = effective;
    m_filterRegex = regex;
    applyFilterChange();
    return ok;
}

void KernelTableModel::setExactFilter(int column, const QString &value)
{
    if (column < 0 || column >= columnCount() || value.isEmpty()) {
        column = -1;
    }
    const QString v = column < 0 ? QString() : value;
    if (column == m_exactColumn && v == m_exactValue)
        return;
    m_exactColumn = column;
    m_exactValue = v;
    m_exactId = m_kernels ? m_kernels->strings.find(v.toStdString()) : StringId();
    applyFilterChange();
}

void KernelTableModel::setRowSubset(std::vector<qint32> rows)
{
    const qint32 n = m_kernels ? qint32(m_kernels->rowCount()) : 0;
    std::erase_if(rows, [n](qint32 row) { return row < 0 || row >= n; });
    std::sort(rows.begin(), rows.end());
    rows.erase(std::unique(rows.begin(), rows.end()), rows.end());
    if (m_hasSubset && rows == m_subset)
        return;
    m_hasSubset = true;
    m_subset = std::move(rows);
    applyFilterChange();
}

void KernelTableModel::clearRowSubset()
{
    if (!m_hasSubset)
        return;
    m_hasSubset = false;
    m_subset.clear();
    applyFilterChange();
}

void KernelTableModel::clearFilters()
{
    if (m_filterText.isEmpty() && m_exactColumn < 0 && !m_hasSubset)
        return;
    m_filterText.clear();
    m_exactColumn = -1;
    m_exactValue.clear();
    m_hasSubset = false;
    m_subset.clear();
    applyFilterChange();
}

void KernelTableModel::applyFilterChange()
{
    std::vector<std::uint8_t>(m_kernels ? m_kernels->strings.size() : 0, 0).swap(m_matchCache);
    beginResetModel();
    rebuildVisible();
    endResetModel();
    emit filterChanged();
}

qsizetype KernelTableModel::totalRowCount() const { return m_kernels ? m_kernels->rowCount() : 0; }

qint32 KernelTableModel::kernelRow(int viewRow) const
{
    if (viewRow < 0 || std::size_t(viewRow) >= m_visible.size())
        return -1;
    return m_visible[std::size_t(viewRow)];
}

int KernelTableModel::viewRow(qint32 kernelRow) const
{
    // Linear, but only called on a user's click: even a million int compares go unnoticed.
    const auto it = std::find(m_visible.begin(), m_visible.end(), kernelRow);
    return it == m_visible.end() ? -1 : int(it - m_visible.begin());
}

int KernelTableModel::tableColumn(int column) const
{
    if (!m_kernels)
        return -1;
    const KernelTable &k = *m_kernels;
    switch (column) {
    case NameColumn:
        return k.nameColumn;
    case TypeColumn:
        return k.typeColumn;
    case CoreColumn:
        return k.coreColumn;
    case StreamColumn:
        return k.streamColumn;
    case StartColumn:
        return k.startColumn;
    case DurationColumn:
        return k.durationColumn;
    case WaitColumn:
        return k.waitColumn;
    case BlockDimColumn:
        return k.blockDimColumn;
    default:
        break;
    }
    const int extra = column - CanonicalColumnCount;
    return extra >= 0 && std::size_t(extra) < m_extraColumns.size()
        ? m_extraColumns[std::size_t(extra)]
        : -1;
}

bool KernelTableModel::isNumeric(int column) const
{
    if (column >= StreamColumn && column <= BlockDimColumn)
        return true;
    if (column < CanonicalColumnCount || !m_kernels || !m_kernels->table)
        return false;
    const int t = tableColumn(column);
    return t >= 0 && m_kernels->table->columns[std::size_t(t)].type == Table::ColumnType::Number;
}

QString KernelTableModel::formatMicros(TimeNs ns)
{
    // Integer arithmetic: the table's µs text has at most three decimals, shown exactly.
    const bool negative = ns < 0;
    const std::uint64_t abs = negative ? std::uint64_t(0) - std::uint64_t(ns) : std::uint64_t(ns);
    QString s = QString::number(abs / 1000) + QLatin1Char('.')
        + QStringLiteral("%1").arg(abs % 1000, 3, 10, QLatin1Char('0'));
    return negative ? QLatin1Char('-') + s : s;
}

QString KernelTableModel::cellText(qint32 kernelRow, int column) const
{
    if (!m_kernels || kernelRow < 0 || kernelRow >= m_kernels->rowCount())
        return {};
    const KernelTable &k = *m_kernels;
    const auto r = std::size_t(kernelRow);
    switch (column) {
    case NameColumn:
        return k.strings.string(k.name[r]);
    case TypeColumn:
        return k.strings.string(k.type[r]);
    case CoreColumn:
        return k.strings.string(k.core[r]);
    case StreamColumn:
        return k.stream[r] == KernelTable::kNoValue ? QStringLiteral("N/A")
                                                    : QString::number(k.stream[r]);
    case StartColumn:
        return k.start[r] == Table::kMissingNs ? QString() : formatMicros(k.start[r] - m_base);
    case DurationColumn:
        return formatMicros(k.duration[r]);
    case WaitColumn:
        return formatMicros(k.wait[r]);
    case BlockDimColumn:
        return k.blockDim[r] == KernelTable::kNoValue ? QStringLiteral("N/A")
                                                      : QString::number(k.blockDim[r]);
    case FlagsColumn:
        return m_flagText[flagsOf(kernelRow)];
    default:
        break;
    }
    const int t = tableColumn(column);
    return t >= 0 && k.table && kernelRow < k.table->rowCount() ? k.table->text(kernelRow, t)
                                                                : QString();
}

int KernelTableModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_visible.size());
}

int KernelTableModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : CanonicalColumnCount + int(m_extraColumns.size());
}

QVariant KernelTableModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const qint32 row = m_visible[std::size_t(index.row())];
    switch (role) {
    case Qt::DisplayRole:
        return cellText(row, index.column());
    case Qt::ToolTipRole:
        if (index.column() == FlagsColumn) {
            const KernelFlags flags = flagsOf(row);
            return flags ? kernelFlagsReason(*m_kernels, row, flags, m_cores) : QVariant();
        }
        return index.column() == NameColumn ? cellText(row, index.column()) : QVariant();
    case Qt::BackgroundRole: {
        // Translucent over the palette's base, so that the default text colour stays readable
        // in light and dark themes: red for time lost to the host or the AI CPU, amber for the
        // rest.
        if (index.column() != FlagsColumn)
            return {};
        const KernelFlags flags = flagsOf(row);
        if (!flags)
            return {};
        return (flags & (kFlagHostBound | kFlagAiCpu)) ? QColor(230, 60, 50, 70)
                                                       : QColor(240, 170, 30, 70);
    }
    case Qt::TextAlignmentRole:
        return QVariant::fromValue(Qt::Alignment(Qt::AlignVCenter)
            | (isNumeric(index.column()) ? Qt::AlignRight : Qt::AlignLeft));
    case KernelRowRole:
        return row;
    default:
        return {};
    }
}

QVariant KernelTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation == Qt::Vertical)
        return role == Qt::DisplayRole ? QVariant(section + 1) : QVariant();
    if (section < 0 || section >= columnCount())
        return {};
    const int t = tableColumn(section);
    const QString original = t >= 0 && m_kernels && m_kernels->table
        ? m_kernels->table->columns[std::size_t(t)].name
        : QString();
    if (role == Qt::ToolTipRole && section == FlagsColumn)
        return tr("What the row shows by itself: host-bound (Wait Time at least %1x the "
                  "duration), low Block Dim, format conversion, AI_CPU fallback")
            .arg(kHostBoundWaitRatio);
    if (role == Qt::ToolTipRole && !original.isEmpty())
        return tr("Column \"%1\" of %2").arg(original, m_kernels->table->path);
    if (role == Qt::TextAlignmentRole)
        return QVariant::fromValue(Qt::Alignment(Qt::AlignVCenter)
            | (isNumeric(section) ? Qt::AlignRight : Qt::AlignLeft));
    if (role != Qt::DisplayRole)
        return {};
    switch (section) {
    case NameColumn:
        return tr("Name");
    case TypeColumn:
        return tr("Type");
    case CoreColumn:
        return tr("Accelerator Core");
    case StreamColumn:
        return tr("Stream");
    case StartColumn:
        return tr("Start (µs)");
    case DurationColumn:
        return tr("Duration (µs)");
    case WaitColumn:
        return tr("Wait Time (µs)");
    case BlockDimColumn:
        return tr("Block Dim");
    case FlagsColumn:
        return tr("Flags");
    default:
        return original;
    }
}

std::vector<qint32> KernelTableModel::sortedOrder(int column, Qt::SortOrder order) const
{
    if (!m_kernels || column < 0 || column >= columnCount())
        return {};
    const KernelTable &k = *m_kernels;
    SortKeys keys;
    switch (column) {
    case NameColumn:
        keys = sortKeysOf(k.strings, k.name);
        break;
    case TypeColumn:
        keys = sortKeysOf(k.strings, k.type);
        break;
    case CoreColumn:
        keys = sortKeysOf(k.strings, k.core);
        break;
    case StreamColumn:
        keys = sortKeysOf(k.stream, KernelTable::kNoValue);
        break;
    case StartColumn:
        keys = sortKeysOf(k.start, Table::kMissingNs);
        break;
    case DurationColumn:
        keys = sortKeysOf(k.duration, std::nullopt);
        break;
    case WaitColumn:
        keys = sortKeysOf(k.wait, std::nullopt);
        break;
    case BlockDimColumn:
        keys = sortKeysOf(k.blockDim, KernelTable::kNoValue);
        break;
    case FlagsColumn: {
        std::vector<std::int32_t> ranks(m_flags.size());
        std::transform(m_flags.begin(), m_flags.end(), ranks.begin(),
            [this](KernelFlags f) { return m_flagRank[f]; });
        keys = sortKeysOf(ranks, -1);
        break;
    }
    default: {
        const int t = tableColumn(column);
        if (t < 0 || !k.table)
            return {};
        const Table::Column &c = k.table->columns[std::size_t(t)];
        const auto rows = std::size_t(k.rowCount());
        if (c.ns.size() == rows)
            keys = sortKeysOf(c.ns, Table::kMissingNs);
        else if (c.type == Table::ColumnType::Number && c.number.size() == rows)
            keys = sortKeysOf(c.number);
        else if (c.text.size() == rows)
            keys = sortKeysOf(k.table->strings, c.text);
        else
            return {};
    }
    }
    return sortedRows(std::move(keys), order == Qt::DescendingOrder);
}

void KernelTableModel::sort(int column, Qt::SortOrder order)
{
    emit layoutAboutToBeChanged({}, QAbstractItemModel::VerticalSortHint);
    const QModelIndexList before = persistentIndexList();
    std::vector<qint32> kernelRows;
    kernelRows.reserve(std::size_t(before.size()));
    for (const QModelIndex &i : before)
        kernelRows.push_back(kernelRow(i.row()));

    m_sortColumn = column < columnCount() ? column : -1;
    m_sortOrder = order;
    m_order = sortedOrder(m_sortColumn, order);
    rebuildVisible();

    if (!before.isEmpty()) {
        std::vector<int> inverse(std::size_t(totalRowCount()), -1);
        for (std::size_t v = 0; v < m_visible.size(); ++v)
            inverse[std::size_t(m_visible[v])] = int(v);
        QModelIndexList after;
        after.reserve(before.size());
        for (qsizetype i = 0; i < before.size(); ++i) {
            const qint32 k = kernelRows[std::size_t(i)];
            after.append(
                k < 0 ? QModelIndex() : index(inverse[std::size_t(k)], before[i].column()));
        }
        changePersistentIndexList(before, after);
    }
    emit layoutChanged({}, QAbstractItemModel::VerticalSortHint);
}

bool KernelTableModel::textMatches(StringId id) const
{
    std::uint8_t &cached = m_matchCache[id.value];
    if (cached == 0) {
        const QString s = m_kernels->strings.string(id);
        const bool match = m_filterRegex ? m_regex.match(s).hasMatch()
                                         : s.contains(m_filterText, Qt::CaseInsensitive);
        cached = match ? 2 : 1;
    }
    return cached == 2;
}

bool KernelTableModel::rowPassesText(std::size_t row) const
{
    if (m_filterText.isEmpty())
        return true;
    const KernelTable &k = *m_kernels;
    return textMatches(k.name[row]) || textMatches(k.type[row]) || textMatches(k.core[row])
        || (row < m_flags.size() && m_flagMatch[m_flags[row]]);
}

bool KernelTableModel::rowPassesExact(std::size_t row) const
{
    const KernelTable &k = *m_kernels;
    switch (m_exactColumn) {
    case -1:
        return true;
    case NameColumn:
        return k.name[row] == m_exactId;
    case TypeColumn:
        return k.type[row] == m_exactId;
    case CoreColumn:
        return k.core[row] == m_exactId;
    default:
        return cellText(qint32(row), m_exactColumn) == m_exactValue;
    }
}

bool KernelTableModel::rowPassesSubset(std::size_t row) const
{
    return !m_hasSubset || std::binary_search(m_subset.begin(), m_subset.end(), qint32(row));
}

void KernelTableModel::rebuildVisible()
{
    m_visible.clear();
    if (!m_kernels)
        return;
    const auto n = std::size_t(m_kernels->rowCount());
    if (m_matchCache.size() != m_kernels->strings.size())
        std::vector<std::uint8_t>(m_kernels->strings.size(), 0).swap(m_matchCache);
    for (std::size_t m = 0; m < m_flagMatch.size(); ++m) {
        const QString &s = m_flagText[m];
        m_flagMatch[m] = !m_filterText.isEmpty() && !s.isEmpty()
            && (m_filterRegex ? m_regex.match(s).hasMatch()
                              : s.contains(m_filterText, Qt::CaseInsensitive));
    }
    const bool filtering = !m_filterText.isEmpty() || m_exactColumn >= 0 || m_hasSubset;
    m_visible.reserve(m_hasSubset ? m_subset.size() : filtering ? n / 4 : n);
    auto consider = [&](std::size_t row) {
        if (!filtering || (rowPassesSubset(row) && rowPassesExact(row) && rowPassesText(row)))
            m_visible.push_back(qint32(row));
    };
    if (m_order.empty()) {
        for (std::size_t row = 0; row < n; ++row)
            consider(row);
    } else {
        for (const qint32 row : m_order)
            consider(std::size_t(row));
    }
}

QString KernelTableModel::toTsv(const QList<int> &viewRows, const QList<int> &columns) const
{
    QStringList lines;
    QStringList cells;
    for (const int c : columns)
        cells << tsvCell(headerData(c, Qt::Horizontal).toString());
    lines << cells.join(QLatin1Char('\t'));
    for (const int v : viewRows) {
        cells.clear();
        for (const int c : columns)
            cells << tsvCell(cellText(kernelRow(v), c));
        lines << cells.join(QLatin1Char('\t'));
    }
    return lines.join(QLatin1Char('\n')) + QLatin1Char('\n');
}

bool KernelTableModel::writeCsv(QIODevice *device, const QList<int> &columns, QString *error) const
{
    QByteArray buffer;
    auto flush = [&]() {
        if (device->write(buffer) != buffer.size()) {
            if (error)
                *error = device->errorString();
            return false;
        }
        buffer.clear();
        return true;
    };
    QStringList cells;
    for (const int c : columns)
        cells << csvCell(headerData(c, Qt::Horizontal).toString());
    buffer += cells.join(QLatin1Char(',')).toUtf8() + '\n';
    for (const qint32 row : m_visible) {
        cells.clear();
        for (const int c : columns)
            cells << csvCell(cellText(row, c));
        buffer += cells.join(QLatin1Char(',')).toUtf8() + '\n';
        if (buffer.size() > (1 << 20) && !flush())
            return false;
    }
    return flush();
}

} // namespace npuscope
