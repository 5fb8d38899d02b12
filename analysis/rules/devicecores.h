#pragma once

#include "model/profile/profile.h"

#include <QString>

namespace npuscope {

// The core counts a task's Block Dim is judged against: facts of the device, never a guess from
// the Block Dims themselves (a damaged row or a MIX task's 48 vector blocks would pass for the
// AI Core count).
struct DeviceCores {
    DeviceCores(int cubeCores = 0, int vectorCores = 0)
        : cube(cubeCores)
        , vector(vectorCores)
    {
    }
    int cube = 0; // AI Cores (cube units); 0: unknown
    int vector = 0; // vector cores (AI_VECTOR_CORE tasks, MIX tasks' vector part); 0: unknown
    QString source; // where the counts come from (translated); empty when the caller gave them
    QString unknownReason; // cube == 0: why they are unknown (translated)

    bool known() const { return cube > 0; }
};

// `configured` (> 0) AI Cores as given, else NPU_INFO's count, else the chip table for the chip
// NPU_INFO names (model/profile/ascendchip.h); the vector cores from the chip table.
DeviceCores deviceCores(const RankProfile &rank, int configured = 0);

} // namespace npuscope
