#pragma once

#include "analysis/rules/kernelflags.h"
#include "model/core/kerneltable.h"

#include <QAbstractTableModel>
#include <QList>
#include <QRegularExpression>

#include <array>

#include <memory>
#include <vector>

class QIODevice;

namespace npuscope {

// The kernel table (kernel_details.csv or the kernels of a Kineto trace) as a flat item model:
// the canonical columns first (from the typed vectors, then the per-row Flags of
// analysis/rules/kernelflags.h), then every other original column.
// Sorting and filtering build index permutations over typed keys, never QVariants, so that a
// million rows sort in well under the 200 ms budget of DESIGN.md.
class KernelTableModel : public QAbstractTableModel {
    Q_OBJECT

public:
    enum Column {
        NameColumn,
        TypeColumn,
        CoreColumn,
        StreamColumn,
        StartColumn,
        DurationColumn,
        WaitColumn,
        BlockDimColumn,
        FlagsColumn, // computed: host-bound, low Block Dim, format conversion, AI_CPU fallback
        CanonicalColumnCount
    };
    enum Role {
        KernelRowRole = Qt::UserRole + 1, // qint32 index into the KernelTable
    };

    explicit KernelTableModel(QObject *parent = nullptr);
    ~KernelTableModel() override;

    // `cores`: the device's (deviceCores() of the rank, as the findings use); unknown counts
    // give no low-Block-Dim flag.
    void setKernels(std::shared_ptr<const KernelTable> kernels, const DeviceCores &cores = {});
    const std::shared_ptr<const KernelTable> &kernels() const { return m_kernels; }
    // Start times are shown relative to this time (usually the start of the trace).
    void setBaseTime(TimeNs base);
    TimeNs baseTime() const { return m_base; }

    // Substring (case-insensitive) or regular expression over Name, Type, Accelerator Core and
    // the Flags text.
    // Returns false (and keeps every row) when the regular expression is invalid.
    bool setTextFilter(const QString &text, bool regex);
    QString textFilter() const { return m_filterText; }
    bool isRegexFilter() const { return m_filterRegex; }
    // Keeps only rows whose `column` shows exactly `value` (drill-down from an aggregation).
    // An empty value or a column < 0 clears it.
    void setExactFilter(int column, const QString &value);
    int exactFilterColumn() const { return m_exactColumn; }
    QString exactFilterValue() const { return m_exactValue; }
    // Keeps only these kernel rows (the evidence of a finding); out-of-range rows are ignored.
    // Combines with the other filters; setKernels() and clearFilters() drop it.
    void setRowSubset(std::vector<qint32> rows);
    void clearRowSubset();
    bool hasRowSubset() const { return m_hasSubset; }
    qsizetype rowSubsetSize() const { return qsizetype(m_subset.size()); }
    void clearFilters();

    qsizetype totalRowCount() const;
    // View row -> kernel row, and back (-1 when filtered out).
    qint32 kernelRow(int viewRow) const;
    int viewRow(qint32 kernelRow) const;

    // The flags of a kernel row (computed once per setKernels()), 0 when out of range.
    KernelFlags flagsOf(qint32 kernelRow) const;

    // Cell text as displayed; times in µs with three decimals (exact, from int64 ns).
    QString cellText(qint32 kernelRow, int column) const;
    // Tab-separated rows (view rows) with a header line; tabs and newlines in cells are spaces.
    QString toTsv(const QList<int> &viewRows, const QList<int> &columns) const;
    // Every visible row, in view order, as RFC 4180 CSV with a header line.
    bool writeCsv(QIODevice *device, const QList<int> &columns, QString *error = nullptr) const;

    int sortColumn() const { return m_sortColumn; }
    Qt::SortOrder sortOrder() const { return m_sortOrder; }

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(
        int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;
    void sort(int column, Qt::SortOrder order = Qt::AscendingOrder) override;

    static QString formatMicros(TimeNs ns);

signals:
    void filterChanged();

private:
    bool isNumeric(int column) const;
    int tableColumn(int column) const; // index into the Table, or -1
    std::vector<qint32> sortedOrder(int column, Qt::SortOrder order) const;
    bool rowPassesText(std::size_t row) const;
    bool textMatches(StringId id) const;
    bool rowPassesExact(std::size_t row) const;
    bool rowPassesSubset(std::size_t row) const;
    void rebuildVisible();
    void computeFlags(const DeviceCores &cores);
    void applyFilterChange();

    std::shared_ptr<const KernelTable> m_kernels;
    std::vector<int> m_extraColumns; // table columns shown after the canonical ones
    TimeNs m_base = 0;

    std::vector<qint32> m_order; // all kernel rows in sort order (empty: table order)
    std::vector<qint32> m_visible; // view row -> kernel row
    int m_sortColumn = -1;
    Qt::SortOrder m_sortOrder = Qt::AscendingOrder;

    QString m_filterText;
    bool m_filterRegex = false;
    QRegularExpression m_regex;
    mutable std::vector<std::uint8_t> m_matchCache; // per kernel string id: 0 unknown, 1 no, 2 yes
    std::vector<KernelFlags> m_flags; // per kernel row
    DeviceCores m_cores; // as given, for the low-Block-Dim flag
    std::array<QString, kKernelFlagMasks> m_flagText; // per mask
    std::array<std::int32_t, kKernelFlagMasks> m_flagRank {}; // by flag count, then text
    std::array<bool, kKernelFlagMasks> m_flagMatch {}; // per mask, for the text filter
    int m_exactColumn = -1;
    QString m_exactValue;
    StringId m_exactId; // for Name / Type / Core
    bool m_hasSubset = false;
    std::vector<qint32> m_subset; // sorted, unique, in range
};

} // namespace npuscope
