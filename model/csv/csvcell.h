#pragma once

#include <QString>

namespace npuscope {

// One cell for a CSV line (RFC 4180): quoted when it holds a comma, quote or line break, its
// quotes doubled.
QString csvCell(const QString &text);

} // namespace npuscope
