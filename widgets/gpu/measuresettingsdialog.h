#pragma once

#include "measuresettings.h"

#include <QDialog>

class QComboBox;
class QGroupBox;
class QLineEdit;
class QSpinBox;

// Edits MeasureSettings: the worker command, the launch prefix, the timing protocol, the time limit and the Python
// interpreter.
class MeasureSettingsDialog : public QDialog {
    Q_OBJECT
public:
    explicit MeasureSettingsDialog(const MeasureSettings &settings, QWidget *parent = nullptr);
    MeasureSettings settings() const;

private:
    // The Slurm group (issue 18): its own box, so that the rest of the form reads as before.
    QGroupBox *slurmGroup(const MeasureSettings &settings);
    void applySlurm(MeasureSettings &edited) const;

    QLineEdit *m_command;
    QLineEdit *m_prefix;
    QComboBox *m_timing;
    QSpinBox *m_timeout;
    QLineEdit *m_python;
    kfx::measure::ComputeDevice m_device;
    QGroupBox *m_slurm = nullptr;
    QLineEdit *m_partition = nullptr;
    QLineEdit *m_gres = nullptr;
    QLineEdit *m_timeLimit = nullptr;
    QLineEdit *m_srunOptions = nullptr;
    QSpinBox *m_slurmWorkers = nullptr;
};
