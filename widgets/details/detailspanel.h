#pragma once

#include "model/profile/profile.h"

#include <QWidget>

#include <memory>

class QJsonValue;
class QLabel;
class QTreeWidget;
class QTreeWidgetItem;

namespace npuscope {

class ProfileSession;

// Everything known about the selection: the trace event's fields, its args (read from the file
// only now, when it is selected) and the kernel table row joined to it.
class DetailsPanel : public QWidget {
    Q_OBJECT

public:
    explicit DetailsPanel(QWidget *parent = nullptr);
    ~DetailsPanel() override;

    // Times are shown relative to `baseTime` (the start of the trace).
    void setRank(std::shared_ptr<const RankProfile> rank, TimeNs baseTime);
    // Shows the event, and its kernel row when the join found one.
    void showTraceEvent(EventRef ref);
    // Shows a kernel row, and its trace event when joined.
    void showKernelRow(qint32 row);
    void clear();
    // Follows the session: its rank (not a preview) and its selected event.
    void setSession(ProfileSession *session);

    QTreeWidget *tree() const { return m_tree; }
    // "Section/Field<TAB>Value" lines of what is shown (tests, copy).
    QString toText() const;

private:
    QTreeWidgetItem *addSection(const QString &title);
    QTreeWidgetItem *addField(QTreeWidgetItem *parent, const QString &field, const QString &value);
    void addLines(QTreeWidgetItem *item, const QString &text);
    void addJson(QTreeWidgetItem *parent, const QString &key, const QJsonValue &value);
    void fillEvent(EventRef ref);
    void fillArgs(EventRef ref);
    void fillKernel(qint32 row);
    void showMenu(const QPoint &pos);
    void copyCurrent() const;

    std::shared_ptr<const RankProfile> m_rank;
    TimeNs m_base = 0;
    QLabel *m_title = nullptr;
    QTreeWidget *m_tree = nullptr;
};

} // namespace npuscope
