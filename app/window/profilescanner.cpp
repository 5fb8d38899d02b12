#include "app/window/profilescanner.h"

#include "model/profile/discovery.h"
#include "model/profile/profilerconfig.h"

#include <QDir>
#include <QDirIterator>
#include <QFileInfo>
#include <QRegularExpression>

namespace npuscope {

namespace {

    bool isRankFolderName(const QString &name)
    {
        return name.endsWith(QLatin1String("ascend_pt"), Qt::CaseInsensitive);
    }

    bool isKinetoName(const QString &name)
    {
        return name.endsWith(QLatin1String(".pt.trace.json"))
            || name.endsWith(QLatin1String(".pt.trace.json.gz"));
    }

    qint64 folderBytes(const QString &dir, const QPromise<FoundProfile> *promise)
    {
        qint64 bytes = 0;
        QDirIterator it(
            dir, QDir::Files | QDir::Hidden | QDir::NoSymLinks, QDirIterator::Subdirectories);
        while (it.hasNext()) {
            bytes += it.nextFileInfo().size();
            if (promise && promise->isCanceled())
                break;
        }
        return bytes;
    }

    // Plausible collection times: after the first torch_npu release, before the far future.
    bool plausible(const QDateTime &date)
    {
        return date.isValid() && date.date().year() >= 2015 && date.date().year() <= 2100;
    }

} // namespace

QDateTime ProfileScanner::dateFromName(const QString &name)
{
    // torch_npu: {worker}_{pid}_{YYYYMMDDhhmmss}{mmm}_ascend_pt
    static const QRegularExpression ascend(QStringLiteral("_(\\d{14})(\\d{3})?_ascend_pt$"),
        QRegularExpression::CaseInsensitiveOption);
    if (const auto m = ascend.match(name); m.hasMatch()) {
        QDateTime date = QDateTime::fromString(m.captured(1), QStringLiteral("yyyyMMddHHmmss"));
        if (plausible(date))
            return date.addMSecs(m.captured(2).toInt());
    }
    // Kineto: {worker}.{ms since the epoch}.pt.trace.json[.gz]
    static const QRegularExpression kineto(QStringLiteral("\\.(\\d{12,14})\\.pt\\.trace\\.json"));
    if (const auto m = kineto.match(name); m.hasMatch()) {
        const QDateTime date = QDateTime::fromMSecsSinceEpoch(m.captured(1).toLongLong());
        if (plausible(date))
            return date;
    }
    return {};
}

FoundProfile ProfileScanner::describeRankFolder(const QString &dir)
{
    FoundProfile found;
    found.path = QDir::cleanPath(QFileInfo(dir).absoluteFilePath());
    const ProfileSource source = discoverProfile(found.path);
    if (!source.ranks.empty()) {
        const RankSource &rank = source.ranks.front();
        found.rank = rank.rank;
        if (!rank.profilerInfo.isEmpty()) {
            IssueList ignored; // a damaged profiler_info shows when the profile is opened
            const ProfilerConfig config = readProfilerConfig(rank.profilerInfo, &ignored);
            found.level = config.level;
            if (config.collectionEndNs && *config.collectionEndNs > 0)
                found.date = QDateTime::fromMSecsSinceEpoch(*config.collectionEndNs / 1000000);
        }
    }
    if (!plausible(found.date))
        found.date = dateFromName(QFileInfo(found.path).fileName());
    if (!plausible(found.date))
        found.date = QFileInfo(found.path).lastModified();
    found.bytes = folderBytes(found.path, nullptr);
    return found;
}

FoundProfile ProfileScanner::describeKinetoTrace(const QString &file)
{
    const QFileInfo info(file);
    FoundProfile found;
    found.path = QDir::cleanPath(info.absoluteFilePath());
    found.kineto = true;
    found.level = QStringLiteral("Kineto");
    found.bytes = info.size();
    found.date = dateFromName(info.fileName());
    if (!found.date.isValid())
        found.date = info.lastModified();
    return found;
}

FoundProfile ProfileScanner::describeRun(const QString &dir, const QList<FoundProfile> &ranks)
{
    FoundProfile run;
    run.path = QDir::cleanPath(QFileInfo(dir).absoluteFilePath());
    run.ranks = int(ranks.size());
    for (const FoundProfile &rank : ranks) {
        run.bytes += rank.bytes;
        if (!run.date.isValid() || rank.date > run.date)
            run.date = rank.date;
        if (run.level.isEmpty())
            run.level = rank.level;
    }
    return run;
}

void ProfileScanner::scan(QPromise<FoundProfile> &promise, const QString &root)
{
    struct Pending {
        QString dir;
        int depth;
    };
    std::vector<Pending> stack { { QDir::cleanPath(QFileInfo(root).absoluteFilePath()), 0 } };
    // Depth first, children in name order: results arrive grouped by folder.
    while (!stack.empty() && !promise.isCanceled()) {
        const Pending current = stack.back();
        stack.pop_back();
        if (isRankFolderName(QFileInfo(current.dir).fileName())) {
            promise.addResult(describeRankFolder(current.dir));
            continue; // its ASCEND_PROFILER_OUTPUT holds no further profiles
        }
        const QDir dir(current.dir);
        for (const QFileInfo &file : dir.entryInfoList(QDir::Files | QDir::NoSymLinks, QDir::Name))
            if (isKinetoName(file.fileName()))
                promise.addResult(describeKinetoTrace(file.absoluteFilePath()));
        // Rank folders side by side are one run: list them, then the run that opens them all.
        QList<FoundProfile> ranks;
        for (const QFileInfo &sub :
            dir.entryInfoList(QDir::Dirs | QDir::NoDotAndDotDot | QDir::NoSymLinks, QDir::Name)) {
            if (!isRankFolderName(sub.fileName()) || promise.isCanceled())
                continue;
            ranks << describeRankFolder(sub.absoluteFilePath());
            promise.addResult(ranks.constLast());
        }
        if (ranks.size() >= 2)
            promise.addResult(describeRun(current.dir, ranks));
        if (current.depth >= kMaxDepth)
            continue;
        const QFileInfoList subs
            = dir.entryInfoList(QDir::Dirs | QDir::NoDotAndDotDot | QDir::NoSymLinks, QDir::Name);
        for (auto it = subs.crbegin(); it != subs.crend(); ++it)
            if (!isRankFolderName(it->fileName())) // rank folders are listed above
                stack.push_back({ it->absoluteFilePath(), current.depth + 1 });
    }
}

} // namespace npuscope
