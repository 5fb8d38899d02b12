// The call tree's sequence-number grafts, from the numbers the loader read from each host op's raw
// JSON through a window of the trace file (model/trace/sequencereader.cpp): checked against the
// numbers the test wrote, on a file several windows long, with strings that hold escaped quotes,
// backslashes and braces, and with one event larger than the window (read on its own). More ops
// than the reader reads on one thread (4096): the two halves' numbers are merged, and the last ops
// repeat the numbers of the first ones, which keep them (the first op of a number is its parent).
// A fwdbwd flow between two host ops, or a loaded trace cut off from its file, reads none.
#include "analysis/calltree/calltreeframes.h"
#include "model/trace/traceloader.h"

#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <map>

using namespace npuscope;

namespace {

constexpr int kForward = 5000; // caller-thread ops, sequence numbers 0..kForward-1
constexpr int kRepeated = 10; // the last ops repeat the numbers 0..kRepeated-1
constexpr int kPadBytes = 3000; // per op: 9 MB of ops, more than two 4 MiB windows
constexpr int kHuge = 1234; // this forward op carries 5 MB of args: larger than a window

// A string value full of what a naive scan gets wrong: escaped quotes, braces, backslash runs.
QByteArray pad(int bytes, int salt)
{
    QByteArray p;
    static const char *const pieces[]
        = { "ab", "\\\"}", "{[", "\\\\", "x\\\\\\\"]", "\\u0041", "}}" };
    for (int i = salt; p.size() < bytes; ++i)
        p += pieces[i % 7];
    return p;
}

QByteArray op(const char *name, int tid, qint64 ts, qint64 seq, int padBytes, int salt)
{
    QByteArray args = "{\"pad\": \"" + pad(padBytes, salt) + "\"";
    if (seq >= 0)
        args += ", \"Sequence number\": " + QByteArray::number(seq);
    args += ", \"tail\": \"}\\\\\"}";
    return "{\"ph\": \"X\", \"name\": \"" + QByteArray(name)
        + "\", \"pid\": 1, \"tid\": " + QByteArray::number(tid)
        + ", \"ts\": " + QByteArray::number(ts) + ", \"dur\": 5, \"args\": " + args + "}";
}

} // namespace

class TstCallTreeSequence : public QObject {
    Q_OBJECT

private slots:
    void graftsBySequenceNumber();
    void noneWithBackwardFlows();
};

void TstCallTreeSequence::graftsBySequenceNumber()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("trace.json"));
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write("[\n");
    for (int i = 0; i < kForward; ++i) {
        const int seq = i < kForward - kRepeated ? i : i - (kForward - kRepeated);
        f.write(op("aten::forward", 1, 1000 + qint64(i) * 10, seq,
            i == kHuge ? 5 << 20 : kPadBytes + i % 97, i));
        f.write(",\n");
    }
    // Backward ops on a second thread, at other times (no nesting): every third op carries the
    // sequence number of a forward op, in reverse order; some carry none, some a number no
    // forward op has.
    std::map<int, qint64> wantSeq; // index on the backward thread -> sequence number, or -1
    const int backward = kForward / 2;
    for (int i = 0; i < backward; ++i) {
        qint64 seq = i % 3 == 0 ? kForward - 1 - i : i % 3 == 1 ? -1 : kForward + i;
        if (i % 3 == 2 && i < 3 * kRepeated)
            seq = i / 3; // a repeated number
        wantSeq[i] = seq < kForward - kRepeated ? seq : -1; // the op of that number is gone
        f.write(op("aten::backward", 2, 1'000'000 + qint64(i) * 10, seq, 200 + i % 5000, i));
        f.write(i + 1 < backward ? ",\n" : "\n");
    }
    f.write("]\n");
    f.close();

    TraceLoadOptions options;
    options.eventDetails = false; // a plain file: its args are read from the file all the same
    const TraceLoadResult loaded = loadTrace(path, options);
    QVERIFY(loaded.trace);
    const SequenceNumbers &numbers = loaded.trace->sequenceNumbers;
    QVERIFY(numbers.read);
    QVERIFY(std::is_sorted(numbers.keys.begin(), numbers.keys.end()));
    QCOMPARE(numbers.keys.size(), numbers.numbers.size());
    QCOMPARE(numbers.of(EventRef()), qint64(-1));
    const CallTreeFrames frames(*loaded.trace, true);
    QCOMPARE(frames.tracks.size(), std::size_t(2));
    const int caller = loaded.trace->track(frames.tracks[0]).events.size() == kForward ? 0 : 1;
    const int other = 1 - caller;
    QCOMPARE(loaded.trace->track(frames.tracks[std::size_t(caller)]).events.size(),
        std::size_t(kForward));
    int grafted = 0;
    for (int i = 0; i < backward; ++i) {
        const std::uint32_t g = frames.offset[std::size_t(other)] + std::uint32_t(i);
        const qint64 seq = wantSeq[i];
        if (seq < 0) {
            QVERIFY2(frames.graft[g] != PathRule::Sequence, qPrintable(QString::number(i)));
            continue;
        }
        QCOMPARE(frames.graft[g], PathRule::Sequence);
        QCOMPARE(frames.parent[g], frames.offset[std::size_t(caller)] + std::uint32_t(seq));
        ++grafted;
    }
    int want = 0;
    for (const auto &[index, seq] : wantSeq)
        want += seq >= 0;
    QCOMPARE(grafted, want);
    QVERIFY(want > 700);
    // Every op that carries a number has it, and only those: the forward ops all, the backward
    // ops as written (negative and absent alike: none).
    QCOMPARE(numbers.keys.size(), std::size_t(kForward) + std::size_t(backward - backward / 3));
    const TrackId backwardTrack = frames.tracks[std::size_t(other)];
    for (int i = 0; i < backward; ++i) {
        const qint64 written = i % 3 == 0 ? kForward - 1 - i
            : i % 3 == 1                  ? -1
            : i < 3 * kRepeated           ? i / 3
                                          : kForward + i;
        QCOMPARE(numbers.of({ backwardTrack, std::uint32_t(i) }), written);
    }
}

void TstCallTreeSequence::noneWithBackwardFlows()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("trace.json"));
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write("[" + op("aten::mm", 1, 1000, 7, 10, 0) + ",\n" + op("MmBackward", 2, 2000, 7, 10, 1)
        + ",\n{\"ph\": \"s\", \"id\": 1, \"cat\": \"fwdbwd\", \"name\": \"fwdbwd\", "
          "\"pid\": 1, \"tid\": 1, \"ts\": 1000},\n{\"ph\": \"f\", \"bp\": \"e\", \"id\": 1, "
          "\"cat\": \"fwdbwd\", \"name\": \"fwdbwd\", \"pid\": 1, \"tid\": 2, \"ts\": 2000}]\n");
    f.close();
    const TraceLoadResult loaded = loadTrace(path);
    QVERIFY(loaded.trace);
    QCOMPARE(loaded.trace->flows.size(), std::size_t(1));
    QVERIFY(!loaded.trace->sequenceNumbers.read);
    QVERIFY(loaded.trace->sequenceNumbers.keys.empty());
    // The flow places the backward op all the same.
    const CallTreeFrames frames(*loaded.trace, true);
    QCOMPARE(frames.graft[frames.offset[1]], PathRule::ForwardBackward);
}

QTEST_GUILESS_MAIN(TstCallTreeSequence)
#include "tst_calltreesequence.moc"
