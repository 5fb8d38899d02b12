// `npuscope report --json` of a gzipped trace equals the report of the same trace inflated, apart
// from the file's name: the call tree's sequence-number grafts read the ops' args, which a
// gzipped trace only has through its random-access index (the report once loaded it without,
// and the kineto sample's backward ops went under other frames).
#include "runbinary.h"

#include <QDir>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

#include <zlib.h>

using namespace npuscope;

namespace {

const QString kSamples = QStringLiteral(NPUSCOPE_SAMPLES_DIR);
const QString kKineto = kSamples + QStringLiteral("/kineto/worker0.1623143089861.pt.trace.json.gz");

// The inflated bytes of `path` (empty on error).
QByteArray inflateFile(const QString &path)
{
    gzFile in = gzopen(QFile::encodeName(path).constData(), "rb");
    if (!in)
        return {};
    QByteArray out;
    char buffer[1 << 16];
    int got = 0;
    while ((got = gzread(in, buffer, sizeof buffer)) > 0)
        out.append(buffer, got);
    const bool ok = got == 0;
    gzclose(in);
    return ok ? out : QByteArray();
}

// The report of `file`, its path and name replaced by a marker.
QJsonObject report(const QString &file)
{
    const test::BinaryRun run
        = test::runNpuscope({ QStringLiteral("report"), file, QStringLiteral("--json") });
    if (run.exitCode != 0)
        return {};
    QString text = QString::fromUtf8(run.out);
    text.replace(file, QStringLiteral("TRACE"));
    text.replace(QFileInfo(file).absolutePath(), QStringLiteral("FOLDER"));
    text.replace(QFileInfo(file).fileName(), QStringLiteral("TRACE"));
    return QJsonDocument::fromJson(text.toUtf8()).object();
}

} // namespace

class TstReportGzip : public QObject {
    Q_OBJECT
private slots:
    void sameAsInflated();
};

void TstReportGzip::sameAsInflated()
{
    if (!QFileInfo::exists(kSamples))
        QSKIP("no samples");
    QVERIFY(QFileInfo::exists(kKineto)); // fails when the samples are incomplete
    QTemporaryDir packed, plain;
    const QString gz = packed.filePath(QFileInfo(kKineto).fileName());
    QVERIFY(QFile::copy(kKineto, gz));
    const QByteArray text = inflateFile(kKineto);
    QVERIFY(text.size() > 1'000'000);
    const QString json = plain.filePath(QFileInfo(kKineto).completeBaseName());
    QFile out(json);
    QVERIFY(out.open(QIODevice::WriteOnly));
    QCOMPARE(out.write(text), text.size());
    out.close();
    const QJsonObject a = report(gz);
    const QJsonObject b = report(json);
    QVERIFY(!a.isEmpty() && !b.isEmpty());
    // The sample has no fwdbwd flows: its backward ops are grafted by sequence number.
    const QByteArray tree = QJsonDocument(b).toJson(QJsonDocument::Compact);
    QVERIFY(tree.contains("\"flow/sequence\""));
    QCOMPARE(a, b);
}

QTEST_GUILESS_MAIN(TstReportGzip)
#include "tst_reportgzip.moc"
