#include "widgets/annotations/annotationlistpanel.h"

#include "model/core/durationtext.h"
#include "widgets/timeline/timeaxis.h"

#include <QHeaderView>
#include <QKeyEvent>
#include <QPainter>
#include <QTreeWidget>
#include <QVBoxLayout>

namespace npuscope {

namespace {
    constexpr int kIdRole = Qt::UserRole + 1;

    QIcon swatch(const QString &color)
    {
        QPixmap pixmap(12, 12);
        pixmap.fill(Qt::transparent);
        QPainter p(&pixmap);
        p.setPen(Qt::NoPen);
        p.setBrush(QColor(color));
        p.drawRoundedRect(QRectF(1, 1, 10, 10), 2, 2);
        return QIcon(pixmap);
    }
} // namespace

AnnotationListPanel::AnnotationListPanel(QWidget *parent)
    : QWidget(parent)
    , m_tree(new QTreeWidget(this))
{
    m_tree->setRootIsDecorated(false);
    m_tree->setUniformRowHeights(true);
    m_tree->setSelectionMode(QAbstractItemView::ExtendedSelection);
    m_tree->setHeaderLabels(
        { tr("Annotation"), tr("Kind"), tr("Rank"), tr("Start"), tr("Length") });
    m_tree->header()->setStretchLastSection(false);
    m_tree->header()->setSectionResizeMode(0, QHeaderView::Stretch);
    m_tree->setToolTip(tr("Double-click or Enter: go there. Delete: remove."));
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_tree);
    connect(m_tree, &QTreeWidget::itemActivated, this, [this](QTreeWidgetItem *item) {
        emit goToRequested(item->data(0, kIdRole).toULongLong());
    });
}

void AnnotationListPanel::setAnnotations(const std::vector<Annotation> &items, TimeNs origin)
{
    const QTreeWidgetItem *current = m_tree->currentItem();
    const quint64 currentId = current ? current->data(0, kIdRole).toULongLong() : 0;
    m_tree->clear();
    std::vector<const Annotation *> sorted;
    for (const Annotation &a : items)
        sorted.push_back(&a);
    std::stable_sort(sorted.begin(), sorted.end(),
        [](const Annotation *a, const Annotation *b) { return a->start < b->start; });
    for (const Annotation *a : sorted) {
        auto *item = new QTreeWidgetItem(m_tree);
        item->setText(0, a->text.isEmpty() ? tr("(no text)") : a->text);
        item->setIcon(0, swatch(a->color));
        item->setText(1, AnnotationSet::kindLabel(a->kind));
        item->setText(2, a->rank < 0 ? QString() : QString::number(a->rank));
        item->setText(3, formatDuration(a->start - origin));
        item->setText(4, a->end > a->start ? formatDuration(a->end - a->start) : QString());
        item->setData(0, kIdRole, a->id);
        for (int c = 2; c <= 4; ++c)
            item->setTextAlignment(c, Qt::AlignRight | Qt::AlignVCenter);
        if (a->id == currentId)
            m_tree->setCurrentItem(item);
    }
}

void AnnotationListPanel::keyPressEvent(QKeyEvent *event)
{
    if (event->key() == Qt::Key_Delete || event->key() == Qt::Key_Backspace) {
        for (QTreeWidgetItem *item : m_tree->selectedItems())
            emit removeRequested(item->data(0, kIdRole).toULongLong());
        return;
    }
    QWidget::keyPressEvent(event);
}

} // namespace npuscope
