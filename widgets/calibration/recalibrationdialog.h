#pragma once

#include "surrogate/recalibration.h"

#include <QDialog>

class QComboBox;
class QDoubleSpinBox;
class QSpinBox;

// Calibration → Recalibrate…: which method to fit, on which split of the pairs (a pack, or a seeded random share
// of them), and for which surrogate (one alone reads best before and after in the charts).
class RecalibrationDialog : public QDialog {
    Q_OBJECT
public:
    // `packs`: the packs the loaded pairs belong to; without any, only a random split can be chosen.
    // `surrogates`: the loaded surrogates' labels.
    RecalibrationDialog(const QStringList &packs, const QStringList &surrogates, QWidget *parent = nullptr);

    kfx::surrogate::ProbabilityCalibrator::Method method() const;
    kfx::surrogate::CalibrationSplit split() const;
    // Empty: every surrogate.
    QString surrogate() const;

    QComboBox *surrogateBox() const { return m_surrogate; }
    QComboBox *methodBox() const { return m_method; }
    QComboBox *splitBox() const { return m_split; }
    QComboBox *packBox() const { return m_pack; }
    QSpinBox *seedBox() const { return m_seed; }
    QDoubleSpinBox *fractionBox() const { return m_fraction; }

private:
    void updateSplitFields();

    QComboBox *m_surrogate;
    QComboBox *m_method;
    QComboBox *m_split;
    QComboBox *m_pack;
    QSpinBox *m_seed;
    QDoubleSpinBox *m_fraction;
};
