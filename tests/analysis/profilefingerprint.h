#pragma once

// Test helpers: a profile, and its analysis, as comparable text (equal texts, equal pictures).

#include "analysis/rules/findings.h"
#include "model/profile/profile.h"
#include "model/trace/tracedump.h"

#include <QStringList>

namespace npuscope::test {

// Everything a view shows of a profile, as text: equal texts, equal pictures.
inline QString fingerprint(const Profile &p)
{
    QStringList out;
    for (const auto &rank : p.ranks) {
        out << rank->label() << QString::number(rank->issues.size());
        if (rank->trace)
            out << dumpTrace(*rank->trace, 200);
        if (rank->kernels) {
            const KernelTable &k = *rank->kernels;
            quint64 sum = 0; // wraps on purpose: a checksum
            for (qsizetype r = 0; r < k.rowCount(); ++r)
                sum += quint64(k.duration[std::size_t(r)]) ^ quint64(k.start[std::size_t(r)]);
            out << QStringLiteral("kernels %1 %2 joined %3")
                       .arg(k.rowCount())
                       .arg(sum)
                       .arg(rank->join.matched);
        }
    }
    return out.join(u'\n');
}

inline QStringList findingTexts(const Profile &p)
{
    QStringList out;
    std::vector<RankAnalysis> ranks;
    for (const auto &rank : p.ranks) {
        ranks.push_back(analyseRank(*rank));
        for (const Finding &f : ranks.back().findings)
            out << f.id + u' ' + f.title;
    }
    for (const Finding &f : findProfileFindings(p, ranks))
        out << f.id + u' ' + f.title;
    return out;
}

} // namespace npuscope::test
