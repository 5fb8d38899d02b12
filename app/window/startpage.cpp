#include "app/window/startpage.h"

#include "app/window/recentfiles.h"
#include "app/window/scanresultsview.h"

#include <QApplication>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QStyle>
#include <QTreeWidget>
#include <QVBoxLayout>

namespace npuscope {

namespace {

    // A readable line length for the centred column of the page.
    constexpr int kColumnWidth = 720;

    QLabel *makeLabel(const QString &text, qreal scale, bool bold, QWidget *parent)
    {
        auto *label = new QLabel(text, parent);
        QFont font = label->font();
        font.setPointSizeF(font.pointSizeF() * scale);
        font.setBold(bold);
        label->setFont(font);
        label->setWordWrap(true);
        return label;
    }

} // namespace

StartPage::StartPage(RecentFiles *recent, QWidget *parent)
    : QWidget(parent)
    , m_recent(recent)
    , m_list(new QTreeWidget(this))
{
    auto *column = new QWidget(this);
    column->setMaximumWidth(kColumnWidth);
    auto *layout = new QVBoxLayout(column);
    layout->setSpacing(10);
    layout->addLayout(createHeader(column));
    layout->addLayout(createButtons(column));
    layout->addSpacing(12);
    layout->addWidget(makeLabel(tr("Recent profiles"), 1.15, true, column));
    m_list->setColumnCount(2);
    m_list->setHeaderLabels({ tr("Name"), tr("Location") });
    m_list->setRootIsDecorated(false);
    m_list->setUniformRowHeights(true);
    m_list->setAlternatingRowColors(true);
    m_list->setTextElideMode(Qt::ElideMiddle);
    m_list->header()->setStretchLastSection(true);
    m_list->setColumnWidth(0, 220);
    layout->addWidget(m_list, 10);
    m_emptyLabel = new QLabel(tr("No recent profiles yet."), column);
    m_emptyLabel->setForegroundRole(QPalette::PlaceholderText);
    layout->addWidget(m_emptyLabel);
    QLabel *hint = new QLabel(
        tr("Tip: drop a profile folder or a trace file anywhere on this window."), column);
    hint->setForegroundRole(QPalette::PlaceholderText);
    layout->addWidget(hint);
    m_scanTitle = makeLabel(QString(), 1.15, true, column);
    m_scanTitle->hide();
    layout->addWidget(m_scanTitle);
    m_scan = new ScanResultsView(column);
    m_scan->hide();
    layout->addWidget(m_scan, 10);
    layout->addStretch(1); // keeps the column at the top when the list is hidden

    auto *outer = new QHBoxLayout(this);
    outer->setContentsMargins(24, 40, 24, 24);
    outer->addStretch(1);
    outer->addWidget(column, 4);
    outer->addStretch(1);

    connect(m_list, &QTreeWidget::itemActivated, this, [this](QTreeWidgetItem *item) {
        emit openRequested(item->data(0, Qt::UserRole).toString());
    });
    connect(m_recent, &RecentFiles::changed, this, &StartPage::refresh);
    connect(m_scan, &ScanResultsView::openRequested, this, &StartPage::openRequested);
    refresh();
}

void StartPage::scanFolder(const QString &root)
{
    m_scanTitle->setText(tr("Profiles in %1").arg(QDir(root).dirName()));
    m_scanTitle->setToolTip(QDir::toNativeSeparators(root));
    m_scanTitle->show();
    m_scan->show();
    m_scan->scan(root);
}

QLayout *StartPage::createHeader(QWidget *column)
{
    auto *header = new QHBoxLayout;
    auto *icon = new QLabel(column);
    icon->setPixmap(QApplication::windowIcon().pixmap(64, 64));
    header->addWidget(icon);
    auto *titles = new QVBoxLayout;
    titles->addWidget(makeLabel(tr("npuscope"), 2.0, true, column));
    QLabel *subtitle = makeLabel(
        tr("Open an Ascend (torch_npu) profiler folder, a trace_view.json or a PyTorch Kineto "
           "trace to see where every millisecond of a training step goes."),
        1.0, false, column);
    subtitle->setForegroundRole(QPalette::PlaceholderText);
    titles->addWidget(subtitle);
    header->addLayout(titles, 1);
    return header;
}

QLayout *StartPage::createButtons(QWidget *column)
{
    auto *buttons = new QHBoxLayout;
    auto *openFolder = new QPushButton(tr("Open Folder…"), column);
    auto *openFile = new QPushButton(tr("Open File…"), column);
    auto *scan = new QPushButton(tr("Scan Folder…"), column);
    scan->setToolTip(
        tr("Find every profile below a folder: Ascend rank folders and Kineto traces"));
    auto *demo = new QPushButton(tr("Open Demo Profile"), column);
    openFolder->setDefault(true);
    buttons->addWidget(openFolder);
    buttons->addWidget(openFile);
    buttons->addWidget(scan);
    buttons->addWidget(demo);
    buttons->addStretch();
    connect(openFolder, &QPushButton::clicked, this, &StartPage::openFolderRequested);
    connect(openFile, &QPushButton::clicked, this, &StartPage::openFileRequested);
    connect(demo, &QPushButton::clicked, this, &StartPage::demoRequested);
    connect(scan, &QPushButton::clicked, this, [this]() {
        const QString start = m_scan->root().isEmpty()
            ? QFileInfo(m_recent->paths().value(0, QDir::homePath())).absolutePath()
            : m_scan->root();
        const QString root
            = QFileDialog::getExistingDirectory(this, tr("Scan Folder for Profiles"), start);
        if (!root.isEmpty())
            scanFolder(root);
    });
    return buttons;
}

StartPage::~StartPage() = default;

void StartPage::showEvent(QShowEvent *event)
{
    QWidget::showEvent(event);
    refresh(); // another window may have opened profiles meanwhile
}

void StartPage::refresh()
{
    m_list->clear();
    const QStringList paths = m_recent->paths();
    for (const QString &path : paths) {
        const QFileInfo info(path);
        auto *item = new QTreeWidgetItem(m_list, { info.fileName(), info.absolutePath() });
        item->setData(0, Qt::UserRole, path);
        item->setToolTip(0, path);
        item->setToolTip(1, path);
        item->setIcon(
            0, style()->standardIcon(info.isDir() ? QStyle::SP_DirIcon : QStyle::SP_FileIcon));
        if (!info.exists()) {
            item->setForeground(0, palette().brush(QPalette::Disabled, QPalette::Text));
            item->setForeground(1, palette().brush(QPalette::Disabled, QPalette::Text));
            item->setToolTip(0, tr("%1 (not found)").arg(path));
        }
    }
    m_list->setVisible(!paths.isEmpty());
    m_emptyLabel->setVisible(paths.isEmpty());
}

} // namespace npuscope
