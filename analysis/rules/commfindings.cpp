#include "analysis/rules/commfindings.h"

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

    bool isSdmaLink(const QString &transport)
    {
        return transport == QLatin1String("HCCS") || transport == QLatin1String("PCIE")
            || transport == QLatin1String("SIO");
    }

    // Kernel rows of the communication operations by name (each instance has its own name, as
    // "hcom_allReduce__586_0_1"), so that an operation selects its row and its timeline slice.
    class OpRows {
    public:
        explicit OpRows(const DetectorInput &in)
            : m_in(in)
        {
            if (!in.rank.kernels || !in.kinds)
                return;
            const KernelTable &k = *in.rank.kernels;
            for (qsizetype r = 0; r < k.rowCount(); ++r)
                if (in.kinds->isCommunication(r))
                    m_rows.insert(k.strings.string(k.name[std::size_t(r)]), qint32(r));
        }
        qint32 row(const CommOperation &op) const { return m_rows.value(op.name, -1); }
        Evidence evidence(const CommOperation &op, const QString &label) const
        {
            const qint32 r = row(op);
            if (r >= 0)
                return rowEvidence(m_in.rank, r, label);
            Evidence e;
            e.start = op.start;
            e.end = op.start + TimeNs(std::llround(op.elapseMs * 1e6));
            e.label = label;
            return e;
        }
        void addRow(Finding &f, const CommOperation &op) const
        {
            if (const qint32 r = row(op); r >= 0)
                f.rows.push_back(r);
        }

    private:
        const DetectorInput &m_in;
        QHash<QString, qint32> m_rows;
    };

    QString mb(double v) { return QString::number(v, 'f', 2) + QStringLiteral(" MB"); }
    QString ms(double v) { return QString::number(v, 'f', 4) + QStringLiteral(" ms"); }
    QString gbs(double v) { return QString::number(v, 'f', 2) + QStringLiteral(" GB/s"); }

    void finishRows(Finding &f)
    {
        std::sort(f.rows.begin(), f.rows.end());
        f.rows.erase(std::unique(f.rows.begin(), f.rows.end()), f.rows.end());
        if (f.evidence.size() > kMaxEvidence)
            f.evidence.resize(kMaxEvidence);
    }

    struct Alignment {
        const CommOperation *op = nullptr;
        qint64 bytes = 0;
        double timeMs = 0;
        double unalignedMs = 0;
        QStringList sizes; // the unaligned packet sizes, "1937312 B x 2 (HCCS)"
    };

    std::optional<Alignment> checkAlignment(const CommOperation &op)
    {
        Alignment a;
        a.op = &op;
        for (const CommTransport &t : op.transports) {
            if (!isSdmaLink(t.type))
                continue;
            for (const CommPacketSize &p : t.sizes) {
                if (p.bytes() <= kAlignMinBytes)
                    continue;
                a.bytes += p.bytes() * p.count;
                a.timeMs += p.timeMs;
                if (p.bytes() % kAlignBase != 0) {
                    a.unalignedMs += p.timeMs;
                    a.sizes << Text::tr("%1 bytes × %2 (%3)")
                                   .arg(QString::number(p.bytes()), QString::number(p.count),
                                       t.type);
                }
            }
        }
        if (a.sizes.isEmpty())
            return std::nullopt;
        return a;
    }

} // namespace

std::optional<MissingData> missingCommOps(const DetectorInput &in)
{
    if (in.rank.comm && !in.rank.comm->ops.empty())
        return std::nullopt;
    return MissingData { Text::tr("No communication statistics: communication.json (or "
                                  "analysis.db's CommAnalyzerTime) is absent: a single card, "
                                  "Level0, or not exported."),
        Text::tr("Collect a multi-card job at profiler_level Level1 or higher: torch_npu then "
                 "writes communication.json (analysis.db with export_type db).") };
}

std::optional<MissingData> missingCommLinks(const DetectorInput &in)
{
    if (in.rank.comm && !in.rank.comm->links.empty())
        return std::nullopt;
    return MissingData { Text::tr("No communication matrix: communication_matrix.json (or "
                                  "analysis.db's CommAnalyzerMatrix) is absent: a single card, "
                                  "Level0, or not exported."),
        Text::tr("Collect a multi-card job at profiler_level Level1 or higher: torch_npu then "
                 "writes communication_matrix.json (analysis.db with export_type db).") };
}

std::optional<Finding> findCommByteAlignment(const DetectorInput &in)
{
    if (!in.rank.comm)
        return std::nullopt;
    std::vector<Alignment> found;
    double checkedMs = 0, unalignedMs = 0;
    for (const CommOperation &op : in.rank.comm->ops) {
        if (op.total)
            continue;
        if (auto a = checkAlignment(op)) {
            checkedMs += a->timeMs;
            unalignedMs += a->unalignedMs;
            found.push_back(std::move(*a));
        } else {
            for (const CommTransport &t : op.transports)
                if (isSdmaLink(t.type))
                    for (const CommPacketSize &p : t.sizes)
                        checkedMs += p.bytes() > kAlignMinBytes ? p.timeMs : 0;
        }
    }
    if (found.empty())
        return std::nullopt;
    const double share = checkedMs > 0 ? unalignedMs / checkedMs : 0;
    Finding f;
    f.id = QLatin1String(FindingId::kCommByteAlignment);
    f.severity = severityForShare(share, kAlignWarning, kAlignCritical);
    f.title = Text::tr("%n communication operation(s) move data not aligned to 512 bytes "
                       "(%1 of the checked transfer time)",
        nullptr, int(found.size()))
                  .arg(formatShare(share));
    f.addMetric(QStringLiteral("unaligned_ops"), double(found.size()), Metric::Unit::Count);
    f.addMetric(QStringLiteral("unaligned_time"), unalignedMs * 1e6, Metric::Unit::Ns);
    f.addMetric(QStringLiteral("checked_time"), checkedMs * 1e6, Metric::Unit::Ns);
    f.addMetric(QStringLiteral("share"), share, Metric::Unit::Ratio);
    const OpRows rows(in);
    for (const Alignment &a : found) {
        const double bw = a.timeMs > 0 ? double(a.bytes) / 1e9 / (a.timeMs / 1e3) : 0;
        const QString line
            = Text::tr("%1: %2 bytes in %3 (%4 unaligned), %5; unaligned packets: %6")
                  .arg(a.op->name, QString::number(a.bytes), ms(a.timeMs), ms(a.unalignedMs),
                      gbs(bw), a.sizes.join(QStringLiteral(", ")));
        f.details << line;
        f.evidence.push_back(rows.evidence(*a.op, line));
        rows.addRow(f, *a.op);
    }
    f.details << Text::tr("Rule: msprof-analyze byte_alignment.yaml: SDMA packets between chips "
                          "(HCCS, PCIE, SIO) larger than 512 bytes whose size is not a multiple "
                          "of 512 bytes; read from %1.")
                     .arg(in.rank.comm->opsFile);
    f.advice = Text::tr("HCCL moves data fastest in multiples of 512 bytes. Pad or bucket the "
                        "tensors these operations reduce or gather (for example the gradient "
                        "bucket size of DDP) so that each transfer is a multiple of 512 bytes; "
                        "the HCCL documentation and engineers can say which size suits the "
                        "algorithm.");
    finishRows(f);
    return f;
}

namespace {

    // One transport's side of the packet rule, counted as the advisor counts it: every entry of
    // communication.json with traffic on the transport, each step's "Total Op Info" included.
    struct PacketCount {
        QString transport;
        double minMb = 0;
        int count = 0;
        std::vector<const CommOperation *> small;
        double smallMs = 0, smallMb = 0, allMs = 0, allMb = 0;

        double ratio() const { return count > 0 ? double(small.size()) / double(count) : 0; }
        bool found() const { return !small.empty() && ratio() > kSmallRatio; }
    };

    PacketCount countPackets(const RankComm &comm, const QString &transport, double minMb)
    {
        PacketCount c;
        c.transport = transport;
        c.minMb = minMb;
        for (const CommOperation &op : comm.ops) {
            const CommTransport *t = op.transport(transport);
            if (!t || t->sizeMb <= 0)
                continue;
            ++c.count;
            if (!op.total) {
                c.allMs += t->timeMs;
                c.allMb += t->sizeMb;
            }
            if (t->sizeMb < minMb) {
                c.small.push_back(&op);
                c.smallMs += t->timeMs;
                c.smallMb += op.total ? 0 : t->sizeMb;
            }
        }
        return c;
    }

    void addPacketDetails(Finding &f, const PacketCount &c, const OpRows &rows)
    {
        const double timeShare = c.allMs > 0 ? c.smallMs / c.allMs : 0;
        f.details << Text::tr("%1: %2 of %3 entries with %1 traffic (%4) moved less than %5 MB "
                              "each, %6 in all; by volume %7 of %8 (%9), by transit time %10 "
                              "of %11 (%12)")
                         .arg(c.transport, QString::number(c.small.size()),
                             QString::number(c.count), formatShare(c.ratio()),
                             QString::number(c.minMb), ms(c.smallMs), mb(c.smallMb), mb(c.allMb),
                             formatShare(c.allMb > 0 ? c.smallMb / c.allMb : 0), ms(c.smallMs),
                             ms(c.allMs), formatShare(timeShare));
        for (const CommOperation *op : c.small) {
            if (op->total)
                continue;
            const CommTransport *t = op->transport(c.transport);
            const QString label = Text::tr("%1: %2 over %3 in %4")
                                      .arg(op->name, mb(t->sizeMb), c.transport, ms(t->timeMs));
            f.evidence.push_back(rows.evidence(*op, label));
            rows.addRow(f, *op);
        }
    }

} // namespace

std::optional<Finding> findCommSmallPackets(const DetectorInput &in)
{
    if (!in.rank.comm)
        return std::nullopt;
    const RankComm &comm = *in.rank.comm;
    const PacketCount counts[] = { countPackets(comm, QStringLiteral("SDMA"), kSmallSdmaMb),
        countPackets(comm, QStringLiteral("RDMA"), kSmallRdmaMb) };
    if (!counts[0].found() && !counts[1].found())
        return std::nullopt;
    Finding f;
    f.id = QLatin1String(FindingId::kCommSmallPackets);
    f.severity = FindingSeverity::Info;
    QStringList parts;
    const OpRows rows(in);
    for (const PacketCount &c : counts) {
        if (!c.found())
            continue;
        parts << Text::tr("%1: %2 of the operations under %3 MB (%4)")
                     .arg(c.transport, formatShare(c.ratio()), QString::number(c.minMb),
                         ms(c.smallMs));
        const QString key = c.transport.toLower();
        f.addMetric(key + QStringLiteral("_ops"), c.count, Metric::Unit::Count);
        f.addMetric(
            key + QStringLiteral("_small_ops"), double(c.small.size()), Metric::Unit::Count);
        f.addMetric(key + QStringLiteral("_small_ratio"), c.ratio(), Metric::Unit::Ratio);
        f.addMetric(key + QStringLiteral("_small_time"), c.smallMs * 1e6, Metric::Unit::Ns);
        if (c.allMs > 0 && c.smallMs / c.allMs >= kSmallTimeWarning)
            f.severity = FindingSeverity::Warning;
        addPacketDetails(f, c, rows);
    }
    f.title = Text::tr("Small communication packets: %1").arg(parts.join(QStringLiteral("; ")));
    f.details << Text::tr("Rule: msprof-analyze packet.yaml: more than 20% of the operations "
                          "with SDMA traffic under 16 MB, or with RDMA traffic under 1 MB; it "
                          "counts operations (each step's Total Op Info among them), not bytes. "
                          "Severity (ours): a warning when they hold 5% of the transit time.");
    f.advice = Text::tr(
        "Many small transfers cost more in launch and synchronisation than in moving data. If "
        "they are data-parallel gradients, raise the batch size or accumulate gradients over "
        "more steps; with ZeRO-3, ZeRO-2 or ZeRO-1 communicates less often when memory allows; "
        "fused (affinity) optimizers and operators reduce the number of communication "
        "operations.");
    finishRows(f);
    return f;
}

std::optional<Finding> findCommBandwidth(const DetectorInput &in)
{
    if (!in.rank.comm)
        return std::nullopt;
    std::vector<const CommLink *> slow;
    double worst = 1;
    for (const CommLink &l : in.rank.comm->links) {
        const bool sdma = isSdmaLink(l.transport);
        if (!l.isTotal() || (!sdma && l.transport != QLatin1String("RDMA")) || l.timeMs <= 0)
            continue;
        if (l.sizeMb < (sdma ? kLinkMinSdmaMb : kLinkMinRdmaMb))
            continue;
        const double reference = sdma ? kSdmaBaselineGBs : kRdmaBaselineGBs;
        const double bw = l.sizeMb / l.timeMs; // MB/ms = GB/s
        if (bw < kBandwidthThreshold * reference) {
            slow.push_back(&l);
            worst = std::min(worst, bw / reference);
        }
    }
    if (slow.empty())
        return std::nullopt;
    Finding f;
    f.id = QLatin1String(FindingId::kCommBandwidth);
    f.severity = worst < kBandwidthCritical ? FindingSeverity::Critical : FindingSeverity::Warning;
    f.title = Text::tr("%n communication link(s) well under their transport's bandwidth "
                       "(down to %1 of it)",
        nullptr, int(slow.size()))
                  .arg(formatShare(worst));
    f.addMetric(QStringLiteral("slow_links"), double(slow.size()), Metric::Unit::Count);
    f.addMetric(QStringLiteral("worst_ratio"), worst, Metric::Unit::Ratio);
    const OpRows rows(in);
    for (const CommLink *l : slow) {
        const double reference = isSdmaLink(l->transport) ? kSdmaBaselineGBs : kRdmaBaselineGBs;
        const QString line = Text::tr("%1, group %2, %3 → %4 over %5: %6 in %7, %8 (reference %9)")
                                 .arg(l->step, l->group, QString::number(l->src),
                                     QString::number(l->dst), l->transport, mb(l->sizeMb),
                                     ms(l->timeMs), gbs(l->sizeMb / l->timeMs), gbs(reference));
        f.details << line;
        // The link's largest operation of that step and group, for the timeline.
        const CommOperation *best = nullptr;
        for (const CommOperation &op : in.rank.comm->ops)
            if (!op.total && op.group == l->group && op.step == l->step
                && (!best || op.elapseMs > best->elapseMs))
                best = &op;
        if (best) {
            f.evidence.push_back(rows.evidence(*best, line));
            rows.addRow(f, *best);
        }
    }
    f.details << Text::tr("Rule: SDMA links (HCCS, PCIE, SIO) under 0.8 × 18 GB/s, the "
                          "reference of msprof-analyze's bandwidth_contention.yaml; RDMA under "
                          "0.8 × 12.5 GB/s (ours: 100 GbE line rate, the advisor has none). "
                          "Links that moved less than 16 MB (RDMA: 1 MB) in a step are not "
                          "judged (ours). Read from %1.")
                     .arg(in.rank.comm->linksFile);
    f.advice = Text::tr(
        "A link this slow moves large transfers at a fraction of what its transport can carry. "
        "Compare it with the same link on the other ranks (the cluster's communication matrix): "
        "one slow link points to the hardware or its configuration (HCCS lanes, NIC, switch "
        "port, PFC/ECN); every link slow points to contention with computation that reads "
        "memory at the same time, or to small packets.");
    finishRows(f);
    return f;
}

std::optional<Finding> findCommRetransmission(const DetectorInput &in)
{
    if (!in.rank.comm)
        return std::nullopt;
    std::vector<const CommOperation *> found;
    for (const CommOperation &op : in.rank.comm->ops) {
        const CommTransport *rdma = op.transport(u"RDMA");
        if (!op.total && rdma && rdma->sizeMb > 0 && rdma->timeMs > kRetransmissionMs
            && op.elapseMs >= kRetransmissionMs)
            found.push_back(&op);
    }
    if (found.empty())
        return std::nullopt;
    Finding f;
    f.id = QLatin1String(FindingId::kCommRetransmission);
    f.severity = FindingSeverity::Critical;
    f.title = Text::tr(
        "%n RDMA transfer(s) took over 4 s: suspected retransmission", nullptr, int(found.size()));
    f.addMetric(QStringLiteral("suspect_ops"), double(found.size()), Metric::Unit::Count);
    const OpRows rows(in);
    for (const CommOperation *op : found) {
        const CommTransport *rdma = op->transport(u"RDMA");
        const QString line = Text::tr("%1 (group %2, %3): RDMA %4 in %5, %6")
                                 .arg(op->name, op->group, op->step, mb(rdma->sizeMb),
                                     ms(rdma->timeMs), gbs(rdma->sizeMb / rdma->timeMs));
        f.details << line;
        f.evidence.push_back(rows.evidence(*op, line));
        rows.addRow(f, *op);
    }
    f.details << Text::tr("Rule: msprof-analyze rdma_analysis.yaml: an RDMA transit time over "
                          "4000 ms in an operation that itself lasted 4000 ms or more. The "
                          "advisor also asks every rank of the group to have lasted that long "
                          "(else the time is waiting for a late rank); compare the ranks.");
    f.advice = Text::tr("A single RDMA transfer of seconds is the signature of packet loss and "
                        "retransmission on the RoCE network. Check that the transfer time is "
                        "real on the other ranks, then the network: switch and NIC "
                        "configuration (PFC, ECN, MTU), optical modules and link errors.");
    finishRows(f);
    return f;
}

} // namespace npuscope
