#include "widgets/findings/issuespanel.h"

#include "widgets/session/profilesession.h"

#include "widgets/findings/issuesmodel.h"

#include <QAction>
#include <QApplication>
#include <QClipboard>
#include <QHeaderView>
#include <QLabel>
#include <QSortFilterProxyModel>
#include <QTreeView>
#include <QVBoxLayout>

namespace npuscope {

IssuesPanel::IssuesPanel(QWidget *parent)
    : QWidget(parent)
    , m_model(new IssuesModel(this))
    , m_proxy(new QSortFilterProxyModel(this))
    , m_view(new QTreeView(this))
    , m_summary(new QLabel(this))
{
    // A proxy is fine here: issues number in the tens, not the millions of the kernel table.
    m_proxy->setSourceModel(m_model);
    m_proxy->setSortRole(IssuesModel::SortRole);
    m_view->setModel(m_proxy);
    m_view->setRootIsDecorated(false);
    m_view->setAlternatingRowColors(true);
    m_view->setUniformRowHeights(true);
    m_view->setSortingEnabled(true);
    m_view->sortByColumn(IssuesModel::SeverityColumn, Qt::DescendingOrder);
    m_view->setSelectionMode(QAbstractItemView::ExtendedSelection);
    m_view->setTextElideMode(Qt::ElideMiddle);
    m_view->header()->setStretchLastSection(true);
    m_view->setColumnWidth(IssuesModel::SeverityColumn, 100);
    m_view->setColumnWidth(IssuesModel::FileColumn, 180);
    m_view->setColumnWidth(IssuesModel::LocationColumn, 150);

    auto *copy = new QAction(tr("&Copy"), this);
    copy->setShortcut(QKeySequence::Copy);
    copy->setShortcutContext(Qt::WidgetWithChildrenShortcut);
    connect(copy, &QAction::triggered, this, &IssuesPanel::copySelection);
    m_view->addAction(copy);
    m_view->setContextMenuPolicy(Qt::ActionsContextMenu);

    m_summary->setContentsMargins(6, 4, 6, 4);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(0);
    layout->addWidget(m_summary);
    layout->addWidget(m_view);
    setIssues({});
}

IssuesPanel::~IssuesPanel() = default;

void IssuesPanel::setIssues(const IssueList &issues)
{
    m_model->setIssues(issues);
    m_summary->setText(summary());
}

QString IssuesPanel::summary() const
{
    if (m_model->rowCount() == 0)
        return tr("No problems found in the input.");
    return tr("%1 error(s), %2 warning(s), %3 info")
        .arg(m_model->count(Severity::Error))
        .arg(m_model->count(Severity::Warning))
        .arg(m_model->count(Severity::Info));
}

void IssuesPanel::copySelection() const
{
    QStringList lines;
    const QModelIndexList rows = m_view->selectionModel()->selectedRows();
    for (const QModelIndex &proxyIndex : rows) {
        const Issue &issue = m_model->issues().at(m_proxy->mapToSource(proxyIndex).row());
        lines << QStringList { severityName(issue.severity), issue.file, issue.location,
            issue.message }
                     .join(QLatin1Char('\t'));
    }
    if (!lines.isEmpty())
        QApplication::clipboard()->setText(lines.join(QLatin1Char('\n')));
}

void IssuesPanel::setSession(ProfileSession *session)
{
    connect(session, &ProfileSession::issuesChanged, this,
        [this, session]() { setIssues(session->issues()); });
}

} // namespace npuscope
