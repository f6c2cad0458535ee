#pragma once

#include "searchrunner.h"
#include "trustsettings.h"

#include <QDialog>

class ElidedLabel;
class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QLineEdit;
class QRadioButton;
class QSpinBox;

// Search → Run…: what a live search runs on (task, mutation source, mode, GPU budget, workers, steps, seed, log),
// measured by the workers of the Measurement Settings, which it shows and opens rather than repeating.
class SearchRunDialog : public QDialog {
    Q_OBJECT
public:
    // `dataFile` is the search open in the window, if any: its task and folder prefill the form. `gate` is how the
    // gate bar trusts forecasts: a selective search trusts by its score and starts from its level (issue 24).
    explicit SearchRunDialog(const QString &dataFile, const TrustSettings &gate = {}, QWidget *parent = nullptr);

    // The run the form describes, or why there is none: the message names the field at fault.
    SearchRunRequest request(QString *error) const;
    // The pool kfx ships for a task (resources/pools/<task>), empty when there is none.
    static QString bundledPool(const QString &taskDirectory);

    void accept() override;

private:
    void taskChanged();
    // The task the search runs: the form's, else the pool's own.
    QString searchTask() const;
    // Names the log after the search's task, in the folder of the search shown, until the user changes it.
    void proposeLog();
    // The mode, policy, budget, workers, steps, seed, baseline and server of the last run started; the trust level
    // is the gate's.
    void restoreChoices();
    void saveChoices() const;
    void updateEnabled();
    void policyChanged();
    void showMeasurement();
    QString validate() const;

    QLineEdit *m_task;
    QRadioButton *m_usePool;
    QLineEdit *m_pool;
    QRadioButton *m_useLlm;
    QLineEdit *m_llmUrl;
    QLineEdit *m_llmModel;
    QComboBox *m_mode;
    QComboBox *m_policy;
    QDoubleSpinBox *m_trustLevel; // the threshold, the coverage or α, as the policy reads it
    QDoubleSpinBox *m_budget;
    QComboBox *m_budgetUnit;
    QSpinBox *m_workers;
    QSpinBox *m_steps;
    QSpinBox *m_seed;
    ElidedLabel *m_measurement;
    QCheckBox *m_baseline;
    QLineEdit *m_log;
    QLabel *m_error;
    QString m_dataFile;
    TrustSettings m_gate;
    bool m_poolFromTask = true; // the pool field follows the task until the user edits it
    QString m_proposedLog;      // the log field follows the task while it holds what was proposed
};
