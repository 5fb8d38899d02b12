#include "model/annotations/annotations.h"
#include "model/annotations/annotationstore.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

using namespace npuscope;

class TstAnnotations : public QObject {
    Q_OBJECT
private slots:
    void roundTrip();
    void largeTimesAreExact();
    void ids();
    void badFiles_data();
    void badFiles();
    void tolerantEntries();
    void storePerProfile();
    void storeNeverWritesIntoProfile();
    void emptySetRemovesFile();
};

namespace {

AnnotationSet sampleSet()
{
    AnnotationSet set;
    set.profilePath = QStringLiteral("/data/run1");
    Annotation note;
    note.kind = AnnotationKind::Note;
    note.text = QStringLiteral("slow TransData 变换");
    note.start = note.end = 1736408884023552840;
    note.tracks = QStringList { QStringLiteral("NPU 0 / Stream 2") };
    note.rank = 3;
    set.add(note);
    Annotation range;
    range.kind = AnnotationKind::Range;
    range.text = QStringLiteral("idle");
    range.color = QStringLiteral("#4e79a7");
    range.start = 100;
    range.end = 900;
    set.add(range);
    Annotation arrow;
    arrow.kind = AnnotationKind::Arrow;
    arrow.start = 500;
    arrow.end = 200; // arrows may point back in time
    arrow.tracks = QStringList { QStringLiteral("a"), QStringLiteral("b") };
    set.add(arrow);
    Annotation box;
    box.kind = AnnotationKind::Box;
    box.start = 10;
    box.end = 20;
    box.tracks = QStringList { QStringLiteral("a"), QStringLiteral("c") };
    set.add(box);
    return set;
}

} // namespace

void TstAnnotations::roundTrip()
{
    const AnnotationSet set = sampleSet();
    AnnotationSet read;
    const auto result = read.fromJson(set.toJson(), QStringLiteral("x.json"));
    QVERIFY2(result.ok, qPrintable(result.error));
    QVERIFY2(result.warnings.isEmpty(), qPrintable(result.warnings.join(u'\n')));
    QCOMPARE(read.profilePath, set.profilePath);
    QCOMPARE(read.items.size(), set.items.size());
    for (std::size_t i = 0; i < set.items.size(); ++i)
        QVERIFY(read.items[i] == set.items[i]);
    QCOMPARE(read.items[2].start, 500); // not reordered
    QVERIFY(set.toJson().contains("\"version\": 1"));
    QVERIFY(set.toJson().contains("\"kind\": \"arrow\""));
}

void TstAnnotations::largeTimesAreExact()
{
    // 2^53 + 1 as a string survives; as a JSON number it still reads (rounded by JSON).
    const QByteArray json = R"({"version": 1, "annotations": [
        {"kind": "note", "start_ns": "9007199254740993"},
        {"kind": "range", "start_ns": 2000, "end_ns": 1000}]})";
    AnnotationSet set;
    const auto result = set.fromJson(json, QStringLiteral("t.json"));
    QVERIFY(result.ok);
    QCOMPARE(set.items.size(), std::size_t(2));
    QCOMPARE(set.items[0].start, TimeNs(9007199254740993));
    QCOMPARE(set.items[0].end, set.items[0].start);
    QCOMPARE(set.items[1].start, 1000); // a backwards range is turned around
    QCOMPARE(set.items[1].end, 2000);
}

void TstAnnotations::ids()
{
    AnnotationSet set = sampleSet();
    QCOMPARE(set.items[0].id, quint64(1));
    QCOMPARE(set.items[3].id, quint64(4));
    Annotation dup;
    dup.id = 2; // taken: gets a fresh one
    QCOMPARE(set.add(dup), quint64(5));
    QVERIFY(set.remove(2));
    QVERIFY(!set.remove(2));
    QVERIFY(!set.find(2));
    QCOMPARE(set.find(5)->kind, AnnotationKind::Note);
}

void TstAnnotations::badFiles_data()
{
    QTest::addColumn<QByteArray>("json");
    QTest::addColumn<QString>("expected");
    QTest::newRow("empty file") << QByteArray() << QStringLiteral("bad.json: line 1, column 1");
    QTest::newRow("truncated") << QByteArray("{\"annotations\": [\n  {\"kind\": \"note\"")
                               << QStringLiteral("bad.json: line 2, column");
    QTest::newRow("trailing comma")
        << QByteArray("{\"annotations\": [1,]}") << QStringLiteral("bad.json: line 1, column");
    QTest::newRow("array root") << QByteArray("[]") << QStringLiteral("no \"annotations\" list");
    QTest::newRow("annotations not a list")
        << QByteArray("{\"annotations\": {}}") << QStringLiteral("no \"annotations\" list");
    QTest::newRow("other format") << QByteArray(
        "{\"format\": \"chrome-trace\", \"annotations\": []}")
                                  << QStringLiteral("format \"chrome-trace\"");
}

void TstAnnotations::badFiles()
{
    QFETCH(QByteArray, json);
    QFETCH(QString, expected);
    AnnotationSet set = sampleSet();
    const auto result = set.fromJson(json, QStringLiteral("bad.json"));
    QVERIFY(!result.ok);
    QVERIFY2(result.error.contains(expected), qPrintable(result.error));
    QCOMPARE(set.items.size(), std::size_t(4)); // a failed read leaves the set alone
}

void TstAnnotations::tolerantEntries()
{
    const QByteArray json = R"({"format": "npuscope-annotations", "version": 7, "annotations": [
        {"kind": "note", "start_ns": "5", "text": "ok", "future_field": [1, 2]},
        {"kind": "circle", "start_ns": "5"},
        {"kind": "box"},
        "text",
        {"kind": "arrow", "start_ns": "1", "end_ns": "2", "tracks": ["t"], "color": "red"}]})";
    AnnotationSet set;
    const auto result = set.fromJson(json, QStringLiteral("f.json"));
    QVERIFY(result.ok);
    QCOMPARE(set.items.size(), std::size_t(2));
    QCOMPARE(set.items[0].text, QStringLiteral("ok"));
    QCOMPARE(set.items[1].tracks, QStringList({ QStringLiteral("t"), QStringLiteral("t") }));
    QCOMPARE(set.items[1].color, Annotation().color);
    const QString all = result.warnings.join(u'\n');
    QVERIFY2(all.contains(QStringLiteral("newer npuscope (version 7)")), qPrintable(all));
    QVERIFY2(all.contains(QStringLiteral("f.json: annotation 2: unknown kind \"circle\"")),
        qPrintable(all));
    QVERIFY2(
        all.contains(QStringLiteral("annotation 3: \"start_ns\" is missing")), qPrintable(all));
    QVERIFY2(all.contains(QStringLiteral("annotation 4: not an object")), qPrintable(all));
    QVERIFY2(all.contains(QStringLiteral("annotation 5: colour \"red\"")), qPrintable(all));
    QCOMPARE(result.warnings.size(), 5);
}

void TstAnnotations::storePerProfile()
{
    QTemporaryDir data;
    QTemporaryDir profiles;
    QVERIFY(QDir(profiles.path()).mkpath(QStringLiteral("run1")));
    QVERIFY(QDir(profiles.path()).mkpath(QStringLiteral("run2")));
    const QString run1 = profiles.filePath(QStringLiteral("run1"));
    const QString run2 = profiles.filePath(QStringLiteral("run2"));
    const AnnotationStore store(data.path());
    QVERIFY(store.fileFor(run1).startsWith(data.path()));
    QVERIFY(store.fileFor(run1) != store.fileFor(run2));
    // The same folder named differently (trailing slash, "..") is the same profile.
    QCOMPARE(store.fileFor(run1 + QStringLiteral("/")), store.fileFor(run1));
    QCOMPARE(store.fileFor(run2 + QStringLiteral("/../run1")), store.fileFor(run1));

    AnnotationSet none;
    QVERIFY(store.load(run1, &none).ok);
    QVERIFY(none.isEmpty());

    QString error;
    QVERIFY2(store.save(run1, sampleSet(), &error), qPrintable(error));
    AnnotationSet back;
    const auto result = store.load(run1 + QStringLiteral("/"), &back);
    QVERIFY2(result.ok, qPrintable(result.error));
    QCOMPARE(back.items.size(), std::size_t(4));
    QVERIFY(back.items[0] == sampleSet().items[0]);
    QCOMPARE(back.profilePath, QDir(run1).canonicalPath());
    AnnotationSet other;
    QVERIFY(store.load(run2, &other).ok);
    QVERIFY(other.isEmpty());
}

void TstAnnotations::storeNeverWritesIntoProfile()
{
    QTemporaryDir data;
    QTemporaryDir profile;
    QFile f(profile.filePath(QStringLiteral("trace_view.json")));
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write("[]");
    f.close();
    QString error;
    QVERIFY(AnnotationStore(data.path()).save(profile.path(), sampleSet(), &error));
    QCOMPARE(QDir(profile.path()).entryList(QDir::AllEntries | QDir::NoDotAndDotDot | QDir::Hidden),
        QStringList { QStringLiteral("trace_view.json") });
}

void TstAnnotations::emptySetRemovesFile()
{
    QTemporaryDir data;
    const AnnotationStore store(data.path());
    QString error;
    QVERIFY(store.save(QStringLiteral("/nowhere/p"), sampleSet(), &error));
    QVERIFY(QFile::exists(store.fileFor(QStringLiteral("/nowhere/p"))));
    QVERIFY(store.save(QStringLiteral("/nowhere/p"), AnnotationSet(), &error));
    QVERIFY(!QFile::exists(store.fileFor(QStringLiteral("/nowhere/p"))));
    // A damaged file reports its name.
    QVERIFY(
        AnnotationStore::writeFile(data.filePath(QStringLiteral("x.json")), sampleSet(), &error));
    QFile f(data.filePath(QStringLiteral("x.json")));
    QVERIFY(f.open(QIODevice::Append));
    f.write("garbage");
    f.close();
    AnnotationSet set;
    const auto result = AnnotationStore::readFile(data.filePath(QStringLiteral("x.json")), &set);
    QVERIFY(!result.ok);
    QVERIFY2(result.error.contains(QStringLiteral("x.json: line")), qPrintable(result.error));
}

QTEST_GUILESS_MAIN(TstAnnotations)
#include "tst_annotations.moc"
