#pragma once

#include <QWidget>

class PopulationProxyModel;
class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QLineEdit;

// The filters of the lineage tree above it, each a plain control the keyboard reaches with Tab or its
// mnemonic: free text, status, speedup range, true and predicted bin, and the surrogate's confident misses.
class PopulationFilterBar : public QWidget {
    Q_OBJECT
public:
    explicit PopulationFilterBar(PopulationProxyModel *proxy, QWidget *parent = nullptr);

    QLineEdit *textFilter() const { return m_text; }
    QComboBox *statusFilter() const { return m_status; }
    QCheckBox *surrogateFailures() const { return m_failures; }
    QCheckBox *surprises() const { return m_surprises; }
    QDoubleSpinBox *threshold() const { return m_threshold; }
    // Puts every filter back to showing everything.
    void reset();

Q_SIGNALS:
    void surrogateFailuresToggled(bool on);

private:
    void applySpeedupRange();

    PopulationProxyModel *m_proxy;
    QLineEdit *m_text;
    QComboBox *m_status;
    QDoubleSpinBox *m_minimum;
    QDoubleSpinBox *m_maximum;
    QComboBox *m_trueBin;
    QComboBox *m_predictedBin;
    QCheckBox *m_failures;
    QCheckBox *m_surprises;
    QComboBox *m_score;
    QDoubleSpinBox *m_threshold;
};
