#pragma once

#include <QDialog>

class QComboBox;
class QLabel;

namespace npuscope {

// Tools > Settings: the user interface language (System / English / 简体中文). Stored in
// QSettings when accepted; takes effect at the next start (see LanguageSettings).
class SettingsDialog : public QDialog {
    Q_OBJECT

public:
    explicit SettingsDialog(QWidget *parent = nullptr);

    QComboBox *languageCombo() const { return m_language; }

    void accept() override;

private:
    void updateRestartNote();

    QComboBox *m_language = nullptr;
    QLabel *m_restartNote = nullptr;
    QString m_initial; // the stored choice when the dialog opened
};

} // namespace npuscope
