#include "population/populationfilterbar.h"

#include "metrics/surprise.h"
#include "population/populationproxymodel.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QGridLayout>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QTimer>

namespace {

using Status = PopulationProxyModel::StatusFilter;

QComboBox *binCombo(const QString &anyText, QWidget *parent)
{
    auto *combo = new QComboBox(parent);
    combo->addItem(anyText, 0);
    for (int bin = 1; bin <= 8; ++bin)
        combo->addItem(QString::number(bin), bin);
    return combo;
}

QDoubleSpinBox *speedupSpin(const QString &accessibleName, QWidget *parent)
{
    auto *spin = new QDoubleSpinBox(parent);
    spin->setRange(0.0, 1000.0);
    spin->setDecimals(2);
    spin->setSingleStep(0.1);
    spin->setSuffix(PopulationFilterBar::tr("×"));
    // Zero is no speedup anyone measures: it stands for no bound.
    spin->setSpecialValueText(PopulationFilterBar::tr("any"));
    spin->setAccessibleName(accessibleName);
    return spin;
}

} // namespace

PopulationFilterBar::PopulationFilterBar(PopulationProxyModel *proxy, QWidget *parent)
    : QWidget(parent)
    , m_proxy(proxy)
    , m_text(new QLineEdit(this))
    , m_status(new QComboBox(this))
    , m_minimum(speedupSpin(tr("Minimum speedup"), this))
    , m_maximum(speedupSpin(tr("Maximum speedup"), this))
    , m_trueBin(binCombo(tr("any"), this))
    , m_predictedBin(binCombo(tr("any"), this))
    , m_failures(new QCheckBox(tr("Surrogate &failures"), this))
    , m_surprises(new QCheckBox(tr("Surpr&ises"), this))
    , m_score(new QComboBox(this))
    , m_threshold(new QDoubleSpinBox(this))
{
    m_text->setPlaceholderText(tr("Filter by id or code (Ctrl+F)"));
    m_text->setClearButtonEnabled(true);
    m_text->setAccessibleName(tr("Filter nodes"));
    // Each filtering pass walks every node: while the user types, only the text they pause on is filtered for.
    auto *typingPause = new QTimer(this);
    typingPause->setSingleShot(true);
    typingPause->setInterval(150);
    connect(m_text, &QLineEdit::textChanged, typingPause, qOverload<>(&QTimer::start));
    connect(typingPause, &QTimer::timeout, this, [this] { m_proxy->setFilterText(m_text->text()); });

    const std::pair<QString, Status> statuses[] = {
        {tr("All statuses"), Status::All},
        {tr("Failed (any)"), Status::Failed},
        {tr("Failed: compile error"), Status::CompileFailed},
        {tr("Failed: runtime error"), Status::RuntimeError},
        {tr("Failed: incorrect output"), Status::Incorrect},
        {tr("Failed: mutation, forecast or infrastructure"), Status::OtherFailure},
        {tr("Archive members"), Status::ArchiveMembers},
        {tr("Not admitted"), Status::NotAdmitted},
        {tr("Pending"), Status::Pending},
        {tr("Not selected by the search"), Status::Deferred},
    };
    for (const auto &[text, status] : statuses)
        m_status->addItem(text, QVariant::fromValue(status));
    m_status->setAccessibleName(tr("Status filter"));
    m_status->setToolTip(tr("Show only kernels in this state (with their ancestors, so the lineage stays whole)"));
    connect(m_status, qOverload<int>(&QComboBox::currentIndexChanged), this,
            [this] { m_proxy->setStatusFilter(m_status->currentData().value<Status>()); });

    m_minimum->setToolTip(tr("Hide kernels measured slower than this speedup (any: no lower bound)"));
    m_maximum->setToolTip(tr("Hide kernels measured faster than this speedup (any: no upper bound)"));
    connect(m_minimum, qOverload<double>(&QDoubleSpinBox::valueChanged), this, &PopulationFilterBar::applySpeedupRange);
    connect(m_maximum, qOverload<double>(&QDoubleSpinBox::valueChanged), this, &PopulationFilterBar::applySpeedupRange);

    m_trueBin->setAccessibleName(tr("True bin filter"));
    m_trueBin->setToolTip(tr("Show only kernels whose measured speedup falls into this bin"));
    connect(m_trueBin, qOverload<int>(&QComboBox::currentIndexChanged), this,
            [this] { m_proxy->setTrueBinFilter(m_trueBin->currentData().toInt()); });
    m_predictedBin->setAccessibleName(tr("Predicted bin filter"));
    m_predictedBin->setToolTip(tr("Show only kernels whose last forecast declared this bin"));
    connect(m_predictedBin, qOverload<int>(&QComboBox::currentIndexChanged), this,
            [this] { m_proxy->setPredictedBinFilter(m_predictedBin->currentData().toInt()); });

    m_failures->setToolTip(tr("Show only confident, wrong forecasts: the score is at or above the threshold and the "
                              "predicted bin is not the measured one (which includes the wrong side of 1×). "
                              "F8 and Shift+F8 walk through them, worst first"));
    connect(m_failures, &QCheckBox::toggled, this, [this](bool on) {
        m_proxy->setSurrogateFailuresOnly(on);
        Q_EMIT surrogateFailuresToggled(on);
    });
    m_surprises->setToolTip(tr("Show only kernels whose measured bin the forecast gave less than %1 % probability, "
                               "confident or not; F8 and Shift+F8 walk through them, most surprising first")
                                .arg(QLocale().toString(100.0 * kfx::metrics::kSurprisingBelow)));
    connect(m_surprises, &QCheckBox::toggled, m_proxy, &PopulationProxyModel::setSurprisesOnly);
    using kfx::metrics::ConfidenceScore;
    m_score->addItem(tr("max-prob"), QVariant::fromValue(static_cast<int>(ConfidenceScore::MaxProb)));
    m_score->addItem(tr("neg-entropy"), QVariant::fromValue(static_cast<int>(ConfidenceScore::NegEntropy)));
    m_score->addItem(tr("top-2 margin"), QVariant::fromValue(static_cast<int>(ConfidenceScore::Top2Margin)));
    m_score->setAccessibleName(tr("Confidence score"));
    m_score->setToolTip(tr("How confidence is measured: the mass on the predicted bin (max-prob), one minus the "
                           "normalised entropy (neg-entropy), or the gap between the two largest masses"));
    connect(m_score, qOverload<int>(&QComboBox::currentIndexChanged), this,
            [this] { m_proxy->setConfidenceScore(static_cast<ConfidenceScore>(m_score->currentData().toInt())); });
    m_threshold->setRange(0.0, 1.0);
    m_threshold->setSingleStep(0.05);
    m_threshold->setDecimals(2);
    m_threshold->setValue(m_proxy->confidenceThreshold());
    m_threshold->setPrefix(tr("≥ "));
    m_threshold->setAccessibleName(tr("Confidence threshold"));
    m_threshold->setToolTip(tr("A forecast counts as confident at or above this score"));
    connect(m_threshold, qOverload<double>(&QDoubleSpinBox::valueChanged), m_proxy,
            &PopulationProxyModel::setConfidenceThreshold);

    auto *layout = new QGridLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setHorizontalSpacing(4);
    layout->setVerticalSpacing(2);
    auto buddy = [this](const QString &text, QWidget *widget) {
        auto *label = new QLabel(text, this);
        label->setBuddy(widget);
        return label;
    };
    // Four short rows, so the tree keeps most of the height and the pane stays narrow beside the code.
    m_status->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_status->setMinimumContentsLength(12);
    layout->addWidget(m_text, 0, 0, 1, 4);
    layout->addWidget(buddy(tr("&Status:"), m_status), 1, 0);
    layout->addWidget(m_status, 1, 1);
    layout->addWidget(buddy(tr("S&peedup:"), m_minimum), 1, 2);
    auto *range = new QHBoxLayout;
    range->addWidget(m_minimum);
    range->addWidget(new QLabel(tr("to"), this));
    range->addWidget(m_maximum);
    layout->addLayout(range, 1, 3);
    layout->addWidget(buddy(tr("&True bin:"), m_trueBin), 2, 0);
    layout->addWidget(m_trueBin, 2, 1);
    layout->addWidget(buddy(tr("Pre&dicted:"), m_predictedBin), 2, 2);
    layout->addWidget(m_predictedBin, 2, 3, Qt::AlignLeft);
    auto *failures = new QHBoxLayout;
    failures->addWidget(m_failures);
    failures->addWidget(m_score);
    failures->addWidget(m_threshold);
    failures->addWidget(m_surprises);
    failures->addStretch(1);
    layout->addLayout(failures, 3, 0, 1, 4);
    layout->setColumnStretch(1, 1);
    layout->setColumnStretch(3, 1);
}

void PopulationFilterBar::reset()
{
    m_text->clear();
    m_status->setCurrentIndex(0);
    m_minimum->setValue(0.0);
    m_maximum->setValue(0.0);
    m_trueBin->setCurrentIndex(0);
    m_predictedBin->setCurrentIndex(0);
    m_failures->setChecked(false);
    m_surprises->setChecked(false);
}

void PopulationFilterBar::applySpeedupRange()
{
    auto bound = [](const QDoubleSpinBox *spin) {
        return spin->value() > 0.0 ? std::optional(spin->value()) : std::nullopt;
    };
    m_proxy->setSpeedupRange(bound(m_minimum), bound(m_maximum));
}
