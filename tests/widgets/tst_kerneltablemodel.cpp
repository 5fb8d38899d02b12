#include "analysis/rules/findings.h"
#include "kernelfixtures.h"
#include "model/profile/profileloader.h"
#include "widgets/tables/kerneltablemodel.h"
#include "widgets/tables/kerneltableview.h"

#include <QAbstractItemModelTester>
#include <QBuffer>
#include <QDir>
#include <QRegularExpression>
#include <QSignalSpy>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QToolButton>

using namespace npuscope;
using namespace npuscope::test;

using RowList = QList<qint32>;

class TstKernelTableModel : public QObject {
    Q_OBJECT

private:
    static RowList visibleRows(const KernelTableModel &model)
    {
        RowList rows;
        for (int r = 0; r < model.rowCount(); ++r)
            rows << model.kernelRow(r);
        return rows;
    }

    static std::unique_ptr<KernelTableModel> makeModel()
    {
        auto model = std::make_unique<KernelTableModel>();
        model->setBaseTime(kBase);
        model->setKernels(makeKernels(sampleRows()));
        return model;
    }

private slots:
    void columns()
    {
        const auto model = makeModel();
        QStringList headers;
        for (int c = 0; c < model->columnCount(); ++c)
            headers << model->headerData(c, Qt::Horizontal).toString();
        QCOMPARE(headers,
            QStringList({ QStringLiteral("Name"), QStringLiteral("Type"),
                QStringLiteral("Accelerator Core"), QStringLiteral("Stream"),
                QStringLiteral("Start (µs)"), QStringLiteral("Duration (µs)"),
                QStringLiteral("Wait Time (µs)"), QStringLiteral("Block Dim"),
                QStringLiteral("Flags"), QStringLiteral("Input Shapes"),
                QStringLiteral("aic_mac_ratio") }));
        QCOMPARE(model->rowCount(), 5);
        QCOMPARE(model->index(1, KernelTableModel::StartColumn).data().toString(),
            QStringLiteral("60.000"));
        QCOMPARE(model->index(4, KernelTableModel::StartColumn).data().toString(), QString());
        QCOMPARE(model->index(2, KernelTableModel::StreamColumn).data().toString(),
            QStringLiteral("N/A"));
        QCOMPARE(model->index(0, KernelTableModel::DurationColumn).data().toString(),
            QStringLiteral("50.000"));
        QCOMPARE(model->index(0, KernelTableModel::CanonicalColumnCount).data().toString(),
            QStringLiteral("\"32,64\""));
        QCOMPARE(model->index(3, 0).data(KernelTableModel::KernelRowRole).toInt(), 3);
    }

    void modelTester()
    {
        const auto model = makeModel();
        QAbstractItemModelTester tester(
            model.get(), QAbstractItemModelTester::FailureReportingMode::QtTest);
        for (int c = 0; c < model->columnCount(); ++c) {
            model->sort(c, Qt::AscendingOrder);
            model->sort(c, Qt::DescendingOrder);
        }
        model->setTextFilter(QStringLiteral("core"), false);
        model->setExactFilter(KernelTableModel::CoreColumn, QStringLiteral("AI_VECTOR_CORE"));
        model->sort(KernelTableModel::NameColumn, Qt::AscendingOrder);
        model->clearFilters();
        model->setKernels(nullptr);
        QCOMPARE(model->rowCount(), 0);
        model->setKernels(makeKernels(sampleRows()));
    }

    void sort_data()
    {
        QTest::addColumn<int>("column");
        QTest::addColumn<RowList>("ascending");
        QTest::addColumn<RowList>("descending");
        // Byte order for text; ties keep table order; missing values (N/A) last in both orders.
        QTest::newRow("name") << int(KernelTableModel::NameColumn) << RowList { 3, 4, 0, 2, 1 }
                              << RowList { 1, 2, 0, 4, 3 };
        QTest::newRow("type") << int(KernelTableModel::TypeColumn) << RowList { 3, 4, 0, 1, 2 }
                              << RowList { 2, 1, 0, 4, 3 };
        QTest::newRow("core") << int(KernelTableModel::CoreColumn) << RowList { 0, 4, 1, 3, 2 }
                              << RowList { 2, 1, 3, 4, 0 };
        QTest::newRow("stream") << int(KernelTableModel::StreamColumn) << RowList { 0, 1, 3, 4, 2 }
                                << RowList { 4, 3, 0, 1, 2 };
        QTest::newRow("start") << int(KernelTableModel::StartColumn) << RowList { 0, 1, 3, 2, 4 }
                               << RowList { 2, 3, 1, 0, 4 };
        QTest::newRow("duration") << int(KernelTableModel::DurationColumn)
                                  << RowList { 3, 1, 4, 0, 2 } << RowList { 2, 0, 4, 1, 3 };
        QTest::newRow("wait") << int(KernelTableModel::WaitColumn) << RowList { 1, 4, 3, 0, 2 }
                              << RowList { 2, 0, 3, 1, 4 };
        QTest::newRow("block dim") << int(KernelTableModel::BlockDimColumn)
                                   << RowList { 4, 1, 0, 3, 2 } << RowList { 3, 0, 1, 4, 2 };
        QTest::newRow("extra text") << int(KernelTableModel::CanonicalColumnCount)
                                    << RowList { 0, 4, 1, 3, 2 } << RowList { 3, 1, 4, 0, 2 };
        QTest::newRow("extra number") << int(KernelTableModel::CanonicalColumnCount + 1)
                                      << RowList { 4, 2, 0, 3, 1 } << RowList { 3, 0, 2, 4, 1 };
    }

    void sort()
    {
        QFETCH(int, column);
        QFETCH(RowList, ascending);
        QFETCH(RowList, descending);
        const auto model = makeModel();
        model->sort(column, Qt::AscendingOrder);
        QCOMPARE(visibleRows(*model), ascending);
        model->sort(column, Qt::DescendingOrder);
        QCOMPARE(visibleRows(*model), descending);
        model->sort(-1);
        QCOMPARE(visibleRows(*model), RowList({ 0, 1, 2, 3, 4 }));
    }

    void sortKeepsPersistentIndexes()
    {
        const auto model = makeModel();
        const QPersistentModelIndex add = model->index(3, KernelTableModel::NameColumn);
        model->sort(KernelTableModel::NameColumn, Qt::AscendingOrder);
        QCOMPARE(add.row(), 0);
        QCOMPARE(add.data().toString(), QStringLiteral("Add_3"));
    }

    void filter_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<bool>("regex");
        QTest::addColumn<bool>("valid");
        QTest::addColumn<RowList>("rows");
        QTest::newRow("empty") << QString() << false << true << RowList { 0, 1, 2, 3, 4 };
        QTest::newRow("name substring, any case")
            << QStringLiteral("TRANS") << false << true << RowList { 1 };
        QTest::newRow("core substring")
            << QStringLiteral("vector") << false << true << RowList { 1, 3 };
        QTest::newRow("type substring") << QStringLiteral("argm") << false << true << RowList { 4 };
        QTest::newRow("regex is not substring")
            << QStringLiteral("^a") << false << true << RowList {};
        QTest::newRow("regex anchor")
            << QStringLiteral("^a") << true << true << RowList { 0, 1, 3, 4 };
        QTest::newRow("regex digits")
            << QStringLiteral("_\\d$") << true << true << RowList { 0, 1, 3, 4 };
        QTest::newRow("regex alternation")
            << QStringLiteral("hccl|matmul") << true << true << RowList { 0, 2 };
        QTest::newRow("invalid regex keeps all")
            << QStringLiteral("(") << true << false << RowList { 0, 1, 2, 3, 4 };
        QTest::newRow("no match") << QStringLiteral("conv2d") << false << true << RowList {};
    }

    void filter()
    {
        QFETCH(QString, text);
        QFETCH(bool, regex);
        QFETCH(bool, valid);
        QFETCH(RowList, rows);
        const auto model = makeModel();
        QAbstractItemModelTester tester(
            model.get(), QAbstractItemModelTester::FailureReportingMode::QtTest);
        QCOMPARE(model->setTextFilter(text, regex), valid);
        QCOMPARE(visibleRows(*model), rows);
        // The filter keeps the sort order.
        model->sort(KernelTableModel::DurationColumn, Qt::DescendingOrder);
        RowList sorted;
        for (const qint32 r : RowList { 2, 0, 4, 1, 3 }) {
            if (rows.contains(r))
                sorted << r;
        }
        QCOMPARE(visibleRows(*model), sorted);
    }

    void exactFilter()
    {
        const auto model = makeModel();
        QSignalSpy changed(model.get(), &KernelTableModel::filterChanged);
        model->setExactFilter(KernelTableModel::CoreColumn, QStringLiteral("AI_VECTOR_CORE"));
        QCOMPARE(visibleRows(*model), RowList({ 1, 3 }));
        model->setExactFilter(KernelTableModel::TypeColumn, QStringLiteral("Add"));
        QCOMPARE(visibleRows(*model), RowList({ 3 }));
        model->setExactFilter(KernelTableModel::StreamColumn, QStringLiteral("N/A"));
        QCOMPARE(visibleRows(*model), RowList({ 2 }));
        model->setExactFilter(KernelTableModel::NameColumn, QStringLiteral("NoSuchKernel"));
        QCOMPARE(visibleRows(*model), RowList());
        model->setExactFilter(KernelTableModel::TypeColumn, QStringLiteral("MatMul"));
        model->setTextFilter(QStringLiteral("trans"), false); // both must hold
        QCOMPARE(visibleRows(*model), RowList());
        model->clearFilters();
        QCOMPARE(model->rowCount(), 5);
        QCOMPARE(changed.count(), 7);
        QCOMPARE(model->viewRow(4), 4);
        model->setTextFilter(QStringLiteral("add"), false);
        QCOMPARE(model->viewRow(4), -1);
        QCOMPARE(model->viewRow(3), 0);
    }

    void rowSubset_data()
    {
        QTest::addColumn<RowList>("subset");
        QTest::addColumn<int>("sortColumn");
        QTest::addColumn<QString>("text");
        QTest::addColumn<RowList>("expected");
        QTest::addColumn<int>("size");
        QTest::newRow("table order")
            << RowList({ 3, 1 }) << -1 << QString() << RowList({ 1, 3 }) << 2;
        // A finding's evidence is longest first; the table keeps its own order.
        QTest::newRow("sorted by duration")
            << RowList({ 0, 1, 3 }) << int(KernelTableModel::DurationColumn) << QString()
            << RowList({ 3, 1, 0 }) << 3;
        QTest::newRow("with a text filter")
            << RowList({ 0, 1, 3 }) << -1 << QStringLiteral("add") << RowList({ 3 }) << 3;
        QTest::newRow("duplicates and out of range dropped")
            << RowList({ 4, 4, -1, 5, 99 }) << -1 << QString() << RowList({ 4 }) << 1;
        QTest::newRow("empty subset shows nothing")
            << RowList() << -1 << QString() << RowList() << 0;
    }

    void rowSubset()
    {
        QFETCH(RowList, subset);
        QFETCH(int, sortColumn);
        QFETCH(QString, text);
        QFETCH(RowList, expected);
        QFETCH(int, size);
        const auto model = makeModel();
        QAbstractItemModelTester tester(model.get());
        if (sortColumn >= 0)
            model->sort(sortColumn, Qt::AscendingOrder);
        model->setTextFilter(text, false);
        QSignalSpy changed(model.get(), &KernelTableModel::filterChanged);
        model->setRowSubset(std::vector<qint32>(subset.begin(), subset.end()));
        QVERIFY(model->hasRowSubset());
        QCOMPARE(model->rowSubsetSize(), size);
        QCOMPARE(visibleRows(*model), expected);
        QCOMPARE(model->totalRowCount(), 5);
        model->setRowSubset(std::vector<qint32>(subset.begin(), subset.end())); // no change
        QCOMPARE(changed.count(), 1);
        model->clearRowSubset();
        QVERIFY(!model->hasRowSubset());
        QCOMPARE(changed.count(), 2);
        model->setRowSubset({ 1 });
        model->clearFilters(); // drops the subset too
        QVERIFY(!model->hasRowSubset());
        QCOMPARE(model->rowCount(), 5);
        model->setRowSubset({ 1 });
        model->setKernels(makeKernels(sampleRows())); // rows of another table mean nothing
        QVERIFY(!model->hasRowSubset());
        QCOMPARE(model->rowCount(), 5);
    }

    void viewShowsSubsetChip()
    {
        KernelTableView view;
        view.setKernels(makeKernels(sampleRows()), kBase);
        view.setTextFilter(QStringLiteral("matmul"));
        auto *chip = view.findChild<QToolButton *>(QStringLiteral("subsetChip"));
        QVERIFY(chip);
        QVERIFY(chip->isHidden());
        view.setRowSubset({ 1, 3 }, QStringLiteral("Format conversions"));
        QVERIFY(!chip->isHidden());
        QCOMPARE(chip->text(), QStringLiteral("Showing 2 finding row(s), clear"));
        QVERIFY(chip->toolTip().contains(QStringLiteral("Format conversions")));
        QCOMPARE(view.model()->rowCount(), 2); // the text filter would have hidden them
        QVERIFY(view.model()->textFilter().isEmpty());
        chip->click();
        QVERIFY(chip->isHidden());
        QVERIFY(!view.model()->hasRowSubset());
        QCOMPARE(view.model()->rowCount(), 5);
    }

    void tsv()
    {
        const auto model = makeModel();
        const QString text = model->toTsv({ 0, 2 },
            { KernelTableModel::NameColumn, KernelTableModel::DurationColumn,
                KernelTableModel::StreamColumn, KernelTableModel::CanonicalColumnCount });
        QCOMPARE(text,
            QStringLiteral("Name\tDuration (µs)\tStream\tInput Shapes\n"
                           "MatMul_1\t50.000\t2\t\"32,64\"\n"
                           "hcom_allReduce_\t120.000\tN/A\tN/A\n"));
    }

    void viewCopiesSelectionAsTsv()
    {
        KernelTableView view;
        view.setKernels(makeKernels(sampleRows()), kBase);
        view.setHiddenColumnNames({ QStringLiteral("Input Shapes"), QStringLiteral("aic_mac_ratio"),
            QStringLiteral("Type"), QStringLiteral("Accelerator Core"), QStringLiteral("Stream"),
            QStringLiteral("Start (µs)"), QStringLiteral("Wait Time (µs)"),
            QStringLiteral("Flags") });
        QCOMPARE(view.visibleColumns(),
            QList<int>({ KernelTableModel::NameColumn, KernelTableModel::DurationColumn,
                KernelTableModel::BlockDimColumn }));
        QSignalSpy activated(&view, &KernelTableView::kernelActivated);
        view.selectKernelRow(3); // from the timeline: no kernelActivated back
        QCOMPARE(activated.count(), 0);
        view.tableView()->selectionModel()->select(
            view.model()->index(1, 0), QItemSelectionModel::Select | QItemSelectionModel::Rows);
        QCOMPARE(view.selectedRowsAsTsv(),
            QStringLiteral("Name\tDuration (µs)\tBlock Dim\n"
                           "trans_TransData_0\t5.500\t8\n"
                           "Add_3\t3.000\t40\n"));
        view.tableView()->setCurrentIndex(view.model()->index(0, 0));
        QCOMPARE(activated.count(), 1);
        QCOMPARE(activated.at(0).at(0).value<qint32>(), 0);
    }

    void exportCsv()
    {
        KernelTableView view;
        view.setKernels(makeKernels(sampleRows()), kBase);
        view.setHiddenColumnNames(
            { QStringLiteral("Type"), QStringLiteral("Accelerator Core"), QStringLiteral("Stream"),
                QStringLiteral("Start (µs)"), QStringLiteral("Wait Time (µs)"),
                QStringLiteral("Block Dim"), QStringLiteral("aic_mac_ratio") });
        view.setExactFilter(KernelTableModel::CoreColumn, QStringLiteral("AI_CORE"));
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("out.csv"));
        QString error;
        QVERIFY2(view.exportCsv(path, &error), qPrintable(error));
        QFile file(path);
        QVERIFY(file.open(QIODevice::ReadOnly));
        QCOMPARE(QString::fromUtf8(file.readAll()),
            QStringLiteral("Name,Duration (µs),Flags,Input Shapes\n"
                           "MatMul_1,50.000,,\"\"\"32,64\"\"\"\n"));
        QVERIFY(!view.exportCsv(dir.filePath(QStringLiteral("missing/dir/out.csv")), &error));
        QVERIFY(!error.isEmpty());
    }

    void formatMicros_data()
    {
        QTest::addColumn<qint64>("ns");
        QTest::addColumn<QString>("text");
        QTest::newRow("zero") << qint64(0) << QStringLiteral("0.000");
        QTest::newRow("sub-µs") << qint64(7) << QStringLiteral("0.007");
        QTest::newRow("exact") << qint64(1'234'567) << QStringLiteral("1234.567");
        QTest::newRow("negative") << qint64(-1'500) << QStringLiteral("-1.500");
        QTest::newRow("epoch") << qint64(kBase) << QStringLiteral("1736408883704643.212");
    }

    void formatMicros()
    {
        QFETCH(qint64, ns);
        QFETCH(QString, text);
        QCOMPARE(KernelTableModel::formatMicros(ns), text);
    }

    // The Flags column (analysis/rules/kernelflags.h): text, tooltip, colour, sort and filters.
    void flags()
    {
        std::vector<KernelRowSpec> rows = sampleRows(); // row 1 is a TransData
        // Starved by the host: Wait Time 50x the Duration.
        rows.push_back(
            { "Cast_5", "Cast", "AI_VECTOR_CORE", 2, kBase + 80'000, 1'000, 50'000, 8, "1", 0.1 });
        // Host-bound and Block Dim 20 of the device's 24 AI Cores.
        rows.push_back(
            { "MatMul_6", "MatMul", "AI_CORE", 2, kBase + 90'000, 30'000, 400'000, 20, "2", 0.3 });
        KernelTableModel model;
        model.setKernels(makeKernels(rows), 24);
        QAbstractItemModelTester tester(
            &model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        const int col = KernelTableModel::FlagsColumn;
        QStringList texts;
        for (int r = 0; r < model.rowCount(); ++r)
            texts << model.index(r, col).data().toString();
        QCOMPARE(texts,
            QStringList(
                { QString(), QStringLiteral("format conversion"), QString(), QString(), QString(),
                    QStringLiteral("host-bound"), QStringLiteral("host-bound, low Block Dim") }));
        QCOMPARE(model.flagsOf(6), KernelFlags(kFlagHostBound | kFlagLowBlockDim));
        const QString tip = model.index(6, col).data(Qt::ToolTipRole).toString();
        QVERIFY2(tip.contains(QStringLiteral("24 AI Cores")), qPrintable(tip));
        QVERIFY2(tip.contains(QStringLiteral("400 µs")), qPrintable(tip));
        QVERIFY(!model.index(0, col).data(Qt::ToolTipRole).isValid());
        QVERIFY(model.index(1, col).data(Qt::BackgroundRole).isValid());
        QVERIFY(!model.index(0, col).data(Qt::BackgroundRole).isValid());
        QVERIFY(!model.index(1, KernelTableModel::NameColumn).data(Qt::BackgroundRole).isValid());
        QCOMPARE(model.index(5, col).data(Qt::TextAlignmentRole).value<Qt::Alignment>()
                & Qt::AlignHorizontal_Mask,
            Qt::AlignLeft);
        QCOMPARE(model.cellText(6, col), QStringLiteral("host-bound, low Block Dim"));

        // By number of flags, then text; rows without flags first, in table order.
        model.sort(col, Qt::AscendingOrder);
        QCOMPARE(visibleRows(model), RowList({ 0, 2, 3, 4, 1, 5, 6 }));
        model.sort(col, Qt::DescendingOrder);
        QCOMPARE(visibleRows(model), RowList({ 6, 5, 1, 0, 2, 3, 4 }));

        // The text filter searches the flags too.
        model.setTextFilter(QStringLiteral("HOST"), false);
        QCOMPARE(visibleRows(model), RowList({ 6, 5 }));
        model.setTextFilter(QStringLiteral("^format"), true);
        QCOMPARE(visibleRows(model), RowList({ 1 }));
        model.setTextFilter(QStringLiteral("matmul"), false); // names still match
        QCOMPARE(visibleRows(model), RowList({ 6, 0 }));
        model.clearFilters();
        model.setExactFilter(col, QStringLiteral("host-bound"));
        QCOMPARE(visibleRows(model), RowList({ 5 }));
        model.clearFilters();

        // A new table recomputes the flags.
        model.setKernels(makeKernels(sampleRows()));
        QCOMPARE(model.rowCount(), 5);
        QCOMPARE(model.cellText(0, col), QString());
        QCOMPARE(model.cellText(1, col), QStringLiteral("format conversion"));
        QCOMPARE(model.flagsOf(6), KernelFlags(0));
        model.setKernels(nullptr);
        QCOMPARE(model.flagsOf(0), KernelFlags(0));
    }

    // A wait spent under a collective is not the host's: the table and the host-bound finding
    // use one rule. A core count given with the table (the device's) replaces the guess.
    void flagsFollowFindings()
    {
        std::vector<KernelRowSpec> rows = sampleRows();
        rows.push_back({ "hcom_allReduce__1_0_1", "hcom_allReduce_", "HCCL", KernelTable::kNoValue,
            kBase + 100'000, 60'000, 0, 0, "", kNaN });
        // Waited 65 µs, all of it under the allreduces.
        rows.push_back(
            { "Cast_7", "Cast", "AI_VECTOR_CORE", 2, kBase + 170'000, 1'000, 65'000, 8, "", 0 });
        KernelTableModel model;
        model.setKernels(makeKernels(rows));
        QCOMPARE(model.flagsOf(6), KernelFlags(0));
        QCOMPARE(model.flagsOf(0) & kFlagLowBlockDim, 0); // MatMul_1: the cores unknown
        model.setKernels(makeKernels(rows), 32);
        QCOMPARE(model.flagsOf(0) & kFlagLowBlockDim, int(kFlagLowBlockDim));
        const QString tip
            = model.index(0, KernelTableModel::FlagsColumn).data(Qt::ToolTipRole).toString();
        QVERIFY2(tip.contains(QStringLiteral("32 AI Cores")), qPrintable(tip));
    }

    void sampleHostBoundRows()
    {
        // ascend-2025-01/level1/rank0: 57 rows wait 10x their duration; 14 of them waited for an
        // allreduce (trans_TransData_15: 911.7 µs, 911.75 µs under HCCL). The table flags the 43
        // the host-bound finding counts.
        const QString path
            = QStringLiteral(NPUSCOPE_SAMPLES_DIR "/ascend-2025-01/level1/rank0_ascend_pt");
        if (!QDir(path).exists())
            QSKIP("samples not present");
        const LoadResult loaded = loadProfile(path);
        const RankProfile &rank = *loaded.profile->ranks[0];
        KernelTableModel model;
        model.setKernels(rank.kernels);
        int flagged = 0;
        for (qint32 r = 0; r < qint32(rank.kernels->rowCount()); ++r) {
            if (!(model.flagsOf(r) & kFlagHostBound))
                continue;
            ++flagged;
            QVERIFY(rank.kernels->strings.string(rank.kernels->name[std::size_t(r)])
                != QLatin1String("trans_TransData_15"));
        }
        const RankAnalysis a = analyseRank(rank);
        const auto host = std::find_if(a.findings.begin(), a.findings.end(),
            [](const Finding &f) { return f.id == QLatin1String(FindingId::kHostBound); });
        QVERIFY(host != a.findings.end());
        QCOMPARE(flagged, 43);
        QCOMPARE(double(flagged), host->metric(u"stalled_kernels"));
    }

    // DESIGN.md: sorting or filtering 1 M rows takes <= 200 ms. Timed here with a generous
    // bound (shared CI machines, debug builds); the printed times are what to compare.
    // A million rows: every column sorts into a consistent order and the regex filter keeps
    // exactly the rows a plain std::regex pass finds. How fast is bench_tables' to measure.
    void millionRows()
    {
        const auto kernels = makeLargeKernels(1'000'000, 20'000);
        KernelTableModel model;
        model.setKernels(kernels);
        const KernelTable &k = *kernels;
        model.sort(KernelTableModel::DurationColumn, Qt::DescendingOrder);
        QCOMPARE(model.rowCount(), 1'000'000);
        for (int r = 1; r < model.rowCount(); ++r) {
            const auto prev = k.duration[std::size_t(model.kernelRow(r - 1))];
            const auto cur = k.duration[std::size_t(model.kernelRow(r))];
            if (prev < cur)
                QFAIL(qPrintable(QStringLiteral("row %1 out of order").arg(r)));
        }
        model.sort(KernelTableModel::StartColumn, Qt::AscendingOrder);
        for (int r = 1; r < model.rowCount(); ++r) {
            if (k.start[std::size_t(model.kernelRow(r - 1))]
                > k.start[std::size_t(model.kernelRow(r))])
                QFAIL(qPrintable(QStringLiteral("row %1 out of order").arg(r)));
        }
        for (int c = 0; c < KernelTableModel::CanonicalColumnCount; ++c) {
            model.sort(c, c % 2 ? Qt::AscendingOrder : Qt::DescendingOrder);
            QCOMPARE(model.rowCount(), 1'000'000);
        }
        model.setTextFilter(QStringLiteral("kernel_1.*_1"), true);
        const QRegularExpression re(
            QStringLiteral("kernel_1.*_1"), QRegularExpression::CaseInsensitiveOption);
        std::vector<char> nameMatches(k.strings.size(), 0);
        int expected = 0;
        for (std::size_t i = 0; i < k.name.size(); ++i) {
            const std::uint32_t id = k.name[i].value;
            if (nameMatches[id] == 0)
                nameMatches[id] = re.match(k.strings.string(k.name[i])).hasMatch() ? 1 : 2;
            expected += nameMatches[id] == 1 ? 1 : 0;
        }
        QVERIFY(expected > 0);
        QCOMPARE(model.rowCount(), expected);
    }
};

QTEST_MAIN(TstKernelTableModel)
#include "tst_kerneltablemodel.moc"
