// Kernel table benchmark: kernel_details.csv load throughput (each run in a fresh process, for a
// clean resident-memory reading), then sort and filter times of the kernel table model over its
// rows. Prints medians; not part of the test suite.
//   bench_tables FILE.csv [--runs N]
//   bench_tables --make-rows N SRC.csv DST.csv   (a larger kernel_details.csv, see makeRows)
//   bench_tables --digest FILE.csv...   (a digest of every loaded cell, to check a loader change)
#include "benchutil.h"
#include "model/core/kerneltable.h"
#include "model/core/residentmemory.h"
#include "model/csv/csvreader.h"
#include "widgets/tables/kerneltablemodel.h"

#include <QCoreApplication>
#include <QCryptographicHash>
#include <QElapsedTimer>
#include <QFile>
#include <QProcess>
#include <QSaveFile>
#include <QTextStream>

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <unordered_map>
#include <vector>

using namespace npuscope;
using bench::median;

namespace {

int childLoad(const QString &path)
{
    const long before = processStatusKb("VmRSS:");
    QElapsedTimer t;
    t.start();
    const CsvResult r = readCsvFile(path);
    const double s = t.nsecsElapsed() / 1e9;
    if (!r.ok || !r.table)
        return 1;
    std::printf("%.6f %lld %ld\n", s, static_cast<long long>(r.table->rowCount()),
        processStatusKb("VmHWM:") - before);
    std::fprintf(
        stderr, "resident after load +%ld MB\n", (processStatusKb("VmRSS:") - before) / 1024);
    return 0;
}

// A digest of everything the reader produces: columns, every cell's text, number and ns, the
// lines and the issues. Text ids are not hashed (raw columns may number them differently), but
// a text column must give equal texts one id: violations are counted and printed.
int printDigest(const QString &path)
{
    const CsvResult r = readCsvFile(path);
    QCryptographicHash h(QCryptographicHash::Sha1);
    auto add = [&h](const void *p, std::size_t n) {
        h.addData(QByteArrayView(static_cast<const char *>(p), qsizetype(n)));
    };
    long long duplicates = 0;
    if (r.table) {
        const Table &t = *r.table;
        add(t.lines.data(), t.lines.size() * sizeof(t.lines[0]));
        for (const Table::Column &c : t.columns) {
            const QByteArray head = (c.name + u'|' + c.key + u'|' + c.unit).toUtf8();
            add(head.data(), std::size_t(head.size()));
            const int type = int(c.type);
            add(&type, sizeof type);
            // Every cell's text, whether kept or written back from its value (the same bytes
            // hash the same either way, so digests from before Column::format compare).
            const int column = int(&c - t.columns.data());
            Table::CellText buffer;
            for (qsizetype row = 0; row < t.rowCount(); ++row) {
                const std::string_view v = t.textView(row, column, buffer);
                const auto size = std::uint64_t(v.size());
                add(&size, sizeof size);
                add(v.data(), v.size());
            }
            std::unordered_map<std::string_view, std::uint32_t> firstId;
            for (const StringId id : c.text) {
                if (c.type == Table::ColumnType::Text) {
                    const auto [it, fresh] = firstId.emplace(t.strings.view(id), id.value);
                    duplicates += !fresh && it->second != id.value;
                }
            }
            add(c.number.data(), c.number.size() * sizeof(double));
            add(c.ns.data(), c.ns.size() * sizeof(std::int64_t));
        }
    }
    QString messages;
    for (const Issue &i : r.issues)
        messages += QString::number(int(i.severity)) + u' ' + i.location + u' ' + i.message + u'\n';
    const QByteArray m = messages.toUtf8();
    add(m.data(), std::size_t(m.size()));
    std::printf("%s ok %d rows %lld issues %lld text-id-duplicates %lld  %s\n",
        h.result().toHex().left(20).constData(), int(r.ok),
        r.table ? static_cast<long long>(r.table->rowCount()) : -1LL,
        static_cast<long long>(r.issues.size()), duplicates, qPrintable(path));
    return 0;
}

// Writes a kernel_details.csv of `rows` data rows: the rows of `source` again and again, each copy
// after the first moved later by the span of the source plus one second (Start Time) and with
// its Task IDs offset, so that a copy is not a run of repeated timestamps (which would make the
// load look cheaper than real data of that size). The columns before Start Time are unquoted in
// what `npuscope generate` writes; anything else is refused.
int makeRows(qint64 rows, const QString &source, const QString &target)
{
    QFile in(source);
    if (!in.open(QIODevice::ReadOnly)) {
        std::fprintf(stderr, "cannot read %s\n", qPrintable(source));
        return 1;
    }
    QList<QByteArray> lines = in.readAll().split('\n');
    while (!lines.isEmpty() && lines.back().trimmed().isEmpty())
        lines.removeLast();
    if (lines.size() < 2)
        return 1;
    const QList<QByteArray> header = lines.front().trimmed().split(',');
    const qsizetype taskColumn = header.indexOf("Task ID");
    const qsizetype startColumn = header.indexOf("Start Time(us)");
    if (taskColumn < 0 || startColumn < 0 || taskColumn > startColumn) {
        std::fprintf(stderr, "%s: no Task ID / Start Time(us) columns\n", qPrintable(source));
        return 1;
    }
    auto startOf = [&](const QByteArray &line) {
        return line.split(',').value(startColumn).split('.').front().trimmed().toLongLong();
    };
    const qint64 span = startOf(lines.back()) - startOf(lines[1]) + 1000000;
    QSaveFile out(target);
    if (!out.open(QIODevice::WriteOnly))
        return 1;
    out.write(lines.front() + '\n');
    qint64 written = 0;
    for (qint64 copy = 0; written < rows; ++copy) {
        for (qsizetype i = 1; i < lines.size() && written < rows; ++i, ++written) {
            if (copy == 0) {
                out.write(lines[i] + '\n');
                continue;
            }
            QList<QByteArray> cells = lines[i].split(',');
            if (cells.size() <= startColumn
                || std::any_of(cells.begin(), cells.begin() + startColumn + 1,
                    [](const QByteArray &c) { return c.startsWith('"'); }))
                return 1;
            cells[taskColumn] = QByteArray::number(cells[taskColumn].toLongLong() + copy * 1000000);
            QByteArray &start = cells[startColumn];
            const qsizetype dot = start.contains('.') ? start.indexOf('.') : start.size();
            start = QByteArray::number(start.left(dot).toLongLong() + copy * span) + start.mid(dot);
            // Only the cells up to Start Time were split apart; the rest is joined back as it was.
            out.write(cells.join(',') + '\n');
        }
    }
    return out.commit() ? 0 : 1;
}

template <class F> double medianMs(int runs, F work)
{
    std::vector<double> ms;
    for (int i = 0; i < runs; ++i) {
        QElapsedTimer t;
        t.start();
        work();
        ms.push_back(t.nsecsElapsed() / 1e6);
    }
    return median(ms);
}

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    const QStringList args = app.arguments();
    if (args.size() >= 3 && args[1] == QLatin1String("--child-load"))
        return childLoad(args[2]);
    if (args.size() >= 3 && args[1] == QLatin1String("--digest")) {
        for (qsizetype i = 2; i < args.size(); ++i)
            printDigest(args[i]);
        return 0;
    }
    if (args.size() >= 5 && args[1] == QLatin1String("--make-rows"))
        return makeRows(args[2].toLongLong(), args[3], args[4]);
    if (args.size() < 2) {
        std::fprintf(stderr, "usage: bench_tables FILE.csv [--runs N]\n");
        return 1;
    }
    const QString path = args[1];
    const int runs = args.size() >= 4 && args[2] == QLatin1String("--runs") ? args[3].toInt() : 3;
    const double mb = QFile(path).size() / 1e6;
    QTextStream out(stdout);
    std::vector<double> seconds, rows, peak;
    for (int i = 0; i < runs; ++i) {
        QProcess p;
        p.start(QCoreApplication::applicationFilePath(), { QStringLiteral("--child-load"), path });
        p.waitForFinished(-1);
        const QList<QByteArray> f = p.readAllStandardOutput().trimmed().split(' ');
        if (p.exitCode() != 0 || f.size() != 3)
            continue;
        seconds.push_back(f[0].toDouble());
        rows.push_back(f[1].toDouble());
        peak.push_back(f[2].toDouble() / 1024.0);
    }
    const double s = median(seconds);
    if (s <= 0) {
        out << "csv load failed: " << path << '\n';
        return 1;
    }
    out << "csv load       " << QString::number(mb, 'f', 1) << " MB, "
        << QString::number(median(rows), 'f', 0) << " rows: " << QString::number(s, 'f', 3)
        << " s = " << QString::number(mb / s, 'f', 0) << " MB/s, peak +"
        << QString::number(median(peak), 'f', 0) << " MB (median of " << runs;
    // The spread is mostly the VM's: see bench_memtouch.cpp.
    const double fastest = *std::min_element(seconds.begin(), seconds.end());
    out << "; fastest " << QString::number(fastest, 'f', 3)
        << " s = " << QString::number(mb / fastest, 'f', 0) << " MB/s, slowest "
        << QString::number(*std::max_element(seconds.begin(), seconds.end()), 'f', 3) << " s)\n";

    const CsvResult r = readCsvFile(path);
    IssueList issues;
    auto kernels = std::make_shared<const KernelTable>(KernelTable::fromTable(r.table, &issues));
    KernelTableModel model;
    model.setKernels(kernels);
    out << "kernel rows    " << model.rowCount() << '\n';
    const struct {
        const char *what;
        int column;
    } sorts[] = { { "Duration", KernelTableModel::DurationColumn },
        { "Name", KernelTableModel::NameColumn }, { "Start", KernelTableModel::StartColumn },
        { "Flags", KernelTableModel::FlagsColumn } };
    for (const auto &sort : sorts) {
        const double ms = medianMs(runs, [&] { model.sort(sort.column, Qt::DescendingOrder); });
        out << "sort " << qSetFieldWidth(9) << Qt::left << sort.what << qSetFieldWidth(0)
            << QString::number(ms, 'f', 1) << " ms\n";
    }
    // Each run from the unfiltered table: setting the same filter again is free.
    const double filter = medianMs(runs, [&] {
        model.setTextFilter(QString(), false);
        model.setTextFilter(QStringLiteral("MatMul"), false);
    });
    out << "filter text    " << QString::number(filter, 'f', 1) << " ms (" << model.rowCount()
        << " rows match)\n";
    model.setTextFilter(QString(), false);
    const double regex = medianMs(runs, [&] {
        model.setTextFilter(QString(), false);
        model.setTextFilter(QStringLiteral("^(MatMul|Conv)"), true);
    });
    out << "filter regex   " << QString::number(regex, 'f', 1) << " ms (" << model.rowCount()
        << " rows match)\n";
    return 0;
}
