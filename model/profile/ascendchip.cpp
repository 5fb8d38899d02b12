#include "model/profile/ascendchip.h"

#include <algorithm>

namespace npuscope {

namespace {

    struct Row {
        const char *name;
        int cube;
        int vector;
    };

    // Public Ascend documentation (CANN "soc_version" list and the Atlas product sheets): the
    // 910B and 910_93 models run 1 cube and 2 vector units per AI Core; 910A-class chips have
    // unified AI Cores; the 310P3 has 8 AI Cores and 7 vector cores.
    constexpr Row kChips[] = {
        { "Ascend910A", 32, 0 },
        { "Ascend910ProA", 32, 0 },
        { "Ascend910PremiumA", 32, 0 },
        { "Ascend910ProB", 30, 0 },
        { "Ascend910B1", 24, 48 },
        { "Ascend910B2", 24, 48 },
        { "Ascend910B2C", 24, 48 },
        { "Ascend910B3", 20, 40 },
        { "Ascend910B4", 20, 40 },
        { "Ascend910_9391", 24, 48 },
        { "Ascend910_9392", 24, 48 },
        { "Ascend910_9381", 24, 48 },
        { "Ascend910_9382", 24, 48 },
        { "Ascend310P3", 8, 7 },
    };

    QString normalised(QStringView name)
    {
        return name.toString().remove(QLatin1Char(' ')).toLower();
    }

} // namespace

std::optional<AscendChip> ascendChip(QStringView name)
{
    const QString key = normalised(name);
    for (const Row &r : kChips) {
        if (key == QString::fromLatin1(r.name).toLower())
            return AscendChip { QString::fromLatin1(r.name), r.cube, r.vector };
    }
    return std::nullopt;
}

QList<int> ascendChipFamilyCores(QStringView name)
{
    const QString key = normalised(name);
    if (key.isEmpty() || ascendChip(name))
        return {};
    QList<int> counts;
    for (const Row &r : kChips) {
        const QString chip = QString::fromLatin1(r.name).toLower();
        // "Ascend910B" names B1..B4, "Ascend910_93" the 9391..9382 models.
        if (chip.startsWith(key) && chip.size() > key.size() && !counts.contains(r.cube))
            counts << r.cube;
    }
    std::sort(counts.begin(), counts.end());
    return counts;
}

} // namespace npuscope
