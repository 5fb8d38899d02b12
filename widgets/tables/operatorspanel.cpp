#include "widgets/tables/operatorspanel.h"

#include "model/profile/profile.h"
#include "widgets/session/profilesession.h"

namespace npuscope {

OperatorsPanel::OperatorsPanel(ProfileSession *session, QWidget *parent)
    : TablePanel(parent)
    , m_session(session)
{
    connect(session, &ProfileSession::rankChanged, this, [this]() {
        const auto rank = m_session->fullRank();
        setTable(rank ? rank->operators : nullptr, emptyText(rank.get()), origin(rank.get()));
    });
}

QString OperatorsPanel::emptyText(const RankProfile *rank)
{
    if (rank && !rank->source.database.isEmpty())
        return tr("This database has no framework operators (PYTORCH_API) to list.");
    if (rank && rank->trace && rank->trace->kineto)
        return tr("This trace has no framework operators (cpu_op) to list.");
    return tr("operator_details.csv was not collected (record_shapes or Level1 and above).");
}

QString OperatorsPanel::origin(const RankProfile *rank)
{
    // A table rebuilt by the loader (frameworkoperators.h) is not the operator_details.csv file.
    if (!rank || !rank->operators || rank->operators->path == rank->source.operatorDetails)
        return QString();
    return rank->source.database.isEmpty()
        ? tr("Rebuilt from the trace's framework operators and their launches")
        : tr("Rebuilt from PYTORCH_API and the tasks each operator launched");
}

} // namespace npuscope
