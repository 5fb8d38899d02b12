#pragma once

#include <QList>
#include <QString>

#include <optional>

namespace npuscope {

// What an Ascend chip has, by the name the profile records (NPU_INFO's name, "Ascend910B1").
struct AscendChip {
    QString name; // as in the table: "Ascend910B1"
    int cubeCores = 0; // AI Cores (AIC, the cube units; on 910A-class chips cube and vector in one)
    // Vector cores that run AI_VECTOR_CORE tasks and the vector half of MIX tasks (AIV); 0 where
    // the chip has none of its own (910A-class: the AI Core does both).
    int vectorCores = 0;
};

// The chip of that name (case and spaces ignored), or nullopt when the name is not in the table or
// names a family whose members differ ("Ascend910B": 20 or 24 AI Cores by model).
std::optional<AscendChip> ascendChip(QStringView name);
// For a family name that ascendChip() does not resolve: its members' AI Core counts, ascending
// ({20, 24} for "Ascend910B"); empty for an unknown name.
QList<int> ascendChipFamilyCores(QStringView name);

} // namespace npuscope
