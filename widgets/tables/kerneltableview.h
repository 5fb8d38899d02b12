#pragma once

#include "analysis/rules/devicecores.h"
#include "model/core/kerneltable.h"

#include <QWidget>

#include <memory>
#include <vector>

class QCheckBox;
class QLabel;
class QLineEdit;
class QTableView;
class QTimer;
class QToolButton;

namespace npuscope {

class ProfileSession;

class KernelTableModel;

// The kernel table with its filter bar: substring/regex filter over Name/Type/Accelerator Core,
// a removable drill-down filter set by the aggregation panel, a column chooser on the header,
// copy as TSV and export to CSV. No dialogs: export takes a path (the app asks for it).
class KernelTableView : public QWidget {
    Q_OBJECT

public:
    explicit KernelTableView(QWidget *parent = nullptr);
    ~KernelTableView() override;

    KernelTableModel *model() const { return m_model; }
    QTableView *tableView() const { return m_table; }

    void setKernels(
        std::shared_ptr<const KernelTable> kernels, TimeNs baseTime, const DeviceCores &cores = {});
    // Shows the kernel table of the session's rank (not a preview) and selects the row of the
    // selected event.
    void setSession(ProfileSession *session);

    // Shown columns (model column indexes) in their on-screen order.
    QList<int> visibleColumns() const;
    // Hidden columns by header text, so that the choice survives a different file.
    QStringList hiddenColumnNames() const;
    void setHiddenColumnNames(const QStringList &names);

    QString selectedRowsAsTsv() const;
    // Writes the visible rows and columns to `path` atomically (QSaveFile).
    bool exportCsv(const QString &path, QString *error = nullptr) const;

public slots:
    // Selects and reveals a kernel row without emitting kernelActivated (the timeline asked).
    void selectKernelRow(qint32 kernelRow);
    void setExactFilter(int column, const QString &value);
    void setTextFilter(const QString &text, bool regex = false);
    // Shows only these kernel rows, with a removable "showing N finding rows" chip naming
    // `label` (what they are: a finding's title). Other filters are cleared so that none hides
    // them.
    void setRowSubset(std::vector<qint32> rows, const QString &label);
    void clearRowSubset();
    void clearFilters();
    void copySelection();

signals:
    void kernelActivated(qint32 kernelRow); // the user picked a row
    void exportRequested(); // the user asked to export; the app picks a file
    void hiddenColumnsChanged();

private:
    QWidget *createFilterBar();
    void applyTextFilter();
    void updateStatus();
    void updateColumnWidths();
    void showHeaderMenu(const QPoint &pos);
    void showTableMenu(const QPoint &pos);
    void onCurrentChanged(const QModelIndex &current);

    KernelTableModel *m_model = nullptr;
    QTableView *m_table = nullptr;
    QLineEdit *m_filterEdit = nullptr;
    QCheckBox *m_regexCheck = nullptr;
    QToolButton *m_exactChip = nullptr;
    QToolButton *m_subsetChip = nullptr;
    QString m_subsetLabel;
    QLabel *m_countLabel = nullptr;
    QTimer *m_filterTimer = nullptr;
    QStringList m_hiddenNames;
    bool m_selecting = false; // selection set by selectKernelRow()
};

} // namespace npuscope
