#include "analysis/compare/renamedkernels.h"

#include "model/core/kerneltable.h"

#include <QHash>

namespace npuscope {

namespace {

    // A name's partner across the runs: the one other name all its matched kernels pair with,
    // or empty when they pair with several (or with kernels of their own name).
    struct Partner {
        QString name;
        bool ambiguous = false;

        void add(const QString &other)
        {
            if (name.isEmpty() && !ambiguous)
                name = other;
            else if (name != other)
                ambiguous = true;
        }
        bool unique() const { return !ambiguous && !name.isEmpty(); }
    };

} // namespace

void joinRenamedRows(std::vector<DiffRow> &byName, const KernelMatch &match,
    const KernelTable &base, const KernelTable &next)
{
    QHash<QString, Partner> ofBase, ofNew;
    for (const KernelPair &p : match.pairs) {
        const QString b = base.strings.string(base.name[std::size_t(p.baseRow)]);
        const QString n = next.strings.string(next.name[std::size_t(p.newRow)]);
        ofBase[b].add(n);
        ofNew[n].add(b);
    }
    QHash<QString, std::size_t> newOnly; // name -> row of byName
    for (std::size_t i = 0; i < byName.size(); ++i) {
        if (byName[i].baseCount == 0)
            newOnly.insert(byName[i].key, i);
    }
    std::vector<bool> joined(byName.size(), false);
    for (DiffRow &row : byName) {
        if (row.newCount != 0 || !ofBase.value(row.key).unique())
            continue;
        const QString partner = ofBase.value(row.key).name;
        const auto it = newOnly.constFind(partner);
        if (it == newOnly.cend() || !ofNew.value(partner).unique()
            || ofNew.value(partner).name != row.key)
            continue;
        const DiffRow &other = byName[*it];
        row.newKey = partner;
        row.label = row.key + QStringLiteral(" → ") + partner;
        row.newNs = other.newNs;
        row.newCount = other.newCount;
        joined[*it] = true;
    }
    std::size_t kept = 0;
    for (std::size_t i = 0; i < byName.size(); ++i) {
        if (!joined[i])
            byName[kept++] = std::move(byName[i]);
    }
    byName.resize(kept);
    sortByDelta(byName);
}

} // namespace npuscope
