#include "analysis/rules/aicoreefficiency.h"

#include "analysis/rules/piperatios.h"
#include "analysis/rules/thresholds.h"

#include <QCoreApplication>
#include <QHash>

#include <algorithm>
#include <cmath>

namespace npuscope {

namespace {

    class Text {
        Q_DECLARE_TR_FUNCTIONS(Findings)
    };

    using Pipe = PipeRatios::Pipe;

    constexpr std::size_t kTop = 5;

    enum class Kind : std::uint8_t { Cube, Fa, Vector };

    struct ShapeGroup {
        Kind kind = Kind::Vector;
        QString name, inShapes, outShapes, dtype;
        bool grad = false;
        std::vector<qint32> rows;
        TimeNs duration = 0;
        double memoryMb = 0;
    };

    struct Item {
        const ShapeGroup *group = nullptr;
        double room = 0; // percent, as the advisor rounds it
        QString bound; // set: bound
        QString affinity; // set: unaffine shape
        QString ratios; // "mac 0.52, mte2 0.71"
    };

    QString unquoted(QString s)
    {
        s = s.trimmed();
        if (s.size() >= 2 && s.startsWith(u'"') && s.endsWith(u'"'))
            return s.mid(1, s.size() - 2);
        return s;
    }

    std::vector<qint64> dims(QStringView tensor)
    {
        std::vector<qint64> out;
        for (QStringView d : tensor.split(u',')) {
            bool ok = false;
            const qint64 v = d.trimmed().toLongLong(&ok);
            if (!ok)
                return {};
            out.push_back(v);
        }
        return out;
    }

    // Tensor bytes at 2 bytes an element, in MiB, as the checker counts them (a 1-D input is a
    // bias, counted twice).
    double memoryMb(const QString &in, const QString &out)
    {
        double elements = 0;
        for (QStringView tensor : QStringView(in).split(u';')) {
            const auto d = dims(tensor);
            double n = d.empty() ? 0 : 1;
            for (qint64 v : d)
                n *= double(v);
            elements += d.size() == 1 ? n * 2 : n;
        }
        const auto o = dims(out);
        double n = o.empty() ? 0 : 1;
        for (qint64 v : o)
            n *= double(v);
        return (elements + n) * 2 / 1024 / 1024;
    }

    // Affine cube shape: the inner axes of both inputs are multiples of 256 (NZ: dims 1 x 2 of
    // 4-D inputs; ND: the last dim of 2-D inputs).
    bool cubeAffine(const QString &in)
    {
        const QList<QStringView> t = QStringView(in).split(u';');
        if (t.size() < 2)
            return false;
        const auto a = dims(t[0]), b = dims(t[1]);
        if (a.size() == 4 && b.size() == 4)
            return (a[1] * a[2]) % kCubeAxis == 0 && (b[1] * b[2]) % kCubeAxis == 0;
        if (a.size() == 2 && !b.empty())
            return a.back() % kCubeAxis == 0 && b.back() % kCubeAxis == 0;
        return false;
    }

    // FlashAttention: head dim and sequence length multiples of 128; empty when affine, nullopt
    // when the shapes cannot be read.
    std::optional<QString> faAffinity(const ShapeGroup &g)
    {
        const auto in0 = dims(QStringView(g.inShapes).split(u';').value(0));
        if (g.name.contains(QLatin1String("varlen"), Qt::CaseInsensitive)) {
            const qint64 inner = in0.size() >= 3 ? in0[2] : 0;
            return inner % kFaAxis != 0 ? Text::tr("D is not divisible by 128") : QString();
        }
        const auto out0 = dims(QStringView(g.outShapes).split(u';').value(0));
        if (out0.size() < 3 || in0.size() < 3 || (in0.size() == 3 && out0[1] == 0))
            return std::nullopt;
        const qint64 seq = out0[2];
        const qint64 head = in0.size() == 3 ? in0[2] / out0[1] : in0[3];
        const bool badHead = head % kFaAxis != 0, badSeq = seq % kFaAxis != 0;
        if (badHead && badSeq)
            return Text::tr("neither D nor S is divisible by 128");
        if (badHead)
            return Text::tr("D is not divisible by 128");
        return badSeq ? Text::tr("S is not divisible by 128") : QString();
    }

    double average(const PipeRatios &p, const ShapeGroup &g, Pipe pipe)
    {
        double sum = 0;
        for (qint32 r : g.rows)
            sum += p.valueOr0(r, pipe);
        return g.rows.empty() ? 0 : sum / double(g.rows.size());
    }

    double roomPercent(double v) { return std::round(v * 100 * 100) / 100; }

    QString ratioText(std::initializer_list<std::pair<const char *, double>> ratios)
    {
        QStringList parts;
        for (const auto &[name, v] : ratios)
            parts << QLatin1String(name) + QLatin1Char(' ') + QString::number(v, 'f', 3);
        return parts.join(QStringLiteral(", "));
    }

    Item cubeItem(const PipeRatios &p, const ShapeGroup &g)
    {
        if (!cubeAffine(g.inShapes))
            return { &g, 0, {}, Text::tr("the inner axis is not divisible by 256"), {} };
        const double mac = average(p, g, PipeRatios::AicMac);
        const double mte2 = average(p, g, PipeRatios::AicMte2);
        Item it { &g, 0, {}, {}, ratioText({ { "mac", mac }, { "mte2", mte2 } }) };
        // As the advisor's checker decides it: mac alone counts as bound only at the mte2 bar.
        if (mac >= kCubeMac && mte2 >= kCubeMte2)
            it.bound = QStringLiteral("mac_and_mte2_bound");
        else if (mac >= kCubeMte2)
            it.bound = QStringLiteral("mac");
        else if (mte2 >= kCubeMte2)
            it.bound = QStringLiteral("mte2");
        else
            it.room = roomPercent(std::max(kCubeMac - mac, kCubeMte2 - mte2));
        return it;
    }

    std::optional<Item> faItem(const PipeRatios &p, const ShapeGroup &g)
    {
        const auto affinity = faAffinity(g);
        if (!affinity)
            return std::nullopt;
        if (!affinity->isEmpty())
            return Item { &g, 0, {}, *affinity, {} };
        const double mte2 = average(p, g, PipeRatios::AicMte2);
        const Pipe otherPipe = g.grad ? PipeRatios::AicFixpipe : PipeRatios::AivVec;
        const double other = average(p, g, otherPipe);
        const double otherBar = g.grad ? kFaFixpipe : kFaVec;
        const QString otherName = PipeRatios::shortName(otherPipe);
        Item it { &g, 0, {}, {},
            ratioText({ { "mte2", mte2 }, { g.grad ? "fixpipe" : "vec", other } }) };
        // The rule names the aic_mte2_ratio bound "mac".
        if (mte2 >= kFaMte2 && other >= otherBar)
            it.bound = g.grad ? QStringLiteral("fixpipe_and_mac_bound")
                              : QStringLiteral("mac_and_vec_bound");
        else if (mte2 >= kFaMte2)
            it.bound = QStringLiteral("mac");
        else if (other >= otherBar)
            it.bound = otherName;
        else
            it.room = roomPercent(std::max(otherBar - other, kFaMte2 - mte2));
        return it;
    }

    Item vectorItem(const PipeRatios &p, const ShapeGroup &g)
    {
        const double vec = average(p, g, PipeRatios::AivVec);
        const double mte2 = average(p, g, PipeRatios::AivMte2);
        const double mte3 = average(p, g, PipeRatios::AivMte3);
        Item it { &g, 0, {}, {},
            ratioText({ { "vec", vec }, { "mte2", mte2 }, { "mte3", mte3 } }) };
        if (vec + mte2 + mte3 >= kVecTotal)
            it.bound = QStringLiteral("vec_mte2_mte3");
        else if (mte2 >= kVecEach)
            it.bound = QStringLiteral("mte2");
        else if (mte3 >= kVecEach)
            it.bound = QStringLiteral("mte3");
        else if (vec >= kVecEach)
            it.bound = QStringLiteral("vec");
        else
            it.room = roomPercent(std::max({ kVecEach - vec, kVecEach - mte2, kVecEach - mte3 }));
        return it;
    }

} // namespace

namespace {

    class Groups {
    public:
        ShapeGroup &at(
            Kind kind, const QString &name, const QString &in, const QString &out, bool grad)
        {
            const QString key = QString::number(int(kind)) + name + QLatin1Char('\x1f') + in
                + QLatin1Char('-') + out + (grad ? QStringLiteral("-grad") : QString());
            auto it = m_index.constFind(key);
            if (it == m_index.cend()) {
                it = m_index.insert(key, m_groups.size());
                m_groups.push_back({ kind, name, in, out, {}, grad, {}, 0, 0 });
            }
            return m_groups[*it];
        }
        const std::vector<ShapeGroup> &all() const { return m_groups; }

    private:
        std::vector<ShapeGroup> m_groups;
        QHash<QString, std::size_t> m_index;
    };

    struct Columns {
        int in = -1, out = -1, dtype = -1;
    };

    void addRow(ShapeGroup &g, const KernelTable &k, const Columns &c, qint32 row)
    {
        g.rows.push_back(row);
        g.duration += k.duration[std::size_t(row)];
        if (c.dtype >= 0)
            g.dtype = k.table->text(row, c.dtype).trimmed();
    }

    // The checker's selection: MatMul on the AI Core, FlashAttentionScore(Grad), and the vector
    // operator types with 1% of the task time (or 1 s), by name and shape.
    Groups collect(const KernelTable &k, const Columns &c)
    {
        Groups groups;
        TimeNs total = 0;
        QHash<QString, TimeNs> vectorTime;
        std::vector<qint32> vectorRows;
        for (qsizetype r = 0; r < k.rowCount(); ++r) {
            total += k.duration[std::size_t(r)];
            const std::string_view core = k.strings.view(k.core[std::size_t(r)]);
            const std::string_view typeView = k.strings.view(k.type[std::size_t(r)]);
            const bool vector = core == "AI_VECTOR_CORE" || core == "MIX_AIV";
            if ((!vector && core != "AI_CORE" && !typeView.starts_with("FlashAttentionScore"))
                || k.table->isMissing(r, c.in) || k.table->isMissing(r, c.out))
                continue;
            const QString in = unquoted(k.table->text(r, c.in));
            const QString out = unquoted(k.table->text(r, c.out));
            const QString name = k.strings.string(k.name[std::size_t(r)]);
            const QString type = k.strings.string(k.type[std::size_t(r)]);
            if (core == "AI_CORE" && type.contains(QLatin1String("matmul"), Qt::CaseInsensitive)) {
                ShapeGroup &g = groups.at(Kind::Cube, name, in, out, false);
                addRow(g, k, c, qint32(r));
                g.memoryMb += memoryMb(in, out);
                continue;
            }
            if (type == QLatin1String("FlashAttentionScore")
                || type == QLatin1String("FlashAttentionScoreGrad"))
                addRow(groups.at(Kind::Fa, name, in, out, type.endsWith(QLatin1String("Grad"))), k,
                    c, qint32(r));
            if (vector) {
                vectorTime[type] += k.duration[std::size_t(r)];
                vectorRows.push_back(qint32(r));
            }
        }
        for (qint32 r : vectorRows) {
            const TimeNs t = vectorTime.value(k.strings.string(k.type[std::size_t(r)]));
            if (total <= 0 || (double(t) / double(total) < kVectorMinShare && t < kVectorMinNs))
                continue;
            addRow(groups.at(Kind::Vector, k.strings.string(k.name[std::size_t(r)]),
                       unquoted(k.table->text(r, c.in)), unquoted(k.table->text(r, c.out)), false),
                k, c, r);
        }
        return groups;
    }

    struct Lists {
        std::vector<Item> room, bound, affinity;
    };

    Lists evaluate(const Groups &groups, const PipeRatios &p, Kind kind)
    {
        Lists l;
        for (const ShapeGroup &g : groups.all()) {
            if (g.kind != kind || (kind == Kind::Cube && g.memoryMb < kCubeMinMemoryMb))
                continue;
            const std::optional<Item> it = kind == Kind::Cube ? cubeItem(p, g)
                : kind == Kind::Fa                            ? faItem(p, g)
                                                              : vectorItem(p, g);
            if (!it)
                continue;
            (!it->affinity.isEmpty()       ? l.affinity
                    : !it->bound.isEmpty() ? l.bound
                                           : l.room)
                .push_back(*it);
        }
        const auto byTime
            = [](const Item &a, const Item &b) { return a.group->duration > b.group->duration; };
        std::stable_sort(l.room.begin(), l.room.end(),
            [](const Item &a, const Item &b) { return a.room > b.room; });
        std::stable_sort(l.bound.begin(), l.bound.end(), byTime);
        std::stable_sort(l.affinity.begin(), l.affinity.end(), byTime);
        for (auto *v : { &l.room, &l.bound, &l.affinity })
            if (v->size() > kTop)
                v->resize(kTop);
        return l;
    }

    QString kindName(Kind kind)
    {
        switch (kind) {
        case Kind::Cube:
            return Text::tr("cube");
        case Kind::Fa:
            return Text::tr("FlashAttention");
        case Kind::Vector:
            return Text::tr("vector");
        }
        return {};
    }

    QString itemLine(Kind kind, const Item &it)
    {
        const ShapeGroup &g = *it.group;
        const QString what
            = Text::tr("[%1] %2 %3 %4 (%n task(s), %5)", nullptr, int(g.rows.size()))
                  .arg(kindName(kind), g.name, g.inShapes, g.dtype, formatDuration(g.duration));
        if (!it.affinity.isEmpty())
            return Text::tr("%1: unaffine shape, %2").arg(what, it.affinity);
        if (!it.bound.isEmpty())
            return Text::tr("%1: bound type %2 (%3)").arg(what, it.bound, it.ratios);
        return Text::tr("%1: %2% room for optimisation (%3)")
            .arg(what, QString::number(it.room), it.ratios);
    }

    // The listed group's longest task as evidence, every task of it in the rows.
    void addItems(Finding &f, const RankProfile &rank, Kind kind, const std::vector<Item> &items)
    {
        const KernelTable &k = *rank.kernels;
        for (const Item &it : items) {
            const QString line = itemLine(kind, it);
            f.details << line;
            const auto longest = std::max_element(
                it.group->rows.begin(), it.group->rows.end(), [&](qint32 a, qint32 b) {
                    return k.duration[std::size_t(a)] < k.duration[std::size_t(b)];
                });
            if (longest != it.group->rows.end())
                f.evidence.push_back(rowEvidence(rank, *longest, line));
            f.rows.insert(f.rows.end(), it.group->rows.begin(), it.group->rows.end());
        }
    }

} // namespace

std::optional<MissingData> missingPipeRatios(const DetectorInput &in)
{
    if (auto rows = missingKernelRows(in))
        return rows;
    if (PipeRatios(*in.rank.kernels).available())
        return std::nullopt;
    return MissingData { Text::tr("%1 has no pipeline ratios (aic_mac_ratio, aiv_vec_ratio, ...): "
                                  "Level0, or aic_metrics other than PipeUtilization.")
                             .arg(in.rank.source.partName(RankSource::Part::Kernels)),
        Text::tr("Collect at profiler_level Level1 or higher with aic_metrics "
                 "AiCMetrics.PipeUtilization (the default).") };
}

std::optional<MissingData> missingShapesAndRatios(const DetectorInput &in)
{
    if (auto ratios = missingPipeRatios(in))
        return ratios;
    const Table *t = in.rank.kernels->table.get();
    if (t && t->findColumn(u"Input Shapes") >= 0 && t->findColumn(u"Output Shapes") >= 0
        && in.rank.kernels->coreColumn >= 0)
        return std::nullopt;
    return MissingData { Text::tr("%1 has no Input Shapes, Output Shapes or Accelerator Core.")
                             .arg(in.rank.source.partName(RankSource::Part::Kernels)),
        Text::tr("Collect at profiler_level Level1 or higher with record_shapes=True.") };
}

std::optional<Finding> findAiCoreOpEfficiency(const DetectorInput &in)
{
    if (!in.rank.kernels || !in.rank.kernels->table || !in.kinds)
        return std::nullopt;
    const KernelTable &k = *in.rank.kernels;
    const Columns c { k.table->findColumn(u"Input Shapes"), k.table->findColumn(u"Output Shapes"),
        k.table->findColumn(u"Input Data Types") };
    if (c.in < 0 || c.out < 0)
        return std::nullopt;
    const PipeRatios pipes(k);
    const Groups groups = collect(k, c);
    Finding f;
    f.id = QLatin1String(FindingId::kAiCoreOpEfficiency);
    int room = 0, bound = 0, affinity = 0;
    TimeNs roomTime = 0;
    for (Kind kind : { Kind::Cube, Kind::Fa, Kind::Vector }) {
        const Lists l = evaluate(groups, pipes, kind);
        room += int(l.room.size());
        bound += int(l.bound.size());
        affinity += int(l.affinity.size());
        for (const Item &it : l.room)
            roomTime += it.group->duration;
        addItems(f, in.rank, kind, l.room);
        addItems(f, in.rank, kind, l.bound);
        addItems(f, in.rank, kind, l.affinity);
    }
    if (room + bound + affinity == 0)
        return std::nullopt;
    const double share
        = in.kinds->computeSum() > 0 ? double(roomTime) / double(in.kinds->computeSum()) : 0;
    f.severity = severityForShare(share, kRoomWarning, kRoomCritical);
    f.title = Text::tr("AI Core operators by shape: %1 with room for optimisation, %2 bound, %3 "
                       "with unaffine shapes")
                  .arg(room)
                  .arg(bound)
                  .arg(affinity);
    f.addMetric(QStringLiteral("room_shapes"), room, Metric::Unit::Count);
    f.addMetric(QStringLiteral("bound_shapes"), bound, Metric::Unit::Count);
    f.addMetric(QStringLiteral("unaffine_shapes"), affinity, Metric::Unit::Count);
    f.addMetric(QStringLiteral("room_time"), double(roomTime), Metric::Unit::Ns);
    f.addMetric(QStringLiteral("share"), share, Metric::Unit::Ratio);
    f.details << Text::tr("Rule: msprof-analyze aicore_performance.yaml. Room: how far the "
                          "averaged pipeline ratios are from the rule's thresholds (cube: mac 0.8, "
                          "mte2 0.95; FlashAttention: mte2 0.8, vec or fixpipe 0.75; vector: vec, "
                          "mte2, mte3 0.7 each, 0.9 together). The top 5 of each list, as the "
                          "advisor shows them. Severity (ours): by the compute time of the "
                          "operators with room.");
    f.advice = Text::tr(
        "Operators with room keep every pipeline far from its limit: they are usually too small "
        "to fill the cores or wait on scheduling; fuse them with their neighbours or batch the "
        "work. Bound operators have reached the limit of the pipelines named: reduce the data "
        "they move (mte2/mte3) or the work (vec, mac). Unaffine shapes: pad MatMul inner axes to "
        "multiples of 256 and FlashAttention head dim and sequence length to multiples of 128.");
    std::sort(f.rows.begin(), f.rows.end());
    f.rows.erase(std::unique(f.rows.begin(), f.rows.end()), f.rows.end());
    if (f.evidence.size() > kMaxEvidence)
        f.evidence.resize(kMaxEvidence);
    return f;
}

} // namespace npuscope
