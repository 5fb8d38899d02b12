#pragma once

#include "model/core/table.h"

#include <QWidget>

#include <memory>

class QCheckBox;
class QLabel;
class QLineEdit;
class QTableView;

namespace npuscope {

class TableModel;

// A profile CSV (operator_details.csv and the like) with a filter bar: substring or regex over
// the text columns, sortable columns, copy selected rows as TSV (Ctrl+C), and "Find on
// Timeline" for the row's name (host operators have no start time to join on).
class TablePanel : public QWidget {
    Q_OBJECT

public:
    explicit TablePanel(QWidget *parent = nullptr);
    ~TablePanel() override;

    TableModel *model() const { return m_model; }
    QTableView *tableView() const { return m_table; }

    // `emptyText` is shown when the table is null (e.g. "operator_details.csv was not
    // collected").
    // `emptyText` is shown without a table; `origin`, when set, says where a table that is not
    // a file's came from (in place of the file name).
    void setTable(std::shared_ptr<const Table> table, const QString &emptyText = {},
        const QString &origin = {});
    void setTextFilter(const QString &text, bool regex = false);
    QString selectedRowsAsTsv() const;
    void copySelection();

signals:
    // The name cell of the row the user activated (double-click, Enter, "Find on Timeline").
    void findOnTimelineRequested(const QString &name);

private:
    void applyFilter();
    void updateStatus();
    void activateRow(int viewRow);

    TableModel *m_model = nullptr;
    QTableView *m_table = nullptr;
    QLineEdit *m_filter = nullptr;
    QCheckBox *m_regex = nullptr;
    QLabel *m_status = nullptr;
    QString m_emptyText;
    QString m_origin;
};

} // namespace npuscope
