// The names of what `npuscope generate` can write and plant, as the command line spells them.
#include "model/generator/generator.h"

#include <QCoreApplication>

#include <utility>

namespace npuscope {

namespace {

    class GeneratorText {
        Q_DECLARE_TR_FUNCTIONS(npuscope::Generator)
    };

    struct PlantEntry {
        Plant plant;
        QLatin1String name;
    };
    const PlantEntry kPlantNames[] = {
        { Plant::TransData, QLatin1String("transdata") },
        { Plant::AiCpu, QLatin1String("aicpu") },
        { Plant::HostBound, QLatin1String("hostbound") },
        { Plant::LowBlockDim, QLatin1String("lowblockdim") },
        { Plant::CommNotOverlapped, QLatin1String("commnotoverlapped") },
        { Plant::MemoryLeak, QLatin1String("memoryleak") },
        { Plant::Fragmentation, QLatin1String("fragmentation") },
    };

} // namespace

std::optional<GeneratorFormat> generatorFormatFromName(QStringView name)
{
    const std::pair<QLatin1String, GeneratorFormat> formats[]
        = { { QLatin1String("text"), GeneratorFormat::Text },
              { QLatin1String("db"), GeneratorFormat::Db },
              { QLatin1String("both"), GeneratorFormat::Both } };
    for (const auto &[text, format] : formats) {
        if (name.trimmed().compare(text, Qt::CaseInsensitive) == 0)
            return format;
    }
    return std::nullopt;
}

std::optional<Plant> plantFromName(QStringView name)
{
    for (const PlantEntry &e : kPlantNames) {
        if (name.trimmed().compare(e.name, Qt::CaseInsensitive) == 0)
            return e.plant;
    }
    return std::nullopt;
}

QString plantName(Plant plant)
{
    for (const PlantEntry &e : kPlantNames) {
        if (e.plant == plant)
            return QString(e.name);
    }
    return QString();
}

QList<Plant> allPlants()
{
    QList<Plant> all;
    for (const PlantEntry &e : kPlantNames)
        all.append(e.plant);
    return all;
}

std::optional<QList<Plant>> plantsFromList(QStringView list, QString *error)
{
    QList<Plant> plants;
    for (QStringView part : list.split(QLatin1Char(','), Qt::SkipEmptyParts)) {
        part = part.trimmed();
        if (part.compare(QLatin1String("all"), Qt::CaseInsensitive) == 0) {
            plants = allPlants();
        } else if (part.compare(QLatin1String("none"), Qt::CaseInsensitive) == 0) {
            continue;
        } else if (auto p = plantFromName(part)) {
            if (!plants.contains(*p))
                plants.append(*p);
        } else {
            if (error)
                *error = GeneratorText::tr(
                    "unknown plant '%1' (known: transdata, aicpu, hostbound, "
                    "lowblockdim, commnotoverlapped, memoryleak, fragmentation, "
                    "all)")
                             .arg(part);
            return std::nullopt;
        }
    }
    return plants;
}

} // namespace npuscope
