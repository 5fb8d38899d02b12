#pragma once

#include "widgets/tables/tablepanel.h"

namespace npuscope {

class ProfileSession;
struct RankProfile;

// The Operators tab: the framework operators of the session's rank (operator_details.csv, or the
// table the loader rebuilt from the trace or the database), and, when there are none, why.
class OperatorsPanel : public TablePanel {
    Q_OBJECT

public:
    explicit OperatorsPanel(ProfileSession *session, QWidget *parent = nullptr);

    // Why a rank shows no operators, by where it was read from.
    static QString emptyText(const RankProfile *rank);
    // Where a rebuilt table comes from; empty for operator_details.csv itself.
    static QString origin(const RankProfile *rank);

private:
    ProfileSession *m_session;
};

} // namespace npuscope
