#include "../analysis/generatedprofile.h"
#include "app/reports/jsonstreamwriter.h"
#include "app/reports/reportjson.h"

#include <QDir>
#include <QJsonArray>
#include <QJsonDocument>
#include <QTest>

#include <cmath>
#include <limits>

using namespace npuscope;

namespace {

// The streamed text of `o` with the given chunk size, and the number of sink calls.
QByteArray streamed(const QJsonObject &o, std::size_t chunk, int *calls = nullptr)
{
    QByteArray out;
    int n = 0;
    {
        JsonStreamWriter w(
            [&](const char *data, std::size_t size) {
                out.append(data, qsizetype(size));
                ++n;
            },
            chunk);
        w.writeDocument(o);
        w.flush();
        if (w.bytesWritten() != out.size())
            return "bytesWritten() disagrees";
    }
    if (calls)
        *calls = n;
    return out;
}

QJsonObject tricky()
{
    QString text = QStringLiteral("quote \" backslash \\ slash / tab\t newline\n cr\r");
    for (char16_t c = 0; c < 0x20; ++c)
        text += QChar(c);
    text += QStringLiteral(" \u00e9 \u4e2d\u6587 \u20ac ");
    text += QString::fromUtf16(u"\U0001F600 pair");
    QString lone;
    lone += QChar(0xd800); // a high surrogate followed by a letter
    lone += QLatin1Char('a');
    lone += QChar(0xdc00); // a low surrogate alone
    lone += QChar(0xdbff); // a high surrogate at the end
    QJsonArray numbers { 0, -1, qint64(1) << 60, std::numeric_limits<qint64>::min(), 0.5, 1e21,
        -0.0, 1e-7, 12.0, 123456.789, std::nan(""), std::numeric_limits<double>::infinity(),
        1.0 / 3.0, 9007199254740993.0 };
    QJsonValue deep = QJsonArray { 1 };
    for (int i = 0; i < 20; ++i) // 21 levels: indents wider than the writer's run of spaces
        deep = QJsonObject { { QStringLiteral("level %1").arg(i), deep } };
    return QJsonObject { { QStringLiteral("text"), text }, { QStringLiteral("lone"), lone },
        { text, QStringLiteral("as a key") }, { QStringLiteral("numbers"), numbers },
        { QStringLiteral("empty array"), QJsonArray() },
        { QStringLiteral("empty object"), QJsonObject() },
        { QStringLiteral("nested"), QJsonArray { QJsonArray(), QJsonArray { QJsonObject() } } },
        { QStringLiteral("true"), true }, { QStringLiteral("false"), false },
        { QStringLiteral("null"), QJsonValue() }, { QStringLiteral("deep"), deep } };
}

} // namespace

class TstJsonStreamWriter : public QObject {
    Q_OBJECT
private slots:
    void sameAsQt_data();
    void sameAsQt();
    void chunks();
    void reports();
};

void TstJsonStreamWriter::sameAsQt_data()
{
    QTest::addColumn<QJsonObject>("object");
    QTest::newRow("empty") << QJsonObject();
    QTest::newRow("tricky") << tricky();
}

// Byte for byte what QJsonDocument::toJson(Indented) writes.
void TstJsonStreamWriter::sameAsQt()
{
    QFETCH(QJsonObject, object);
    const QByteArray qt = QJsonDocument(object).toJson(QJsonDocument::Indented);
    QCOMPARE(JsonStreamWriter::toBytes(object), qt);
    for (std::size_t chunk : { 1, 7, 4096 })
        QCOMPARE(streamed(object, chunk), qt);
}

// The sink gets chunks of about the chunk size, not the whole document at once.
void TstJsonStreamWriter::chunks()
{
    const QJsonObject o = tricky();
    const qsizetype size = QJsonDocument(o).toJson().size();
    QVERIFY(size > 1000);
    int calls = 0;
    QCOMPARE(streamed(o, 256, &calls).size(), size);
    QVERIFY(calls >= size / 300);
    QVERIFY(calls <= size / 256 + 1);
}

// Whole reports: a generated profile of several steps and, when present, a real sample.
void TstJsonStreamWriter::reports()
{
    const auto g = test::generate(QStringLiteral("all"), 3);
    QVERIFY(g->ok());
    std::vector<QJsonObject> reports { profileReportJson(*g->profile, 10) };
    const QString sample = QStringLiteral(NPUSCOPE_SAMPLES_DIR "/ascend-2025-11");
    if (QDir(sample).exists()) {
        const LoadResult loaded = loadProfile(sample);
        QVERIFY(loaded.profile);
        reports.push_back(profileReportJson(*loaded.profile, 10));
    }
    for (const QJsonObject &report : reports) {
        const QByteArray qt = QJsonDocument(report).toJson(QJsonDocument::Indented);
        QVERIFY(qt.size() > 10000);
        QCOMPARE(streamed(report, std::size_t(1) << 16), qt);
    }
}

QTEST_GUILESS_MAIN(TstJsonStreamWriter)
#include "tst_jsonstreamwriter.moc"
