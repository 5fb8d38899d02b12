// What a JSON file opened on its own holds, from the keys of its top-level object: a trace, or
// one of the other JSON files of a training run opened by mistake (issue 41).
#include "model/profile/jsonkind.h"

#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <zlib.h>

using namespace npuscope;

Q_DECLARE_METATYPE(npuscope::JsonFileKind)

namespace {

// The first line PyTorch's ExecutionTraceObserver writes (torch/csrc/profiler/standalone/
// execution_trace_observer.cpp), then the start of its first node.
const QByteArray kExecutionTrace = "{\n  \"schema\": \"1.1.1-chakra.0.0.4\", \"pid\": 4242, "
                                   "\"time\": \"2025-01-09 07:48:03\", \"start_ts\": 1736408883,\n"
                                   "  \"nodes\": [\n    {\"id\": 2, \"name\": \"[pytorch|profiler|"
                                   "execution_trace|thread]\", \"ctrl_deps\": 1, \"inputs\": {";

} // namespace

class TstJsonKind : public QObject {
    Q_OBJECT

private slots:
    void kinds_data()
    {
        QTest::addColumn<QByteArray>("text");
        QTest::addColumn<JsonFileKind>("kind");
        using K = JsonFileKind;
        QTest::newRow("trace_view.json array")
            << QByteArray(R"([{"ph": "X", "name": "a"}])") << K::Trace;
        QTest::newRow("array with a BOM") << QByteArray("\xEF\xBB\xBF\n[") << K::Trace;
        QTest::newRow("kineto") << QByteArray("{\"schemaVersion\": 1, \"deviceProperties\": [\n"
                                              "  {\"id\": 0, \"name\": \"A100\", \"nodes\": 3}],\n"
                                              "  \"traceEvents\": [{\"ph\": \"X\"")
                                << K::Trace;
        QTest::newRow("execution trace, cut short") << kExecutionTrace << K::ExecutionTrace;
        QTest::newRow("execution trace, nodes first")
            << QByteArray(R"({"nodes": [{"id": 1}], "schema": "1.0.1"})") << K::ExecutionTrace;
        QTest::newRow("report --json")
            << QByteArray("{\n    \"checks\": [\n        {\n            \"id\": \"host-bound\",\n"
                          "            \"reason\": \"a \\\"quoted\\\" ] } text\"\n        }\n"
                          "    ],\n    \"findings\": [")
            << K::NpuscopeReport;
        QTest::newRow("compare --json")
            << QByteArray(R"({"base": {"path": "/a", "step": "5"}, "by_bucket": [)")
            << K::NpuscopeComparison;
        QTest::newRow("profiler_info")
            << QByteArray("{\n    \"config\": {\n        \"common_config\": {\"activities\": "
                          "[\"ProfilerActivity.NPU\"]}},\n    \"start_info\": {}\n}")
            << K::ProfilerInfo;
        QTest::newRow("numbers and literals as values")
            << QByteArray(R"({"schema": -1.5e3, "pid": null, "ok": true, "nodes": []})")
            << K::ExecutionTrace;
        QTest::newRow("traceEvents only as a value")
            << QByteArray(R"({"schema": "traceEvents", "nodes": []})") << K::ExecutionTrace;
        QTest::newRow("keys nested, not top-level")
            << QByteArray(R"({"a": {"schema": "1", "nodes": []}, "b": 1})") << K::Unknown;
        QTest::newRow("schema without nodes")
            << QByteArray(R"({"schema": "1", "pid": 1, "finish_ts": 2})") << K::Unknown;
        QTest::newRow("communication.json")
            << QByteArray(R"({"step50": {"p2p": {}}})") << K::Unknown;
        QTest::newRow("empty file") << QByteArray() << K::Unknown;
        QTest::newRow("only whitespace") << QByteArray(" \n\t ") << K::Unknown;
        QTest::newRow("csv text") << QByteArray("Step Id,Name\n1,a\n") << K::Unknown;
        QTest::newRow("cut in a key") << QByteArray("{\"sch") << K::Unknown;
        QTest::newRow("cut in a string value") << QByteArray("{\"schema\": \"1.0") << K::Unknown;
        QTest::newRow("two commas") << QByteArray(R"({"schema": "1",, "nodes": []})") << K::Unknown;
        QTest::newRow("key not a string") << QByteArray(R"({schema: 1, nodes: []})") << K::Unknown;
        QTest::newRow("invalid UTF-8 in a value")
            << QByteArray("{\"x\": \"\xff\xfe\", \"schema\": 1, \"nodes\": []}")
            << K::ExecutionTrace;
    }

    void kinds()
    {
        QFETCH(QByteArray, text);
        QFETCH(JsonFileKind, kind);
        QCOMPARE(jsonFileKindIn(text), kind);
    }

    // From a file: gzip inflated, a preamble past the first read, a file that cannot be read.
    void files()
    {
        QTemporaryDir tmp;
        const QString gz = tmp.filePath(QStringLiteral("rank0_et.json.gz"));
        gzFile out = gzopen(QFile::encodeName(gz).constData(), "wb");
        QVERIFY(out);
        QCOMPARE(gzwrite(out, kExecutionTrace.constData(), unsigned(kExecutionTrace.size())),
            int(kExecutionTrace.size()));
        gzclose(out);
        QCOMPARE(sniffJsonFile(gz), JsonFileKind::ExecutionTrace);

        // Kineto's deviceProperties can be long: traceEvents after 200 KiB is still found.
        const QString kineto = tmp.filePath(QStringLiteral("w.pt.trace.json"));
        QFile f(kineto);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(R"({"schemaVersion": 1, "deviceProperties": [)");
        for (int i = 0; i < 4000; ++i)
            f.write(R"({"id": 0, "name": "NVIDIA A100-SXM4-80GB", "totalGlobalMem": 85}, )");
        f.write(R"({}], "traceEvents": [])");
        f.close();
        QVERIFY(f.size() > (qint64(200) << 10));
        QCOMPARE(sniffJsonFile(kineto), JsonFileKind::Trace);

        QCOMPARE(sniffJsonFile(tmp.filePath(QStringLiteral("absent.json"))), JsonFileKind::Unknown);
    }
};

QTEST_GUILESS_MAIN(TstJsonKind)
#include "tst_jsonkind.moc"
