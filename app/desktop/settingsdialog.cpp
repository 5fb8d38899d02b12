#include "app/desktop/settingsdialog.h"

#include "app/desktop/languagesettings.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLabel>
#include <QVBoxLayout>

namespace npuscope {

SettingsDialog::SettingsDialog(QWidget *parent)
    : QDialog(parent)
    , m_language(new QComboBox(this))
    , m_initial(LanguageSettings::stored())
{
    setWindowTitle(tr("Settings"));
    auto *layout = new QVBoxLayout(this);
    auto *form = new QFormLayout;
    for (const LanguageSettings::Choice &choice : LanguageSettings::choices())
        m_language->addItem(choice.label, choice.code);
    m_language->setCurrentIndex(std::max(0, m_language->findData(m_initial)));
    m_language->setToolTip(tr("The language of menus, panels and findings"));
    form->addRow(tr("&Language:"), m_language);
    layout->addLayout(form);

    m_restartNote
        = new QLabel(tr("The new language is used when npuscope starts next time."), this);
    m_restartNote->setWordWrap(true);
    m_restartNote->setForegroundRole(QPalette::PlaceholderText);
    layout->addWidget(m_restartNote);
    layout->addStretch(1);

    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    connect(buttons, &QDialogButtonBox::accepted, this, &SettingsDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    layout->addWidget(buttons);
    connect(m_language, &QComboBox::currentIndexChanged, this, &SettingsDialog::updateRestartNote);
    updateRestartNote();
    setMinimumWidth(420);
}

void SettingsDialog::updateRestartNote()
{
    m_restartNote->setVisible(m_language->currentData().toString() != m_initial);
}

void SettingsDialog::accept()
{
    LanguageSettings::store(m_language->currentData().toString());
    QDialog::accept();
}

} // namespace npuscope
