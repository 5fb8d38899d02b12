#include "widgets/tables/tablepanel.h"

#include "widgets/tables/tablemodel.h"
#include "widgets/tables/tabletext.h"

#include <QAction>
#include <QApplication>
#include <QCheckBox>
#include <QClipboard>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QMenu>
#include <QTableView>
#include <QVBoxLayout>

namespace npuscope {

TablePanel::TablePanel(QWidget *parent)
    : QWidget(parent)
    , m_model(new TableModel(this))
    , m_table(new QTableView(this))
    , m_filter(new QLineEdit(this))
    , m_regex(new QCheckBox(tr("Regex"), this))
    , m_status(new QLabel(this))
{
    m_filter->setPlaceholderText(tr("Filter rows (any text column)…"));
    m_filter->setClearButtonEnabled(true);
    m_regex->setToolTip(tr("Treat the filter as a regular expression"));
    auto *bar = new QHBoxLayout;
    bar->addWidget(m_filter, 1);
    bar->addWidget(m_regex);
    bar->addWidget(m_status);
    m_table->setModel(m_model);
    m_table->setSortingEnabled(true);
    m_table->sortByColumn(-1, Qt::AscendingOrder); // file order until a header is clicked
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setAlternatingRowColors(true);
    m_table->setWordWrap(false);
    m_table->verticalHeader()->setDefaultSectionSize(m_table->fontMetrics().height() + 6);
    m_table->horizontalHeader()->setSectionsMovable(true);
    m_table->setContextMenuPolicy(Qt::CustomContextMenu);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addLayout(bar);
    layout->addWidget(m_table, 1);

    auto *copy = new QAction(tr("&Copy Rows as TSV"), this);
    copy->setShortcut(QKeySequence::Copy);
    copy->setShortcutContext(Qt::WidgetWithChildrenShortcut);
    connect(copy, &QAction::triggered, this, &TablePanel::copySelection);
    m_table->addAction(copy);
    connect(m_filter, &QLineEdit::textChanged, this, &TablePanel::applyFilter);
    connect(m_regex, &QCheckBox::toggled, this, &TablePanel::applyFilter);
    connect(m_table, &QTableView::activated, this,
        [this](const QModelIndex &index) { activateRow(index.row()); });
    connect(m_table, &QWidget::customContextMenuRequested, this, [this, copy](QPoint pos) {
        QMenu menu(this);
        const QModelIndex index = m_table->indexAt(pos);
        if (index.isValid() && m_model->nameColumn() >= 0)
            menu.addAction(
                tr("&Find on Timeline"), this, [this, row = index.row()]() { activateRow(row); });
        menu.addAction(copy);
        menu.exec(m_table->viewport()->mapToGlobal(pos));
    });
    updateStatus();
}

TablePanel::~TablePanel() = default;

void TablePanel::setTable(
    std::shared_ptr<const Table> table, const QString &emptyText, const QString &origin)
{
    m_emptyText = emptyText;
    m_origin = origin;
    m_model->setTable(std::move(table));
    if (!m_filter->text().isEmpty())
        applyFilter();
    m_table->resizeColumnsToContents();
    for (int c = 0; c < m_model->columnCount(); ++c)
        m_table->setColumnWidth(c, std::min(m_table->columnWidth(c), 360));
    updateStatus();
}

void TablePanel::setTextFilter(const QString &text, bool regex)
{
    m_regex->setChecked(regex);
    m_filter->setText(text);
    applyFilter();
}

void TablePanel::applyFilter()
{
    const bool ok = m_model->setTextFilter(m_filter->text(), m_regex->isChecked());
    m_filter->setStyleSheet(ok ? QString() : QStringLiteral("color: #c0392b"));
    m_filter->setToolTip(ok ? QString() : tr("Invalid regular expression"));
    updateStatus();
}

void TablePanel::updateStatus()
{
    if (!m_model->table()) {
        m_status->setText(m_emptyText);
        return;
    }
    const QLocale locale;
    const QString file
        = m_origin.isEmpty() ? QFileInfo(m_model->table()->path).fileName() : m_origin;
    m_status->setText(m_model->rowCount() == m_model->totalRowCount()
            ? tr("%1: %2 rows").arg(file, locale.toString(m_model->totalRowCount()))
            : tr("%1: %2 of %3 rows")
                  .arg(file, locale.toString(m_model->rowCount()),
                      locale.toString(m_model->totalRowCount())));
}

void TablePanel::activateRow(int viewRow)
{
    const int column = m_model->nameColumn();
    if (column < 0 || viewRow < 0)
        return;
    const QString name = m_model->index(viewRow, column).data().toString();
    if (!name.isEmpty())
        emit findOnTimelineRequested(name);
}

QString TablePanel::selectedRowsAsTsv() const
{
    const QList<int> rows = selectedRowNumbers(*m_table->selectionModel());
    if (rows.empty())
        return {};
    QList<int> columns;
    for (int c = 0; c < m_model->columnCount(); ++c)
        if (!m_table->isColumnHidden(c))
            columns << c;
    return rowsAsTsv(*m_model, rows, columns);
}

void TablePanel::copySelection()
{
    const QString tsv = selectedRowsAsTsv();
    if (!tsv.isEmpty())
        QApplication::clipboard()->setText(tsv);
}

} // namespace npuscope
