#include "app/window/annotationcontroller.h"

#include <QUndoCommand>
#include <QUndoStack>

namespace npuscope {

// One change: the whole set before and after. Sets hold a handful of small items, so a
// snapshot is simpler and safer than inverse operations.
class AnnotationSnapshotCommand : public QUndoCommand {
public:
    AnnotationSnapshotCommand(AnnotationController *controller, AnnotationSet before,
        AnnotationSet after, const QString &text)
        : QUndoCommand(text)
        , m_controller(controller)
        , m_before(std::move(before))
        , m_after(std::move(after))
    {
    }
    void undo() override { m_controller->apply(m_before); }
    void redo() override { m_controller->apply(m_after); }

private:
    AnnotationController *m_controller;
    AnnotationSet m_before;
    AnnotationSet m_after;
};

AnnotationController::AnnotationController(QObject *parent, const QString &dataDir)
    : QObject(parent)
    , m_store(dataDir)
    , m_undo(new QUndoStack(this))
{
}

AnnotationController::~AnnotationController() = default;

void AnnotationController::setProfile(const QString &path)
{
    m_undo->clear();
    m_profilePath = path;
    m_set = AnnotationSet();
    m_lastError.clear();
    if (!path.isEmpty()) {
        const AnnotationSet::ReadResult result = m_store.load(path, &m_set);
        if (!result.ok) {
            // Keep the damaged file: saving over it would lose what a newer npuscope wrote.
            m_lastError = result.error;
            m_profilePath.clear();
            emit problem(result.error);
        } else if (!result.warnings.isEmpty()) {
            emit problem(result.warnings.join(QLatin1Char('\n')));
        }
    }
    emit changed();
}

void AnnotationController::apply(const AnnotationSet &set)
{
    m_set = set;
    save();
    emit changed();
}

void AnnotationController::push(const AnnotationSet &after, const QString &text)
{
    m_undo->push(new AnnotationSnapshotCommand(this, m_set, after, text));
}

void AnnotationController::save()
{
    if (m_profilePath.isEmpty())
        return;
    QString error;
    if (!m_store.save(m_profilePath, m_set, &error)) {
        m_lastError = error;
        emit problem(error);
    }
}

quint64 AnnotationController::add(const Annotation &a)
{
    AnnotationSet after = m_set;
    const quint64 id = after.add(a);
    push(after, tr("Add %1").arg(AnnotationSet::kindLabel(a.kind)));
    return id;
}

bool AnnotationController::update(const Annotation &a)
{
    const Annotation *old = m_set.find(a.id);
    if (!old || *old == a)
        return false;
    AnnotationSet after = m_set;
    *after.find(a.id) = a;
    push(after, tr("Edit %1").arg(AnnotationSet::kindLabel(a.kind)));
    return true;
}

bool AnnotationController::remove(quint64 id)
{
    const Annotation *old = m_set.find(id);
    if (!old)
        return false;
    AnnotationSet after = m_set;
    const QString text = tr("Delete %1").arg(AnnotationSet::kindLabel(old->kind));
    after.remove(id);
    push(after, text);
    return true;
}

bool AnnotationController::importFile(const QString &path, QString *error)
{
    AnnotationSet read;
    const AnnotationSet::ReadResult result = AnnotationStore::readFile(path, &read);
    if (!result.ok) {
        *error = result.error;
        return false;
    }
    if (!result.warnings.isEmpty())
        emit problem(result.warnings.join(QLatin1Char('\n')));
    AnnotationSet after = m_set;
    for (Annotation a : read.items) {
        a.id = 0; // new ids: never collide with ours
        after.add(a);
    }
    push(after, tr("Import %n annotation(s)", nullptr, static_cast<int>(read.items.size())));
    return true;
}

bool AnnotationController::exportFile(const QString &path, QString *error) const
{
    AnnotationSet copy = m_set;
    copy.profilePath = AnnotationStore::canonicalProfilePath(m_profilePath);
    return AnnotationStore::writeFile(path, copy, error);
}

} // namespace npuscope
