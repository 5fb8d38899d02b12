#include "widgets/timeline/timelinesearchbar.h"

#include <QCheckBox>
#include <QHBoxLayout>
#include <QKeyEvent>
#include <QLabel>
#include <QLineEdit>
#include <QToolButton>

namespace npuscope {

TimelineSearchBar::TimelineSearchBar(QWidget *parent)
    : QWidget(parent)
    , m_edit(new QLineEdit(this))
    , m_regex(new QCheckBox(tr("Regex"), this))
    , m_status(new QLabel(this))
    , m_previous(new QToolButton(this))
    , m_next(new QToolButton(this))
{
    setAutoFillBackground(true);
    m_edit->setPlaceholderText(tr("Find slices by name"));
    m_edit->setClearButtonEnabled(true);
    m_edit->installEventFilter(this);
    m_previous->setArrowType(Qt::UpArrow);
    m_previous->setToolTip(tr("Previous match (Shift+F3, Shift+Enter)"));
    m_next->setArrowType(Qt::DownArrow);
    m_next->setToolTip(tr("Next match (F3, Enter)"));
    auto *close = new QToolButton(this);
    close->setText(tr("Close"));
    close->setAutoRaise(true);
    close->setToolTip(tr("Close the find bar (Esc)"));

    auto *layout = new QHBoxLayout(this);
    layout->setContentsMargins(6, 3, 6, 3);
    layout->addWidget(new QLabel(tr("Find:"), this));
    m_edit->setMinimumWidth(160);
    m_edit->setMaximumWidth(400);
    layout->addWidget(m_edit, 1);
    layout->addWidget(m_regex);
    layout->addWidget(m_previous);
    layout->addWidget(m_next);
    layout->addWidget(m_status);
    layout->addStretch(1);
    layout->addWidget(close);
    setFocusProxy(m_edit);

    connect(m_edit, &QLineEdit::textChanged, this, &TimelineSearchBar::queryChanged);
    connect(m_regex, &QCheckBox::toggled, this, &TimelineSearchBar::queryChanged);
    connect(m_next, &QToolButton::clicked, this, &TimelineSearchBar::nextRequested);
    connect(m_previous, &QToolButton::clicked, this, &TimelineSearchBar::previousRequested);
    connect(close, &QToolButton::clicked, this, &TimelineSearchBar::closeRequested);
    setStatus(-1, 0, {});
}

QString TimelineSearchBar::query() const { return m_edit->text(); }

void TimelineSearchBar::setQuery(const QString &query) { m_edit->setText(query); }

bool TimelineSearchBar::isRegex() const { return m_regex->isChecked(); }

void TimelineSearchBar::setRegex(bool regex) { m_regex->setChecked(regex); }

void TimelineSearchBar::focusQuery()
{
    show();
    m_edit->setFocus(Qt::ShortcutFocusReason);
    m_edit->selectAll();
}

void TimelineSearchBar::setStatus(int current, int count, const QString &error)
{
    QPalette pal = palette();
    if (!error.isEmpty()) {
        m_status->setText(tr("Invalid pattern"));
        m_status->setToolTip(error);
        pal.setColor(QPalette::WindowText, QColor(0xd0, 0x30, 0x30));
    } else {
        m_status->setToolTip({});
        if (m_edit->text().isEmpty())
            m_status->clear();
        else if (current >= 0)
            m_status->setText(tr("%1 of %n match(es)", nullptr, count).arg(current + 1));
        else
            m_status->setText(tr("%n match(es)", nullptr, count));
    }
    m_status->setPalette(pal);
    layout()->activate(); // the label grows now, not at the next event loop pass
    m_next->setEnabled(count > 0);
    m_previous->setEnabled(count > 0);
}

QString TimelineSearchBar::statusText() const { return m_status->text(); }

bool TimelineSearchBar::handleKey(QKeyEvent *event)
{
    const bool shift = event->modifiers() & Qt::ShiftModifier;
    switch (event->key()) {
    case Qt::Key_Return:
    case Qt::Key_Enter:
    case Qt::Key_F3:
        if (shift)
            emit previousRequested();
        else
            emit nextRequested();
        return true;
    case Qt::Key_Escape:
        emit closeRequested();
        return true;
    default:
        return false;
    }
}

bool TimelineSearchBar::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == m_edit && event->type() == QEvent::KeyPress
        && handleKey(static_cast<QKeyEvent *>(event)))
        return true;
    return QWidget::eventFilter(watched, event);
}

void TimelineSearchBar::keyPressEvent(QKeyEvent *event)
{
    if (!handleKey(event))
        QWidget::keyPressEvent(event);
}

} // namespace npuscope
