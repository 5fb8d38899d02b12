#pragma once

#include <QDialog>

namespace npuscope {

// Help > About: what npuscope is, the versions it runs with (for bug reports, with a copy
// button), and the licences of npuscope and the libraries it ships with.
class AboutDialog : public QDialog {
    Q_OBJECT

public:
    explicit AboutDialog(QWidget *parent = nullptr);

    // "name: value" lines: npuscope, Qt (run time and build), simdjson and the parser kernels in
    // use, build type, compiler, platform. Plain text, untranslated keys: pasted into bug reports.
    static QString versionReport();

    // The component licences shown in the dialog, as (component, SPDX licence) pairs.
    static QList<std::pair<QString, QString>> licences();
};

} // namespace npuscope
