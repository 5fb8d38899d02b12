#include "model/core/stringpool.h"

#include <QTest>

#include <memory>
#include <string>

using namespace npuscope;

class TstStringPool : public QObject {
    Q_OBJECT
private slots:
    void internIsStable();
    void manyStringsKeepViewsValid();
    void appendAdoptedTakesTheTexts();
    void appendedTextsDoNotGrowTheIndex();
};

void TstStringPool::internIsStable()
{
    StringPool pool;
    QCOMPARE(pool.intern("").value, 0u);
    const StringId a = pool.intern("aten::matmul");
    const StringId b = pool.intern("MatMul");
    QVERIFY(a != b);
    QCOMPARE(pool.intern("aten::matmul"), a);
    QCOMPARE(pool.find("MatMul"), b);
    QVERIFY(!pool.find("missing").isValid());
    QCOMPARE(pool.string(a), QStringLiteral("aten::matmul"));
    QCOMPARE(pool.string(StringId()), QString());
}

void TstStringPool::manyStringsKeepViewsValid()
{
    StringPool pool;
    std::vector<StringId> ids;
    for (int i = 0; i < 200000; ++i)
        ids.push_back(pool.intern("kernel_" + std::to_string(i)));
    const std::string big(3 << 20, 'x'); // larger than one arena block
    const StringId bigId = pool.intern(big);
    for (int i = 0; i < 200000; i += 997)
        QCOMPARE(pool.view(ids[std::size_t(i)]), std::string_view("kernel_" + std::to_string(i)));
    QCOMPARE(pool.view(bigId).size(), big.size());
    QCOMPARE(pool.size(), std::size_t(200002));
}

// The adopted texts keep their order and stay valid while both pools grow on; the target's
// index does not see them, and its own interning and storage go on unchanged.
void TstStringPool::appendAdoptedTakesTheTexts()
{
    StringPool target;
    const StringId before = target.intern("kept");
    auto source = std::make_unique<StringPool>();
    for (int i = 0; i < 5000; ++i)
        source->append("value_" + std::to_string(i));
    source->append(std::string(2 << 20, 'y')); // a block of its own
    const StringId first = target.appendAdopted(*source, 1);
    QCOMPARE(first.value, 2u);
    QCOMPARE(target.size(), std::size_t(2 + 5001));
    QCOMPARE(source->size(), std::size_t(1)); // left empty: only the empty string
    source.reset(); // the texts must not depend on the source
    const StringId after = target.intern("after");
    for (int i = 0; i < 20000; ++i)
        target.intern("more_" + std::to_string(i));
    for (int i = 0; i < 5000; ++i)
        QCOMPARE(target.view(StringId(first.value + std::uint32_t(i))),
            std::string_view("value_" + std::to_string(i)));
    QCOMPARE(target.view(StringId(first.value + 5000)).size(), std::size_t(2 << 20));
    QVERIFY(!target.find("value_7").isValid());
    QCOMPARE(target.find("kept"), before);
    QCOMPARE(target.view(after), std::string_view("after"));
    QCOMPARE(target.view(before), std::string_view("kept"));
    QVERIFY(target.bytesUsed() > std::size_t(2 << 20));
}

// The CSV reader appends millions of texts to a table's pool before it interns the first one:
// the index is sized by the interned strings, not by all the pool holds, and interning still
// finds every interned text and none of the appended ones.
void TstStringPool::appendedTextsDoNotGrowTheIndex()
{
    StringPool appendedFirst;
    for (int i = 0; i < 300000; ++i)
        appendedFirst.append("t" + std::to_string(i));
    const std::size_t before = appendedFirst.bytesUsed();
    for (int i = 0; i < 1000; ++i) {
        const StringId id = appendedFirst.intern("name_" + std::to_string(i));
        QCOMPARE(appendedFirst.intern("name_" + std::to_string(i)), id);
        QCOMPARE(id.value, std::uint32_t(300001 + i));
    }
    // 1000 interned strings need 2048 slots of 16 bytes (and their texts at most a new 1 MB
    // block); sized by all 301 001 strings the index would take 524 288 slots (8 MB).
    QVERIFY2(appendedFirst.bytesUsed() - before < std::size_t(4) << 20,
        qPrintable(QString::number(appendedFirst.bytesUsed() - before)));
    for (int i = 0; i < 1000; ++i)
        QCOMPARE(appendedFirst.find("name_" + std::to_string(i)).value, std::uint32_t(300001 + i));
    QVERIFY(!appendedFirst.find("t5").isValid());
    QCOMPARE(appendedFirst.view(StringId(6)), std::string_view("t5"));
    const StringId t5 = appendedFirst.intern("t5"); // an appended text interned anew
    QCOMPARE(t5.value, std::uint32_t(301001));
    QCOMPARE(appendedFirst.intern("t5"), t5);
}

QTEST_APPLESS_MAIN(TstStringPool)
#include "tst_stringpool.moc"
