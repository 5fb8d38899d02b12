// Database scan benchmark: the bare SQLite scan of a profiler database's kernel rows (TASK joined
// to COMPUTE_TASK_INFO and STRING_IDS, see dbscan.h), median of N runs in this process, as rows/s
// and MB/s of the database file. Without a DB argument it generates one first (--format db).
//   bench_dbscan [DB] [--events N] [--runs N]
#include "benchutil.h"
#include "dbscan.h"
#include "model/generator/generator.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QFileInfo>
#include <QTemporaryDir>

#include <algorithm>
#include <cstdio>
#include <vector>

using namespace npuscope;
using bench::median;

namespace {

struct Args {
    QString db;
    qint64 events = 1000000;
    int runs = 5;
};

bool parseArgs(const QStringList &args, Args &a)
{
    for (qsizetype i = 1; i < args.size(); ++i) {
        const QString &arg = args[i];
        bool ok = true;
        if (arg == QLatin1String("--events") && i + 1 < args.size())
            a.events = args[++i].toLongLong(&ok);
        else if (arg == QLatin1String("--runs") && i + 1 < args.size())
            a.runs = args[++i].toInt(&ok);
        else if (!arg.startsWith(QLatin1String("--")) && a.db.isEmpty())
            a.db = arg;
        else
            ok = false;
        if (!ok || a.runs < 1 || a.events < 1)
            return false;
    }
    return true;
}

// Generates a one-rank database profile of about `events` trace events; its path, or empty.
QString generateDb(const QString &dir, qint64 events)
{
    GeneratorOptions o;
    o.outDir = dir;
    o.events = events;
    o.format = GeneratorFormat::Db;
    QElapsedTimer t;
    t.start();
    const GeneratorResult r = generateProfile(o);
    if (!r.ok) {
        std::fprintf(stderr, "generate: %s\n", qPrintable(r.error));
        return {};
    }
    std::printf("generated %s: %lld kernel rows, %lld rows in all, %.1f MB in %.2f s\n",
        qPrintable(r.ranks.front().dbPath), static_cast<long long>(r.ranks.front().kernelRows),
        static_cast<long long>(r.ranks.front().dbRows), r.ranks.front().dbBytes / 1e6,
        t.nsecsElapsed() / 1e9);
    return r.ranks.front().dbPath;
}

bool measure(const QString &db, bench::DbScanStrings strings, const char *label, int runs)
{
    std::vector<double> seconds;
    bench::DbScanResult last;
    for (int i = 0; i < runs; ++i) {
        last = bench::scanKernelRows(QFile::encodeName(db).toStdString(), strings);
        if (!last.ok) {
            std::fprintf(stderr, "%s\n", last.error.c_str());
            return false;
        }
        seconds.push_back(last.seconds);
    }
    const double s = median(seconds);
    const double mb = QFileInfo(db).size() / 1e6;
    std::printf("bare scan, %s: %lld rows in %.3f s (median of %d; fastest %.3f s): %.2f M rows/s, "
                "%.0f MB/s of the %.1f MB file (checksum %llx)\n",
        label, static_cast<long long>(last.rows), s, runs,
        *std::min_element(seconds.begin(), seconds.end()), last.rows / s / 1e6, mb / s, mb,
        static_cast<unsigned long long>(last.checksum));
    return true;
}

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    Args a;
    if (!parseArgs(app.arguments(), a)) {
        std::fprintf(stderr, "usage: bench_dbscan [DB] [--events N] [--runs N]\n");
        return 1;
    }
    QTemporaryDir tmp;
    QString db = a.db;
    if (db.isEmpty())
        db = generateDb(tmp.path(), a.events);
    if (db.isEmpty())
        return 1;
    const bool ok = measure(db, bench::DbScanStrings::Joined, "names joined in SQL", a.runs)
        && measure(db, bench::DbScanStrings::Table, "STRING_IDS read once", a.runs);
    return ok ? 0 : 1;
}
