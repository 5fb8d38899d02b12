#pragma once

#include "model/profile/rankcomm.h"

#include <QJsonObject>

#include <vector>

namespace npuscope {

// A rank's communication back in the shape of the profiler's files, whichever file or database
// it was read from: communication.json (step -> kind -> "<op>@<group>" -> "Communication Time
// Info" and "Communication Bandwidth Info") and communication_matrix.json (step -> kind ->
// "<op>@<group>" -> "src-dst" -> link). readCommunicationJson() and
// readCommunicationMatrixJson() read them back to the same operations and links, in the order
// they give for the files themselves. `report --json` carries a rank's communication this way.
QJsonObject communicationJson(const std::vector<CommOperation> &ops);
QJsonObject communicationMatrixJson(const std::vector<CommLink> &links);

} // namespace npuscope
