#pragma once

#include "model/core/types.h"

#include <QColor>
#include <QCoreApplication>
#include <QString>

#include <cstdint>
#include <string_view>
#include <utility>
#include <vector>

namespace npuscope {

class Trace;
struct Event;

// Name: a hash of the event name. Category: of its category. AcceleratorCore: device kernels by
// the unit they ran on (the kernel table's Accelerator Core), everything else grey.
enum class TimelineColorMode : std::uint8_t { Name, Category, AcceleratorCore };

// What a device kernel ran on, for TimelineColorMode::AcceleratorCore.
enum class CoreClass : std::uint8_t {
    None,
    Cube,
    Vector,
    Mix,
    AiCpu,
    Communication,
    Memory,
    Other
};

// Slice colours: a stable hash of the name (or category) picks one of kPaletteSize colours, so
// the same kernel has the same colour in every run, on every machine and in every session.
// Colour indices are small integers so that the painter can batch rectangles per colour.
class TimelineColors {
    Q_DECLARE_TR_FUNCTIONS(npuscope::TimelineColors)

public:
    // Tableau-20-like hues: distinct, medium lightness, readable on light and dark palettes.
    static constexpr int kPaletteSize = 20;
    // Index space: [0, kPaletteSize) plain slices, then the same hues for folded runs, then a
    // neutral grey (events that are not kernels in AcceleratorCore mode) and its folded shade.
    static constexpr int kNeutralIndex = 2 * kPaletteSize;
    static constexpr int kColorCount = 2 * kPaletteSize + 2;

    TimelineColors();

    // Precomputes the colour of every interned string of the trace (O(strings)).
    void setTrace(const Trace *trace);
    void setMode(TimelineColorMode mode) { m_mode = mode; }
    TimelineColorMode mode() const { return m_mode; }

    // Per track (Trace::tracks index), the CoreClass of each event; tracks without kernels may
    // be left empty. Used in TimelineColorMode::AcceleratorCore.
    void setCoreClasses(std::vector<std::vector<CoreClass>> classes);
    bool hasCoreClasses() const { return !m_coreClasses.empty(); }
    static std::uint16_t coreClassIndex(CoreClass c); // palette index of a class
    static QString coreClassName(CoreClass c);
    // (name, palette index) of the classes present, for a legend.
    std::vector<std::pair<QString, int>> coreLegend() const;

    std::uint16_t colorIndex(EventRef ref, const Event &e) const;
    static std::uint16_t foldedIndex(std::uint16_t index);

    const QColor &color(int index) const { return m_colors[static_cast<std::size_t>(index)]; }
    const QColor &textColor(int index) const { return m_text[static_cast<std::size_t>(index)]; }

    // FNV-1a: stable across runs and platforms, unlike qHash (seeded per process).
    static std::uint32_t stableHash(std::string_view text);
    static std::uint16_t paletteIndex(std::string_view text);

private:
    std::uint16_t indexOf(StringId id) const;

    TimelineColorMode m_mode = TimelineColorMode::Name;
    std::vector<std::vector<CoreClass>> m_coreClasses;
    std::vector<std::uint8_t> m_byString; // palette index per StringId
    std::vector<QColor> m_colors;
    std::vector<QColor> m_text;
};

} // namespace npuscope
