#pragma once

#include "measuresettings.h"

#include <QDialog>

class QComboBox;
class QLineEdit;
class QSpinBox;

// Edits MeasureSettings: the worker command, the launch prefix, the timing protocol and the time limit.
class MeasureSettingsDialog : public QDialog {
    Q_OBJECT
public:
    explicit MeasureSettingsDialog(const MeasureSettings &settings, QWidget *parent = nullptr);
    MeasureSettings settings() const;

private:
    QLineEdit *m_command;
    QLineEdit *m_prefix;
    QComboBox *m_timing;
    QSpinBox *m_timeout;
};
