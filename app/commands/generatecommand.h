#pragma once

#include <QStringList>

namespace npuscope {

// npuscope generate OUT_DIR [--events N] [--ranks R] [--seed S] [--steps K] [--plant LIST]
//                   [--format text|db|both]
int runGenerateCommand(const QStringList &arguments);

} // namespace npuscope
