#include "analysis/compare/apicompare.h"

#include <QHash>

#include <algorithm>

namespace npuscope {

namespace {

    bool inRange(TimeNs t, TimeNs from, TimeNs to) { return from >= to || (t >= from && t <= to); }

    struct Op {
        TimeNs start = 0;
        TimeNs end = 0;
        StringId name;
    };

    struct ApiTotals {
        TimeNs totalNs = 0;
        TimeNs selfNs = 0;
        qint64 count = 0;
    };

    // The host ops of the trace in range, by start (the longer first at one start).
    std::vector<Op> hostOps(const Trace &trace, TimeNs from, TimeNs to)
    {
        std::vector<std::int8_t> host(trace.strings.size(), -1);
        std::vector<Op> ops;
        for (const Track &t : trace.tracks) {
            if (t.kind != TrackKind::HostThread)
                continue;
            for (const Event &e : t.events) {
                if (e.instant || e.category.value >= host.size() || !inRange(e.start, from, to))
                    continue;
                std::int8_t &h = host[e.category.value];
                if (h < 0) {
                    const QString c = trace.strings.string(e.category).toLower();
                    h = c == QLatin1String("cpu_op") || c == QLatin1String("operator")
                        || c == QLatin1String("runtime") || c == QLatin1String("cuda_runtime")
                        || c == QLatin1String("user_annotation");
                }
                if (h && trace.strings.view(e.name).find("ProfilerStep#") == std::string_view::npos)
                    ops.push_back({ e.start, e.end(), e.name });
            }
        }
        std::stable_sort(ops.begin(), ops.end(), [](const Op &a, const Op &b) {
            return a.start != b.start ? a.start < b.start : a.end > b.end;
        });
        return ops;
    }

    // Totals per name, names in the order they first run.
    std::vector<std::pair<QString, ApiTotals>> apis(const Trace *trace, TimeNs from, TimeNs to)
    {
        std::vector<std::pair<QString, ApiTotals>> out;
        if (!trace)
            return out;
        const std::vector<Op> ops = hostOps(*trace, from, to);
        std::vector<TimeNs> childNs(ops.size(), 0);
        std::vector<std::size_t> stack;
        for (std::size_t i = 0; i < ops.size(); ++i) {
            while (!stack.empty() && ops[i].start > ops[stack.back()].end)
                stack.pop_back();
            if (!stack.empty())
                childNs[stack.back()] += ops[i].end - ops[i].start;
            stack.push_back(i);
        }
        QHash<std::uint32_t, std::size_t> at;
        for (std::size_t i = 0; i < ops.size(); ++i) {
            auto it = at.find(ops[i].name.value);
            if (it == at.end()) {
                it = at.insert(ops[i].name.value, out.size());
                out.push_back({ trace->strings.string(ops[i].name), {} });
            }
            ApiTotals &t = out[it.value()].second;
            t.totalNs += ops[i].end - ops[i].start;
            t.selfNs += ops[i].end - ops[i].start - childNs[i];
            ++t.count;
        }
        return out;
    }

} // namespace

std::vector<ApiDiffRow> compareApis(const Trace *base, TimeNs baseFrom, TimeNs baseTo,
    const Trace *next, TimeNs newFrom, TimeNs newTo)
{
    const auto b = apis(base, baseFrom, baseTo);
    const auto n = apis(next, newFrom, newTo);
    QHash<QString, std::size_t> newAt;
    for (std::size_t i = 0; i < n.size(); ++i)
        newAt.insert(n[i].first, i);
    std::vector<bool> used(n.size(), false);
    std::vector<ApiDiffRow> rows;
    for (const auto &[name, t] : b) {
        ApiDiffRow r { name, t.totalNs, t.selfNs, t.count, 0, 0, 0 };
        if (const auto it = newAt.constFind(name); it != newAt.cend()) {
            const ApiTotals &x = n[it.value()].second;
            r.newTotalNs = x.totalNs;
            r.newSelfNs = x.selfNs;
            r.newCount = x.count;
            used[it.value()] = true;
        }
        rows.push_back(std::move(r));
    }
    for (std::size_t i = 0; i < n.size(); ++i) {
        if (!used[i])
            rows.push_back({ n[i].first, 0, 0, 0, n[i].second.totalNs, n[i].second.selfNs,
                n[i].second.count });
    }
    return rows;
}

} // namespace npuscope
