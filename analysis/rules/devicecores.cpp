#include "analysis/rules/devicecores.h"

#include "model/profile/ascendchip.h"

#include <QCoreApplication>
#include <QStringList>

namespace npuscope {

namespace {

    class Text {
        Q_DECLARE_TR_FUNCTIONS(Findings)
    };

    QString unknownReason(const RankProfile &rank)
    {
        if (rank.npuName.isEmpty())
            return Text::tr("The profile does not record the chip (a text export has no NPU_INFO), "
                            "so its AI Core count is unknown.");
        const QList<int> family = ascendChipFamilyCores(rank.npuName);
        if (family.size() > 1) {
            QStringList counts;
            for (int c : family)
                counts << QString::number(c);
            return Text::tr("NPU_INFO names the chip family %1, whose models have %2 AI Cores; the "
                            "profile does not say which model.")
                .arg(rank.npuName, counts.join(Text::tr(" or ", "between core counts")));
        }
        return Text::tr("The chip %1 that NPU_INFO names is not in npuscope's table of Ascend "
                        "chips, so its AI Core count is unknown.")
            .arg(rank.npuName);
    }

} // namespace

DeviceCores deviceCores(const RankProfile &rank, int configured)
{
    const std::optional<AscendChip> chip = ascendChip(rank.npuName);
    DeviceCores c;
    if (configured > 0) {
        c.cube = configured;
    } else if (rank.aiCores && *rank.aiCores > 0) {
        c.cube = *rank.aiCores;
        c.source
            = Text::tr("NPU_INFO of %1").arg(rank.source.database.section(QLatin1Char('/'), -1));
    } else if (chip) {
        c.cube = chip->cubeCores;
        c.source = Text::tr("the chip %1 (NPU_INFO)").arg(chip->name);
    } else {
        c.unknownReason = unknownReason(rank);
        return c;
    }
    // The vector cores belong to the chip's model: only when that model has this AI Core count.
    if (chip && chip->cubeCores == c.cube)
        c.vector = chip->vectorCores;
    return c;
}

} // namespace npuscope
