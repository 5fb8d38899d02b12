#include "analysis/rules/linkfindings.h"

#include "analysis/rules/thresholds.h"

#include <QCoreApplication>

#include <algorithm>
#include <map>

namespace npuscope {

namespace {

    class Text {
        Q_DECLARE_TR_FUNCTIONS(Findings)
    };

    bool judged(const ClusterLink &l)
    {
        return l.src != l.dst && l.sizeMb >= kSlowLinkMinMb && l.timeMs > 0
            && l.transport.compare(QLatin1String("LOCAL"), Qt::CaseInsensitive) != 0;
    }

    // The peer set of a link: group name (the group id when unnamed), op type, transport.
    QString peerKey(const ClusterLink &l)
    {
        const QString group = l.groupName.isEmpty() ? l.group : l.groupName;
        return group + QLatin1Char('\x1f') + l.op.toLower() + QLatin1Char('\x1f')
            + l.transport.toUpper();
    }

    double median(std::vector<double> v)
    {
        std::sort(v.begin(), v.end());
        const std::size_t n = v.size();
        return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
    }

    QString linkText(const JudgedLink &j)
    {
        const ClusterLink &l = *j.link;
        QStringList ranks;
        for (int r : l.groupRanks)
            ranks << QString::number(r);
        const QString group = l.groupName.isEmpty()
            ? Text::tr("group (%1)").arg(ranks.join(QLatin1String(", ")))
            : QStringLiteral("%1 (%2)").arg(l.groupName, ranks.join(QLatin1String(", ")));
        return Text::tr("%1 %2, rank %3 to %4 over %5: %6 GB/s, its peers' median %7 GB/s "
                        "(%8 MB in %9 ms)")
            .arg(group, l.op)
            .arg(l.src)
            .arg(l.dst)
            .arg(l.transport)
            .arg(l.bandwidthGBs(), 0, 'f', 2)
            .arg(j.peerMedianGBs, 0, 'f', 2)
            .arg(l.sizeMb, 0, 'f', 1)
            .arg(l.timeMs, 0, 'f', 3);
    }

    void addEvidence(Finding &f, const Profile &profile, const ClusterLink &l)
    {
        for (std::size_t i = 0; i < profile.ranks.size(); ++i) {
            if (profile.ranks[i]->rank() != l.src)
                continue;
            Evidence e;
            e.rankIndex = int(i);
            e.label = Text::tr("rank %1 sends to rank %2 (%3 %4)")
                          .arg(l.src)
                          .arg(l.dst)
                          .arg(l.groupName.isEmpty() ? l.group : l.groupName, l.op);
            f.evidence.push_back(e);
            return;
        }
    }

} // namespace

std::vector<JudgedLink> judgeLinks(const ClusterLinks &links)
{
    std::map<QString, std::vector<const ClusterLink *>> sets;
    for (const ClusterLink &l : links.links) {
        if (judged(l))
            sets[peerKey(l)].push_back(&l);
    }
    std::vector<JudgedLink> out;
    for (const auto &[key, members] : sets) {
        if (members.size() < 2)
            continue; // nothing to compare with
        std::vector<double> bandwidths;
        for (const ClusterLink *l : members)
            bandwidths.push_back(l->bandwidthGBs());
        const double m = median(bandwidths);
        for (const ClusterLink *l : members)
            out.push_back({ l, m, int(members.size()) });
    }
    return out;
}

std::optional<Finding> findSlowLinks(const Profile &profile, const ClusterLinks &links)
{
    std::vector<JudgedLink> slow;
    for (const JudgedLink &j : judgeLinks(links)) {
        if (j.peerMedianGBs > 0 && j.link->bandwidthGBs() < kSlowLinkRatio * j.peerMedianGBs)
            slow.push_back(j);
    }
    if (slow.empty())
        return std::nullopt;
    auto ratio = [](const JudgedLink &j) { return j.link->bandwidthGBs() / j.peerMedianGBs; };
    std::sort(slow.begin(), slow.end(),
        [&](const JudgedLink &a, const JudgedLink &b) { return ratio(a) < ratio(b); });
    const JudgedLink &worst = slow.front();
    Finding f;
    f.id = QLatin1String(FindingId::kSlowLink);
    f.severity
        = ratio(worst) < kSlowLinkCritical ? FindingSeverity::Critical : FindingSeverity::Warning;
    f.title = Text::tr("%n link(s) slower than their peers; the slowest at %1 of their bandwidth",
        nullptr, int(slow.size()))
                  .arg(formatShare(ratio(worst)));
    f.addMetric(QStringLiteral("slow_links"), double(slow.size()), Metric::Unit::Count);
    f.addMetric(QStringLiteral("worst_ratio"), ratio(worst), Metric::Unit::Ratio);
    f.addMetric(
        QStringLiteral("worst_bandwidth_gbps"), worst.link->bandwidthGBs(), Metric::Unit::Number);
    f.addMetric(QStringLiteral("peer_median_gbps"), worst.peerMedianGBs, Metric::Unit::Number);
    for (const JudgedLink &j : slow) {
        f.details << linkText(j);
        if (f.evidence.size() < kMaxEvidence)
            addEvidence(f, profile, *j.link);
    }
    f.advice = Text::tr(
        "Links of one group carry the same operations, so they should move data at the same rate. "
        "A link well under its peers points at the cards at its ends or the path between them: "
        "check the link's health (hccn_tool link and error counters), whether other jobs share the "
        "card or the switch, and whether the ranks at its ends are placed as the others are.");
    return f;
}

} // namespace npuscope
