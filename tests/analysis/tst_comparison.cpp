#include "analysis/compare/comparison.h"

#include "generatedpair.h"

#include <QTest>

using namespace npuscope;
using namespace npuscope::test;

namespace {

struct Analysed {
    RankAnalysis base;
    RankAnalysis next;
};

Analysed analyse(const GeneratedPair &p)
{
    return { analyseRank(p.base.rank()), analyseRank(p.next.rank()) };
}

RunComparison compare(const GeneratedPair &p, const Analysed &a, const CompareOptions &o = {})
{
    return compareRuns({ &p.base.rank(), &a.base }, { &p.next.rank(), &a.next }, o);
}

const DiffRow *row(const std::vector<DiffRow> &rows, const QString &key)
{
    for (const DiffRow &r : rows) {
        if (r.key == key)
            return &r;
    }
    return nullptr;
}

// Every Type row against the generator's per-Type totals, as text.
QString typesText(const std::vector<DiffRow> &rows)
{
    QStringList lines;
    for (const DiffRow &r : rows)
        lines << QStringLiteral("%1 %2/%3 %4/%5")
                     .arg(r.key)
                     .arg(r.baseNs)
                     .arg(r.newNs)
                     .arg(r.baseCount)
                     .arg(r.newCount);
    lines.sort();
    return lines.join(QLatin1Char('\n'));
}

QString truthTypesText(const RankTruth &base, const RankTruth &next)
{
    QStringList lines;
    std::map<QString, int> keys;
    for (const auto &[k, v] : base.typeNs)
        keys[k] = 1;
    for (const auto &[k, v] : next.typeNs)
        keys[k] = 1;
    for (const auto &[k, v] : keys) {
        const auto value = [&](const auto &m) {
            const auto it = m.find(k);
            return it == m.end() ? 0 : it->second;
        };
        lines << QStringLiteral("%1 %2/%3 %4/%5")
                     .arg(k)
                     .arg(value(base.typeNs))
                     .arg(value(next.typeNs))
                     .arg(value(base.typeRows))
                     .arg(value(next.typeRows));
    }
    lines.sort();
    return lines.join(QLatin1Char('\n'));
}

bool sortedByAbsDelta(const std::vector<DiffRow> &rows)
{
    for (std::size_t i = 1; i < rows.size(); ++i) {
        if (std::abs(rows[i].deltaNs()) > std::abs(rows[i - 1].deltaNs()))
            return false;
    }
    return true;
}

} // namespace

class TstComparison : public QObject {
    Q_OBJECT
private slots:
    void slowedKernel();
    void droppedTransData_data();
    void droppedTransData();
    void identicalRuns();
    void chosenStep();
    void missingStep();
};

void TstComparison::slowedKernel()
{
    const auto p = generatePair({}, { QString(), QStringLiteral("MatMulV2"), 2.0 });
    QVERIFY(p->ok());
    const Analysed a = analyse(*p);
    const RunComparison c = compare(*p, a);
    QVERIFY2(c.ok(), qPrintable(c.error));
    QCOMPARE(c.base.stepId, QStringLiteral("2"));
    QCOMPARE(c.next.stepId, QStringLiteral("2"));
    QVERIFY(!c.stepsByPosition);
    QCOMPARE(c.base.wallNs, p->base.truth().stepWallNs[0]);
    QCOMPARE(c.next.wallNs, p->next.truth().stepWallNs[0]);
    QVERIFY(c.next.wallNs > c.base.wallNs);
    QCOMPARE(typesText(c.byType), truthTypesText(p->base.truth(), p->next.truth()));
    QVERIFY(sortedByAbsDelta(c.byType));
    QVERIFY(sortedByAbsDelta(c.byName));
    // MatMulV2 doubled: the largest change, about +100%, same count.
    const DiffRow &top = c.byType.front();
    QCOMPARE(top.key, QStringLiteral("MatMulV2"));
    QVERIFY2(
        top.deltaPct() > 95 && top.deltaPct() < 105, qPrintable(QString::number(top.deltaPct())));
    QCOMPARE(top.baseCount, top.newCount);
    QCOMPARE(c.byBucket.front().key, QStringLiteral("matrix_multiply"));
    QCOMPARE(c.byBucket.front().deltaNs(), top.deltaNs());
    // Same model: every kernel pairs, and every MatMulV2 pair is tinted slower.
    QVERIFY(c.match.onlyBase.empty());
    QVERIFY(c.match.onlyNew.empty());
    QCOMPARE(qint64(c.match.pairs.size()), c.base.kernelCount);
    const KernelTable &bk = *p->base.rank().kernels;
    const KernelTable &nk = *p->next.rank().kernels;
    qint64 matmuls = 0;
    for (const KernelPair &pair : c.match.pairs) {
        const QString name = bk.strings.string(bk.name[std::size_t(pair.baseRow)]);
        QCOMPARE(nk.strings.string(nk.name[std::size_t(pair.newRow)]), name);
        if (bk.strings.string(bk.type[std::size_t(pair.baseRow)]) == QLatin1String("MatMulV2")) {
            ++matmuls;
            QCOMPARE(classifyChange(bk.duration[std::size_t(pair.baseRow)],
                         nk.duration[std::size_t(pair.newRow)], kDefaultChangeThreshold),
                MatchChange::Slower);
        }
    }
    QCOMPARE(matmuls, p->base.truth().typeRows.at(QStringLiteral("MatMulV2")));
    QVERIFY(c.slower >= matmuls);
}

void TstComparison::droppedTransData_data()
{
    QTest::addColumn<bool>("swapped");
    QTest::newRow("new run drops TransData") << false; // deletions
    QTest::newRow("new run adds TransData") << true; // insertions
}

void TstComparison::droppedTransData()
{
    QFETCH(bool, swapped);
    const RunSpec planted { QStringLiteral("transdata"), QString(), 1.0 };
    const auto p = swapped ? generatePair({}, planted) : generatePair(planted, {});
    QVERIFY(p->ok());
    const Analysed a = analyse(*p);
    const RunComparison c = compare(*p, a);
    QVERIFY2(c.ok(), qPrintable(c.error));
    const RankTruth &withTd = swapped ? p->next.truth() : p->base.truth();
    QVERIFY(withTd.transDataKernels > 0);
    QCOMPARE(typesText(c.byType), truthTypesText(p->base.truth(), p->next.truth()));
    const DiffRow *td = row(c.byType, QStringLiteral("TransData"));
    QVERIFY(td);
    QCOMPARE(td->deltaNs(), swapped ? withTd.transDataNs : -withTd.transDataNs);
    QCOMPARE(
        td->newCount - td->baseCount, swapped ? withTd.transDataKernels : -withTd.transDataKernels);
    QCOMPARE(c.base.transDataNs, p->base.truth().transDataNs);
    QCOMPARE(c.next.transDataNs, p->next.truth().transDataNs);
    const DiffRow *conversion = row(c.byBucket, QStringLiteral("format_conversion"));
    QVERIFY(conversion);
    QCOMPARE(conversion->deltaNs(), td->deltaNs());

    // Matching survives the inserted / removed kernels: exactly the TransData rows are
    // unmatched and every other kernel pairs with its own name.
    const std::vector<qint32> &unmatched = swapped ? c.match.onlyNew : c.match.onlyBase;
    const std::vector<qint32> &none = swapped ? c.match.onlyBase : c.match.onlyNew;
    const RankProfile &tdRank = swapped ? p->next.rank() : p->base.rank();
    QVERIFY(none.empty());
    QCOMPARE(qint64(unmatched.size()), withTd.transDataKernels);
    for (qint32 r : unmatched) {
        QCOMPARE(tdRank.kernels->strings.string(tdRank.kernels->type[std::size_t(r)]),
            QStringLiteral("TransData"));
    }
    const KernelTable &bk = *p->base.rank().kernels;
    const KernelTable &nk = *p->next.rank().kernels;
    for (const KernelPair &pair : c.match.pairs)
        QCOMPARE(nk.strings.string(nk.name[std::size_t(pair.newRow)]),
            bk.strings.string(bk.name[std::size_t(pair.baseRow)]));

    // The finding went away (or came).
    const auto &changed = swapped ? c.appeared : c.resolved;
    QVERIFY(std::any_of(changed.begin(), changed.end(), [](const FindingChange &f) {
        return f.id == QLatin1String(FindingId::kTransDataOverhead);
    }));
    QCOMPARE(c.base.transDataShare > 0, !swapped);
    QCOMPARE(c.next.transDataShare > 0, swapped);
}

void TstComparison::identicalRuns()
{
    const auto p = generatePair({}, {});
    QVERIFY(p->ok());
    const Analysed a = analyse(*p);
    const RunComparison c = compare(*p, a);
    QVERIFY(c.ok());
    QCOMPARE(c.stepDeltaPct(), 0.0);
    QCOMPARE(c.faster + c.slower, qint64(0));
    QVERIFY(c.appeared.empty() && c.resolved.empty());
    for (const DiffRow &r : c.byName)
        QCOMPARE(r.deltaNs(), TimeNs(0));
    QCOMPARE(c.base.topKernel, c.next.topKernel);
    QVERIFY(c.base.topKernelNs > 0);
    QVERIFY(!c.crossBackend);
}

void TstComparison::chosenStep()
{
    const auto p = generatePair({}, { QString(), QStringLiteral("Add"), 3.0 }, 5, 3, 4);
    QVERIFY(p->ok());
    const Analysed a = analyse(*p);
    CompareOptions o;
    o.baseStep = QStringLiteral("3");
    const RunComparison c = compare(*p, a, o);
    QVERIFY2(c.ok(), qPrintable(c.error));
    QCOMPARE(c.base.stepId, QStringLiteral("3"));
    QCOMPARE(c.next.stepId, QStringLiteral("3"));
    QCOMPARE(c.base.wallNs, p->base.truth().stepWallNs[1]);
    QCOMPARE(c.next.wallNs, p->next.truth().stepWallNs[1]);
    QCOMPARE(c.base.kernelCount, p->base.truth().steps[1].kernelRows);
    QCOMPARE(c.base.freeNs, p->base.truth().steps[1].freeNs);
    QCOMPARE(c.base.commNotOverlappedNs, p->base.truth().steps[1].commNotOverlappedNs);
    const DiffRow *add = row(c.byType, QStringLiteral("Add"));
    QVERIFY(add && add->deltaNs() > 0);
    // Different steps on each side: step 2 of the base against step 4 of the new run.
    o.baseStep = QStringLiteral("2");
    o.newStep = QStringLiteral("4");
    const RunComparison d = compare(*p, a, o);
    QVERIFY(d.ok());
    QCOMPARE(d.next.wallNs, p->next.truth().stepWallNs[2]);
}

void TstComparison::missingStep()
{
    const auto p = generatePair({}, {});
    QVERIFY(p->ok());
    const Analysed a = analyse(*p);
    CompareOptions o;
    o.baseStep = QStringLiteral("77");
    const RunComparison c = compare(*p, a, o);
    QVERIFY(!c.ok());
    QVERIFY2(c.error.contains(QStringLiteral("77")) && c.error.contains(QStringLiteral("2")),
        qPrintable(c.error));
}

QTEST_GUILESS_MAIN(TstComparison)
#include "tst_comparison.moc"
