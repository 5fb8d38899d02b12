// InPlaceDocument: the document built over a span's own bytes ('[' before them, ']' and zero
// padding over their trailing separators and the room behind) reads as '[' + events + ']', and
// restore() gives the span's bytes back exactly, with or without separators to trim (none: nothing
// was saved, and restoring copies nothing - the fuzzer found memcpy from an empty vector there).
#include "model/trace/inplacedocument.h"

#include <QTest>

#include <string>

using namespace npuscope;

class TstInPlaceDocument : public QObject {
    Q_OBJECT
private slots:
    void buildAndRestore_data();
    void buildAndRestore();
};

void TstInPlaceDocument::buildAndRestore_data()
{
    QTest::addColumn<QByteArray>("span");
    QTest::addColumn<QByteArray>("events");
    QTest::newRow("no separators")
        << QByteArray(R"({"a":1},{"b":2})") << QByteArray(R"({"a":1},{"b":2})");
    QTest::newRow("trailing comma and newline")
        << QByteArray("{\"a\":1},\n") << QByteArray(R"({"a":1})");
    QTest::newRow("whitespace only after")
        << QByteArray("{\"a\":1}  \t\r\n") << QByteArray(R"({"a":1})");
    QTest::newRow("one byte") << QByteArray("x") << QByteArray("x");
}

void TstInPlaceDocument::buildAndRestore()
{
    QFETCH(QByteArray, span);
    QFETCH(QByteArray, events);
    constexpr std::size_t kPadding = 64;
    // One byte of room before the span, the padding and the ']' after it; the room behind holds
    // bytes of its own (another span's, say) that the document may overwrite.
    std::string buffer = "@" + span.toStdString() + std::string(kPadding + 1, '#');
    const std::string before = buffer;
    InPlaceDocument doc;
    const std::int64_t length = doc.build(buffer.data() + 1, span.size(), kPadding);
    const std::string expected = "[" + events.toStdString() + "]";
    QCOMPARE(length, std::int64_t(expected.size()));
    QCOMPARE(std::string(doc.data(), std::size_t(length)), expected);
    QVERIFY(doc.capacity() >= std::size_t(length) + kPadding);
    for (std::size_t i = 0; i < kPadding; ++i)
        QCOMPARE(doc.data()[std::size_t(length) + i], '\0');
    doc.restore();
    // The span's own bytes are back; the '[' stays in the byte before it (not the span's).
    QCOMPARE(buffer.substr(1, std::size_t(span.size())), span.toStdString());
    doc.restore(); // once only: a second call changes nothing
    QCOMPARE(
        buffer.substr(1, std::size_t(span.size())), before.substr(1, std::size_t(span.size())));
}

QTEST_GUILESS_MAIN(TstInPlaceDocument)
#include "tst_inplacedocument.moc"
