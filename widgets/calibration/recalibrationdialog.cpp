#include "recalibrationdialog.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QPushButton>
#include <QSpinBox>

#include <limits>

using kfx::surrogate::CalibrationSplit;
using Method = kfx::surrogate::ProbabilityCalibrator::Method;

RecalibrationDialog::RecalibrationDialog(const QStringList &packs, const QStringList &surrogates, QWidget *parent)
    : QDialog(parent)
    , m_surrogate(new QComboBox(this))
    , m_method(new QComboBox(this))
    , m_split(new QComboBox(this))
    , m_pack(new QComboBox(this))
    , m_seed(new QSpinBox(this))
    , m_fraction(new QDoubleSpinBox(this))
{
    setWindowTitle(tr("Recalibrate"));
    m_surrogate->addItem(tr("Every surrogate"));
    for (const auto &label : surrogates)
        m_surrogate->addItem(label, label);
    m_method->addItem(tr("Temperature scaling"), int(Method::Temperature));
    m_method->addItem(tr("Isotonic regression"), int(Method::Isotonic));
    m_method->addItem(tr("Histogram binning"), int(Method::Histogram));
    m_method->setToolTip(tr("Fitted per surrogate on the calibration split's measured pairs, then applied to the "
                            "rest of its forecasts"));
    m_split->addItem(tr("Random share of the pairs"), int(CalibrationSplit::Kind::Random));
    if (!packs.isEmpty())
        m_split->addItem(tr("One pack"), int(CalibrationSplit::Kind::Pack));
    m_pack->addItems(packs);
    m_seed->setRange(0, std::numeric_limits<int>::max());
    m_seed->setValue(1);
    m_seed->setToolTip(tr("The same seed draws the same pairs"));
    m_fraction->setRange(5.0, 95.0);
    m_fraction->setDecimals(0);
    m_fraction->setSuffix(tr(" %"));
    m_fraction->setValue(30.0);

    auto *form = new QFormLayout(this);
    form->addRow(tr("S&urrogate:"), m_surrogate);
    form->addRow(tr("&Method:"), m_method);
    form->addRow(tr("&Fit on:"), m_split);
    form->addRow(tr("&Pack:"), m_pack);
    form->addRow(tr("&Seed:"), m_seed);
    form->addRow(tr("S&hare of pairs:"), m_fraction);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    buttons->button(QDialogButtonBox::Ok)->setText(tr("&Recalibrate"));
    form->addRow(buttons);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_split, qOverload<int>(&QComboBox::currentIndexChanged), this, &RecalibrationDialog::updateSplitFields);
    updateSplitFields();
}

Method RecalibrationDialog::method() const
{
    return Method(m_method->currentData().toInt());
}

QString RecalibrationDialog::surrogate() const
{
    return m_surrogate->currentData().toString();
}

CalibrationSplit RecalibrationDialog::split() const
{
    CalibrationSplit split;
    split.kind = CalibrationSplit::Kind(m_split->currentData().toInt());
    split.pack = m_pack->currentText().toStdString();
    split.seed = std::uint64_t(m_seed->value());
    split.fraction = m_fraction->value() / 100.0;
    return split;
}

void RecalibrationDialog::updateSplitFields()
{
    const bool byPack = split().kind == CalibrationSplit::Kind::Pack;
    m_pack->setEnabled(byPack);
    m_seed->setEnabled(!byPack);
    m_fraction->setEnabled(!byPack);
}
