#include "analysis/cluster/clustersummary.h"
#include "generatedprofile.h"

#include <QTest>

using namespace npuscope;

class TstClusterSummary : public QObject {
    Q_OBJECT

private:
    std::unique_ptr<test::GeneratedProfile> m_run;
    std::vector<std::shared_ptr<const RankAnalysis>> m_analyses;

private slots:
    void initTestCase()
    {
        m_run = test::generate(QString(), 11, 3);
        QVERIFY(m_run->ok());
        for (const auto &rank : m_run->profile->ranks)
            m_analyses.push_back(std::make_shared<const RankAnalysis>(analyseRank(*rank)));
    }

    void meansPerStep()
    {
        const ClusterSummary s = summariseCluster(*m_run->profile, m_analyses, {});
        QCOMPARE(s.ranks.size(), std::size_t(3));
        for (std::size_t i = 0; i < s.ranks.size(); ++i) {
            const auto &steps = m_analyses[i]->steps;
            QVERIFY(!steps.empty());
            TimeNs compute = 0, comm = 0, idle = 0, preparing = 0, wall = 0;
            for (const StepBreakdown &b : steps) {
                compute += b.computeNs;
                comm += b.commNotOverlappedNs;
                idle += b.freeNs;
                preparing += b.preparingNs;
                wall += b.wallNs;
            }
            const auto n = TimeNs(steps.size());
            QCOMPARE(s.ranks[i].rankIndex, int(i));
            QCOMPARE(s.ranks[i].label, m_run->profile->ranks[i]->label());
            QCOMPARE(s.ranks[i].steps, int(n));
            QCOMPARE(s.ranks[i].computeNs, compute / n);
            QCOMPARE(s.ranks[i].commNotOverlappedNs, comm / n);
            QCOMPARE(s.ranks[i].freeNs, idle / n);
            QCOMPARE(s.ranks[i].preparingNs, preparing / n);
            QCOMPARE(s.ranks[i].wallNs, wall / n);
        }
        // Without the finding: the largest and smallest wall time per step.
        QVERIFY(s.slowest >= 0 && s.fastest >= 0 && s.slowest != s.fastest);
        for (const ClusterRank &r : s.ranks) {
            QVERIFY(r.wallNs <= s.ranks[std::size_t(s.slowest)].wallNs);
            QVERIFY(r.wallNs >= s.ranks[std::size_t(s.fastest)].wallNs);
        }
        QCOMPARE(s.lagNs,
            s.ranks[std::size_t(s.slowest)].wallNs - s.ranks[std::size_t(s.fastest)].wallNs);
        QVERIFY(s.imbalance.isEmpty());
    }

    void lagIsWallTimeNotComputeLag()
    {
        // As ascend-2025-01/level0: the ranks compute the same (14 µs apart) and the finding is
        // about exposed communication; the headline's lag is the wall time the bars show, and
        // the finding's compute pair (here the other way round) does not pick the slowest rank.
        std::vector<std::shared_ptr<const RankAnalysis>> analyses;
        const TimeNs comm[] = { 81'520'000, 64'620'000, 70'000'000 };
        for (int i = 0; i < 3; ++i) {
            StepBreakdown b;
            b.computeNs = 8'830'000 - i * 14'300;
            b.commNotOverlappedNs = comm[i];
            b.freeNs = 27'200'000;
            b.preparingNs = 19'000'000 + i * 1'000'000;
            b.wallNs = b.computeNs + b.commNotOverlappedNs + b.freeNs + b.preparingNs;
            StepBreakdown longer = b; // means per step: the second step is 2 ms longer
            longer.preparingNs += 2'000'000;
            longer.wallNs += 2'000'000;
            auto a = std::make_shared<RankAnalysis>();
            a->steps = { b, longer };
            analyses.push_back(a);
        }
        Finding f;
        f.id = QLatin1String(FindingId::kRankImbalance);
        f.title = QStringLiteral("Ranks differ by 16.90 ms per step in exposed communication");
        f.addMetric(QStringLiteral("slowest_rank"), 2, Metric::Unit::Number);
        f.addMetric(QStringLiteral("fastest_rank"), 0, Metric::Unit::Number);
        f.addMetric(QStringLiteral("spread"), 16.9e6, Metric::Unit::Ns);
        f.addMetric(QStringLiteral("compute_lag"), 28'600, Metric::Unit::Ns);
        Finding other;
        other.id = QLatin1String(FindingId::kHostBound);
        const ClusterSummary s = summariseCluster(*m_run->profile, analyses, { other, f });
        QCOMPARE(s.slowest, 0); // 137.55 ms per step
        QCOMPARE(s.fastest, 1); // 121.64 ms
        QCOMPARE(s.ranks[0].wallNs, TimeNs(137'550'000));
        QCOMPARE(s.ranks[1].wallNs, TimeNs(121'635'700));
        QCOMPARE(s.lagNs, TimeNs(137'550'000 - 121'635'700));
        QCOMPARE(s.ranks[1].preparingNs, TimeNs(21'000'000));
        for (const ClusterRank &r : s.ranks) // the bars add up to the wall time
            QCOMPARE(r.computeNs + r.commNotOverlappedNs + r.freeNs + r.preparingNs, r.wallNs);
        QCOMPARE(s.imbalance, f.title);
    }

    void notAnalysedYet()
    {
        std::vector<std::shared_ptr<const RankAnalysis>> partial { m_analyses[0], nullptr };
        const ClusterSummary s = summariseCluster(*m_run->profile, partial, {});
        QCOMPARE(s.ranks.size(), std::size_t(3));
        QVERIFY(s.ranks[0].steps > 0);
        QCOMPARE(s.ranks[1].steps, 0);
        QCOMPARE(s.ranks[2].steps, 0);
        QCOMPARE(s.slowest, -1); // one rank with data compares with nothing
        QCOMPARE(s.lagNs, TimeNs(0));
    }

    void placedByStage()
    {
        // Ranks 0 and 2 form stage 0, rank 1 stage 1: the bars go 0, 2, 1, and the slowest and
        // fastest follow their ranks.
        ClusterSummary s = summariseCluster(*m_run->profile, m_analyses, {});
        QVERIFY(s.slowest >= 0 && s.fastest >= 0);
        const int slowRank = s.ranks[std::size_t(s.slowest)].rankIndex;
        const int fastRank = s.ranks[std::size_t(s.fastest)].rankIndex;
        ParallelLayout layout;
        layout.source = ParallelLayout::Source::DistributedArgs;
        layout.stages = { { 0, 2 }, { 1 } };
        layout.index = { { 0, 0, 0 }, { 0, 1, 0 }, { 1, 0, 0 } };
        placeRanks(s, *m_run->profile, layout);
        QCOMPARE(s.stages, 2);
        QCOMPARE(s.ranks[0].rankIndex, 0);
        QCOMPARE(s.ranks[1].rankIndex, 2);
        QCOMPARE(s.ranks[2].rankIndex, 1);
        QCOMPARE(s.ranks[1].stage, 0);
        QCOMPARE(s.ranks[1].dpIndex, 1);
        QCOMPARE(s.ranks[2].stage, 1);
        QCOMPARE(s.ranks[std::size_t(s.slowest)].rankIndex, slowRank);
        QCOMPARE(s.ranks[std::size_t(s.fastest)].rankIndex, fastRank);
        // No stages: the order stays, no stage shown.
        ClusterSummary plain = summariseCluster(*m_run->profile, m_analyses, {});
        placeRanks(plain, *m_run->profile, ParallelLayout {});
        QCOMPARE(plain.stages, 0);
        for (std::size_t i = 0; i < plain.ranks.size(); ++i) {
            QCOMPARE(plain.ranks[i].rankIndex, int(i));
            QCOMPARE(plain.ranks[i].stage, -1);
        }
    }
};

QTEST_GUILESS_MAIN(TstClusterSummary)
#include "tst_clustersummary.moc"
