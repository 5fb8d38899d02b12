#include "widgets/timeline/timelinecoreclasses.h"

#include "analysis/stats/kernelkinds.h"
#include "model/profile/profile.h"

namespace npuscope {

CoreClass coreClassOf(QStringView core, QStringView name)
{
    if (core.contains(QLatin1String("MIX"), Qt::CaseInsensitive))
        return CoreClass::Mix;
    if (core.contains(QLatin1String("VECTOR"), Qt::CaseInsensitive))
        return CoreClass::Vector;
    if (core.contains(QLatin1String("memcpy"), Qt::CaseInsensitive)
        || core.contains(QLatin1String("memset"), Qt::CaseInsensitive)
        || name.startsWith(QLatin1String("Memcpy"), Qt::CaseInsensitive)
        || name.startsWith(QLatin1String("Memset"), Qt::CaseInsensitive))
        return CoreClass::Memory;
    if (core.contains(QLatin1String("AI_CORE"), Qt::CaseInsensitive))
        return CoreClass::Cube;
    return CoreClass::Other;
}

std::vector<std::vector<CoreClass>> kernelCoreClasses(
    const Trace &trace, const KernelTable &kernels, const KernelJoin &join)
{
    std::vector<std::vector<CoreClass>> classes(trace.tracks.size());
    const KernelKinds kinds(kernels);
    // Classify each distinct (core, name) once: millions of rows share a few hundred names.
    QHash<quint64, CoreClass> memo;
    const qsizetype rows
        = std::min<qsizetype>(kernels.rowCount(), qsizetype(join.rowToEvent.size()));
    for (qsizetype row = 0; row < rows; ++row) {
        const EventRef ref = join.rowToEvent[std::size_t(row)];
        if (!ref.isValid() || ref.track.value >= classes.size())
            continue;
        CoreClass c;
        if (kinds.isCommunication(row)) {
            c = CoreClass::Communication;
        } else if (kinds.isAiCpu(row)) {
            c = CoreClass::AiCpu;
        } else {
            const StringId core = kernels.core[std::size_t(row)];
            const StringId name = kernels.name[std::size_t(row)];
            const quint64 key = (quint64(core.value) << 32) | name.value;
            auto it = memo.constFind(key);
            if (it == memo.constEnd())
                it = memo.insert(
                    key, coreClassOf(kernels.strings.string(core), kernels.strings.string(name)));
            c = *it;
            if (c == CoreClass::Other && kinds.isCube(row))
                c = CoreClass::Cube;
        }
        auto &track = classes[ref.track.value];
        if (track.empty())
            track.assign(trace.tracks[ref.track.value].events.size(), CoreClass::None);
        if (ref.index < track.size())
            track[ref.index] = c;
    }
    return classes;
}

} // namespace npuscope
