#include "model/profile/commmatrix.h"

#include "model/db/dbcommmatrix.h"
#include "model/profile/rankcomm.h"

#include <QCoreApplication>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>

#include <algorithm>

namespace npuscope {

namespace {

    class CommText {
        Q_DECLARE_TR_FUNCTIONS(npuscope::CommMatrix)
    };

    // "allreduce-middle@123": a size-class share of "allreduce-total@123".
    bool isPartialEntry(const QString &op)
    {
        static const QRegularExpression partial(QStringLiteral("-(top|middle|bottom)\\d*$"));
        return partial.match(op).hasMatch();
    }

    CommGroupMatrix &groupFor(CommMatrix &matrix, const QString &group, const QString &kind)
    {
        for (CommGroupMatrix &g : matrix.groups)
            if (g.group == group && g.kind == kind)
                return g;
        matrix.groups.push_back({ group, kind, {}, 0, {} });
        return matrix.groups.back();
    }

    void addLink(CommGroupMatrix &g, int src, int dst, double sizeMb, double timeMs,
        const QString &transport)
    {
        CommLinkTotals &t = g.links[{ src, dst }];
        t.sizeMb += sizeMb;
        t.timeMs += timeMs;
        if (!transport.isEmpty())
            t.transport = transport;
        ++t.ops;
        g.size = std::max(g.size, std::max(src, dst) + 1);
    }

    // "allreduce-total" -> "allreduce"; the size-class shares are skipped by the callers.
    void addOpName(CommGroupMatrix &g, const QString &name)
    {
        const QString opName = name.endsWith(QLatin1String("-total")) ? name.chopped(6) : name;
        if (!g.ops.contains(opName))
            g.ops << opName;
    }

    void sortGroups(CommMatrix &matrix)
    {
        std::stable_sort(matrix.groups.begin(), matrix.groups.end(),
            [](const CommGroupMatrix &a, const CommGroupMatrix &b) {
                if (a.size != b.size)
                    return a.size > b.size;
                return a.group < b.group;
            });
    }

} // namespace

void addCommunicationMatrix(
    const QByteArray &json, const QString &path, CommMatrix &matrix, IssueList *issues)
{
    QJsonParseError error;
    const QJsonDocument doc = QJsonDocument::fromJson(json, &error);
    if (error.error != QJsonParseError::NoError || !doc.isObject()) {
        issues->append({ Severity::Warning, path, CommText::tr("byte %1").arg(error.offset),
            CommText::tr("communication matrix not read: %1")
                .arg(error.error != QJsonParseError::NoError
                        ? error.errorString()
                        : CommText::tr("not a JSON object")) });
        return;
    }
    const QJsonObject steps = doc.object();
    for (auto step = steps.begin(); step != steps.end(); ++step) {
        const QJsonObject kinds = step.value().toObject();
        for (auto kind = kinds.begin(); kind != kinds.end(); ++kind) {
            const QJsonObject ops = kind.value().toObject();
            for (auto op = ops.begin(); op != ops.end(); ++op) {
                const qsizetype at = op.key().lastIndexOf(u'@');
                const QString name = at < 0 ? op.key() : op.key().left(at);
                if (isPartialEntry(name))
                    continue;
                const QString group = at < 0 ? QString() : op.key().mid(at + 1);
                CommGroupMatrix &g = groupFor(matrix, group, kind.key());
                addOpName(g, name);
                const QJsonObject links = op.value().toObject();
                for (auto link = links.begin(); link != links.end(); ++link) {
                    const QStringList ends = link.key().split(u'-');
                    bool srcOk = false, dstOk = false;
                    const int src = ends.value(0).toInt(&srcOk);
                    const int dst = ends.value(1).toInt(&dstOk);
                    if (ends.size() != 2 || !srcOk || !dstOk || src < 0 || dst < 0 || src > 65535
                        || dst > 65535)
                        continue;
                    const QJsonObject v = link.value().toObject();
                    addLink(g, src, dst, v.value(QStringLiteral("Transit Size(MB)")).toDouble(),
                        v.value(QStringLiteral("Transit Time(ms)")).toDouble(),
                        v.value(QStringLiteral("Transport Type")).toString());
                }
            }
        }
    }
}

void addCommunicationMatrixTable(const QString &path, CommMatrix &matrix, IssueList *issues)
{
    for (const DbCommMatrixRow &row : readCommMatrixTable(path, issues)) {
        if (isPartialEntry(row.op))
            continue;
        CommGroupMatrix &g = groupFor(matrix, row.group, row.kind);
        addOpName(g, row.op);
        addLink(g, row.src, row.dst, row.sizeMb, row.timeMs, row.transport);
    }
}

namespace {

    // Every member of a group writes the group's links it took part in; a link (src, dst) of a
    // given op and step is the same transfer in both files. Keeps the first file's copy: each
    // file is summed into its own matrix, whose links not yet present are taken.
    class MatrixMerge {
    public:
        void add(const CommMatrix &one)
        {
            for (const CommGroupMatrix &g : one.groups) {
                CommGroupMatrix &target = groupFor(m_merged, g.group, g.kind);
                for (const QString &op : g.ops)
                    if (!target.ops.contains(op))
                        target.ops << op;
                for (const auto &[link, totals] : g.links) {
                    const auto key = std::make_tuple(g.kind, g.group, link.first, link.second);
                    const auto [it, inserted] = m_owner.emplace(key, m_file);
                    if (!inserted && it->second != m_file)
                        continue; // the same transfers, seen from the other end
                    target.links[link] = totals;
                    target.size = std::max(target.size, std::max(link.first, link.second) + 1);
                }
            }
            ++m_file;
        }

        CommMatrix result()
        {
            sortGroups(m_merged);
            return std::move(m_merged);
        }

    private:
        CommMatrix m_merged;
        std::map<std::tuple<QString, QString, int, int>, int> m_owner; // -> file
        int m_file = 0;
    };

} // namespace

CommMatrix readCommunicationMatrices(const QStringList &paths, IssueList *issues)
{
    MatrixMerge merge;
    for (const QString &path : paths) {
        CommMatrix one;
        if (path.endsWith(QLatin1String(".db"), Qt::CaseInsensitive)) {
            addCommunicationMatrixTable(path, one, issues);
        } else {
            QFile file(path);
            if (!file.open(QIODevice::ReadOnly)) {
                issues->append({ Severity::Warning, path, QString(),
                    CommText::tr("cannot read: %1").arg(file.errorString()) });
                continue;
            }
            addCommunicationMatrix(file.readAll(), path, one, issues);
        }
        merge.add(one);
    }
    return merge.result();
}

CommMatrix communicationMatrixOf(const std::vector<const std::vector<CommLink> *> &ranks)
{
    MatrixMerge merge;
    for (const std::vector<CommLink> *links : ranks) {
        CommMatrix one;
        for (const CommLink &l : *links) {
            if (isPartialEntry(l.op) || l.src < 0 || l.dst < 0 || l.src > 65535 || l.dst > 65535)
                continue;
            CommGroupMatrix &g = groupFor(one, l.group, l.kind);
            addOpName(g, l.op);
            addLink(g, l.src, l.dst, l.sizeMb, l.timeMs, l.transport);
        }
        merge.add(one);
    }
    return merge.result();
}

} // namespace npuscope
