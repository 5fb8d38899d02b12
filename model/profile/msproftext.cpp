#include "model/profile/msproftext.h"

#include <QCoreApplication>
#include <QFile>
#include <QFileInfo>
#include <QMap>
#include <QRegularExpression>

#include <algorithm>

namespace npuscope {

namespace {

    const QString kMsprofOutput = QStringLiteral("mindstudio_profiler_output");

    struct Part {
        int slice = -1; // -1: a whole file
        QString path;
    };

    // "op_summary_slice_2_20240101.csv" -> ("op_summary", 2), "msprof_20240101.json" ->
    // ("msprof", -1): the name without its slice number and timestamp.
    QString baseName(const QFileInfo &f, int *slice)
    {
        static const QRegularExpression sliceRe(QStringLiteral("^(.+?)_slice_(\\d+)(_.*)?$"));
        static const QRegularExpression plainRe(QStringLiteral("^(.+)_\\d+$"));
        const QString stem = f.completeBaseName();
        *slice = -1;
        if (const auto m = sliceRe.match(stem); m.hasMatch()) {
            *slice = m.captured(2).toInt();
            return m.captured(1);
        }
        if (const auto m = plainRe.match(stem); m.hasMatch())
            return m.captured(1);
        return stem;
    }

    // Per base name, the files that make it: the slices in order when there are any, else the
    // first whole file.
    QMap<QString, QStringList> groupFiles(const QDir &dir, const QString &pattern)
    {
        QMap<QString, std::vector<Part>> parts;
        for (const QFileInfo &f : dir.entryInfoList({ pattern }, QDir::Files, QDir::Name)) {
            int slice = -1;
            const QString base = baseName(f, &slice);
            parts[base].push_back({ slice, f.absoluteFilePath() });
        }
        QMap<QString, QStringList> out;
        for (auto it = parts.begin(); it != parts.end(); ++it) {
            std::vector<Part> &v = it.value();
            std::stable_sort(
                v.begin(), v.end(), [](const Part &a, const Part &b) { return a.slice < b.slice; });
            const bool sliced = v.back().slice >= 0;
            QStringList &files = out[it.key()];
            for (const Part &p : v)
                if (p.slice >= 0 || (!sliced && files.isEmpty()))
                    files << p.path;
        }
        return out;
    }

    bool readAll(const QString &path, QByteArray *data, QString *error)
    {
        QFile f(path);
        if (!f.open(QIODevice::ReadOnly)) {
            *error = QCoreApplication::translate("npuscope::MsprofText", "cannot read %1: %2")
                         .arg(path, f.errorString());
            return false;
        }
        *data = f.readAll();
        return true;
    }

} // namespace

QString findMsprofOutputDir(const QDir &dir)
{
    if (dir.dirName() == kMsprofOutput)
        return dir.absolutePath();
    if (QFileInfo(dir.filePath(kMsprofOutput)).isDir())
        return dir.absoluteFilePath(kMsprofOutput);
    for (const QString &prof : dir.entryList(
             { QStringLiteral("PROF_*") }, QDir::Dirs | QDir::NoDotAndDotDot, QDir::Name)) {
        const QString out = QDir(dir.filePath(prof)).filePath(kMsprofOutput);
        if (QFileInfo(out).isDir())
            return QFileInfo(out).absoluteFilePath();
    }
    return QString();
}

MsprofTextFiles findMsprofText(const QDir &outputDir)
{
    MsprofTextFiles files;
    files.trace
        = groupFiles(outputDir, QStringLiteral("msprof_*.json")).value(QStringLiteral("msprof"));
    const auto csv = groupFiles(outputDir, QStringLiteral("*.csv"));
    for (auto it = csv.begin(); it != csv.end(); ++it) {
        if (it.key() == QLatin1String("op_summary"))
            files.kernels = it.value();
        else
            files.otherCsv << it.value().first();
    }
    return files;
}

QByteArray joinJsonSlices(const QStringList &paths, QString *error)
{
    std::vector<QByteArray> parts;
    bool arrays = true;
    for (const QString &path : paths) {
        QByteArray data;
        if (!readAll(path, &data, error))
            return {};
        const QByteArray t = data.trimmed();
        arrays = arrays && t.startsWith('[') && t.endsWith(']');
        parts.push_back(std::move(data));
    }
    QByteArray out;
    if (!arrays) { // pieces of one document: their bytes in order
        for (const QByteArray &p : parts)
            out += p;
        return out;
    }
    out += '[';
    bool first = true;
    for (const QByteArray &p : parts) {
        QByteArray inner = p.trimmed();
        inner = inner.mid(1, inner.size() - 2).trimmed();
        if (inner.endsWith(','))
            inner.chop(1);
        if (inner.isEmpty())
            continue;
        if (!first)
            out += ',';
        out += inner;
        first = false;
    }
    out += ']';
    return out;
}

QByteArray joinCsvSlices(const QStringList &paths, QString *error)
{
    QByteArray out, header;
    for (const QString &path : paths) {
        QByteArray data;
        if (!readAll(path, &data, error))
            return {};
        const qsizetype eol = data.indexOf('\n');
        const QByteArray firstLine = (eol < 0 ? data : data.left(eol)).trimmed();
        if (header.isEmpty()) {
            header = firstLine;
        } else if (firstLine == header) {
            data.remove(0, eol < 0 ? data.size() : eol + 1);
        }
        if (!out.isEmpty() && !out.endsWith('\n'))
            out += '\n';
        out += data;
    }
    return out;
}

} // namespace npuscope
