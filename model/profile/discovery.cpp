#include "model/profile/discovery.h"

#include "model/archive/archiveextractor.h"
#include "model/profile/archiveprofile.h"
#include "model/profile/jsonkind.h"
#include "model/profile/msproftext.h"
#include "model/profile/profilerconfig.h"
#include "model/profile/reportsummary.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QRegularExpression>

#include <algorithm>
#include <map>

namespace npuscope {

namespace {

    const QString kOutputDir = QStringLiteral("ASCEND_PROFILER_OUTPUT");

    bool isRankFolderName(const QString &name)
    {
        return name.endsWith(QLatin1String("ascend_pt"), Qt::CaseInsensitive)
            || name.endsWith(QLatin1String("ascend_ms"), Qt::CaseInsensitive)
            || name.startsWith(QLatin1String("PROF_"));
    }

    QString existing(const QDir &dir, const QString &name);

    // The profiler databases of FORMATS.md §8 (analysis.db holds statistics only).
    const QStringList kDatabasePatterns { QStringLiteral("ascend_pytorch_profiler*.db"),
        QStringLiteral("ascend_mindspore_profiler*.db"), QStringLiteral("msprof_*.db") };

    bool isDatabaseFileName(const QString &name)
    {
        for (const QString &p : kDatabasePatterns)
            if (QDir::match(p, name))
                return true;
        return false;
    }

    // The database of a rank: in its output folder, else in the folder itself (a PROF_* folder
    // of msprof), else in a PROF_* folder inside it.
    QString findDatabase(const QDir &out, const QDir &root)
    {
        for (const QDir &d : { out, root }) {
            const QStringList found = d.entryList(kDatabasePatterns, QDir::Files, QDir::Name);
            if (!found.isEmpty())
                return d.filePath(found.first());
        }
        for (const QString &prof : root.entryList(
                 { QStringLiteral("PROF_*") }, QDir::Dirs | QDir::NoDotAndDotDot, QDir::Name)) {
            const QDir d(root.filePath(prof));
            const QStringList found
                = d.entryList({ QStringLiteral("msprof_*.db") }, QDir::Files, QDir::Name);
            if (!found.isEmpty())
                return d.filePath(found.first());
        }
        return QString();
    }

    // Reads the database instead of the text files (or keeps the text and notes the database).
    void chooseSource(RankSource &r, const QString &database, SourceFormat format)
    {
        if (database.isEmpty())
            return;
        const bool hasText
            = !r.traceView.isEmpty() || !r.kernelDetails.isEmpty() || !r.stepTraceTime.isEmpty();
        if (hasText && format == SourceFormat::Text) {
            r.otherSource = database;
            return;
        }
        const QDir dir = QFileInfo(database).dir();
        r.database = database;
        r.analysisDatabase = existing(dir, QStringLiteral("analysis.db"));
        if (r.analysisDatabase.isEmpty())
            r.analysisDatabase = existing(dir, QStringLiteral("communication_analyzer.db"));
        if (r.communicationMatrix.isEmpty()) // export_type db: the matrix is a table of it
            r.communicationMatrix = r.analysisDatabase;
        if (hasText)
            r.otherSource = QStringLiteral("text");
        static const QRegularExpression rankRe(
            QStringLiteral("^ascend_\\w+_profiler_(\\d+)\\.db$"));
        if (const auto m = rankRe.match(QFileInfo(database).fileName()); r.rank < 0 && m.hasMatch())
            r.rank = m.captured(1).toInt();
        // The communication JSON files stay: the database reader does not replace them yet.
        r.traceView.clear();
        r.kernelDetails.clear();
        r.traceSlices.clear();
        r.kernelSlices.clear();
        r.operatorDetails.clear();
        r.stepTraceTime.clear();
        r.opStatistic.clear();
        r.apiStatistic.clear();
        r.otherCsv.clear();
    }

    bool isTraceFileName(const QString &name)
    {
        const QString n = name.toLower();
        return n.endsWith(QLatin1String(".json")) || n.endsWith(QLatin1String(".json.gz"));
    }

    bool isKinetoFileName(const QString &name)
    {
        const QString n = name.toLower();
        return n.endsWith(QLatin1String(".pt.trace.json"))
            || n.endsWith(QLatin1String(".pt.trace.json.gz"));
    }

    std::optional<int> rankFromInfoName(const QString &fileName)
    {
        static const QRegularExpression re(QStringLiteral("^profiler_info_(\\d+)\\.json$"));
        const auto m = re.match(fileName);
        if (m.hasMatch())
            return m.captured(1).toInt();
        return std::nullopt;
    }

    QString existing(const QDir &dir, const QString &name)
    {
        const QString p = dir.filePath(name);
        return QFileInfo(p).isFile() ? p : QString();
    }

    // A folder that cannot be listed looks empty: say so rather than silently find no files in it.
    void reportUnreadableFolder(const QString &path, IssueList *issues)
    {
        const QFileInfo info(path);
        if (info.isDir() && (!info.isReadable() || !info.isExecutable()))
            issues->append({ Severity::Error, path, QString(),
                QCoreApplication::translate(
                    "npuscope::Discovery", "permission denied: cannot list this folder") });
    }

    // msprof's text output (a PROF_* folder, or one inside the rank folder) when the folder has
    // no torch_npu export.
    void addMsprofText(RankSource &r, const QDir &root)
    {
        const QString dir = findMsprofOutputDir(root);
        if (dir.isEmpty())
            return;
        const MsprofTextFiles files = findMsprofText(QDir(dir));
        r.traceView = files.trace.value(0);
        r.kernelDetails = files.kernels.value(0);
        if (files.trace.size() > 1)
            r.traceSlices = files.trace;
        if (files.kernels.size() > 1)
            r.kernelSlices = files.kernels;
        r.otherCsv += files.otherCsv;
    }

    // Fills the files of one *ascend_pt folder (current layout, or the old one with CSVs at the
    // root).
    RankSource scanRankFolder(const QString &rankDir, IssueList *issues,
        SourceFormat format = SourceFormat::Auto, const QString &database = QString())
    {
        RankSource r;
        r.dir = rankDir;
        reportUnreadableFolder(rankDir, issues);
        const QDir root(rankDir);
        const QStringList infos
            = root.entryList({ QStringLiteral("profiler_info*.json") }, QDir::Files, QDir::Name);
        if (!infos.isEmpty()) {
            r.profilerInfo = root.filePath(infos.first());
            if (auto rank = rankFromInfoName(infos.first()))
                r.rank = *rank;
            else {
                IssueList ignored;
                const ProfilerConfig c = readProfilerConfig(r.profilerInfo, &ignored);
                r.rank = c.rankId.value_or(-1);
            }
        }
        r.profilerMetadata = existing(root, QStringLiteral("profiler_metadata.json"));
        QDir out(root.filePath(kOutputDir));
        if (!out.exists())
            out = root; // layout of 2023 versions: files directly in the rank folder
        else
            reportUnreadableFolder(out.path(), issues);
        r.traceView = existing(out, QStringLiteral("trace_view.json"));
        r.kernelDetails = existing(out, QStringLiteral("kernel_details.csv"));
        if (r.kernelDetails.isEmpty() && out != root)
            r.kernelDetails = existing(root, QStringLiteral("kernel_details.csv"));
        r.operatorDetails = existing(out, QStringLiteral("operator_details.csv"));
        r.stepTraceTime = existing(out, QStringLiteral("step_trace_time.csv"));
        r.opStatistic = existing(out, QStringLiteral("op_statistic.csv"));
        r.apiStatistic = existing(out, QStringLiteral("api_statistic.csv"));
        r.communication = existing(out, QStringLiteral("communication.json"));
        r.communicationMatrix = existing(out, QStringLiteral("communication_matrix.json"));
        const QStringList known { QStringLiteral("kernel_details.csv"),
            QStringLiteral("operator_details.csv"), QStringLiteral("step_trace_time.csv"),
            QStringLiteral("op_statistic.csv"), QStringLiteral("api_statistic.csv") };
        for (const QString &csv :
            out.entryList({ QStringLiteral("*.csv") }, QDir::Files, QDir::Name))
            if (!known.contains(csv))
                r.otherCsv << out.filePath(csv);
        if (r.traceView.isEmpty() && r.kernelDetails.isEmpty())
            addMsprofText(r, root);
        chooseSource(r, database.isEmpty() ? findDatabase(out, root) : database, format);
        return r;
    }

    void sortRanks(std::vector<RankSource> &ranks)
    {
        std::stable_sort(ranks.begin(), ranks.end(), [](const RankSource &a, const RankSource &b) {
            if ((a.rank < 0) != (b.rank < 0))
                return a.rank >= 0;
            if (a.rank != b.rank)
                return a.rank < b.rank;
            return a.dir < b.dir;
        });
    }

    // A Kineto trace beside an execution trace: HTA reads the two of a run side by side.
    QString kinetoBeside(const QFileInfo &fi)
    {
        const QStringList traces = fi.absoluteDir().entryList(
            { QStringLiteral("*.pt.trace.json"), QStringLiteral("*.pt.trace.json.gz") },
            QDir::Files, QDir::Name);
        return traces.size() == 1 ? traces.first() : QString();
    }

    QString notTraceMessage(JsonFileKind kind, const QFileInfo &fi)
    {
        switch (kind) {
        case JsonFileKind::ExecutionTrace: {
            const QString kineto = kinetoBeside(fi);
            return kineto.isEmpty()
                ? QCoreApplication::translate("npuscope::Discovery",
                    "a PyTorch execution trace (no timings): open the Kineto trace of the same run")
                : QCoreApplication::translate("npuscope::Discovery",
                    "a PyTorch execution trace (no timings): open the Kineto trace of the same "
                    "run (%1 is in this folder)")
                      .arg(kineto);
        }
        case JsonFileKind::NpuscopeComparison:
            return QCoreApplication::translate("npuscope::Discovery",
                "an npuscope comparison (compare --json), not a profile: open one of the two "
                "runs it compares");
        default:
            break;
        }
        return QString();
    }

    // The rank folder a JSON file of torch_npu's belongs to (communication.json in its
    // ASCEND_PROFILER_OUTPUT, profiler_metadata.json beside profiler_info), or empty. Its traces
    // (trace_view.json, msprof's and Kineto's) are read as they are.
    QString profileOfMember(const QFileInfo &fi)
    {
        const QString name = fi.fileName();
        if (name.compare(QLatin1String("trace_view.json"), Qt::CaseInsensitive) == 0
            || name.startsWith(QLatin1String("msprof_")) || isKinetoFileName(name))
            return QString();
        QDir dir = fi.absoluteDir();
        if (dir.dirName() == kOutputDir && dir.cdUp())
            return dir.absolutePath();
        const bool rank = isRankFolderName(dir.dirName())
            || !dir.entryList({ QStringLiteral("profiler_info*.json") }, QDir::Files).isEmpty();
        return rank && QFileInfo(dir.filePath(kOutputDir)).isDir() ? dir.absolutePath() : QString();
    }

    // The reports' ranks met so far, by rank and folder: the report that gave each.
    using SeenRanks = std::map<std::pair<int, QString>, QString>;

    // The ranks an npuscope report carries the summaries of (reportsummary.h); a rank that an
    // earlier report of the folder already gave is left out, with a warning.
    void addReportSummaries(const QString &path, ProfileSource &src, SeenRanks &seen)
    {
        for (RankSource &r : reportSummarySources(path, &src.issues)) {
            const auto [it, added] = seen.try_emplace({ r.rank, r.dir }, path);
            if (!added) {
                src.issues.append({ Severity::Warning, path, QString(),
                    QCoreApplication::translate(
                        "npuscope::Discovery", "%1 is also in %2: that report's summary is read")
                        .arg(r.label(), QFileInfo(it->second).fileName()) });
                continue;
            }
            src.ranks.push_back(std::move(r));
        }
    }

    // A folder of npuscope reports (one `report --json` per rank): the ranks they summarise.
    void discoverReports(const QDir &dir, ProfileSource &src)
    {
        SeenRanks seen;
        for (const QFileInfo &f :
            dir.entryInfoList({ QStringLiteral("*.json") }, QDir::Files, QDir::Name)) {
            if (sniffJsonFile(f.absoluteFilePath()) == JsonFileKind::NpuscopeReport)
                addReportSummaries(f.absoluteFilePath(), src, seen);
        }
    }

    // A JSON file that is not a trace: the profiler's settings, and the other files of a profile
    // folder, open that folder (as a double-click does); the others are named, with what to open
    // instead, and nothing is read. False for a trace, and for what cannot be told from the first
    // MiB (the trace loader says what is wrong with it).
    bool openedAsOtherJson(const QFileInfo &fi, ProfileSource &src, SourceFormat format)
    {
        const bool settingsName = fi.fileName().startsWith(QLatin1String("profiler_info"))
            || fi.fileName() == QLatin1String("profiler_metadata.json");
        const JsonFileKind kind
            = settingsName ? JsonFileKind::ProfilerInfo : sniffJsonFile(fi.absoluteFilePath());
        if (kind == JsonFileKind::NpuscopeReport) {
            SeenRanks seen;
            addReportSummaries(fi.absoluteFilePath(), src, seen);
            return true;
        }
        if (const QString message = notTraceMessage(kind, fi); !message.isEmpty()) {
            src.issues.append({ Severity::Error, fi.absoluteFilePath(), QString(), message });
            return true;
        }
        if (kind == JsonFileKind::Trace)
            return false;
        const QString folder
            = kind == JsonFileKind::ProfilerInfo ? fi.absolutePath() : profileOfMember(fi);
        if (folder.isEmpty())
            return false;
        src.issues.append({ Severity::Info, fi.absoluteFilePath(), QString(),
            kind == JsonFileKind::ProfilerInfo
                ? QCoreApplication::translate("npuscope::Discovery",
                    "the profiler's settings, not a trace: opening its profile folder")
                : QCoreApplication::translate("npuscope::Discovery",
                    "a file of a profile folder, not a trace: opening that folder") });
        src.ranks.push_back(scanRankFolder(folder, &src.issues, format));
        return true;
    }

    void discoverFile(const QFileInfo &fi, ProfileSource &src, SourceFormat format)
    {
        const QString name = fi.fileName();
        if (isDatabaseFileName(name)) {
            // A database holds the whole profile: open its rank folder around it (for the rank
            // and the config), reading this very file.
            QDir dir = fi.absoluteDir();
            if (dir.dirName() == kOutputDir)
                dir.cdUp();
            src.ranks.push_back(
                scanRankFolder(dir.absolutePath(), &src.issues, format, fi.absoluteFilePath()));
            return;
        }
        if (isTraceFileName(name) && openedAsOtherJson(fi, src, format))
            return;
        RankSource r;
        r.dir = fi.absolutePath();
        if (name.compare(QLatin1String("kernel_details.csv"), Qt::CaseInsensitive) == 0
            || name.endsWith(QLatin1String(".csv"), Qt::CaseInsensitive)) {
            r.kernelDetails = fi.absoluteFilePath();
        } else if (isTraceFileName(name)) {
            r.traceView = fi.absoluteFilePath();
            r.kineto = isKinetoFileName(name)
                || (name.compare(QLatin1String("trace_view.json"), Qt::CaseInsensitive) != 0
                    && !name.startsWith(QLatin1String("msprof_"))); // msprof's: torch_npu's form
        } else {
            src.issues.append({ Severity::Error, fi.absoluteFilePath(), QString(),
                QCoreApplication::translate("npuscope::Discovery",
                    "not a profile file: expected a folder, trace_view.json, a Kineto *.json[.gz] "
                    "trace, kernel_details.csv or a profiler database (*.db)") });
            return;
        }
        src.ranks.push_back(r);
    }

    void discoverFolder(const QDir &dir, ProfileSource &src, SourceFormat format)
    {
        if (dir.dirName() == kOutputDir
            || dir.dirName() == QLatin1String("mindstudio_profiler_output")) {
            QDir parent = dir;
            parent.cdUp();
            src.ranks.push_back(scanRankFolder(parent.absolutePath(), &src.issues, format));
            return;
        }
        const bool looksLikeRank = isRankFolderName(dir.dirName())
            || QFileInfo(dir.filePath(kOutputDir)).isDir()
            || QFileInfo(dir.filePath(QStringLiteral("trace_view.json"))).isFile()
            || QFileInfo(dir.filePath(QStringLiteral("kernel_details.csv"))).isFile();
        if (looksLikeRank) {
            src.ranks.push_back(scanRankFolder(dir.absolutePath(), &src.issues, format));
            return;
        }
        // A parent of several rank folders, and/or Kineto traces (one per worker).
        for (const QFileInfo &sub :
            dir.entryInfoList(QDir::Dirs | QDir::NoDotAndDotDot, QDir::Name))
            if (isRankFolderName(sub.fileName()))
                src.ranks.push_back(scanRankFolder(sub.absoluteFilePath(), &src.issues, format));
        for (const QFileInfo &f : dir.entryInfoList(QDir::Files, QDir::Name)) {
            if (isKinetoFileName(f.fileName())) {
                RankSource r;
                r.dir = dir.absolutePath();
                r.traceView = f.absoluteFilePath();
                r.kineto = true;
                src.ranks.push_back(r);
            }
        }
        if (src.ranks.empty())
            discoverReports(dir, src);
        if (src.ranks.empty())
            src.issues.append({ Severity::Error, dir.absolutePath(), QString(),
                QCoreApplication::translate("npuscope::Discovery",
                    "no profile found here: expected *ascend_pt, *ascend_ms or PROF_* folders, an "
                    "ASCEND_PROFILER_OUTPUT folder, trace_view.json, a profiler database or Kineto "
                    "*.pt.trace.json files") });
    }

} // namespace

QString RankSource::label() const
{
    if (rank >= 0)
        return QCoreApplication::translate("npuscope::Discovery", "rank %1").arg(rank);
    const QString file = !database.isEmpty() ? database
        : !traceView.isEmpty()               ? traceView
                                             : kernelDetails;
    if (kineto || dir.isEmpty())
        return QFileInfo(file).fileName();
    return QFileInfo(dir).fileName();
}

QString RankSource::partName(Part part) const
{
    const auto fileOr = [](const QString &path, const char *name) {
        return path.isEmpty() ? QString::fromLatin1(name) : QFileInfo(path).fileName();
    };
    if (database.isEmpty()) {
        switch (part) {
        case Part::Trace:
            return fileOr(traceView, "trace_view.json");
        case Part::Kernels:
            return fileOr(kernelDetails, "kernel_details.csv");
        case Part::MemoryRecord:
            return QStringLiteral("memory_record.csv");
        case Part::OperatorMemory:
            return QStringLiteral("operator_memory.csv");
        case Part::ModuleMemory:
            return QStringLiteral("npu_module_mem.csv");
        case Part::StepTrace:
            return fileOr(stepTraceTime, "step_trace_time.csv");
        }
    }
    const auto table = [](const char *name, const QString &file) {
        return QCoreApplication::translate("npuscope::Discovery", "%1 in %2")
            .arg(QLatin1String(name), QFileInfo(file).fileName());
    };
    switch (part) {
    case Part::Trace:
        return QFileInfo(database).fileName();
    case Part::Kernels:
        return table("COMPUTE_TASK_INFO", database);
    case Part::MemoryRecord:
        return table("MEMORY_RECORD", database);
    case Part::OperatorMemory:
        return table("OP_MEMORY", database);
    case Part::ModuleMemory:
        return table("NPU_MODULE_MEM", database);
    case Part::StepTrace:
        return table("StepTraceTime",
            analysisDatabase.isEmpty() ? QStringLiteral("analysis.db") : analysisDatabase);
    }
    return QString();
}

QString RankSource::sourceNote() const
{
    if (!database.isEmpty())
        return otherSource.isEmpty()
            ? QCoreApplication::translate("npuscope::Discovery", "database %1")
                  .arg(QFileInfo(database).fileName())
            : QCoreApplication::translate(
                "npuscope::Discovery", "database %1 (a text export is here too)")
                  .arg(QFileInfo(database).fileName());
    if (!otherSource.isEmpty())
        return QCoreApplication::translate(
            "npuscope::Discovery", "text export (a database is here too: %1)")
            .arg(QFileInfo(otherSource).fileName());
    return QString();
}

ProfileSource discoverProfile(const QString &path, SourceFormat format)
{
    ProfileSource src;
    src.path = path;
    const QFileInfo fi(path);
    if (!fi.exists()) {
        src.issues.append({ Severity::Error, path, QString(),
            QCoreApplication::translate("npuscope::Discovery", "no such file or folder") });
        return src;
    }
    if (!fi.isReadable()) {
        src.issues.append({ Severity::Error, path, QString(),
            QCoreApplication::translate(
                "npuscope::Discovery", "permission denied: cannot read it") });
        return src;
    }
    if (!fi.isDir() && ArchiveExtractor::isArchiveName(fi.fileName()))
        return discoverArchive(path, format); // unpacked into npuscope's cache, then as above
    if (fi.isDir())
        discoverFolder(QDir(fi.absoluteFilePath()), src, format);
    else
        discoverFile(fi, src, format);
    sortRanks(src.ranks);
    return src;
}

} // namespace npuscope
