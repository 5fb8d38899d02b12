#pragma once

// Test helpers for generated profiles: reading a rank's output files and their CSV rows.

#include "model/core/decimal.h"
#include "model/generator/generator.h"

#include <QFile>
#include <QHash>
#include <QList>
#include <QStringList>

namespace npuscope::test {

using Row = QHash<QString, QString>;

inline QByteArray readAll(const QString &path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    return f.readAll();
}

inline QString outputFile(const RankTruth &rank, const char *name)
{
    return rank.dir + QStringLiteral("/ASCEND_PROFILER_OUTPUT/") + QLatin1String(name);
}

// RFC 4180 records (quoted cells may hold commas, quotes and line breaks).
inline QList<QStringList> parseCsvRecords(const QString &text)
{
    QList<QStringList> records;
    QStringList record;
    QString cell;
    bool quoted = false;
    for (qsizetype i = 0; i < text.size(); ++i) {
        const QChar c = text.at(i);
        if (quoted) {
            if (c == QLatin1Char('"') && i + 1 < text.size()
                && text.at(i + 1) == QLatin1Char('"')) {
                cell += c;
                ++i;
            } else if (c == QLatin1Char('"')) {
                quoted = false;
            } else {
                cell += c;
            }
        } else if (c == QLatin1Char('"')) {
            quoted = true;
        } else if (c == QLatin1Char(',')) {
            record.append(cell);
            cell.clear();
        } else if (c == QLatin1Char('\n')) {
            record.append(cell);
            records.append(record);
            record.clear();
            cell.clear();
        } else if (c != QLatin1Char('\r')) {
            cell += c;
        }
    }
    if (!cell.isEmpty() || !record.isEmpty()) {
        record.append(cell);
        records.append(record);
    }
    return records;
}

inline QList<Row> parseCsv(const QString &path, QStringList *header = nullptr)
{
    const QList<QStringList> records = parseCsvRecords(QString::fromUtf8(readAll(path)));
    QList<Row> rows;
    if (records.isEmpty())
        return rows;
    if (header)
        *header = records.first();
    for (qsizetype r = 1; r < records.size(); ++r) {
        Row row;
        for (qsizetype c = 0; c < records[r].size() && c < records.first().size(); ++c)
            row.insert(records.first().at(c), records[r].at(c));
        rows.append(row);
    }
    return rows;
}

inline TimeNs micros(const QString &text)
{
    const QByteArray utf8 = text.toUtf8();
    const auto v = parseMicrosToNs(std::string_view(utf8.constData(), size_t(utf8.size())));
    return v.value_or(-1);
}

} // namespace npuscope::test
