#include "analysis/compare/comparison.h"
#include "analysis/compare/renamedkernels.h"
#include "model/core/kerneltable.h"
#include "model/profile/profileloader.h"

#include <QDir>
#include <QTest>

using namespace npuscope;

namespace {

const QString kSamples = QStringLiteral(NPUSCOPE_SAMPLES_DIR);

QStringList names(const char *spaced) { return QString::fromUtf8(spaced).split(QLatin1Char(' ')); }

// A kernel table of these names, 1 us each.
KernelTable table(const QStringList &names)
{
    KernelTable k;
    for (const QString &n : names) {
        k.name.push_back(k.strings.intern(n.toStdString()));
        k.duration.push_back(1000);
    }
    return k;
}

// The by-Name rows of two tables, as compareRuns() groups them before joining.
std::vector<DiffRow> rowsOf(const KernelTable &base, const KernelTable &next)
{
    std::map<QString, DiffRow> rows;
    for (qsizetype r = 0; r < base.rowCount(); ++r) {
        DiffRow &d = rows[base.strings.string(base.name[std::size_t(r)])];
        d.baseNs += base.duration[std::size_t(r)];
        ++d.baseCount;
    }
    for (qsizetype r = 0; r < next.rowCount(); ++r) {
        DiffRow &d = rows[next.strings.string(next.name[std::size_t(r)])];
        d.newNs += next.duration[std::size_t(r)];
        ++d.newCount;
    }
    std::vector<DiffRow> out;
    for (auto &[key, d] : rows) {
        d.key = d.label = key;
        out.push_back(d);
    }
    return out;
}

// "label base/new counts" per row, sorted, for whole-result comparison.
QString text(const std::vector<DiffRow> &rows)
{
    QStringList lines;
    for (const DiffRow &r : rows)
        lines << QStringLiteral("%1 %2/%3").arg(r.label).arg(r.baseCount).arg(r.newCount);
    lines.sort();
    return lines.join(QLatin1String(", "));
}

} // namespace

class TstRenamedKernels : public QObject {
    Q_OBJECT
private slots:
    void join_data();
    void join();
    void databaseAgainstTextTwin();
};

void TstRenamedKernels::join_data()
{
    QTest::addColumn<QStringList>("base");
    QTest::addColumn<QStringList>("next");
    QTest::addColumn<QString>("pairs"); // "b:n b:n": rows paired by the match
    QTest::addColumn<QString>("expected");
    const QStringList hb = names("hcom_allReduce__586_0_1 hcom_allReduce__586_1_1 MatMul");
    const QStringList hn = names("hcom_allReduce__210_0_1 hcom_allReduce__210_1_1 MatMul");
    QTest::newRow("renumbered collectives")
        << hb << hn << "0:0 1:1 2:2"
        << "MatMul 1/1, hcom_allReduce__586_0_1 → hcom_allReduce__210_0_1 1/1, "
           "hcom_allReduce__586_1_1 → hcom_allReduce__210_1_1 1/1";
    QTest::newRow("unmatched stay apart") << hb << hn << "2:2"
                                          << "MatMul 1/1, hcom_allReduce__210_0_1 0/1, "
                                             "hcom_allReduce__210_1_1 0/1, "
                                             "hcom_allReduce__586_0_1 1/0, "
                                             "hcom_allReduce__586_1_1 1/0";
    // One base name paired with two new names: not a rename.
    QTest::newRow("split") << names("A1 A1") << names("B1 C1") << "0:0 1:1"
                           << "A1 2/0, B1 0/1, C1 0/1";
    // Two base names paired with one new name: not a rename either.
    QTest::newRow("merged") << names("A1 B1") << names("C1 C1") << "0:0 1:1"
                            << "A1 1/0, B1 1/0, C1 0/2";
    // The new name also runs in the base: its row is a real name of both runs.
    QTest::newRow("name on both sides") << names("A1 B1") << names("B1 B1") << "0:0 1:1"
                                        << "A1 1/0, B1 1/2";
    QTest::newRow("several rows of one rename")
        << names("T_12 X T_12") << names("T_14 X T_14") << "0:0 1:1 2:2"
        << "T_12 → T_14 2/2, X 1/1";
}

void TstRenamedKernels::join()
{
    QFETCH(QStringList, base);
    QFETCH(QStringList, next);
    QFETCH(QString, pairs);
    QFETCH(QString, expected);
    const KernelTable b = table(base), n = table(next);
    KernelMatch match;
    for (const QString &p : pairs.split(QLatin1Char(' '), Qt::SkipEmptyParts))
        match.pairs.push_back({ p.section(QLatin1Char(':'), 0, 0).toInt(),
            p.section(QLatin1Char(':'), 1, 1).toInt() });
    std::vector<DiffRow> rows = rowsOf(b, n);
    joinRenamedRows(rows, match, b, n);
    QCOMPARE(text(rows), expected);
    for (std::size_t i = 1; i < rows.size(); ++i)
        QVERIFY(std::abs(rows[i - 1].deltaNs()) >= std::abs(rows[i].deltaNs()));
}

// The same job collected as text and as a database: the collectives carry each run's group
// numbers (hcom_allReduce__586_0_1 / __210_0_1); By Name pairs them instead of listing each
// name as gone and new. Totals stay those of the kernel tables.
void TstRenamedKernels::databaseAgainstTextTwin()
{
    const QString text = kSamples + QStringLiteral("/ascend-2025-01/level1/rank0_ascend_pt");
    const QString db = kSamples + QStringLiteral("/ascend-2025-01-db/level1/rank0_ascend_pt");
    if (!QDir(kSamples).exists())
        QSKIP("samples not present");
    const LoadResult a = loadProfile(text), b = loadProfile(db);
    QVERIFY(a.profile && !a.profile->ranks.empty() && a.profile->ranks[0]->kernels);
    QVERIFY(b.profile && !b.profile->ranks.empty() && b.profile->ranks[0]->kernels);
    const RankProfile &ra = *a.profile->ranks[0], &rb = *b.profile->ranks[0];
    const RankAnalysis aa = analyseRank(ra), ab = analyseRank(rb);
    const RunComparison c = compareRuns({ &ra, &aa }, { &rb, &ab });
    QVERIFY2(c.ok(), qPrintable(c.error));
    int renamed = 0;
    for (const DiffRow &r : c.byName) {
        QVERIFY2(!r.key.startsWith(QLatin1String("hcom_")) || (r.baseCount && r.newCount),
            qPrintable(r.key));
        if (r.newKey.isEmpty())
            continue;
        ++renamed;
        TimeNs baseNs = 0, newNs = 0;
        for (qint32 row : c.baseRows)
            baseNs += ra.kernels->strings.string(ra.kernels->name[std::size_t(row)]) == r.key
                ? ra.kernels->duration[std::size_t(row)]
                : 0;
        for (qint32 row : c.newRows)
            newNs += rb.kernels->strings.string(rb.kernels->name[std::size_t(row)]) == r.newKey
                ? rb.kernels->duration[std::size_t(row)]
                : 0;
        QCOMPARE(r.baseNs, baseNs);
        QCOMPARE(r.newNs, newNs);
    }
    QCOMPARE(renamed, 4); // the step's four allReduce calls
}

QTEST_GUILESS_MAIN(TstRenamedKernels)
#include "tst_renamedkernels.moc"
