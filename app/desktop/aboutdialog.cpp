#include "app/desktop/aboutdialog.h"

#include "model/trace/traceparser.h"

#include <QApplication>
#include <QClipboard>
#include <QDialogButtonBox>
#include <QHBoxLayout>
#include <QIcon>
#include <QLabel>
#include <QPushButton>
#include <QSysInfo>
#include <QTreeWidget>
#include <QVBoxLayout>

#ifndef NPUSCOPE_SIMDJSON_VERSION
#define NPUSCOPE_SIMDJSON_VERSION "unknown"
#endif
#ifndef NPUSCOPE_BUILD_TYPE
#define NPUSCOPE_BUILD_TYPE "unknown"
#endif
#ifndef NPUSCOPE_LICENSE
#define NPUSCOPE_LICENSE "unknown"
#endif

namespace npuscope {

namespace {

    QString compiler()
    {
#if defined(__clang__)
        return QStringLiteral("Clang %1.%2.%3")
            .arg(__clang_major__)
            .arg(__clang_minor__)
            .arg(__clang_patchlevel__);
#elif defined(__GNUC__)
        return QStringLiteral("GCC %1.%2.%3")
            .arg(__GNUC__)
            .arg(__GNUC_MINOR__)
            .arg(__GNUC_PATCHLEVEL__);
#else
        return QStringLiteral("unknown");
#endif
    }

    QString buildType()
    {
        const QString type = QStringLiteral(NPUSCOPE_BUILD_TYPE);
        return type.isEmpty() ? QStringLiteral("default") : type;
    }

} // namespace

QString AboutDialog::versionReport()
{
    QStringList lines;
    lines << QStringLiteral("npuscope: %1").arg(QStringLiteral(NPUSCOPE_VERSION));
    lines << QStringLiteral("Qt: %1 (built with %2)")
                 .arg(QLatin1String(qVersion()), QStringLiteral(QT_VERSION_STR));
    lines << QStringLiteral("simdjson: %1 (parser kernels: %2)")
                 .arg(QStringLiteral(NPUSCOPE_SIMDJSON_VERSION),
                     QLatin1String(TraceSpanParser::simdLevel()));
    lines << QStringLiteral("Build: %1, %2").arg(buildType(), compiler());
    lines << QStringLiteral("Platform: %1, %2")
                 .arg(QSysInfo::prettyProductName(), QSysInfo::currentCpuArchitecture());
    return lines.join(u'\n');
}

QList<std::pair<QString, QString>> AboutDialog::licences()
{
    return {
        { QStringLiteral("npuscope"), QStringLiteral(NPUSCOPE_LICENSE) },
        { QStringLiteral("Qt 6 (Core, Gui, Widgets, Charts, Svg, Network, Concurrent)"),
            QStringLiteral("LGPL-3.0-only OR GPL-2.0-only OR GPL-3.0-only") },
        { QStringLiteral("simdjson"), QStringLiteral("Apache-2.0 OR MIT") },
        { QStringLiteral("Boost (headers)"), QStringLiteral("BSL-1.0") },
        { QStringLiteral("zlib"), QStringLiteral("Zlib") },
    };
}

AboutDialog::AboutDialog(QWidget *parent)
    : QDialog(parent)
{
    setWindowTitle(tr("About npuscope"));
    auto *layout = new QVBoxLayout(this);

    auto *header = new QHBoxLayout;
    auto *icon = new QLabel(this);
    icon->setPixmap(QIcon(QStringLiteral(":/npuscope/icons/npuscope.svg")).pixmap(64, 64));
    header->addWidget(icon, 0, Qt::AlignTop);
    auto *title = new QLabel(
        tr("<h3>npuscope %1</h3><p>A fast, offline viewer and analyser for Ascend (torch_npu) and "
           "PyTorch Kineto training profiles.</p>")
            .arg(QStringLiteral(NPUSCOPE_VERSION)),
        this);
    title->setWordWrap(true);
    header->addWidget(title, 1);
    layout->addLayout(header);

    auto *versions = new QLabel(versionReport(), this);
    versions->setObjectName(QStringLiteral("versions"));
    versions->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(versions);

    layout->addWidget(new QLabel(tr("Licences:"), this));
    auto *licenceList = new QTreeWidget(this);
    licenceList->setObjectName(QStringLiteral("licences"));
    licenceList->setHeaderLabels({ tr("Component"), tr("Licence") });
    licenceList->setRootIsDecorated(false);
    for (const auto &[component, licence] : licences())
        new QTreeWidgetItem(licenceList, { component, licence });
    licenceList->resizeColumnToContents(0);
    licenceList->setMinimumWidth(560);
    licenceList->setMaximumHeight(140);
    layout->addWidget(licenceList);

    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    QPushButton *copy = buttons->addButton(tr("Copy Version Info"), QDialogButtonBox::ActionRole);
    copy->setToolTip(tr("Copy the versions above, for a bug report"));
    connect(copy, &QPushButton::clicked, this,
        []() { QApplication::clipboard()->setText(versionReport()); });
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    layout->addWidget(buttons);
}

} // namespace npuscope
