// msprof-analyze compare's OverallMetrics table (analysis/compare/overallmetrics.h): the
// category of each kernel of a written profile against the one its rule gives (the expected
// category is written beside each kernel), and on the samples the totals against
// step_trace_time.csv and the categories against a plain pass over kernel_details.csv.
#include "analysis/compare/comparison.h"
#include "analysis/rules/findings.h"
#include "model/profile/profileloader.h"
#include "vendorcompareprofile.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <map>

using namespace npuscope;

namespace {

const QString kSamples = QStringLiteral(NPUSCOPE_SAMPLES_DIR);

const OverallRow *rowNamed(const std::vector<OverallRow> &rows, const QString &index)
{
    for (const OverallRow &r : rows) {
        if (r.index == index)
            return &r;
    }
    return nullptr;
}

// The rows of a CSV as cells by header name (no quoted commas in the columns read here).
std::vector<std::map<QString, QString>> readCsv(const QString &path)
{
    QFile f(path);
    std::vector<std::map<QString, QString>> rows;
    if (!f.open(QIODevice::ReadOnly))
        return rows;
    const QStringList header = QString::fromUtf8(f.readLine()).trimmed().split(u',');
    while (!f.atEnd()) {
        // Shapes hold quoted commas: split on the quotes' outside only.
        const QString line = QString::fromUtf8(f.readLine()).trimmed();
        QStringList cells;
        QString cell;
        bool quoted = false;
        for (QChar c : line) {
            if (c == u'"')
                quoted = !quoted;
            else if (c == u',' && !quoted)
                cells << std::exchange(cell, QString());
            else
                cell += c;
        }
        cells << cell;
        std::map<QString, QString> row;
        for (int i = 0; i < header.size() && i < cells.size(); ++i)
            row[header[i]] = cells[i].trimmed();
        rows.push_back(std::move(row));
    }
    return rows;
}

TimeNs usToNs(const QString &us) { return qRound64(us.toDouble() * 1000.0); }

} // namespace

class TstOverallMetrics : public QObject {
    Q_OBJECT

private slots:
    void categoriesByRule();
    void samplesAgainstCsv_data();
    void samplesAgainstCsv();
    void kinetoAgainstAscend();
};

void TstOverallMetrics::categoriesByRule()
{
    QTemporaryDir dir;
    const auto compared = vendorcompare::compareWritten(dir.path());
    QVERIFY2(compared->ok(), qPrintable(compared->comparison.error));
    const RunComparison &c = compared->comparison;

    // The expected leaf rows: each kernel's written category, summed per side.
    std::map<QString, std::pair<CategoryTotal, CategoryTotal>> want;
    qint64 counted[2] = { 0, 0 };
    for (int side = 0; side < 2; ++side) {
        for (const vendorcompare::Kernel &k : vendorcompare::kernels(side == 1)) {
            if (!*k.category)
                continue;
            CategoryTotal &t = side == 0 ? want[QString::fromUtf8(k.category)].first
                                         : want[QString::fromUtf8(k.category)].second;
            t.ns += k.dur * 1000;
            ++t.count;
            ++counted[side];
        }
    }
    for (const auto &[index, totals] : want) {
        const OverallRow *r = rowNamed(c.overall, index);
        QVERIFY2(r, qPrintable(index));
        QCOMPARE(r->baseNs, totals.first.ns);
        QCOMPARE(r->newNs, totals.second.ns);
        QCOMPARE(r->baseCount, totals.first.count);
        QCOMPARE(r->newCount, totals.second.count);
    }
    // A family row adds up its Cube and Vector parts; nothing else has time.
    const OverallRow *conv = rowNamed(c.overall, QStringLiteral("Conv (Forward)"));
    QVERIFY(conv);
    QCOMPARE(conv->baseNs, TimeNs(30'000));
    QVERIFY(!rowNamed(c.overall, QStringLiteral("Flash Attention (Forward)")));
    QVERIFY(!rowNamed(c.overall, QStringLiteral("Cube")));

    const OverallRow *computing = rowNamed(c.overall, QStringLiteral("Computing Time"));
    QVERIFY(computing);
    QCOMPARE(computing->baseNs, vendorcompare::kComputingUs * 1000);
    QCOMPARE(computing->baseCount, counted[0]);
    QCOMPARE(computing->newCount, counted[1]);
    TimeNs leaves = 0;
    for (const auto &[index, totals] : want)
        leaves += totals.first.ns;
    const OverallRow *other = rowNamed(c.overall, QStringLiteral("Other"));
    QVERIFY(other);
    QCOMPARE(other->baseNs, vendorcompare::kComputingUs * 1000 - leaves);
    QCOMPARE(other->baseCount, qint64(-1));

    // The group: its uncovered time, 10 us of it waiting (the Notify_Wait task), 50 transmitting.
    const OverallRow *uncovered
        = rowNamed(c.overall, QStringLiteral("Uncovered Communication Time"));
    const OverallRow *group = rowNamed(c.overall, QStringLiteral("Group 0 Communication"));
    const OverallRow *wait = rowNamed(c.overall, QStringLiteral("Wait"));
    const OverallRow *transmit = rowNamed(c.overall, QStringLiteral("Transmit"));
    QVERIFY(uncovered && group && wait && transmit);
    QCOMPARE(uncovered->baseNs, vendorcompare::kUncoveredUs * 1000);
    QCOMPARE(group->baseNs, vendorcompare::kUncoveredUs * 1000);
    QCOMPARE(wait->baseNs, TimeNs(10'000));
    QCOMPARE(transmit->baseNs, TimeNs(50'000));
    const OverallRow *e2e = rowNamed(c.overall, QStringLiteral("E2E Time"));
    const OverallRow *free = rowNamed(c.overall, QStringLiteral("Free Time"));
    QVERIFY(e2e && free);
    QCOMPARE(e2e->baseNs,
        (vendorcompare::kComputingUs + vendorcompare::kUncoveredUs + vendorcompare::kFreeUs)
            * 1000);
    QCOMPARE(free->baseNs, vendorcompare::kFreeUs * 1000);
    QCOMPARE(e2e->depth, 0);
    QCOMPARE(wait->depth, 2);
}

void TstOverallMetrics::samplesAgainstCsv_data()
{
    QTest::addColumn<QString>("base");
    QTest::addColumn<QString>("next");
    QTest::newRow("level1 vs level2") << QStringLiteral("/ascend-2025-01/level1/rank0_ascend_pt")
                                      << QStringLiteral("/ascend-2025-01/level2/rank0_ascend_pt");
    QTest::newRow("level2 vs level1 rank1")
        << QStringLiteral("/ascend-2025-01/level2/rank1_ascend_pt")
        << QStringLiteral("/ascend-2025-01/level1/rank1_ascend_pt");
}

// Computing, uncovered communication, free and end-to-end time are step_trace_time.csv's
// Computing, Communication(Not Overlapped), Free and Stage; the categories count the rows with
// an aiv_vec_time(us) cell, and add up their durations.
void TstOverallMetrics::samplesAgainstCsv()
{
    QFETCH(QString, base);
    QFETCH(QString, next);
    if (!QDir(kSamples).exists())
        QSKIP("samples not present");
    const auto compared = vendorcompare::compare(kSamples + base, kSamples + next);
    QVERIFY2(compared->ok(), qPrintable(compared->comparison.error));
    const RunComparison &c = compared->comparison;
    const QString out = QStringLiteral("/ASCEND_PROFILER_OUTPUT/");
    for (int side = 0; side < 2; ++side) {
        const QString folder = kSamples + (side == 0 ? base : next) + out;
        const auto steps = readCsv(folder + QStringLiteral("step_trace_time.csv"));
        QCOMPARE(steps.size(), std::size_t(1));
        auto value = [&](const OverallRow *r) { return side == 0 ? r->baseNs : r->newNs; };
        const std::pair<const char *, const char *> totals[] = {
            { "Computing Time", "Computing" },
            { "Uncovered Communication Time", "Communication(Not Overlapped)" },
            { "Free Time", "Free" },
            { "E2E Time", "Stage" },
        };
        for (const auto &[index, column] : totals) {
            const OverallRow *r = rowNamed(c.overall, QString::fromLatin1(index));
            QVERIFY2(r, index);
            // The CSV rounds (Stage to 0.1 us: 136581.0 for 136581.009).
            QVERIFY2(
                qAbs(value(r) - usToNs(steps[0].at(QString::fromLatin1(column)))) < 1000, index);
        }
        TimeNs ns = 0;
        qint64 count = 0;
        for (const auto &row : readCsv(folder + QStringLiteral("kernel_details.csv"))) {
            const QString vec = row.at(QStringLiteral("aiv_vec_time(us)"));
            if (vec.isEmpty() || vec == QLatin1String("N/A"))
                continue;
            ns += usToNs(row.at(QStringLiteral("Duration(us)")));
            ++count;
        }
        const OverallMetrics &m = side == 0 ? c.baseOverall : c.newOverall;
        TimeNs sum = 0;
        qint64 rows = 0;
        for (const CategoryTotal &t : m.categories) {
            sum += t.ns;
            rows += t.count;
        }
        QCOMPARE(rows, count);
        QVERIFY(qAbs(sum - ns) <= count);
    }
}

// A Kineto trace (GPU) against an Ascend profile: both sides get the categories. On the GPU
// side every kernel of the compared step but NCCL ones is counted (memory copies and sets are
// not kernels), computing is the busy time of those kernels, and the span runs from the first
// kernel or gpu_memcpy to the last (the vendor's GPU parser).
void TstOverallMetrics::kinetoAgainstAscend()
{
    const QString kineto
        = kSamples + QStringLiteral("/kineto/worker0.1623143089861.pt.trace.json.gz");
    if (!QFile::exists(kineto))
        QSKIP("samples not present");
    const auto compared = vendorcompare::compare(
        kineto, kSamples + QStringLiteral("/ascend-2025-01/level1/rank0_ascend_pt"));
    QVERIFY2(compared->ok(), qPrintable(compared->comparison.error));
    const RunComparison &c = compared->comparison;
    QVERIFY(c.crossBackend);
    const KernelTable &k = *compared->base->ranks[0]->kernels;
    qint64 kernels = 0;
    TimeNs first = 0, last = 0;
    for (qint32 row : c.baseRows) {
        const auto r = std::size_t(row);
        const QString type = k.strings.string(k.type[r]).toLower();
        if (type == QLatin1String("kernel") || type == QLatin1String("gpu_memcpy")) {
            first = first == 0 ? k.start[r] : std::min(first, k.start[r]);
            last = std::max(last, k.start[r] + k.duration[r]);
        }
        const bool nccl = k.strings.string(k.name[r]).toLower().startsWith(QLatin1String("nccl"));
        kernels += type == QLatin1String("kernel") && !nccl ? 1 : 0;
    }
    const OverallRow *computing = rowNamed(c.overall, QStringLiteral("Computing Time"));
    const OverallRow *e2e = rowNamed(c.overall, QStringLiteral("E2E Time"));
    const OverallRow *conv = rowNamed(c.overall, QStringLiteral("Conv (Forward)"));
    QVERIFY(computing && e2e && conv);
    QVERIFY(kernels > 0);
    QCOMPARE(computing->baseCount, kernels);
    QCOMPARE(e2e->baseNs, last - first);
    QVERIFY(conv->baseNs > 0); // ResNet-50's convolutions, launched under aten::conv2d
    QVERIFY(conv->newNs > 0);
}

QTEST_GUILESS_MAIN(TstOverallMetrics)
#include "tst_overallmetrics.moc"
