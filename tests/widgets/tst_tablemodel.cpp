#include "model/csv/csvreader.h"
#include "widgets/tables/tablemodel.h"
#include "widgets/tables/tablepanel.h"

#include <QAbstractItemModelTester>
#include <QItemSelectionModel>
#include <QSignalSpy>
#include <QTableView>
#include <QTest>

using namespace npuscope;

namespace {

// operator_details.csv as torch_npu writes it (FORMATS.md), trimmed to a few columns.
const char kOperators[] = "Name,Input Shapes,Call Stack,Host Self Duration(us),"
                          "Host Total Duration(us),Device Self Duration(us)\n"
                          "aten::matmul,\"[[32,64],[64,128]]\",model.py:10,12.5,40.25,1000.125\n"
                          "aten::add,\"[[32],[32]]\",model.py:11,3,3,2.5\n"
                          "aten::relu,,N/A,1.75,1.75,N/A\n"
                          "aten::addmm,\"[[8,8]]\",model.py:12,100,120,9.5\n"
                          "Optimizer.step,,train.py:40,7,500,0\n";

std::shared_ptr<const Table> operators()
{
    CsvResult r = readCsvData(kOperators, QStringLiteral("/p/operator_details.csv"));
    return r.table;
}

QStringList names(const char *commaSeparated)
{
    return QString::fromLatin1(commaSeparated).split(QLatin1Char(','));
}

// Saves a widget's picture where NPUSCOPE_SCREENSHOTS points (to look at), else nowhere.
void screenshot(QWidget *w, const QString &name)
{
    const QString dir = qEnvironmentVariable("NPUSCOPE_SCREENSHOTS");
    if (!dir.isEmpty())
        w->grab().save(dir + QLatin1Char('/') + name + QStringLiteral(".png"));
}

QStringList column(const TableModel &m, int c)
{
    QStringList out;
    for (int r = 0; r < m.rowCount(); ++r)
        out << m.index(r, c).data().toString();
    return out;
}

} // namespace

class TestTableModel : public QObject {
    Q_OBJECT

private slots:
    void modelTester();
    void sortsByTypedKeys();
    void filters();
    void selectionFollowsSort();
    void panelFindsAndCopies();
};

void TestTableModel::modelTester()
{
    TableModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setTable(operators());
    QCOMPARE(model.rowCount(), 5);
    QCOMPARE(model.columnCount(), 6);
    model.sort(3, Qt::DescendingOrder);
    model.setTextFilter(QStringLiteral("aten"), false);
    model.setTable(nullptr);
    QCOMPARE(model.rowCount(), 0);
}

void TestTableModel::sortsByTypedKeys()
{
    TableModel model;
    model.setTable(operators());
    QCOMPARE(model.nameColumn(), 0);
    // Numbers by value, not text ("100" after "12.5"); missing (N/A) last either way.
    model.sort(3, Qt::AscendingOrder);
    QCOMPARE(
        column(model, 0), names("aten::relu,aten::add,Optimizer.step,aten::matmul,aten::addmm"));
    model.sort(5, Qt::DescendingOrder);
    QCOMPARE(column(model, 0).last(), QStringLiteral("aten::relu"));
    QCOMPARE(column(model, 0).first(), QStringLiteral("aten::matmul"));
    // Text by bytes.
    model.sort(0, Qt::AscendingOrder);
    QCOMPARE(
        column(model, 0), names("Optimizer.step,aten::add,aten::addmm,aten::matmul,aten::relu"));
    QCOMPARE(model.tableRow(0), 4);
    QCOMPARE(model.viewRow(4), 0);
}

void TestTableModel::filters()
{
    TableModel model;
    model.setTable(operators());
    QVERIFY(model.setTextFilter(QStringLiteral("ADD"), false)); // case-insensitive
    QCOMPARE(column(model, 0), names("aten::add,aten::addmm"));
    QVERIFY(model.setTextFilter(QStringLiteral("train\\.py"), true)); // any text column
    QCOMPARE(column(model, 0), names("Optimizer.step"));
    QVERIFY(!model.setTextFilter(QStringLiteral("(["), true));
    QCOMPARE(model.rowCount(), 1); // an invalid pattern changes nothing
    model.sort(0, Qt::DescendingOrder);
    QVERIFY(model.setTextFilter(QStringLiteral("aten"), false));
    QCOMPARE(column(model, 0), names("aten::relu,aten::matmul,aten::addmm,aten::add"));
    QCOMPARE(model.viewRow(4), -1); // filtered out
    QVERIFY(model.setTextFilter(QString(), false));
    QCOMPARE(model.rowCount(), 5);
}

void TestTableModel::selectionFollowsSort()
{
    TableModel model;
    model.setTable(operators());
    QItemSelectionModel selection(&model);
    selection.select(model.index(3, 0), QItemSelectionModel::ClearAndSelect);
    model.sort(4, Qt::DescendingOrder); // host total: step 500, addmm 120, ...
    const QModelIndexList rows = selection.selectedIndexes();
    QCOMPARE(rows.size(), 1);
    QCOMPARE(rows.first().data().toString(), QStringLiteral("aten::addmm"));
    QCOMPARE(rows.first().row(), 1);
}

void TestTableModel::panelFindsAndCopies()
{
    TablePanel panel;
    panel.setTable(operators());
    QSignalSpy find(&panel, &TablePanel::findOnTimelineRequested);
    panel.tableView()->selectRow(1);
    emit panel.tableView()->activated(panel.model()->index(1, 2));
    QCOMPARE(find.count(), 1);
    QCOMPARE(find.at(0).at(0).toString(), QStringLiteral("aten::add"));
    const QString tsv = panel.selectedRowsAsTsv();
    QVERIFY2(tsv.startsWith(QStringLiteral("Name\tInput Shapes\t")), qPrintable(tsv));
    // Number cells read as written ("12.5", "1000.125", "N/A"), though a Number column keeps
    // no text.
    QVERIFY2(tsv.contains(QStringLiteral("aten::add\t[[32],[32]]\tmodel.py:11\t3\t3\t2.5\n")),
        qPrintable(tsv));
    QCOMPARE(panel.model()->index(0, 5).data().toString(), QStringLiteral("1000.125"));
    QCOMPARE(panel.model()->index(2, 5).data().toString(), QStringLiteral("N/A"));
    panel.resize(900, 260);
    screenshot(&panel, QStringLiteral("tablepanel-operators"));
    panel.setTable(nullptr, QStringLiteral("not collected"));
    QCOMPARE(panel.model()->rowCount(), 0);
}

QTEST_MAIN(TestTableModel)
#include "tst_tablemodel.moc"
