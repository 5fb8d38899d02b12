#pragma once

// Test helpers for the sample databases (../shared/samples/ascend-2025-01-db) and their text
// twins (ascend-2025-01): where a rank's database is, and the six samples as test rows.

#include <QDir>
#include <QFileInfo>
#include <QString>
#include <QTest>

namespace npuscope::test {

inline const QString kDbSamples = QStringLiteral(NPUSCOPE_SAMPLES_DIR "/ascend-2025-01-db/");
inline const QString kTextSamples = QStringLiteral(NPUSCOPE_SAMPLES_DIR "/ascend-2025-01/");

inline QString sampleDbFile(const QString &level, int rank)
{
    return QFileInfo(kDbSamples + level
        + QStringLiteral("/rank%1_ascend_pt/ASCEND_PROFILER_OUTPUT/").arg(rank)
        + QStringLiteral("ascend_pytorch_profiler_%1.db").arg(rank))
        .absoluteFilePath();
}

// Columns level (QString) and rank (int): level0 to level2, ranks 0 and 1.
inline void addDbSampleRows()
{
    QTest::addColumn<QString>("level");
    QTest::addColumn<int>("rank");
    for (const char *level : { "level0", "level1", "level2" })
        for (int rank : { 0, 1 })
            QTest::addRow("%s rank%d", level, rank) << QString::fromLatin1(level) << rank;
}

} // namespace npuscope::test

// In a test function over addDbSampleRows(): fetches `level` and `rank` and declares `const
// QString file`, the row's database; skips when the samples are absent, fails when the file is.
#define NPUSCOPE_FETCH_SAMPLE_DB(file)                                                             \
    QFETCH(QString, level);                                                                        \
    QFETCH(int, rank);                                                                             \
    if (!QDir(::npuscope::test::kDbSamples).exists())                                              \
        QSKIP("samples not present");                                                              \
    const QString file = ::npuscope::test::sampleDbFile(level, rank);                              \
    QVERIFY2(QFileInfo(file).isFile(), qPrintable(file))
