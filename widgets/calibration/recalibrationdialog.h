#pragma once

#include "surrogate/recalibration.h"

#include <QDialog>

class QComboBox;
class QDoubleSpinBox;
class QSpinBox;

// Calibration → Recalibrate…: which method to fit, and on which split of the pairs (a pack, or a seeded random
// share of them).
class RecalibrationDialog : public QDialog {
    Q_OBJECT
public:
    // `packs`: the packs the loaded pairs belong to; without any, only a random split can be chosen.
    RecalibrationDialog(const QStringList &packs, QWidget *parent = nullptr);

    kfx::surrogate::ProbabilityCalibrator::Method method() const;
    kfx::surrogate::CalibrationSplit split() const;

    QComboBox *methodBox() const { return m_method; }
    QComboBox *splitBox() const { return m_split; }
    QComboBox *packBox() const { return m_pack; }
    QSpinBox *seedBox() const { return m_seed; }
    QDoubleSpinBox *fractionBox() const { return m_fraction; }

private:
    void updateSplitFields();

    QComboBox *m_method;
    QComboBox *m_split;
    QComboBox *m_pack;
    QSpinBox *m_seed;
    QDoubleSpinBox *m_fraction;
};
