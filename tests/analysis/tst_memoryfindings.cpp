#include "analysis/rules/findings.h"
#include "analysis/rules/memoryfindings.h"

#include "generatedprofile.h"

#include <QDir>
#include <QTemporaryDir>
#include <QTest>

using namespace npuscope;
using namespace npuscope::test;

namespace {

const QString kSamples = QStringLiteral(NPUSCOPE_SAMPLES_DIR);
const char *const kMemoryIds[]
    = { "memory-near-capacity", "memory-fragmentation", "memory-growth", "large-allocations" };

const FindingCheck *check(const RankAnalysis &a, const char *id)
{
    for (const FindingCheck &c : a.checks) {
        if (c.id == QLatin1String(id))
            return &c;
    }
    return nullptr;
}

const Finding *finding(const RankAnalysis &a, const char *id)
{
    for (const Finding &f : a.findings) {
        if (f.id == QLatin1String(id))
            return &f;
    }
    return nullptr;
}

std::unique_ptr<GeneratedProfile> generateMemory(const QString &plants)
{
    GenerateSpec spec;
    spec.plants = plants;
    spec.memory = true;
    return generate(spec);
}

// Independently of the finding: per step but the last, the bytes allocated in it that are
// still alive when the next step ends, from the raw allocation list.
std::vector<std::int64_t> keptPerStep(const RankAnalysis &a)
{
    std::vector<std::int64_t> out;
    for (std::size_t s = 0; s + 1 < a.steps.size(); ++s) {
        std::int64_t kept = 0;
        for (const MemoryAllocation &m : a.memory->allocations.items()) {
            if (m.allocated >= a.steps[s].start && m.allocated < a.steps[s].end
                && m.released > a.steps[s + 1].end)
                kept += m.bytes;
        }
        out.push_back(kept);
    }
    return out;
}

} // namespace

class TstMemoryFindings : public QObject {
    Q_OBJECT

private slots:
    void cleanRaisesNone();
    void plantedLeakFound();
    void plantedFragmentationFound();
    void nearCapacity();
    void withoutMemoryNotChecked();
    void databaseTwin();
    void sampleLevel1();
};

void TstMemoryFindings::cleanRaisesNone()
{
    const auto g = generateMemory(QString());
    QVERIFY(g->ok());
    FindingOptions o;
    o.deviceMemoryMb = 64 * 1024;
    const RankAnalysis a = analyseRank(g->rank(), o);
    QVERIFY(a.memory);
    QVERIFY(!a.memory->allocations.empty());
    for (const char *id : kMemoryIds) {
        QVERIFY2(check(a, id), id);
        QCOMPARE(check(a, id)->status, CheckStatus::Clear);
    }
    for (const std::int64_t kept : keptPerStep(a))
        QCOMPARE(kept, std::int64_t(0));
}

void TstMemoryFindings::plantedLeakFound()
{
    const auto g = generateMemory(QStringLiteral("memoryleak"));
    QVERIFY(g->ok());
    const RankAnalysis a = analyseRank(g->rank());
    const Finding *f = finding(a, "memory-growth");
    QVERIFY(f);
    const std::vector<std::int64_t> kept = keptPerStep(a);
    QCOMPARE(kept.size(), std::size_t(2)); // three steps
    std::int64_t total = 0;
    for (const std::int64_t k : kept) {
        QVERIFY(k > 0);
        total += k;
    }
    QCOMPARE(f->metric(u"kept_mb"), double(total) / (1024.0 * 1024.0));
    QCOMPARE(f->metric(u"kept_per_step_mb"), 64.0); // one 64 MB tensor a step
    QVERIFY(!f->evidence.empty());
    QVERIFY(f->evidence.front().label.contains(QStringLiteral("aten::cat")));
    QCOMPARE(check(a, "memory-fragmentation")->status, CheckStatus::Clear);
}

void TstMemoryFindings::plantedFragmentationFound()
{
    const auto g = generateMemory(QStringLiteral("fragmentation"));
    QVERIFY(g->ok());
    const RankAnalysis a = analyseRank(g->rank());
    const Finding *f = finding(a, "memory-fragmentation");
    QVERIFY(f);
    const MemoryCurve *pta = a.memory->component(QStringLiteral("PTA"));
    QVERIFY(pta);
    // The allocator reserves twice the allocated peak (rounded up to 2 MB).
    QVERIFY(f->metric(u"ratio") >= 2.0 && f->metric(u"ratio") < 2.01);
    QCOMPARE(f->metric(u"idle_mb"), pta->reservedAtPeakMb - pta->peakAllocatedMb);
    QCOMPARE(check(a, "memory-growth")->status, CheckStatus::Clear);
}

void TstMemoryFindings::nearCapacity()
{
    const auto g = generateMemory(QString());
    QVERIFY(g->ok());
    const RankAnalysis unknown = analyseRank(g->rank());
    QCOMPARE(check(unknown, "memory-near-capacity")->status, CheckStatus::NotChecked);
    QVERIFY(check(unknown, "memory-near-capacity")->reason.contains(QStringLiteral("memory size")));
    const auto peak = deviceMemoryPeak(*unknown.memory);
    QVERIFY(peak);
    FindingOptions o;
    o.deviceMemoryMb = peak->mb / 0.9; // the peak at 90%
    const RankAnalysis a = analyseRank(g->rank(), o);
    const Finding *f = finding(a, "memory-near-capacity");
    QVERIFY(f);
    QCOMPARE(f->severity, FindingSeverity::Warning);
    QCOMPARE(f->metric(u"peak_mb"), peak->mb);
    QVERIFY(qAbs(f->metric(u"share") - 0.9) < 1e-9);
}

void TstMemoryFindings::withoutMemoryNotChecked()
{
    const auto g = generate(QString(), 3);
    QVERIFY(g->ok());
    const RankAnalysis a = analyseRank(g->rank());
    QVERIFY(!a.memory);
    for (const char *id : kMemoryIds) {
        QCOMPARE(check(a, id)->status, CheckStatus::NotChecked);
        QVERIFY(!check(a, id)->collect.isEmpty());
    }
}

void TstMemoryFindings::databaseTwin()
{
    // The generator writes the same memory as text and as database tables: both read alike,
    // and the planted problems are found in either.
    QTemporaryDir dir;
    GeneratorOptions o;
    o.outDir = dir.path();
    o.events = 4000;
    o.format = GeneratorFormat::Both;
    o.plants = { Plant::MemoryLeak, Plant::Fragmentation };
    QVERIFY(generateProfile(o).ok);
    RankAnalysis analyses[2];
    const SourceFormat formats[] = { SourceFormat::Text, SourceFormat::Database };
    for (int i = 0; i < 2; ++i) {
        LoadOptions load;
        load.source = formats[i];
        const LoadResult loaded = loadProfile(dir.path(), load);
        QVERIFY(loaded.profile && loaded.profile->ranks.size() == 1);
        QCOMPARE(loaded.profile->ranks[0]->source.database.isEmpty(), i == 0);
        analyses[i] = analyseRank(*loaded.profile->ranks[0]);
        QVERIFY(analyses[i].memory);
        QVERIFY2(finding(analyses[i], "memory-growth"), qPrintable(QString::number(i)));
        QVERIFY(finding(analyses[i], "memory-fragmentation"));
    }
    const MemoryProfile &text = *analyses[0].memory, &db = *analyses[1].memory;
    // MEMORY_RECORD has no APP rows (as in the real databases): the other three match.
    QCOMPARE(db.components.size(), std::size_t(3));
    QVERIFY(!db.component(QStringLiteral("APP")));
    for (const MemoryCurve &c : text.components) {
        const MemoryCurve *d = db.component(c.component);
        if (c.component == QLatin1String("APP"))
            continue;
        QVERIFY2(d, qPrintable(c.component));
        QCOMPARE(d->times, c.times);
        QCOMPARE(d->peakAllocatedMb, c.peakAllocatedMb);
        QCOMPARE(d->peakReservedMb, c.peakReservedMb);
        QCOMPARE(d->allocated, c.allocated);
    }
    QCOMPARE(db.deviceTotal.reserved, text.deviceTotal.reserved);
    QCOMPARE(db.allocations.size(), text.allocations.size());
    const TimeNs peak = text.allocatorCurve()->peakTime();
    QCOMPARE(db.allocations.aliveAt(peak), text.allocations.aliveAt(peak));
    QCOMPARE(db.allocations.bytesAliveAt(peak), text.allocations.bytesAliveAt(peak));
}

void TstMemoryFindings::sampleLevel1()
{
    const QString path = kSamples + QStringLiteral("/ascend-2025-01/level1/rank0_ascend_pt");
    if (!QDir(path).exists())
        QSKIP("samples not present");
    const LoadResult loaded = loadProfile(path);
    const RankAnalysis a = analyseRank(*loaded.profile->ranks[0]);
    QVERIFY(a.memory);
    // One step: growth cannot be judged; capacity is not recorded.
    QCOMPARE(check(a, "memory-growth")->status, CheckStatus::NotChecked);
    QCOMPARE(check(a, "memory-near-capacity")->status, CheckStatus::NotChecked);
    // PTA peaks at 1187.98 MB allocated with 1452 MB reserved (1.22x): no fragmentation. Two
    // allocations of 147456.5 KB (aten::mm, aten::_foreach_add) are 12% of the peak each.
    QCOMPARE(check(a, "memory-fragmentation")->status, CheckStatus::Clear);
    const Finding *large = finding(a, "large-allocations");
    QVERIFY(large);
    QCOMPARE(large->severity, FindingSeverity::Info);
    QCOMPARE(large->metric(u"count"), 2.0);
    QCOMPARE(large->metric(u"largest_mb"), 147456.5 / 1024.0);
    QCOMPARE(large->evidence.size(), std::size_t(2));
}

QTEST_GUILESS_MAIN(TstMemoryFindings)
#include "tst_memoryfindings.moc"
