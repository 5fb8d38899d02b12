#include "app/window/scanresultsview.h"

#include <QDir>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QPushButton>
#include <QStyle>
#include <QTreeWidget>
#include <QVBoxLayout>
#include <QtConcurrent/QtConcurrentRun>

namespace npuscope {

namespace {

    // Sorts by the value kept in Qt::UserRole + 1 (numbers, dates) instead of the display text.
    class ScanItem : public QTreeWidgetItem {
    public:
        using QTreeWidgetItem::QTreeWidgetItem;
        bool operator<(const QTreeWidgetItem &other) const override
        {
            const int column = treeWidget() ? treeWidget()->sortColumn() : 0;
            const QVariant a = data(column, Qt::UserRole + 1);
            const QVariant b = other.data(column, Qt::UserRole + 1);
            if (a.isValid() && b.isValid())
                return QVariant::compare(a, b) == QPartialOrdering::Less;
            return QTreeWidgetItem::operator<(other);
        }
    };

} // namespace

ScanResultsView::ScanResultsView(QWidget *parent)
    : QWidget(parent)
    , m_list(new QTreeWidget(this))
    , m_status(new QLabel(this))
    , m_cancel(new QPushButton(tr("Stop"), this))
{
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    auto *bar = new QHBoxLayout;
    bar->addWidget(m_status, 1);
    bar->addWidget(m_cancel);
    layout->addLayout(bar);
    m_list->setHeaderLabels(
        { tr("Name"), tr("Rank"), tr("Collected"), tr("Size"), tr("Level"), tr("Location") });
    m_list->setRootIsDecorated(false);
    m_list->setUniformRowHeights(true);
    m_list->setAlternatingRowColors(true);
    m_list->setTextElideMode(Qt::ElideMiddle);
    m_list->setSortingEnabled(true);
    m_list->sortByColumn(DateColumn, Qt::DescendingOrder); // newest runs first
    m_list->header()->setStretchLastSection(true);
    m_list->setColumnWidth(NameColumn, 220);
    layout->addWidget(m_list, 1);
    m_status->setForegroundRole(QPalette::PlaceholderText);
    m_status->setWordWrap(true);
    m_cancel->setToolTip(tr("Stop scanning; the profiles found so far stay listed"));
    m_cancel->hide();
    connect(m_cancel, &QPushButton::clicked, this, &ScanResultsView::cancel);
    connect(m_list, &QTreeWidget::itemActivated, this, [this](QTreeWidgetItem *item) {
        emit openRequested(item->data(NameColumn, Qt::UserRole).toString());
    });
}

ScanResultsView::~ScanResultsView()
{
    if (m_watcher) {
        m_watcher->cancel();
        m_watcher->waitForFinished(); // the worker reads no member of ours, but ends with us
    }
}

QString ScanResultsView::formatBytes(qint64 bytes)
{
    return QLocale().formattedDataSize(bytes, 1, QLocale::DataSizeTraditionalFormat);
}

bool ScanResultsView::isScanning() const { return m_watcher && m_watcher->isRunning(); }

void ScanResultsView::scan(const QString &root)
{
    if (m_watcher) {
        m_watcher->disconnect(this); // stale: its late results must not land in the new list
        m_watcher->cancel();
        connect(
            m_watcher, &QFutureWatcher<FoundProfile>::finished, m_watcher, &QObject::deleteLater);
        m_watcher = nullptr;
    }
    m_root = QDir::cleanPath(root);
    m_list->clear();
    m_watcher = new QFutureWatcher<FoundProfile>(this);
    connect(m_watcher, &QFutureWatcher<FoundProfile>::resultsReadyAt, this,
        &ScanResultsView::addResults);
    connect(m_watcher, &QFutureWatcher<FoundProfile>::finished, this, &ScanResultsView::onFinished);
    m_watcher->setFuture(QtConcurrent::run(&ProfileScanner::scan, m_root));
    m_cancel->show();
    updateStatus();
}

void ScanResultsView::cancel()
{
    if (m_watcher)
        m_watcher->cancel();
}

void ScanResultsView::addResults(int begin, int end)
{
    m_list->setSortingEnabled(false); // one sort after the batch, not one per row
    for (int i = begin; i < end; ++i) {
        const FoundProfile found = m_watcher->resultAt(i);
        const QFileInfo info(found.path);
        auto *item = new ScanItem(m_list);
        item->setText(NameColumn, info.fileName());
        item->setData(NameColumn, Qt::UserRole, found.path);
        item->setIcon(NameColumn,
            style()->standardIcon(found.kineto ? QStyle::SP_FileIcon : QStyle::SP_DirIcon));
        if (found.ranks > 1)
            item->setText(RankColumn, tr("all %1").arg(found.ranks));
        else
            item->setText(
                RankColumn, found.rank >= 0 ? QString::number(found.rank) : QStringLiteral("–"));
        item->setData(RankColumn, Qt::UserRole + 1, found.rank);
        item->setText(DateColumn, QLocale().toString(found.date, QLocale::ShortFormat));
        item->setData(DateColumn, Qt::UserRole + 1, found.date);
        item->setText(SizeColumn, formatBytes(found.bytes));
        item->setData(SizeColumn, Qt::UserRole + 1, found.bytes);
        item->setTextAlignment(SizeColumn, Qt::AlignRight | Qt::AlignVCenter);
        item->setText(LevelColumn, found.level);
        item->setText(LocationColumn, QDir::toNativeSeparators(info.absolutePath()));
        item->setToolTip(NameColumn,
            found.ranks > 1 ? tr("%1\nOpens all %2 ranks of this run")
                                  .arg(QDir::toNativeSeparators(found.path))
                                  .arg(found.ranks)
                            : QDir::toNativeSeparators(found.path));
        item->setToolTip(LocationColumn, QDir::toNativeSeparators(found.path));
    }
    m_list->setSortingEnabled(true);
    for (int column : { RankColumn, DateColumn, SizeColumn, LevelColumn })
        m_list->resizeColumnToContents(column);
    updateStatus();
}

void ScanResultsView::onFinished()
{
    m_cancel->hide();
    updateStatus();
    emit finished();
}

void ScanResultsView::updateStatus()
{
    const QString root = QDir::toNativeSeparators(m_root);
    const int count = m_list->topLevelItemCount();
    if (isScanning())
        m_status->setText(tr("Scanning %1… %n profile(s) found", nullptr, count).arg(root));
    else if (m_watcher && m_watcher->isCanceled())
        m_status->setText(tr("Scan of %1 stopped: %n profile(s) found", nullptr, count).arg(root));
    else if (count == 0)
        m_status->setText(tr("No profiles found in %1.").arg(root));
    else
        m_status->setText(tr("%n profile(s) found in %1.", nullptr, count).arg(root));
}

} // namespace npuscope
