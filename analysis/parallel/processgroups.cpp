#include "analysis/parallel/processgroups.h"

#include <QCoreApplication>

#include <algorithm>
#include <map>
#include <set>

namespace npuscope {

namespace {

    struct Text {
        Q_DECLARE_TR_FUNCTIONS(ParallelLayout)
    };

    struct Seen {
        bool p2p = false;
        std::set<int> ranks;
    };

} // namespace

std::uint64_t hcclGroupId(QStringView key)
{
    std::uint32_t a = 0;
    std::uint32_t b = 0;
    for (QChar c : key) {
        a = a * 29u + c.unicode();
        b = b * 131u + c.unicode();
    }
    return (std::uint64_t(a) << 32) | b;
}

std::vector<ProcessGroup> processGroups(
    const std::vector<GroupSighting> &sightings, const std::vector<NamedGroup> &named)
{
    std::map<QString, Seen> seen;
    for (const GroupSighting &s : sightings) {
        Seen &g = seen[s.id];
        g.p2p = g.p2p || s.p2p;
        if (s.rank >= 0)
            g.ranks.insert(s.rank);
    }
    std::map<QString, const NamedGroup *> byId;
    for (const NamedGroup &n : named)
        byId.emplace(QString::number(hcclGroupId(n.key)), &n);
    std::vector<ProcessGroup> out;
    for (const auto &[id, g] : seen) {
        ProcessGroup p;
        p.id = id;
        p.p2p = g.p2p;
        p.ranks.assign(g.ranks.begin(), g.ranks.end());
        if (const auto it = byId.find(id); it != byId.end()) {
            p.name = it->second->name;
            if (!it->second->ranks.empty()) {
                p.ranks = it->second->ranks;
                std::sort(p.ranks.begin(), p.ranks.end());
            }
        }
        out.push_back(std::move(p));
    }
    std::sort(out.begin(), out.end(), [](const ProcessGroup &x, const ProcessGroup &y) {
        if (x.p2p != y.p2p)
            return !x.p2p;
        if (x.ranks.size() != y.ranks.size())
            return x.ranks.size() > y.ranks.size();
        return x.ranks < y.ranks || (x.ranks == y.ranks && x.id < y.id);
    });
    return out;
}

ParallelLayout parallelLayout(
    const std::optional<ParallelArgs> &args, std::vector<ProcessGroup> groups)
{
    ParallelLayout layout;
    QString why;
    if (args) {
        if (auto m = megatronLayout(*args, &why)) {
            m->groups = std::move(groups);
            m->note = Text::tr("from distributed_args in profiler_metadata.json");
            return *m;
        }
        why = Text::tr("distributed_args in profiler_metadata.json do not describe a layout: %1")
                  .arg(why);
    }
    layout.stages = inferStages(groups);
    layout.groups = std::move(groups);
    if (!layout.stages.empty()) {
        layout.source = ParallelLayout::Source::CommunicationGroups;
        layout.note = Text::tr("pipeline stages inferred from the communication groups (%1)")
                          .arg(why.isEmpty() ? Text::tr("no distributed_args") : why);
    } else {
        layout.note = why.isEmpty()
            ? Text::tr("no distributed_args, and no pipeline groups in the communication")
            : why;
    }
    return layout;
}

} // namespace npuscope
