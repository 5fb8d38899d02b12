#pragma once

#include <QCoreApplication>
#include <QString>
#include <QStringList>

namespace npuscope {

// Every way to run npuscope, one synopsis line each: the GUI and each headless command.
// `npuscope --help` prints them and the README's "Use" section shows the same lines (tst_usage
// compares the two), so that a newcomer finds compare and export as well as report.
class Usage {
    Q_DECLARE_TR_FUNCTIONS(npuscope::Usage)

public:
    // "npuscope report PATH [--json | --html OUT_DIR]   findings, kernels ...": the command's
    // form, then what it does, in aligned columns.
    static QStringList synopsis();
    // The application description of --help: one line on what npuscope is, then the synopsis
    // under "Commands:".
    static QString description();
};

} // namespace npuscope
