#include "model/stringpool.h"

#include <QTest>

using namespace npuscope;

class TstStringPool : public QObject {
    Q_OBJECT
private slots:
    void internIsStable();
    void manyStringsKeepViewsValid();
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

QTEST_APPLESS_MAIN(TstStringPool)
#include "tst_stringpool.moc"
