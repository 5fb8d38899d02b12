#include "app/desktop/profilepath.h"

#include <QDir>
#include <QFileInfo>

namespace npuscope {

namespace {

    const QLatin1String kOutputDir("ASCEND_PROFILER_OUTPUT");

    QString clean(const QString &path)
    {
        return QDir::cleanPath(QFileInfo(path).absoluteFilePath());
    }

    bool isRankFolderName(const QString &name)
    {
        return name.endsWith(QLatin1String("ascend_pt"), Qt::CaseInsensitive);
    }

    // The files torch_npu writes into a rank folder or its ASCEND_PROFILER_OUTPUT. A Kineto
    // trace is not among them: several of them in one folder are separate workers.
    bool isProfileMemberFile(const QString &name)
    {
        if (name.startsWith(QLatin1String("profiler_info"))
            && name.endsWith(QLatin1String(".json")))
            return true;
        if (name.endsWith(QLatin1String(".pt.trace.json"))
            || name.endsWith(QLatin1String(".pt.trace.json.gz")))
            return false;
        return name.endsWith(QLatin1String(".json")) || name.endsWith(QLatin1String(".csv"));
    }

} // namespace

bool ProfilePath::isRankFolder(const QString &dir)
{
    const QDir d(dir);
    if (isRankFolderName(d.dirName()))
        return true;
    // Renamed rank folders still hold the profiler's settings next to ASCEND_PROFILER_OUTPUT.
    return QFileInfo(d.filePath(kOutputDir)).isDir()
        && !d.entryList({ QStringLiteral("profiler_info*.json") }, QDir::Files).isEmpty();
}

QString ProfilePath::enclosingProfile(const QString &path)
{
    const QFileInfo info(path);
    if (!info.exists())
        return path; // discovery reports it; keep what the user typed in that message
    const QString absolute = clean(path);
    if (info.isDir()) {
        if (QDir(absolute).dirName() == kOutputDir) {
            const QString parent = QFileInfo(absolute).absolutePath();
            if (isRankFolder(parent))
                return parent;
        }
        return absolute;
    }
    if (!isProfileMemberFile(info.fileName()))
        return absolute;
    const QString dir = info.absolutePath();
    if (isRankFolder(dir)) // profiler_info_N.json, or the CSVs of the 2023 layout
        return clean(dir);
    if (QDir(dir).dirName() == kOutputDir) {
        const QString parent = QFileInfo(dir).absolutePath();
        if (isRankFolder(parent))
            return clean(parent);
    }
    return absolute; // a lone trace_view.json or kernel_details.csv copied elsewhere
}

QString ProfilePath::allRanks(const QString &rankFolder)
{
    if (!isRankFolder(rankFolder))
        return QString();
    const QDir parent = QFileInfo(clean(rankFolder)).dir();
    int ranks = 0;
    for (const QFileInfo &sub : parent.entryInfoList(QDir::Dirs | QDir::NoDotAndDotDot))
        if (isRankFolder(sub.absoluteFilePath()) && ++ranks >= 2)
            return clean(parent.absolutePath());
    return QString();
}

QStringList ProfilePath::resolve(const QStringList &paths, bool allRanks)
{
    QStringList result;
    for (const QString &path : paths) {
        QString resolved = enclosingProfile(path);
        if (allRanks) {
            const QString parent = ProfilePath::allRanks(resolved);
            if (!parent.isEmpty())
                resolved = parent;
        }
        if (!result.contains(resolved))
            result << resolved;
    }
    return result;
}

} // namespace npuscope
