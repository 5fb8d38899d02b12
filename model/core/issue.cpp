#include "model/core/issue.h"

namespace npuscope {

QString severityName(Severity s)
{
    switch (s) {
    case Severity::Info:
        return QStringLiteral("info");
    case Severity::Warning:
        return QStringLiteral("warning");
    case Severity::Error:
        return QStringLiteral("error");
    }
    return QString();
}

} // namespace npuscope
