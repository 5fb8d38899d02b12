// MainWindow's part in opening the ranks of a lazily loaded multi-rank profile (RankLoader):
// the status bar's progress and cancel, the rank box while a rank loads, the analysis and the
// input issues of a rank once it is in; and what the status bar and the Operators tab say about
// a rank's timeline and operator table.
#include "app/window/analysiscontroller.h"
#include "app/window/mainwindow.h"
#include "app/window/rankloader.h"
#include "model/profile/kerneltimeline.h"
#include "widgets/findings/issuespanel.h"
#include "widgets/session/profilesession.h"

#include <QComboBox>
#include <QLabel>
#include <QLocale>
#include <QProgressBar>
#include <QToolButton>

namespace npuscope {

void MainWindow::createRankLoader()
{
    m_rankLoader = new RankLoader(this);
    connect(m_rankLoader, &RankLoader::started, this, [this](int index) {
        const auto rank = m_rankLoader->rank(index);
        m_statusLabel->setText(
            tr("Loading the trace of %1…").arg(rank ? rank->label() : QString::number(index)));
        m_rankClock.start();
        m_progress->setValue(0);
        m_progress->show();
        m_cancelButton->show();
    });
    connect(m_rankLoader, &RankLoader::progressChanged, m_progress, &QProgressBar::setValue);
    connect(m_rankLoader, &RankLoader::rankLoaded, this,
        [this](int index, const std::shared_ptr<const RankProfile> &rank,
            const std::shared_ptr<const AnalysedRank> &analysed) {
            onLoadEnded();
            m_session->setOpenIssues(m_rankLoader->openIssues());
            m_analysis->setRankAnalysis(index, analysed);
            if (index == m_session->rankIndex())
                m_session->setRank(index, rank);
            else
                setCurrentRank(index);
            QString status
                = tr("%1: %2 events, loaded in %3 s.")
                      .arg(rank->label())
                      .arg(QLocale().toString(rank->trace ? rank->trace->sliceCount() : 0))
                      .arg(double(m_rankClock.elapsed()) / 1000.0, 0, 'f', 2);
            if (const QString note = timelineNote(*rank); !note.isEmpty())
                status += QLatin1Char(' ') + note;
            if (!rank->issues.isEmpty())
                status += QLatin1Char(' ')
                    + tr("%1 input issue(s): see Input Issues.").arg(rank->issues.size());
            m_statusLabel->setText(status);
        });
    const auto ended = [this](int index, const QString &message) {
        onLoadEnded();
        m_rankCombo->setCurrentIndex(m_session->rankIndex()); // the rank still shown
        const auto rank = m_rankLoader->rank(index);
        m_statusLabel->setText(message.arg(rank ? rank->label() : QString::number(index)));
    };
    connect(m_rankLoader, &RankLoader::cancelled, this,
        [ended](int index) { ended(index, tr("Loading of %1 cancelled.")); });
    connect(m_rankLoader, &RankLoader::failed, this, [ended](int index, const QString &message) {
        ended(index, tr("%1 could not be loaded: %2").arg(QStringLiteral("%1"), message));
    });
}

QString MainWindow::timelineNote(const RankProfile &rank)
{
    if (!rank.trace)
        return tr("No timeline: this rank has no readable trace and no timed kernel rows.");
    const QString table = KernelTimeline::builtFrom(*rank.trace);
    if (table.isEmpty())
        return QString();
    return tr("Timeline made from %1 (no readable trace_view.json): device streams and steps "
              "only, no host threads.")
        .arg(table);
}

} // namespace npuscope
