#include "analysis/stats/kernelkinds.h"

#include <QByteArrayView>

#include <algorithm>
#include <cctype>
#include <string_view>

namespace npuscope {

namespace {

    bool startsWithNoCase(std::string_view s, std::string_view prefix)
    {
        return s.size() >= prefix.size()
            && QByteArrayView(s.data(), qsizetype(prefix.size()))
                   .compare(
                       QByteArrayView(prefix.data(), qsizetype(prefix.size())), Qt::CaseInsensitive)
            == 0;
    }

    // Per interned string: which flags its text implies in each role (name, type, core).
    struct StringFlags {
        std::vector<std::uint8_t> asName, asType, asCore;
    };

    // The same bits as KernelKinds::Flag.
    constexpr std::uint8_t kSComm = 1, kSAiCpu = 2, kSTransData = 4, kSCube = 8;

    StringFlags classifyStrings(const StringPool &pool)
    {
        StringFlags f;
        const std::size_t n = pool.size();
        f.asName.assign(n, 0);
        f.asType.assign(n, 0);
        f.asCore.assign(n, 0);
        for (std::size_t id = 0; id < n; ++id) {
            const std::string_view s = pool.view(StringId(static_cast<std::uint32_t>(id)));
            if (startsWithNoCase(s, "hcom_") || startsWithNoCase(s, "hccl")
                || startsWithNoCase(s, "nccl"))
                f.asName[id] |= kSComm;
            if (s.find("TransData") != std::string_view::npos)
                f.asName[id] |= kSTransData;
            if (s == "TransData")
                f.asType[id] |= kSTransData;
            if (startsWithNoCase(s, "hcom_"))
                f.asType[id] |= kSComm;
            // Newer CANN releases write "COMMUNICATION" where older ones wrote "HCCL".
            if (s == "HCCL" || s == "COMMUNICATION")
                f.asCore[id] |= kSComm;
            if (s == "AI_CPU")
                f.asCore[id] |= kSAiCpu;
            if (s == "AI_CORE" || s == "MIX_AIC")
                f.asCore[id] |= kSCube;
        }
        return f;
    }

    std::uint8_t lookup(const std::vector<std::uint8_t> &v, StringId id)
    {
        return id.value < v.size() ? v[id.value] : 0;
    }

} // namespace

KernelKinds::KernelKinds(const KernelTable &k)
{
    const StringFlags sf = classifyStrings(k.strings);
    const auto rows = static_cast<std::size_t>(k.rowCount());
    m_flags.assign(rows, 0);
    std::vector<Interval> compute, comm;
    compute.reserve(rows);
    for (std::size_t r = 0; r < rows; ++r) {
        const std::uint8_t name = lookup(sf.asName, k.name[r]);
        const std::uint8_t type = lookup(sf.asType, k.type[r]);
        const std::uint8_t core = lookup(sf.asCore, k.core[r]);
        std::uint8_t f
            = static_cast<std::uint8_t>((name | type | core) & (kSComm | kSAiCpu | kSCube));
        // The name decides only when the row has no real type (Level0: "N/A").
        const std::string_view typeText = k.strings.view(k.type[r]);
        const bool typeKnown = !typeText.empty() && !Table::isMissingText(typeText);
        if ((type & kSTransData) || (!typeKnown && (name & kSTransData)))
            f |= kTransData;
        const bool timed = k.start[r] != Table::kMissingNs;
        if (timed)
            f |= kTimed;
        m_flags[r] = f;
        const Interval span { k.start[r], k.start[r] + k.duration[r] };
        if (f & kComm) {
            if (timed)
                comm.push_back(span);
        } else {
            m_computeSum += k.duration[r];
            ++m_computeCount;
            if (timed)
                compute.push_back(span);
        }
    }
    m_compute = IntervalSet::fromUnsorted(std::move(compute));
    m_comm = IntervalSet::fromUnsorted(std::move(comm));
}

} // namespace npuscope
