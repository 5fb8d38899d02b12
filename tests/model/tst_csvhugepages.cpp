// The CSV reader's column vectors in 2 MB pages (csvhugepages.h): the advice must take effect,
// first page included, and never change what the vector holds.
#include "model/core/stringpool.h"
#include "model/csv/csvhugepages.h"
#include "model/csv/csvreader.h"
#include "tests/model/hugepagesprobe.h"

#include <QTest>

#include <cstdint>
#include <string>
#if defined(__GLIBC__)
#include <malloc.h>
#endif
#include <vector>

using namespace npuscope;
using namespace npuscope::test;

class TestCsvHugePages : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void smallVectorUnchanged();
    void largeVectorInHugePages();
    void unusedCapacityReleased();
    void poolViewsInHugePages();
    void unusedViewsReleased();
    void loadedTableInHugePages();
};

// glibc serves large blocks from mappings of their own until one is freed, then raises that
// threshold (up to 32 MB) and serves them from its heaps: each test would see a different
// layout. A fixed threshold keeps them all in their own mappings, as in a fresh process.
void TestCsvHugePages::initTestCase()
{
#if defined(__GLIBC__)
    mallopt(M_MMAP_THRESHOLD, 1 << 20);
#endif
}

void TestCsvHugePages::smallVectorUnchanged()
{
    std::vector<std::uint32_t> v { 1, 2, 3 };
    csv::reserveInHugePages(v, 100, 90);
    QVERIFY(v.capacity() >= 100);
    QCOMPARE(v, (std::vector<std::uint32_t> { 1, 2, 3 }));
}

// A column of ~2.5 MB: its only whole 2 MB page is the first one, which malloc's chunk header
// touched before the advice; without the collapse it stays in small pages.
void TestCsvHugePages::largeVectorInHugePages()
{
    if (!hugePagesAdvisable() || anonHugeKb() < 0)
        QSKIP("no transparent huge pages on this system");
    const std::size_t expected = (5 << 20) / 2 / sizeof(double);
    const qint64 before = anonHugeKb();
    std::vector<double> v;
    csv::reserveInHugePages(v, expected + expected / 20, expected);
    QVERIFY(v.capacity() >= expected + expected / 20);
    for (std::size_t i = 0; i < expected; ++i)
        v.push_back(double(i));
    const qint64 after = anonHugeKb();
    QVERIFY2(after - before >= 2048,
        qPrintable(QStringLiteral("AnonHugePages %1 -> %2 kB").arg(before).arg(after)));
    for (std::size_t i = 0; i < expected; i += 4099)
        QCOMPARE(v[i], double(i));
}

// Fewer rows than estimated: the huge page the last rows went into is split and its unused part
// given back, and the vector still holds its values and takes more.
void TestCsvHugePages::unusedCapacityReleased()
{
    if (!hugePagesAdvisable() || anonHugeKb() < 0)
        QSKIP("no transparent huge pages on this system");
    const std::size_t expected = (11 << 20) / 2 / sizeof(double); // 5.5 MB: 3 huge pages
    std::vector<double> v;
    csv::reserveInHugePages(v, expected, expected);
    for (std::size_t i = 0; i < (2200u << 10) / sizeof(double); ++i) // into the second page
        v.push_back(double(i));
    const qint64 filled = anonHugeKb();
    csv::releaseUnusedCapacity(v);
    const qint64 released = anonHugeKb();
    QVERIFY2(released <= filled - 2048,
        qPrintable(QStringLiteral("AnonHugePages %1 -> %2 kB").arg(filled).arg(released)));
    for (std::size_t i = 0; i < v.size(); i += 997)
        QCOMPARE(v[i], double(i));
    const std::size_t size = v.size();
    v.resize(expected, 7.0);
    QCOMPARE(v[size], 7.0);
    QCOMPARE(v.back(), 7.0);
    QCOMPARE(v[size - 1], double(size - 1));
}

// The views of a raw column's texts (and of the table's pool at the end): a pool holding some
// strings already is reserved for many more, which are then appended.
void TestCsvHugePages::poolViewsInHugePages()
{
    if (!hugePagesAdvisable() || anonHugeKb() < 0)
        QSKIP("no transparent huge pages on this system");
    StringPool pool;
    const StringId a = pool.intern("alpha");
    const qint64 before = anonHugeKb();
    constexpr std::size_t kCount = 200000; // 3.2 MB of views
    csv::reserveViewsInHugePages(pool, pool.size() + kCount);
    QVERIFY(pool.viewCapacity() >= kCount + 2);
    for (std::size_t i = 0; i < kCount; ++i)
        pool.append(i % 2 ? "x" : "");
    const qint64 after = anonHugeKb();
    QVERIFY2(after - before >= 2048,
        qPrintable(QStringLiteral("AnonHugePages %1 -> %2 kB").arg(before).arg(after)));
    QCOMPARE(pool.view(a), std::string_view("alpha"));
    QCOMPARE(pool.intern("alpha"), a);
    QCOMPARE(pool.view(StringId(std::uint32_t(pool.size() - 1))), std::string_view("x"));
    QCOMPARE(pool.size(), kCount + 2);
}

// The table's pool is reserved for the raw columns' estimated rows: with fewer, the huge page the
// last views went into is split and its unused part given back, and the pool still holds its
// texts and takes more.
void TestCsvHugePages::unusedViewsReleased()
{
    if (!hugePagesAdvisable() || anonHugeKb() < 0)
        QSKIP("no transparent huge pages on this system");
    StringPool pool;
    constexpr std::size_t kCount = (11 << 20) / 2 / sizeof(std::string_view); // 3 huge pages
    csv::reserveViewsInHugePages(pool, kCount);
    const std::size_t used = (2200u << 10) / sizeof(std::string_view); // into the second page
    for (std::size_t i = 1; i < used; ++i)
        pool.append(std::to_string(i));
    const qint64 filled = anonHugeKb();
    csv::releaseUnusedViews(pool);
    const qint64 released = anonHugeKb();
    QVERIFY2(released <= filled - 2048,
        qPrintable(QStringLiteral("AnonHugePages %1 -> %2 kB").arg(filled).arg(released)));
    for (std::size_t i = 1; i < used; i += 997)
        QCOMPARE(pool.view(StringId(std::uint32_t(i))), std::string_view(std::to_string(i)));
    for (std::size_t i = used; i < kCount; ++i)
        pool.append("more");
    QCOMPARE(
        pool.view(StringId(std::uint32_t(used - 1))), std::string_view(std::to_string(used - 1)));
    QCOMPARE(pool.view(StringId(std::uint32_t(kCount - 1))), std::string_view("more"));
}

// A whole load: the reader reserves each column vector in huge pages and collapses their first
// pages on a thread of its own (a file of 8 MB and more). Columns of 2.4 MB (text ids) have no
// huge page but that first one, 4.8 MB ones (values, lines) one more.
void TestCsvHugePages::loadedTableInHugePages()
{
    if (!hugePagesAdvisable() || anonHugeKb() < 0)
        QSKIP("no transparent huge pages on this system");
#if defined(__SANITIZE_ADDRESS__)
    // ASan's allocator places and pads large blocks its own way: the loader's vectors then start
    // inside 2 MB pages and fewer of their pages can be huge (3 instead of 7 here). The count is
    // checked in the plain build; the load itself is checked under ASan by the other CSV tests.
    QSKIP("the huge-page count depends on glibc's allocator, which AddressSanitizer replaces");
#endif
    constexpr int kRows = 600000;
    QByteArray text = "a,b\n";
    text.reserve(kRows * 16 + 8);
    for (int i = 0; i < kRows; ++i)
        text += QByteArray::number(1000000 + i % 7) + ',' + QByteArray::number(2000000 + i % 5)
            + '\n';
    const qint64 before = anonHugeKb();
    const CsvResult r = readCsvData(
        std::string_view(text.constData(), std::size_t(text.size())), QStringLiteral("huge.csv"));
    const qint64 after = anonHugeKb();
    QVERIFY(r.ok);
    QCOMPARE(r.table->rowCount(), kRows);
    QCOMPARE(r.table->number(kRows - 1, 1), double(2000000 + (kRows - 1) % 5));
    // Lines 2 + 2 columns x number 2 huge pages (a Number column keeps no text, and its format
    // bytes fill no whole 2 MB page); without the collapses 1 + 2 x 1.
    QVERIFY2(after - before >= 6 * 2048,
        qPrintable(QStringLiteral("AnonHugePages %1 -> %2 kB").arg(before).arg(after)));
}

QTEST_GUILESS_MAIN(TestCsvHugePages)
#include "tst_csvhugepages.moc"
