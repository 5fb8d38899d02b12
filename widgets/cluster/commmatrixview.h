#pragma once

#include "model/profile/commmatrix.h"

#include <QWidget>

class QComboBox;
class QLabel;
class QTableWidget;

namespace npuscope {

// communication_matrix.json as a heat map: one communication group at a time (chosen in a combo
// box), rows sending and columns receiving group positions, cells coloured by bandwidth with the
// amount moved, time and transport in the tooltip.
class CommMatrixView : public QWidget {
    Q_OBJECT

public:
    explicit CommMatrixView(QWidget *parent = nullptr);

    void setMatrix(const CommMatrix &matrix);
    const CommMatrix &matrix() const { return m_matrix; }

    QComboBox *groupCombo() const { return m_groups; }
    QTableWidget *table() const { return m_table; }

private:
    void showGroup(int index);

    CommMatrix m_matrix;
    QComboBox *m_groups = nullptr;
    QLabel *m_legend = nullptr;
    QTableWidget *m_table = nullptr;
};

} // namespace npuscope
