#pragma once

#include "analysis/rules/findingchecks.h"
#include "analysis/rules/findings.h"

#include <optional>

namespace npuscope {

// The communication checks of msprof-analyze's advisor, over the rank's communication.json /
// communication_matrix.json (or analysis.db): RankProfile::comm.
std::optional<Finding> findCommByteAlignment(const DetectorInput &in); // comm-byte-alignment
std::optional<Finding> findCommSmallPackets(const DetectorInput &in); // comm-small-packets
std::optional<Finding> findCommBandwidth(const DetectorInput &in); // comm-bandwidth
std::optional<Finding> findCommRetransmission(const DetectorInput &in); // comm-retransmission

// Not checked without the operations (communication.json or analysis.db's CommAnalyzerTime) or,
// for comm-bandwidth, without the links (communication_matrix.json or CommAnalyzerMatrix).
std::optional<MissingData> missingCommOps(const DetectorInput &in);
std::optional<MissingData> missingCommLinks(const DetectorInput &in);

} // namespace npuscope
