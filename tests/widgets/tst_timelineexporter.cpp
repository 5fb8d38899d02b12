#include "widgets/timeline/annotationpainter.h"
#include "widgets/timeline/timelineexporter.h"

#include "model/profile/profileloader.h"
#include "tracefixtures.h"

#include <QDir>
#include <QFileInfo>
#include <QImageReader>
#include <QPainter>
#include <QTemporaryDir>
#include <QTest>

using namespace npuscope;

class TstTimelineExporter : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void svgHasAnnotationsAndCaption();
    void pngHasRequestedSize_data();
    void pngHasRequestedSize();
    void tracksPatternRestrictsRows();
    void rangeRestrictsWhatIsDrawn();
    void annotationsOutsideAreLeftOut();
    void badPatternIsAnError();
    void legendNamesBiggestSlices();
    void annotationHitTest();
    void sampleDrawsDeviceFirst();

private:
    TimelineExportOptions options() const;
    std::shared_ptr<const Trace> m_trace;
    TimeNs m_firstComm = 0;
};

namespace {

const QString kStream2 = QStringLiteral("Ascend Hardware / Stream 2");
const QString kPython = QStringLiteral("Python (3170820) / Thread 3170820");

Annotation annotation(
    AnnotationKind kind, const QString &text, TimeNs start, TimeNs end, QStringList tracks = {})
{
    Annotation a;
    a.kind = kind;
    a.text = text;
    a.start = start;
    a.end = end;
    a.tracks = std::move(tracks);
    return a;
}

} // namespace

void TstTimelineExporter::initTestCase()
{
    m_trace = test::makeTrainingStep();
    for (const Track &t : m_trace->tracks)
        if (t.kind == TrackKind::Communication)
            m_firstComm = t.events.front().start;
    QVERIFY(m_firstComm > 0);
}

TimelineExportOptions TstTimelineExporter::options() const
{
    TimelineExportOptions o;
    o.trace = m_trace;
    o.width = 1200;
    o.caption = QStringList { QStringLiteral("run1 - rank 0 - step 2"),
        QStringLiteral("Step time 1.20 ms, top kernel MatMulV2") };
    return o;
}

void TstTimelineExporter::svgHasAnnotationsAndCaption()
{
    TimelineExportOptions o = options();
    const TimeNs t0 = m_trace->minTime;
    o.annotations = { annotation(AnnotationKind::Note, QStringLiteral("slow conv here"),
                          t0 + 100'000, t0 + 100'000, { kStream2 }),
        annotation(
            AnnotationKind::Range, QStringLiteral("forward pass"), t0 + 20'000, t0 + 400'000),
        annotation(AnnotationKind::Box, QStringLiteral("these kernels"), t0 + 50'000, t0 + 300'000,
            { kStream2 }),
        annotation(AnnotationKind::Arrow, QStringLiteral("launch latency"), t0 + 30'000,
            t0 + 60'000, { kPython, kStream2 }) };
    TimelineExporter exporter(o);
    QVERIFY(exporter.isValid());
    const QString svg = QString::fromUtf8(exporter.toSvg());
    QVERIFY(svg.startsWith(QStringLiteral("<?xml")));
    for (const char *text : { "slow conv here", "forward pass", "these kernels", "launch latency",
             "run1 - rank 0 - step 2", "Step time 1.20 ms, top kernel MatMulV2", "Stream 2" })
        QVERIFY2(svg.contains(QString::fromUtf8(text)), text);
}

void TstTimelineExporter::pngHasRequestedSize_data()
{
    QTest::addColumn<int>("width");
    QTest::addColumn<double>("scale");
    QTest::newRow("1x") << 1000 << 1.0;
    QTest::newRow("2x") << 1000 << 2.0;
    QTest::newRow("narrow 2x") << 640 << 2.0;
}

void TstTimelineExporter::pngHasRequestedSize()
{
    QFETCH(int, width);
    QFETCH(double, scale);
    TimelineExportOptions o = options();
    o.width = width;
    o.scale = scale;
    TimelineExporter exporter(o);
    QCOMPARE(exporter.size().width(), width);
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("t.png"));
    QString error;
    QVERIFY2(exporter.save(path, &error), qPrintable(error));
    QImageReader reader(path);
    QCOMPARE(reader.format(), QByteArray("png"));
    const QSize size = reader.size();
    QCOMPARE(size.width(), qRound(width * scale));
    QCOMPARE(size.height(), qRound(exporter.size().height() * scale));
    QVERIFY(exporter.size().height() > TimelineExporter::kRulerHeight + 100);
    QVERIFY(!exporter.save(dir.filePath(QStringLiteral("t.jpg")), &error));
    QVERIFY(error.contains(QStringLiteral(".png or .svg")));
}

void TstTimelineExporter::tracksPatternRestrictsRows()
{
    TimelineExporter all(options());
    TimelineExportOptions o = options();
    o.trackPattern = QStringLiteral("stream"); // case-insensitive
    TimelineExporter streams(o);
    QVERIFY(streams.isValid());
    QCOMPARE(all.shownTrackCount(), 7);
    QCOMPARE(streams.shownTrackCount(), 2);
    QVERIFY(streams.size().height() < all.size().height());
    const QString svg = QString::fromUtf8(streams.toSvg());
    QVERIFY(svg.contains(QStringLiteral("Stream 2")));
    QVERIFY(svg.contains(QStringLiteral("Stream 3")));
    QVERIFY(svg.contains(QStringLiteral("Ascend Hardware"))); // the process header
    QVERIFY(!svg.contains(QStringLiteral("CANN")));
    QVERIFY(!svg.contains(QStringLiteral("Overlap Analysis")));
    QVERIFY(!svg.contains(QStringLiteral("AI Core Freq")));
    // The legend only knows kernels: host ops are not drawn.
    for (const auto &e : streams.legend())
        QVERIFY2(!e.name.startsWith(QStringLiteral("aten::")), qPrintable(e.name));
    // Tracks far apart in the layout are stacked under one ruler.
    o.trackPattern = QStringLiteral("Python|HCCL");
    const QString apart = QString::fromUtf8(TimelineExporter(o).toSvg());
    QVERIFY(apart.contains(QStringLiteral("Group 0 Communication")));
    QVERIFY(!apart.contains(QStringLiteral("CANN")));
    // On pixels: the top of that image is the image of the first process alone, HCCL (device
    // first); the ruler the painter draws above the Python rows must not show over the HCCL rows.
    o.legendEntries = 0;
    o.trackPattern = QStringLiteral("HCCL");
    const QImage hccl = TimelineExporter(o).toImage();
    o.trackPattern = QStringLiteral("Python|HCCL");
    const QImage both = TimelineExporter(o).toImage();
    QVERIFY(both.height() > hccl.height());
    QVERIFY(both.copy(0, 0, hccl.width(), hccl.height()) == hccl);
    o.legendEntries = 10;
    // Nothing matches: an image with the ruler alone, no crash.
    o.trackPattern = QStringLiteral("no such track");
    TimelineExporter none(o);
    QCOMPARE(none.shownTrackCount(), 0);
    QVERIFY(!none.toImage().isNull());
}

void TstTimelineExporter::rangeRestrictsWhatIsDrawn()
{
    auto legendHas = [](const TimelineExporter &e, const QString &name) {
        return std::any_of(e.legend().begin(), e.legend().end(),
            [&](const auto &entry) { return entry.name == name; });
    };
    const QString allReduce = QStringLiteral("hcom_allReduce__123_0_1");
    TimelineExportOptions o = options();
    o.legendEntries = 100;
    o.trackPattern = QStringLiteral("HCCL");
    TimelineExporter whole(o);
    QVERIFY(legendHas(whole, allReduce));
    o.start = m_trace->minTime;
    o.end = m_firstComm - 1000; // before the first collective
    TimelineExporter before(o);
    QCOMPARE(before.start(), o.start);
    QCOMPARE(before.end(), o.end);
    QVERIFY(!legendHas(before, allReduce));
    QVERIFY(before.legend().empty());

    // On pixels: the HCCL track row is plain background before the collective, coloured over it.
    auto colouredPixels = [](QImage image) {
        image = image.convertToFormat(QImage::Format_RGB32);
        int coloured = 0;
        for (int y = 0; y < image.height(); ++y)
            for (int x = TimelineExporter::kHeaderWidth + 2; x < image.width() - 2; ++x) {
                const QColor c = image.pixelColor(x, y);
                coloured += c.saturation() > 80 ? 1 : 0;
            }
        return coloured;
    };
    o.caption.clear();
    TimelineExporter empty(o);
    o.start = m_firstComm;
    o.end = m_firstComm + 200'000;
    TimelineExporter busy(o);
    QCOMPARE(colouredPixels(empty.toImage()), 0);
    QVERIFY(colouredPixels(busy.toImage()) > 1000);
}

void TstTimelineExporter::annotationsOutsideAreLeftOut()
{
    TimelineExportOptions o = options();
    const TimeNs t0 = m_trace->minTime;
    o.start = t0;
    o.end = t0 + 1'000'000;
    o.trackPattern = QStringLiteral("Stream 2");
    o.annotations = { annotation(AnnotationKind::Note, QStringLiteral("inside"), t0 + 500'000,
                          t0 + 500'000, { kStream2 }),
        annotation(AnnotationKind::Note, QStringLiteral("later"), t0 + 5'000'000, t0 + 5'000'000,
            { kStream2 }),
        annotation(AnnotationKind::Note, QStringLiteral("hidden track"), t0 + 500'000, t0 + 500'000,
            { kPython }) };
    const QString svg = QString::fromUtf8(TimelineExporter(o).toSvg());
    QVERIFY(svg.contains(QStringLiteral("inside")));
    QVERIFY(!svg.contains(QStringLiteral("later")));
    QVERIFY(!svg.contains(QStringLiteral("hidden track")));
}

void TstTimelineExporter::badPatternIsAnError()
{
    TimelineExportOptions o = options();
    o.trackPattern = QStringLiteral("Stream (");
    TimelineExporter exporter(o);
    QVERIFY(!exporter.isValid());
    QVERIFY2(exporter.error().contains(QStringLiteral("Stream (")), qPrintable(exporter.error()));
}

void TstTimelineExporter::legendNamesBiggestSlices()
{
    TimelineExportOptions o = options();
    o.legendEntries = 3;
    const TimeNs t0 = m_trace->minTime;
    o.annotations = { annotation(AnnotationKind::Note, QStringLiteral("slow conv here"),
                          t0 + 1'100'000, t0 + 1'100'000, { kStream2 }),
        annotation(
            AnnotationKind::Range, QStringLiteral("forward pass"), t0 + 20'000, t0 + 1'000'000),
        annotation(AnnotationKind::Box, QStringLiteral("these kernels"), t0 + 1'500'000,
            t0 + 1'900'000, { kStream2, QStringLiteral("Ascend Hardware / Stream 3") }),
        annotation(AnnotationKind::Arrow, QStringLiteral("launch latency"), t0 + 2'300'000,
            t0 + 2'600'000, { kPython, kStream2 }) };
    o.annotations[1].color = QStringLiteral("#4e79a7");
    TimelineExporter exporter(o);
    QCOMPARE(exporter.legend().size(), std::size_t(3));
    // "Computing" covers the overlap lane wherever a kernel runs, more than any single name.
    QCOMPARE(exporter.legend().front().name, QStringLiteral("Computing"));
    if (qEnvironmentVariableIsSet("NPUSCOPE_EXPORT_PNG")) // to look at it
        exporter.toImage().save(qEnvironmentVariable("NPUSCOPE_EXPORT_PNG"));
    for (std::size_t i = 1; i < exporter.legend().size(); ++i)
        QVERIFY(exporter.legend()[i - 1].pixels >= exporter.legend()[i].pixels);
    const QString svg = QString::fromUtf8(exporter.toSvg());
    QVERIFY(svg.contains(exporter.legend().back().name));
}

void TstTimelineExporter::annotationHitTest()
{
    AnnotationFrame f;
    f.axis = TimeAxis(0, 1000, 1000);
    f.area = QRectF(100, 50, 1000, 400);
    f.trackSpan = [](const QString &key, double *top, double *bottom) {
        if (key != QLatin1String("t"))
            return false;
        *top = 200;
        *bottom = 230;
        return true;
    };
    std::vector<Annotation> items { annotation(
                                        AnnotationKind::Range, QStringLiteral("r"), 100, 300),
        annotation(AnnotationKind::Box, QStringLiteral("b"), 500, 600, { QStringLiteral("t") }),
        annotation(AnnotationKind::Arrow, QString(), 700, 900, { QStringLiteral("t") }) };
    items[0].id = 1;
    items[1].id = 2;
    items[2].id = 3;
    QCOMPARE(
        AnnotationPainter::annotationAt(items, f, QPointF(200, 52 + 4)), quint64(1)); // range label
    QCOMPARE(AnnotationPainter::annotationAt(items, f, QPointF(300 + 100, 300)),
        quint64(1)); // range edge
    QCOMPARE(AnnotationPainter::annotationAt(items, f, QPointF(250 + 100, 300)),
        quint64(0)); // inside the band
    QCOMPARE(AnnotationPainter::annotationAt(items, f, QPointF(598 + 100 + 2, 215)),
        quint64(2)); // box edge
    QCOMPARE(AnnotationPainter::annotationAt(items, f, QPointF(550 + 100, 215)), quint64(0));
    QCOMPARE(
        AnnotationPainter::annotationAt(items, f, QPointF(800 + 100, 215)), quint64(3)); // arrow
    QCOMPARE(
        AnnotationPainter::annotationAt(items, f, QPointF(10, 215)), quint64(0)); // header column
}

// What `npuscope export` draws with default options for ascend-2025-01 level1/rank0 (a 34-level
// Python stack, process_sort_index 0, and Ascend Hardware at 13): the device streams first.
void TstTimelineExporter::sampleDrawsDeviceFirst()
{
    const QDir samples(QStringLiteral(NPUSCOPE_SAMPLES_DIR));
    if (!samples.exists())
        QSKIP("sample profiles not available");
    const QString path = samples.filePath(QStringLiteral("ascend-2025-01/level1/rank0_ascend_pt"));
    QVERIFY2(QFileInfo(path + QStringLiteral("/ASCEND_PROFILER_OUTPUT/trace_view.json")).isFile(),
        qPrintable(path));
    const LoadResult loaded = loadProfile(path);
    QVERIFY(loaded.profile && !loaded.profile->ranks.empty());
    TimelineExportOptions o;
    o.trace = loaded.profile->ranks.front()->trace;
    QVERIFY(o.trace);
    TimelineExporter exporter(o);
    QVERIFY(exporter.isValid());
    auto headerY = [&](const QString &name) {
        for (const TimelineGroup &g : exporter.layout().groups())
            if (g.name == name)
                return exporter.rowY(g.headerRow);
        return -2;
    };
    const int hardware = headerY(QStringLiteral("Ascend Hardware"));
    const int python = headerY(QStringLiteral("Python"));
    QCOMPARE(hardware, 0);
    QVERIFY2(python > hardware, qPrintable(QString::number(python)));
    // Its first stream right below the header, and every group within a 1080 px screen.
    const TimelineLayout &layout = exporter.layout();
    int firstStream = -1;
    for (const TimelineRow &row : layout.rows())
        if (row.kind == TimelineRowKind::Track
            && o.trace->tracks[row.index].kind == TrackKind::DeviceStream) {
            firstStream = row.y;
            break;
        }
    QCOMPARE(firstStream, TimelineLayout::kProcessHeight);
    qInfo("level1/rank0: Python header at y %d, timeline %d px high", python,
        exporter.layout().totalHeight());
    QVERIFY2(python < 1080 - TimelineExporter::kRulerHeight, qPrintable(QString::number(python)));
}

QTEST_MAIN(TstTimelineExporter)
#include "tst_timelineexporter.moc"
