#pragma once

#include "analysis/rules/devicecores.h"
#include "model/profile/profilermetadata.h"

#include <QJsonObject>

namespace npuscope {

// report --json's "metadata" of a rank: profiler_metadata.json (or META_DATA) as read.
QJsonObject metadataJson(const ProfilerMetadata &metadata);
// report --json's "device": the chip and the core counts the Block Dim checks used.
QJsonObject deviceJson(const QString &npuName, const DeviceCores &cores);

} // namespace npuscope
