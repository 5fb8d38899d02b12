#pragma once

#include "model/annotations/annotations.h"
#include "model/core/types.h"

#include <QWidget>

#include <vector>

class QTreeWidget;

namespace npuscope {

// The annotations of a profile as a list (kind, text, rank, start, length), each row in its
// colour. Activating a row asks to go there; Delete asks to remove the selected ones.
class AnnotationListPanel : public QWidget {
    Q_OBJECT

public:
    explicit AnnotationListPanel(QWidget *parent = nullptr);

    // Start times are shown relative to `origin` (the timeline's).
    void setAnnotations(const std::vector<Annotation> &items, TimeNs origin);
    QTreeWidget *tree() const { return m_tree; }

signals:
    void goToRequested(quint64 id);
    void removeRequested(quint64 id);

protected:
    void keyPressEvent(QKeyEvent *event) override;

private:
    QTreeWidget *m_tree = nullptr;
};

} // namespace npuscope
