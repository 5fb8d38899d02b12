#pragma once

#include "model/core/issue.h"

#include <QWidget>

class QLabel;
class QSortFilterProxyModel;
class QTreeView;

namespace npuscope {

class ProfileSession;

class IssuesModel;

// The "Input issues" panel: every problem the loaders found, sortable, with a summary line.
class IssuesPanel : public QWidget {
    Q_OBJECT

public:
    explicit IssuesPanel(QWidget *parent = nullptr);
    ~IssuesPanel() override;

    void setIssues(const IssueList &issues);
    // Lists the session's issues (its profile's, and those of ranks opened since).
    void setSession(ProfileSession *session);
    IssuesModel *model() const { return m_model; }
    QTreeView *view() const { return m_view; }
    QString summary() const; // "2 errors, 3 warnings, 1 info"

private:
    void copySelection() const;

    IssuesModel *m_model = nullptr;
    QSortFilterProxyModel *m_proxy = nullptr;
    QTreeView *m_view = nullptr;
    QLabel *m_summary = nullptr;
};

} // namespace npuscope
