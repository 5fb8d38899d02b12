#pragma once

#include "analysis/rules/findings.h"

#include <QWidget>

#include <vector>

class QLabel;
class QListWidget;
class QPlainTextEdit;
class QTextBrowser;
class QToolButton;
class QTreeView;

namespace npuscope {

class ProfileSession;

class FindingsModel;

// The "Findings" panel: what the analysis found, most severe first (severity, title, key
// number). Selecting a finding shows its details, numbers, advice and a copyable snippet, and
// emits its evidence; picking one evidence entry emits just that one. The app highlights it.
class FindingsPanel : public QWidget {
    Q_OBJECT

public:
    explicit FindingsPanel(QWidget *parent = nullptr);
    ~FindingsPanel() override;

    // `checks`: the rank's checks; the not-checked ones are listed greyed after the findings,
    // with what was missing and what to collect.
    void setFindings(std::vector<Finding> findings, const std::vector<FindingCheck> &checks = {});
    // While true the summary says the analysis is running (the list keeps what it has).
    void setAnalysing(bool analysing);
    void clear();
    // Shows the findings and checks of the session's rank as they come (analysisChanged).
    void setSession(ProfileSession *session);

    // Selects the finding with this id (and emits its evidence); false when absent.
    bool selectFinding(const QString &id);
    const Finding *currentFinding() const;

    FindingsModel *model() const { return m_model; }
    QTreeView *view() const { return m_view; }
    QListWidget *evidenceList() const { return m_evidence; }
    QString snippet() const; // of the current finding
    QString summary() const; // "2 critical, 1 warning" or "No findings"
    QString detailsText() const; // the details box as plain text

signals:
    // The evidence of `findingId` to show: all of it when a finding is selected, one entry when
    // the user picks it in the evidence list.
    void evidenceSelected(
        const QString &findingId, const std::vector<npuscope::Evidence> &evidence);

private:
    void onCurrentChanged();
    void onEvidenceActivated(int row);
    void showFinding(const Finding *finding);
    void showCheck(const FindingCheck &check);
    void updateSummary();
    void updateListHeight(); // room for kListRows findings at their wrapped height

    FindingsModel *m_model = nullptr;
    QTreeView *m_view = nullptr;
    QLabel *m_summary = nullptr;
    QLabel *m_title = nullptr;
    QTextBrowser *m_details = nullptr;
    QWidget *m_snippetBox = nullptr;
    QPlainTextEdit *m_snippet = nullptr;
    QToolButton *m_copySnippet = nullptr;
    QListWidget *m_evidence = nullptr;
    bool m_analysing = false;
};

} // namespace npuscope
