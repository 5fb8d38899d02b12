#include "widgets/timeline/timelinecolors.h"

#include "model/core/trace.h"

namespace npuscope {

namespace {

    // Tableau 20 (a palette designed for categorical data) with its two greys swapped for hues,
    // since grey reads as "idle" or "disabled" on a timeline.
    constexpr QRgb kPalette[TimelineColors::kPaletteSize] = {
        0x4E79A7,
        0xA0CBE8,
        0xF28E2B,
        0xFFBE7D,
        0x59A14F,
        0x8CD17D,
        0xB6992D,
        0xF1CE63,
        0x499894,
        0x86BCB6,
        0xE15759,
        0xFF9D9A,
        0x8E7CC3,
        0x58A6B8,
        0xD37295,
        0xFABFD2,
        0xB07AA1,
        0xD4A6C8,
        0x9D7660,
        0xD7B5A6,
    };

    // Relative luminance above which dark text is more readable than white (WCAG contrast of
    // black and white text cross over near 0.18; 0.45 on gamma-encoded values keeps mid tones
    // white).
    constexpr double kDarkTextLuminance = 0.45;

    double luminance(const QColor &c)
    {
        return 0.2126 * c.redF() + 0.7152 * c.greenF() + 0.0722 * c.blueF();
    }

    QColor folded(const QColor &c)
    {
        // Folded runs keep their hue but are desaturated, so "many events" reads differently from
        // one long slice.
        float h, s, l, a;
        c.getHslF(&h, &s, &l, &a);
        return QColor::fromHslF(h, s * 0.45f, l * 0.9f + 0.05f, a);
    }

} // namespace

TimelineColors::TimelineColors()
{
    m_colors.resize(kColorCount);
    m_text.resize(kColorCount);
    for (int i = 0; i < kPaletteSize; ++i) {
        m_colors[static_cast<std::size_t>(i)] = QColor::fromRgb(kPalette[i]);
        m_colors[static_cast<std::size_t>(i + kPaletteSize)] = folded(QColor::fromRgb(kPalette[i]));
    }
    m_colors[kNeutralIndex] = QColor(0xB8, 0xB8, 0xBC);
    m_colors[kNeutralIndex + 1] = QColor(0xCF, 0xCF, 0xD2);
    for (std::size_t i = 0; i < m_colors.size(); ++i)
        m_text[i] = luminance(m_colors[i]) > kDarkTextLuminance ? QColor(0x1d, 0x1d, 0x1f)
                                                                : QColor(Qt::white);
}

void TimelineColors::setTrace(const Trace *trace)
{
    m_byString.clear();
    if (!trace)
        return;
    const std::size_t n = trace->strings.size();
    m_byString.resize(n);
    for (std::size_t i = 0; i < n; ++i)
        m_byString[i] = static_cast<std::uint8_t>(
            paletteIndex(trace->strings.view(StringId(static_cast<std::uint32_t>(i)))));
}

std::uint16_t TimelineColors::indexOf(StringId id) const
{
    if (id.value < m_byString.size())
        return m_byString[id.value];
    return 0;
}

std::uint16_t TimelineColors::colorIndex(EventRef ref, const Event &e) const
{
    if (m_mode == TimelineColorMode::Name)
        return indexOf(e.name);
    if (m_mode == TimelineColorMode::AcceleratorCore && ref.track.value < m_coreClasses.size()) {
        const auto &classes = m_coreClasses[ref.track.value];
        if (ref.index < classes.size() && classes[ref.index] != CoreClass::None)
            return coreClassIndex(classes[ref.index]);
    }
    // Not a kernel: grey, so that only the legend's colours stand out.
    if (m_mode == TimelineColorMode::AcceleratorCore)
        return kNeutralIndex;
    return indexOf(e.category);
}

void TimelineColors::setCoreClasses(std::vector<std::vector<CoreClass>> classes)
{
    m_coreClasses = std::move(classes);
}

std::uint16_t TimelineColors::coreClassIndex(CoreClass c)
{
    // Fixed hues (indices into kPalette) that read as the unit: blue cube, green vector, purple
    // mixed, red AI_CPU (the slow fallback), orange communication, teal copies.
    switch (c) {
    case CoreClass::Cube:
        return 0;
    case CoreClass::Vector:
        return 4;
    case CoreClass::Mix:
        return 12;
    case CoreClass::AiCpu:
        return 10;
    case CoreClass::Communication:
        return 2;
    case CoreClass::Memory:
        return 8;
    case CoreClass::Other:
    case CoreClass::None:
        break;
    }
    return 6;
}

QString TimelineColors::coreClassName(CoreClass c)
{
    switch (c) {
    case CoreClass::Cube:
        return tr("Cube (AI_CORE)");
    case CoreClass::Vector:
        return tr("Vector (AI_VECTOR_CORE)");
    case CoreClass::Mix:
        return tr("Mixed (MIX_AIC/AIV)");
    case CoreClass::AiCpu:
        return tr("AI_CPU");
    case CoreClass::Communication:
        return tr("Communication");
    case CoreClass::Memory:
        return tr("Memory copy");
    case CoreClass::Other:
    case CoreClass::None:
        break;
    }
    return tr("Other device task");
}

std::vector<std::pair<QString, int>> TimelineColors::coreLegend() const
{
    bool present[8] = {};
    for (const auto &track : m_coreClasses)
        for (CoreClass c : track)
            present[static_cast<int>(c)] = true;
    std::vector<std::pair<QString, int>> legend;
    for (int c = 1; c < 8; ++c)
        if (present[c])
            legend.emplace_back(coreClassName(CoreClass(c)), coreClassIndex(CoreClass(c)));
    return legend;
}

std::uint16_t TimelineColors::foldedIndex(std::uint16_t index)
{
    if (index == kNeutralIndex)
        return kNeutralIndex + 1;
    return index < kPaletteSize ? static_cast<std::uint16_t>(index + kPaletteSize) : index;
}

std::uint32_t TimelineColors::stableHash(std::string_view text)
{
    std::uint32_t h = 2166136261u;
    for (char c : text) {
        h ^= static_cast<unsigned char>(c);
        h *= 16777619u;
    }
    return h;
}

std::uint16_t TimelineColors::paletteIndex(std::string_view text)
{
    // Final avalanche so that names differing in the last character land far apart.
    std::uint32_t h = stableHash(text);
    h ^= h >> 15;
    h *= 0x2c1b3c6du;
    h ^= h >> 12;
    return static_cast<std::uint16_t>(h % kPaletteSize);
}

} // namespace npuscope
