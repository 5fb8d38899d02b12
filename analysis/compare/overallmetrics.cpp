#include "analysis/compare/overallmetrics.h"

#include "analysis/compare/commgroups.h"
#include "analysis/compare/launchflows.h"
#include "analysis/stats/intervals.h"
#include "analysis/stats/kernelkinds.h"

#include <QCoreApplication>
#include <QHash>

#include <algorithm>
#include <cmath>
#include <optional>
#include <string_view>

namespace npuscope {

namespace {

    class Text {
        Q_DECLARE_TR_FUNCTIONS(OverallMetrics)
    };

    using C = ComputeCategory;

    // mstt compare_tools/compare_backend/compare_config/compare_config.ini [OP_MASK] and
    // prof_common/constant.py BWD_LIST.
    constexpr std::string_view kFaMasks[] = { "flash_attention", "fusion_attention", "flashattn",
        "xformers_flash", "efficient_attention", "flash2attn" };
    constexpr std::string_view kConvMasks[] = { "aten::conv" };
    constexpr std::string_view kMatmulMasks[]
        = { "aten::addmm", "aten::bmm", "aten::mm", "aten::matmul" };
    constexpr std::string_view kCubeMasks[] = { "gemm", "conv", "cutlass", "wgrad", "gemvx" };
    constexpr std::string_view kTransMasks[] = { "cast", "transdata", "transpose" };
    constexpr std::string_view kBackwardWords[] = { "bwd", "backward", "back", "grad" };
    // GPUProfilingParser.TORCH_OP_CAT; torch_npu's host ops are "cpu_op".
    constexpr std::string_view kHostOpCategories[]
        = { "cpu_op", "user_annotation", "cuda_runtime", "operator", "runtime" };

    std::string lower(std::string_view s)
    {
        std::string out(s);
        std::transform(out.begin(), out.end(), out.begin(),
            [](unsigned char c) { return char(c >= 'A' && c <= 'Z' ? c + 32 : c); });
        return out;
    }

    template <std::size_t N>
    bool holdsAny(std::string_view text, const std::string_view (&masks)[N])
    {
        return std::any_of(std::begin(masks), std::end(masks),
            [&](std::string_view m) { return text.find(m) != std::string_view::npos; });
    }

    enum class OpFamily : std::uint8_t { FlashAttention, Conv, Matmul };

    // A framework op that decides the family of the kernels it launches.
    struct CubeOp {
        TimeNs start = 0;
        TimeNs end = 0;
        OpFamily family = OpFamily::Matmul;
        bool backward = false;
    };

    // What a host op name says: no family, or a family and whether the name says backward.
    struct NameFacts {
        bool known = false;
        bool cube = false;
        OpFamily family = OpFamily::Matmul;
        bool backwardWords = false;
    };

    NameFacts nameFacts(std::string_view text)
    {
        const std::string name = lower(text);
        NameFacts f { true, true, OpFamily::Matmul, holdsAny(name, kBackwardWords) };
        if (holdsAny(name, kFaMasks))
            f.family = OpFamily::FlashAttention;
        else if (holdsAny(name, kConvMasks))
            f.family = OpFamily::Conv;
        else
            f.cube = holdsAny(name, kMatmulMasks);
        return f;
    }

    // The host ops whose names hold a Flash Attention, conv or matmul mask, by start. Names and
    // categories are looked at once per distinct string.
    std::vector<CubeOp> cubeOps(const Trace &trace)
    {
        std::vector<bool> backwardTrack(trace.tracks.size(), false);
        const StringId fwdbwd = trace.strings.find("fwdbwd");
        for (const Flow &f : trace.flows) {
            if (fwdbwd.isValid() && f.category == fwdbwd && f.to.isValid())
                backwardTrack[f.to.track.value] = true;
        }
        std::vector<NameFacts> names(trace.strings.size());
        std::vector<std::int8_t> hostCategory(trace.strings.size(), -1);
        std::vector<CubeOp> ops;
        for (const Track &t : trace.tracks) {
            if (t.kind != TrackKind::HostThread)
                continue;
            for (const Event &e : t.events) {
                if (e.category.value >= hostCategory.size() || e.name.value >= names.size())
                    continue;
                std::int8_t &host = hostCategory[e.category.value];
                if (host < 0)
                    host = holdsAny(lower(trace.strings.view(e.category)), kHostOpCategories);
                if (!host)
                    continue;
                NameFacts &f = names[e.name.value];
                if (!f.known)
                    f = nameFacts(trace.strings.view(e.name));
                if (!f.cube)
                    continue;
                const bool backward = f.family == OpFamily::FlashAttention ? f.backwardWords
                    : f.family == OpFamily::Conv ? f.backwardWords || backwardTrack[t.id.value]
                                                 : false;
                ops.push_back({ e.start, e.end(), f.family, backward });
            }
        }
        std::stable_sort(ops.begin(), ops.end(),
            [](const CubeOp &a, const CubeOp &b) { return a.start < b.start; });
        return ops;
    }

    ComputeCategory familyCategory(OpFamily family, bool backward, bool cube)
    {
        switch (family) {
        case OpFamily::FlashAttention:
            return backward
                ? (cube ? C::FlashAttentionBackwardCube : C::FlashAttentionBackwardVector)
                : (cube ? C::FlashAttentionForwardCube : C::FlashAttentionForwardVector);
        case OpFamily::Conv:
            return backward ? (cube ? C::ConvBackwardCube : C::ConvBackwardVector)
                            : (cube ? C::ConvForwardCube : C::ConvForwardVector);
        case OpFamily::Matmul:
            break;
        }
        return cube ? C::MatmulCube : C::MatmulVector;
    }

    // What the classification reads of one kernel row.
    struct KernelFacts {
        std::string name; // lower case
        std::string type; // lower case
        bool cube = false;
    };

    // The PMU columns of kernel_details.csv the vendor reads (KernelDetailsBean).
    struct PmuColumns {
        const Table *table = nullptr;
        int aivVec = -1;
        int mac = -1;
        int aicore = -1;

        explicit PmuColumns(const KernelTable &k)
            : table(k.table.get())
        {
            if (!table)
                return;
            aivVec = table->findColumn(QStringLiteral("aiv_vec_time(us)"));
            mac = table->findColumn(QStringLiteral("mac_time(us)"));
            aicore = table->findColumn(QStringLiteral("aicore_time(us)"));
        }
        bool any() const { return aivVec >= 0 || mac >= 0; }
        double at(int column, std::size_t row) const
        {
            return column >= 0 ? table->number(qsizetype(row), column) : std::nan("");
        }
        // KernelDetailsBean.is_invalid: neither vector nor MAC time.
        bool valid(std::size_t row) const
        {
            return !std::isnan(at(aivVec, row)) || !std::isnan(at(mac, row));
        }
        bool cube(std::size_t row) const { return at(mac, row) > 0 || at(aicore, row) > 0; }
    };

    ComputeCategory byKernel(const KernelFacts &k, bool ascend)
    {
        if (ascend) {
            if (k.type.find("flashattention") != std::string::npos) {
                const bool bwd = k.type.find("bwd") != std::string::npos
                    || k.type.find("grad") != std::string::npos;
                return bwd ? C::FlashAttentionBackwardCube : C::FlashAttentionForwardCube;
            }
            if (k.type.starts_with("conv"))
                return holdsAny(k.type, kBackwardWords) ? C::ConvBackwardCube : C::ConvForwardCube;
            if (k.type.find("matmul") != std::string::npos)
                return C::MatmulCube;
        }
        if (k.cube)
            return C::Cube;
        return ascend && holdsAny(k.name, kTransMasks) ? C::VectorTrans : C::VectorNoTrans;
    }

    struct Launched {
        TimeNs launch = 0; // 0 when no launch flow is known (sorted first, as the vendor's)
        qint32 row = -1;
    };

    // The rows the vendor counts, with the start of the host op that launched each.
    std::vector<Launched> countedRows(const RankProfile &rank, const KernelKinds &kinds,
        const std::vector<qint32> &rows, const PmuColumns &pmu, bool ascend)
    {
        const KernelTable &k = *rank.kernels;
        const LaunchFlows *flows = nullptr;
        std::optional<LaunchFlows> ownFlows;
        if (rank.trace) {
            ownFlows.emplace(*rank.trace);
            flows = &*ownFlows;
        }
        std::vector<Launched> out;
        for (qint32 row : rows) {
            const auto r = std::size_t(row);
            if (ascend
                    ? !pmu.valid(r)
                    : (kinds.isCommunication(row) || lower(k.strings.view(k.type[r])) != "kernel"))
                continue;
            TimeNs launch = 0;
            if (flows && r < rank.join.rowToEvent.size())
                launch = std::max<TimeNs>(0, flows->launchStart(rank.join.rowToEvent[r]));
            out.push_back({ launch, row });
        }
        std::stable_sort(out.begin(), out.end(),
            [](const Launched &a, const Launched &b) { return a.launch < b.launch; });
        return out;
    }

    ComputeCategory classify(const KernelFacts &k, TimeNs launch, const std::vector<CubeOp> &ops,
        std::size_t &opAt, bool ascend)
    {
        if (ascend && k.name.starts_with("aclnninplacecopy")
            && k.name.find("tensormove") != std::string::npos)
            return C::SdmaTensorMove;
        if (ascend && k.type.find("pagedattention") != std::string::npos)
            return C::PageAttention;
        if (launch > 0) {
            // The ops are walked once, in launch order: the first op not ended before the
            // launch decides when it has started by then (the vendor's walk).
            while (opAt < ops.size() && ops[opAt].end < launch)
                ++opAt;
            if (opAt < ops.size() && ops[opAt].start <= launch)
                return familyCategory(ops[opAt].family, ops[opAt].backward, k.cube);
        }
        return byKernel(k, ascend);
    }

    void classifyRows(const RankProfile &rank, const KernelKinds &kinds,
        const std::vector<qint32> &rows, OverallMetrics &m)
    {
        const KernelTable &k = *rank.kernels;
        const bool ascend = !(rank.trace && rank.trace->kineto);
        const PmuColumns pmu(k);
        m.noPmu = ascend && !pmu.any();
        m.rowCategory.assign(std::size_t(k.rowCount()), C::None);
        if (m.noPmu)
            return;
        const std::vector<CubeOp> ops = rank.trace ? cubeOps(*rank.trace) : std::vector<CubeOp>();
        std::size_t opAt = 0;
        for (const Launched &l : countedRows(rank, kinds, rows, pmu, ascend)) {
            const auto r = std::size_t(l.row);
            KernelFacts facts { lower(k.strings.view(k.name[r])), lower(k.strings.view(k.type[r])),
                false };
            facts.cube = ascend ? pmu.cube(r) : holdsAny(facts.name, kCubeMasks);
            const ComputeCategory c = classify(facts, l.launch, ops, opAt, ascend);
            m.rowCategory[r] = c;
            m.categories[std::size_t(c)].ns += k.duration[r];
            ++m.categories[std::size_t(c)].count;
        }
    }

    bool inRange(TimeNs t, TimeNs from, TimeNs to) { return from >= to || (t >= from && t <= to); }

    // Computing, uncovered communication and the end-to-end span from the Overlap Analysis
    // lanes (what step_trace_time.csv adds up); false when the trace has none in range.
    bool fromOverlapAnalysis(const Trace &trace, TimeNs from, TimeNs to, OverallMetrics &m)
    {
        const StringId computing = trace.strings.find("Computing");
        const StringId notOverlapped = trace.strings.find("Communication(Not Overlapped)");
        TimeNs first = 0, last = 0;
        bool any = false;
        for (const Track &t : trace.tracks) {
            if (t.kind != TrackKind::OverlapAnalysis)
                continue;
            for (const Event &e : t.events) {
                if (e.instant || !inRange(e.start, from, to))
                    continue;
                if (e.name == computing)
                    m.computeNs += e.duration;
                else if (e.name == notOverlapped)
                    m.commNotOverlappedNs += e.duration;
                first = any ? std::min(first, e.start) : e.start;
                last = any ? std::max(last, e.end()) : e.end();
                any = true;
            }
        }
        m.e2eNs = last - first;
        return any;
    }

    // Without Overlap Analysis (Kineto, a lone kernel table): the unions of the rows' tasks,
    // as the vendor's GPU parser marks busy microseconds.
    void fromRows(const RankProfile &rank, const KernelKinds &kinds,
        const std::vector<qint32> &rows, OverallMetrics &m)
    {
        const KernelTable &k = *rank.kernels;
        std::vector<Interval> compute, comm;
        TimeNs first = 0, last = 0;
        bool any = false;
        const bool kineto = rank.trace && rank.trace->kineto;
        for (qint32 row : rows) {
            const auto r = std::size_t(row);
            if (!kinds.hasTime(row))
                continue;
            const Interval i { k.start[r], k.start[r] + k.duration[r] };
            // The vendor's GPU parser: kernels are busy time, gpu_memcpy events count in the
            // span only, Memset events not at all.
            const std::string type = kineto ? lower(k.strings.view(k.type[r])) : std::string();
            if (kineto && type != "kernel" && type != "gpu_memcpy")
                continue;
            if (kinds.isCommunication(row))
                comm.push_back(i);
            else if (!kineto || type == "kernel")
                compute.push_back(i);
            first = any ? std::min(first, i.start) : i.start;
            last = any ? std::max(last, i.end) : i.end;
            any = true;
        }
        const IntervalSet c = IntervalSet::fromUnsorted(std::move(compute));
        const IntervalSet n = IntervalSet::fromUnsorted(std::move(comm));
        m.computeNs = c.total();
        m.commNotOverlappedNs = n.total() - n.intersected(c).total();
        m.e2eNs = last - first;
    }

} // namespace

OverallMetrics computeOverallMetrics(const RankProfile &rank, const KernelKinds &kinds,
    const std::vector<qint32> &rows, TimeNs from, TimeNs to)
{
    OverallMetrics m;
    if (!rank.kernels)
        return m;
    classifyRows(rank, kinds, rows, m);
    const KernelTable &k = *rank.kernels;
    for (qint32 row : rows) {
        if (lower(k.strings.view(k.name[std::size_t(row)])) == "kernel_aivec")
            m.lcclNs += k.duration[std::size_t(row)];
    }
    m.fromOverlapAnalysis = rank.trace && fromOverlapAnalysis(*rank.trace, from, to, m);
    if (!m.fromOverlapAnalysis) {
        fromRows(rank, kinds, rows, m);
        return m;
    }
    const Trace &trace = *rank.trace;
    const StringId notOverlapped = trace.strings.find("Communication(Not Overlapped)");
    std::vector<Interval> uncovered;
    for (const Track &t : trace.tracks) {
        if (t.kind != TrackKind::OverlapAnalysis)
            continue;
        for (const Event &e : t.events) {
            if (e.name == notOverlapped && inRange(e.start, from, to))
                uncovered.push_back({ e.start, e.end() });
        }
    }
    m.groups
        = communicationGroups(trace, from, to, IntervalSet::fromUnsorted(std::move(uncovered)));
    return m;
}

namespace {

    struct RowSpec {
        const char *key;
        const char *index;
        int depth;
        std::vector<ComputeCategory> categories;
    };

    // The computing rows of the vendor's sheet (overall_metrics_bean.py), in its order.
    const std::vector<RowSpec> &computingSpecs()
    {
        static const std::vector<RowSpec> specs {
            { "flash_attention_forward", "Flash Attention (Forward)", 1,
                { C::FlashAttentionForwardCube, C::FlashAttentionForwardVector } },
            { "flash_attention_forward_cube", "Flash Attention (Forward) (Cube)", 2,
                { C::FlashAttentionForwardCube } },
            { "flash_attention_forward_vector", "Flash Attention (Forward) (Vector)", 2,
                { C::FlashAttentionForwardVector } },
            { "flash_attention_backward", "Flash Attention (Backward)", 1,
                { C::FlashAttentionBackwardCube, C::FlashAttentionBackwardVector } },
            { "flash_attention_backward_cube", "Flash Attention (Backward) (Cube)", 2,
                { C::FlashAttentionBackwardCube } },
            { "flash_attention_backward_vector", "Flash Attention (Backward) (Vector)", 2,
                { C::FlashAttentionBackwardVector } },
            { "conv_forward", "Conv (Forward)", 1, { C::ConvForwardCube, C::ConvForwardVector } },
            { "conv_forward_cube", "Conv (Forward) (Cube)", 2, { C::ConvForwardCube } },
            { "conv_forward_vector", "Conv (Forward) (Vector)", 2, { C::ConvForwardVector } },
            { "conv_backward", "Conv (Backward)", 1,
                { C::ConvBackwardCube, C::ConvBackwardVector } },
            { "conv_backward_cube", "Conv (Backward) (Cube)", 2, { C::ConvBackwardCube } },
            { "conv_backward_vector", "Conv (Backward) (Vector)", 2, { C::ConvBackwardVector } },
            { "matmul", "Matmul", 1, { C::MatmulCube, C::MatmulVector } },
            { "matmul_cube", "Matmul (Cube)", 2, { C::MatmulCube } },
            { "matmul_vector", "Matmul (Vector)", 2, { C::MatmulVector } },
            { "page_attention", "Page Attention", 1, { C::PageAttention } },
            { "vector", "Vector", 1, { C::VectorTrans, C::VectorNoTrans } },
            { "vector_trans", "Vector (Trans)", 2, { C::VectorTrans } },
            { "vector_no_trans", "Vector (No Trans)", 2, { C::VectorNoTrans } },
            { "cube", "Cube", 1, { C::Cube } },
            { "sdma_tensor_move", "SDMA (Tensor Move)", 1, { C::SdmaTensorMove } },
        };
        return specs;
    }

    CategoryTotal sumOf(const OverallMetrics &m, const std::vector<ComputeCategory> &categories)
    {
        CategoryTotal t;
        for (ComputeCategory c : categories) {
            t.ns += m.at(c).ns;
            t.count += m.at(c).count;
        }
        return t;
    }

    std::vector<ComputeCategory> allCategories()
    {
        std::vector<ComputeCategory> all;
        for (int c = 0; c < kComputeCategoryCount; ++c)
            all.push_back(ComputeCategory(c));
        return all;
    }

    void add(std::vector<OverallRow> &rows, OverallRow row)
    {
        if (row.baseNs != 0 || row.newNs != 0)
            rows.push_back(std::move(row));
    }

    OverallRow timeRow(const char *key, const QString &index, int depth, TimeNs base, TimeNs next)
    {
        return { QLatin1String(key), index, depth, base, next, -1, -1, {} };
    }

    void groupRows(
        const OverallMetrics &base, const OverallMetrics &next, std::vector<OverallRow> &rows)
    {
        std::vector<bool> newUsed(next.groups.size(), false);
        auto addGroup = [&](const CommGroupTime *b, const CommGroupTime *n) {
            const QString name = b ? b->name : n->name;
            const CommGroupTime none;
            const CommGroupTime &x = b ? *b : none, &y = n ? *n : none;
            add(rows,
                timeRow("comm_group", name, 1, x.waitNs + x.transmitNs, y.waitNs + y.transmitNs));
            add(rows, timeRow("comm_wait", QStringLiteral("Wait"), 2, x.waitNs, y.waitNs));
            add(rows,
                timeRow(
                    "comm_transmit", QStringLiteral("Transmit"), 2, x.transmitNs, y.transmitNs));
        };
        for (const CommGroupTime &b : base.groups) {
            const CommGroupTime *match = nullptr;
            for (std::size_t i = 0; i < next.groups.size() && !match; ++i) {
                if (!newUsed[i] && next.groups[i].name == b.name) {
                    newUsed[i] = true;
                    match = &next.groups[i];
                }
            }
            addGroup(&b, match);
        }
        for (std::size_t i = 0; i < next.groups.size(); ++i) {
            if (!newUsed[i])
                addGroup(nullptr, &next.groups[i]);
        }
    }

} // namespace

std::vector<OverallRow> overallRows(const OverallMetrics &base, const OverallMetrics &next)
{
    std::vector<OverallRow> rows;
    const std::vector<ComputeCategory> all = allCategories();
    const CategoryTotal ba = sumOf(base, all), na = sumOf(next, all);
    add(rows,
        { QStringLiteral("computing"), QStringLiteral("Computing Time"), 0, base.computeNs,
            next.computeNs, ba.count, na.count, all });
    for (const RowSpec &s : computingSpecs()) {
        const CategoryTotal b = sumOf(base, s.categories), n = sumOf(next, s.categories);
        add(rows,
            { QLatin1String(s.key), QLatin1String(s.index), s.depth, b.ns, n.ns, b.count, n.count,
                s.categories });
    }
    add(rows,
        timeRow("other", QStringLiteral("Other"), 1, std::max<TimeNs>(0, base.computeNs - ba.ns),
            std::max<TimeNs>(0, next.computeNs - na.ns)));
    add(rows,
        timeRow("uncovered_communication", QStringLiteral("Uncovered Communication Time"), 0,
            base.commNotOverlappedNs, next.commNotOverlappedNs));
    groupRows(base, next, rows);
    add(rows, timeRow("free_time", QStringLiteral("Free Time"), 0, base.freeNs(), next.freeNs()));
    add(rows, timeRow("free", QStringLiteral("Free"), 1, base.freeNs(), next.freeNs()));
    add(rows, timeRow("e2e", QStringLiteral("E2E Time"), 0, base.e2eNs, next.e2eNs));
    return rows;
}

QString overallRowName(const OverallRow &row)
{
    static const QHash<QString, const char *> names {
        { QStringLiteral("computing"), QT_TRANSLATE_NOOP("OverallMetrics", "Computing Time") },
        { QStringLiteral("flash_attention_forward"),
            QT_TRANSLATE_NOOP("OverallMetrics", "Flash Attention (Forward)") },
        { QStringLiteral("flash_attention_forward_cube"),
            QT_TRANSLATE_NOOP("OverallMetrics", "Flash Attention (Forward) (Cube)") },
        { QStringLiteral("flash_attention_forward_vector"),
            QT_TRANSLATE_NOOP("OverallMetrics", "Flash Attention (Forward) (Vector)") },
        { QStringLiteral("flash_attention_backward"),
            QT_TRANSLATE_NOOP("OverallMetrics", "Flash Attention (Backward)") },
        { QStringLiteral("flash_attention_backward_cube"),
            QT_TRANSLATE_NOOP("OverallMetrics", "Flash Attention (Backward) (Cube)") },
        { QStringLiteral("flash_attention_backward_vector"),
            QT_TRANSLATE_NOOP("OverallMetrics", "Flash Attention (Backward) (Vector)") },
        { QStringLiteral("conv_forward"), QT_TRANSLATE_NOOP("OverallMetrics", "Conv (Forward)") },
        { QStringLiteral("conv_forward_cube"),
            QT_TRANSLATE_NOOP("OverallMetrics", "Conv (Forward) (Cube)") },
        { QStringLiteral("conv_forward_vector"),
            QT_TRANSLATE_NOOP("OverallMetrics", "Conv (Forward) (Vector)") },
        { QStringLiteral("conv_backward"), QT_TRANSLATE_NOOP("OverallMetrics", "Conv (Backward)") },
        { QStringLiteral("conv_backward_cube"),
            QT_TRANSLATE_NOOP("OverallMetrics", "Conv (Backward) (Cube)") },
        { QStringLiteral("conv_backward_vector"),
            QT_TRANSLATE_NOOP("OverallMetrics", "Conv (Backward) (Vector)") },
        { QStringLiteral("matmul"), QT_TRANSLATE_NOOP("OverallMetrics", "Matmul") },
        { QStringLiteral("matmul_cube"), QT_TRANSLATE_NOOP("OverallMetrics", "Matmul (Cube)") },
        { QStringLiteral("matmul_vector"), QT_TRANSLATE_NOOP("OverallMetrics", "Matmul (Vector)") },
        { QStringLiteral("page_attention"), QT_TRANSLATE_NOOP("OverallMetrics", "Page Attention") },
        { QStringLiteral("vector"), QT_TRANSLATE_NOOP("OverallMetrics", "Vector") },
        { QStringLiteral("vector_trans"), QT_TRANSLATE_NOOP("OverallMetrics", "Vector (Trans)") },
        { QStringLiteral("vector_no_trans"),
            QT_TRANSLATE_NOOP("OverallMetrics", "Vector (No Trans)") },
        { QStringLiteral("cube"), QT_TRANSLATE_NOOP("OverallMetrics", "Cube") },
        { QStringLiteral("sdma_tensor_move"),
            QT_TRANSLATE_NOOP("OverallMetrics", "SDMA (Tensor Move)") },
        { QStringLiteral("other"), QT_TRANSLATE_NOOP("OverallMetrics", "Other") },
        { QStringLiteral("uncovered_communication"),
            QT_TRANSLATE_NOOP("OverallMetrics", "Uncovered Communication Time") },
        { QStringLiteral("comm_wait"), QT_TRANSLATE_NOOP("OverallMetrics", "Wait") },
        { QStringLiteral("comm_transmit"), QT_TRANSLATE_NOOP("OverallMetrics", "Transmit") },
        { QStringLiteral("free_time"), QT_TRANSLATE_NOOP("OverallMetrics", "Free Time") },
        { QStringLiteral("free"), QT_TRANSLATE_NOOP("OverallMetrics", "Free") },
        { QStringLiteral("e2e"), QT_TRANSLATE_NOOP("OverallMetrics", "E2E Time") },
    };
    const auto it = names.constFind(row.key);
    return it == names.cend() ? row.index : Text::tr(it.value());
}

} // namespace npuscope
