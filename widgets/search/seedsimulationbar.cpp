#include "seedsimulationbar.h"

#include "searchrunchart.h"
#include "seedsimulation.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLocale>
#include <QProgressBar>
#include <QPushButton>
#include <QSpinBox>

namespace {

constexpr int kDefaultSeeds = 200;

QString speedup(double value)
{
    return QLocale().toString(value, 'f', 2) + QStringLiteral("×");
}

QString measurementsToTarget(const kfx::search::SimulatedMode &mode)
{
    return mode.medianMeasurementsToTarget ? QLocale().toString(*mode.medianMeasurementsToTarget, 'g', 3)
                                           : SeedSimulationBar::tr("never");
}

} // namespace

SeedSimulationBar::SeedSimulationBar(SearchRunChart *chart, QWidget *parent)
    : QWidget(parent)
    , m_chart(chart)
    , m_simulation(new SeedSimulation(this))
    , m_policy(new QComboBox(this))
    , m_seeds(new QSpinBox(this))
    , m_button(new QPushButton(tr("Si&mulate Seeds"), this))
    , m_progress(new QProgressBar(this))
    , m_summary(new QLabel(this))
{
    setAccessibleName(tr("The pair's searches simulated over many seeds"));
    using kfx::search::SelectionPolicy;
    m_policy->setObjectName(QStringLiteral("simulationPolicy"));
    m_policy->addItem(tr("top-k"), int(SelectionPolicy::TopK));
    m_policy->addItem(tr("threshold"), int(SelectionPolicy::Threshold));
    m_policy->addItem(tr("coverage"), int(SelectionPolicy::Coverage));
    m_policy->addItem(tr("certified risk"), int(SelectionPolicy::Risk));
    m_policy->setAccessibleName(tr("Selection policy to simulate"));
    m_policy->setToolTip(tr("How the simulated selective search chooses what to measure: top-k, as Search → Run… "
                            "does by default, or trusting forecasts at the gate bar's threshold, coverage or risk"));
    m_seeds->setObjectName(QStringLiteral("simulationSeeds"));
    m_seeds->setRange(2, 1000);
    m_seeds->setValue(kDefaultSeeds);
    m_seeds->setSuffix(tr(" seeds"));
    m_seeds->setAccessibleName(tr("Seeds to simulate"));
    m_button->setObjectName(QStringLiteral("simulateSeeds"));
    m_progress->setAccessibleName(tr("Seeds simulated"));
    m_progress->setFormat(tr("%v of %m seeds"));
    m_progress->setVisible(false);
    m_summary->setWordWrap(true);
    m_summary->setVisible(false);
    m_summary->setTextInteractionFlags(Qt::TextSelectableByMouse);
    connect(m_button, &QPushButton::clicked, this, &SeedSimulationBar::startOrStop);
    connect(m_simulation, &SeedSimulation::progress, this, [this](int done, int seeds) {
        m_progress->setRange(0, seeds);
        m_progress->setValue(done);
    });
    connect(m_simulation, &SeedSimulation::finished, this, &SeedSimulationBar::showReport);
    connect(m_simulation, &SeedSimulation::stopped, this,
            [this](int done) { showIdle(tr("Stopped after %n seed(s); nothing is shown for them.", nullptr, done)); });
    connect(m_simulation, &SeedSimulation::failed, this,
            [this](const QString &reason) { showIdle(tr("The simulation failed: %1").arg(reason)); });

    auto *layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_policy);
    layout->addWidget(m_seeds);
    layout->addWidget(m_button);
    setPair({}, 0);
    setTrust({});
}

void SeedSimulationBar::setTrust(const TrustSettings &trust)
{
    m_trust = trust;
    for (int i = 0; i < m_policy->count(); ++i) {
        const auto policy = kfx::search::SelectionPolicy(m_policy->itemData(i).toInt());
        m_policy->setItemData(i, trust.describe(policy), Qt::ToolTipRole);
    }
}

void SeedSimulationBar::setPair(const QString &task, int budget)
{
    m_simulation->stop();
    m_task = task;
    m_budget = budget;
    showSummary({});
    const bool known = SeedSimulation::requestFor(task, kDefaultSeeds, std::max(1, budget)).has_value();
    m_available = known && budget > 0;
    showIdle({});
    m_seeds->setEnabled(m_available);
    m_policy->setEnabled(m_available);
    Q_EMIT availabilityChanged(m_available);
    m_button->setToolTip(known ? tr("Runs the selective search and its baseline over many seeds of %1's measured "
                                    "landscape: recorded H100 measurements, not live ones, at this pair's budget "
                                    "of %n GPU measurement(s)",
                                    nullptr, budget)
                                     .arg(task)
                               : tr("kfx has no measured landscape for this search's task"));
}

void SeedSimulationBar::startOrStop()
{
    if (m_simulation->isRunning()) {
        m_simulation->stop();
        m_button->setEnabled(false); // until the seeds under way are done
        return;
    }
    auto request = SeedSimulation::requestFor(m_task, m_seeds->value(), m_budget);
    if (!request)
        return;
    request->policy = kfx::search::SelectionPolicy(m_policy->currentData().toInt());
    request->trust = m_trust;
    if (!m_simulation->start(*request))
        return;
    m_button->setText(tr("Stop Si&mulation"));
    m_progress->setRange(0, request->seeds);
    m_progress->setValue(0);
    m_progress->setVisible(true);
    showSummary(tr("Simulating %n seed(s) on recorded measurements…", nullptr, request->seeds));
}

void SeedSimulationBar::showIdle(const QString &text)
{
    m_button->setText(tr("Si&mulate Seeds"));
    // A simulation stopped by a change of pair ends after it: the new pair decides.
    m_button->setEnabled(m_available && !m_simulation->isRunning());
    m_progress->setVisible(false);
    if (!text.isEmpty())
        showSummary(text);
}

void SeedSimulationBar::showSummary(const QString &text)
{
    m_summary->setText(text);
    m_summary->setVisible(!text.isEmpty());
}

void SeedSimulationBar::showReport()
{
    const auto *report = m_simulation->report();
    // A simulation of the pair shown before: the user has moved on.
    if (!report || QString::fromStdString(report->task) != m_task || report->budget != m_budget
        || report->modes.size() < 2) {
        showIdle({});
        return;
    }
    const auto &baseline = report->modes[0];
    const auto &selective = report->modes[1];
    const auto seeds = int(report->lastSeed - report->firstSeed + 1);
    const auto &simulated = m_simulation->request();
    auto policy = m_policy->itemText(m_policy->findData(int(simulated.policy)));
    if (simulated.policy != kfx::search::SelectionPolicy::TopK)
        policy = tr("%1: %2").arg(policy, simulated.trust.describe(simulated.policy));
    m_chart->showBands({{tr("selective (%1), %n seed(s)", nullptr, seeds).arg(policy), selective.bestByBudget},
                        {tr("baseline, %n seed(s)", nullptr, seeds), baseline.bestByBudget}});
    const auto &last = selective.bestByBudget.back();
    const auto &lastBaseline = baseline.bestByBudget.back();
    showIdle(tr("%n seed(s) on recorded measurements (%1), not live ones. Best after %2 GPU measurements, median "
                "[10–90 %]: selective %3 [%4, %5], baseline %6 [%7, %8]. To 98 % of %9: selective %10, baseline "
                "%11 measurements (never there: %12 and %13 seeds).",
                nullptr, seeds)
                 .arg(QString::fromStdString(report->device))
                 .arg(report->budget)
                 .arg(speedup(last.median), speedup(last.p10), speedup(last.p90), speedup(lastBaseline.median),
                      speedup(lastBaseline.p10), speedup(lastBaseline.p90), speedup(report->landscapeBest))
                 .arg(measurementsToTarget(selective), measurementsToTarget(baseline))
                 .arg(selective.seedsNeverReachingTarget)
                 .arg(baseline.seedsNeverReachingTarget));
}

QString SeedSimulationBar::summaryText() const
{
    return m_summary->text();
}
