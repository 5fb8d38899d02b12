#include "model/blockvector.h"

#include <QRandomGenerator>
#include <QTest>

#include <vector>

using namespace npuscope;

// The loader's append-only block array against std::vector, with tiny blocks so that every
// boundary case (empty, one element, exactly full blocks, a partly filled last block) is met.
class TstBlockVector : public QObject {
    Q_OBJECT
private slots:
    void matchesVector();
    void elementsDoNotMove();
    void clearFreesAndRestarts();
};

struct Record {
    std::int64_t ts;
    std::uint32_t id;
    char tag;
};

void TstBlockVector::matchesVector()
{
    QRandomGenerator rng(11);
    for (const std::size_t n : { 0, 1, 7, 8, 9, 16, 17, 1000 }) {
        BlockVector<Record, 3> blocks; // 8 per block
        std::vector<Record> want;
        for (std::size_t i = 0; i < n; ++i) {
            const Record r { static_cast<std::int64_t>(rng.generate64()), static_cast<std::uint32_t>(i), char('a' + i % 26) };
            blocks.push_back(r);
            want.push_back(r);
        }
        QCOMPARE(blocks.size(), want.size());
        QCOMPARE(blocks.empty(), want.empty());
        for (std::size_t i = 0; i < n; ++i) {
            QCOMPARE(blocks[i].ts, want[i].ts);
            QCOMPARE(blocks[i].id, want[i].id);
            QCOMPARE(blocks[i].tag, want[i].tag);
        }
        // Iteration, mutable and const, visits every element once in order.
        std::size_t k = 0;
        for (Record &r : blocks) {
            QCOMPARE(r.id, std::uint32_t(k++));
            r.tag = 'z';
        }
        QCOMPARE(k, n);
        const auto &view = blocks;
        k = 0;
        for (const Record &r : view) {
            QCOMPARE(r.tag, 'z');
            QCOMPARE(r.ts, want[k++].ts);
        }
        QCOMPARE(k, n);
    }
}

void TstBlockVector::elementsDoNotMove()
{
    BlockVector<Record, 2> blocks;
    blocks.push_back({ 1, 1, 'x' });
    const Record *first = &blocks[0];
    for (int i = 0; i < 100; ++i)
        blocks.push_back({ i, std::uint32_t(i), 'y' });
    QCOMPARE(&blocks[0], first); // appending never relocates what is stored
    QCOMPARE(first->ts, std::int64_t(1));
}

void TstBlockVector::clearFreesAndRestarts()
{
    BlockVector<Record, 2> blocks;
    for (int i = 0; i < 10; ++i)
        blocks.push_back({ i, std::uint32_t(i), 'a' });
    blocks.clear();
    QVERIFY(blocks.empty());
    QVERIFY(blocks.begin() == blocks.end());
    blocks.push_back({ 5, 5, 'b' });
    QCOMPARE(blocks.size(), std::size_t(1));
    QCOMPARE(blocks[0].ts, std::int64_t(5));
}

QTEST_GUILESS_MAIN(TstBlockVector)
#include "tst_blockvector.moc"
