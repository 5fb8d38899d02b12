#pragma once

#include <QWidget>

class QCheckBox;
class QLabel;
class QLineEdit;
class QToolButton;

namespace npuscope {

// The find bar of the timeline (Ctrl+F): query, regex switch, match count, next / previous.
// Holds no search state of its own; TimelineView runs the search and reports the count back.
class TimelineSearchBar : public QWidget {
    Q_OBJECT

public:
    explicit TimelineSearchBar(QWidget *parent = nullptr);

    QString query() const;
    void setQuery(const QString &query);
    bool isRegex() const;
    void setRegex(bool regex);
    void focusQuery(); // shows the bar, focuses and selects the query
    // current: 0-based index of the selected match, or -1.
    void setStatus(int current, int count, const QString &error);
    QString statusText() const;

signals:
    void queryChanged();
    void nextRequested();
    void previousRequested();
    void closeRequested();

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;
    void keyPressEvent(QKeyEvent *event) override;

private:
    bool handleKey(QKeyEvent *event);

    QLineEdit *m_edit = nullptr;
    QCheckBox *m_regex = nullptr;
    QLabel *m_status = nullptr;
    QToolButton *m_previous = nullptr;
    QToolButton *m_next = nullptr;
};

} // namespace npuscope
