#include "replayview.h"

#include "common/darkpalette.h"
#include "democandidatecard.h"
#include "frontierchart.h"
#include "io/threadpriority.h"
#include "replay/forecasttable.h"
#include "replayresultsmodel.h"

#include <QComboBox>
#include <QDockWidget>
#include <QEvent>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QMainWindow>
#include <QProgressBar>
#include <QPushButton>
#include <QScrollArea>
#include <QSlider>
#include <QSpinBox>
#include <QSplitter>
#include <QTabWidget>
#include <QTableView>
#include <QTextDocument>
#include <QTimer>
#include <QVBoxLayout>
#include <QtCharts/QLineSeries>
#include <QtCharts/QValueAxis>

#include <algorithm>
#include <memory>
#include <utility>

namespace {

// Dark when the window is darker than its text: the chart follows the palette, never a fixed theme.
// Large enough to read from the back of a room; the presenter's window may be small.
constexpr int kDemoPointSize = 20;

// GPU evaluations a policy has spent when the animation's clock reads `cursor`: the budget gauge and the
// standings both show this figure, so they cannot disagree.
int spentAt(const kfx::replay::PolicyOutcome &outcome, int cursor)
{
    return std::min(cursor, outcome.evaluations);
}

// One colour per policy, the same in every view and theme: the Okabe–Ito set, told apart by colour-blind
// viewers too, and mid-toned enough to read on light and dark backgrounds alike.
QColor policyColour(kfx::replay::ReplayPolicy policy)
{
    using kfx::replay::ReplayPolicy;
    switch (policy) {
    case ReplayPolicy::Standard:
        return QColor(0x99, 0x99, 0x99);
    case ReplayPolicy::Random:
        return QColor(0xe6, 0x9f, 0x00);
    case ReplayPolicy::SurrogateTopK:
        return QColor(0x00, 0x72, 0xb2);
    case ReplayPolicy::GateFilter:
        return QColor(0x00, 0x9e, 0x73);
    case ReplayPolicy::Compound:
        return QColor(0xcc, 0x79, 0xa7);
    case ReplayPolicy::Oracle:
        return QColor(0xd5, 0x5e, 0x00);
    }
    return {};
}

} // namespace

ReplayView::ReplayView(QWidget *parent)
    : QWidget(parent)
    , m_results(new ReplayResultsModel(this))
    , m_chart(new QChart)
    , m_chartView(new QChartView(m_chart, this))
    , m_xAxis(new QValueAxis(m_chart))
    , m_yAxis(new QValueAxis(m_chart))
    , m_table(new QTableView(this))
    , m_frontier(new FrontierChart(this))
    , m_perParent(new QSpinBox(this))
    , m_budget(new QSpinBox(this))
    , m_seed(new QSpinBox(this))
    , m_demoButton(new QPushButton(tr("&Demo"), this))
    , m_playButton(new QPushButton(tr("&Play"), this))
    , m_stepButton(new QPushButton(tr("S&tep"), this))
    , m_speed(new QSlider(Qt::Horizontal, this))
    , m_demoPanel(new QWidget(this))
    , m_demoHeadline(new QLabel(this))
    , m_demoStandings(new QLabel(this))
    , m_budgetGauge(new QProgressBar(this))
    , m_card(new DemoCandidateCard(this))
    , m_follow(new QComboBox(this))
    , m_message(new QLabel(this))
    , m_scroll(new QScrollArea(this))
    , m_timer(new QTimer(this))
{
    setAccessibleName(tr("Counterfactual replay"));
    m_perParent->setRange(1, 64);
    m_perParent->setValue(2);
    m_perParent->setToolTip(tr("Candidates the k-of-n policies measure per parent"));
    m_budget->setRange(0, 1'000'000);
    m_budget->setSpecialValueText(tr("unlimited"));
    m_budget->setToolTip(tr("GPU evaluations every policy may spend"));
    m_seed->setRange(0, 1'000'000);
    m_seed->setToolTip(tr("Seed of the random baseline's draws"));
    for (auto *box : {m_perParent, m_budget, m_seed})
        connect(box, qOverload<int>(&QSpinBox::valueChanged), this, &ReplayView::replay);

    m_demoButton->setCheckable(true);
    m_demoButton->setToolTip(tr("Large, animated replay for presenting"));
    connect(m_demoButton, &QPushButton::toggled, this, &ReplayView::setDemoMode);
    connect(m_playButton, &QPushButton::clicked, this, [this] { isPlaying() ? pause() : play(); });
    connect(m_stepButton, &QPushButton::clicked, this, &ReplayView::step);
    m_speed->setRange(1, 50);
    // Calm by default: a room needs a moment to read each candidate's forecast and then its verdict.
    m_speed->setValue(2);
    m_speed->setMaximumWidth(140);
    m_speed->setObjectName(QStringLiteral("replayDemoSpeed"));
    m_speed->setAccessibleName(tr("Demo speed"));
    m_speed->setToolTip(tr("Animation steps per second"));
    for (auto policy : kfx::replay::kReplayPolicies)
        m_follow->addItem(ReplayResultsModel::policyText(policy), static_cast<int>(policy));
    m_follow->setCurrentIndex(m_follow->findData(static_cast<int>(m_followed)));
    m_follow->setAccessibleName(tr("Policy the demo follows"));
    m_follow->setToolTip(tr("Whose candidates the demo shows one by one, with their forecasts and verdicts"));
    connect(m_follow, qOverload<int>(&QComboBox::activated), this, [this](int row) {
        setFollowedPolicy(static_cast<kfx::replay::ReplayPolicy>(m_follow->itemData(row).toInt()));
    });
    connect(m_speed, &QSlider::valueChanged, this, [this](int speed) { m_timer->setInterval(1000 / speed); });
    m_timer->setInterval(1000 / m_speed->value());
    connect(m_timer, &QTimer::timeout, this, &ReplayView::step);

    // The replay's parameters and the demo's controls in two rows: one row would make the dock wider than a
    // laptop's screen.
    auto *parameters = new QHBoxLayout;
    parameters->addWidget(new QLabel(tr("k per parent:"), this));
    parameters->addWidget(m_perParent);
    parameters->addWidget(new QLabel(tr("Budget:"), this));
    parameters->addWidget(m_budget);
    parameters->addWidget(new QLabel(tr("Seed:"), this));
    parameters->addWidget(m_seed);
    parameters->addStretch(1);
    auto *demoControls = new QHBoxLayout;
    demoControls->addWidget(m_demoButton);
    demoControls->addWidget(new QLabel(tr("Follow:"), this));
    demoControls->addWidget(m_follow);
    demoControls->addWidget(m_playButton);
    demoControls->addWidget(m_stepButton);
    demoControls->addWidget(new QLabel(tr("Speed:"), this));
    demoControls->addWidget(m_speed);
    demoControls->addStretch(1);

    m_xAxis->setTitleText(tr("GPU evaluations"));
    m_xAxis->setLabelFormat(QStringLiteral("%d"));
    m_yAxis->setTitleText(tr("Best speedup (×)"));
    m_chart->setLocalizeNumbers(true); // "2,00" in German, as the text around it
    m_chart->addAxis(m_xAxis, Qt::AlignBottom);
    m_chart->addAxis(m_yAxis, Qt::AlignLeft);
    m_chart->setMargins(QMargins(4, 4, 4, 4));
    m_chart->legend()->setAlignment(Qt::AlignRight);
    m_chartView->setRenderHint(QPainter::Antialiasing);
    m_chartView->setMinimumHeight(160);
    m_chartView->setAccessibleName(tr("Best-so-far speedup by GPU evaluations"));

    m_table->setModel(m_results);
    m_table->verticalHeader()->hide();
    m_table->horizontalHeader()->setStretchLastSection(true);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setAccessibleName(tr("Replay results"));

    auto headlineFont = font();
    headlineFont.setPointSize(kDemoPointSize + 2);
    headlineFont.setBold(true);
    m_demoHeadline->setFont(headlineFont);
    auto standingsFont = font();
    standingsFont.setPointSize(kDemoPointSize - 4);
    m_demoStandings->setFont(standingsFont);
    m_demoStandings->setTextFormat(Qt::RichText);
    auto gaugeFont = font();
    gaugeFont.setPointSize(kDemoPointSize - 4);
    m_budgetGauge->setFont(gaugeFont);
    m_budgetGauge->setMinimumHeight(36);
    m_budgetGauge->setAccessibleName(tr("GPU budget left"));
    auto *demoLayout = new QVBoxLayout(m_demoPanel);
    demoLayout->setContentsMargins(0, 4, 0, 0);
    auto *clock = new QHBoxLayout;
    clock->addWidget(m_demoHeadline);
    clock->addWidget(m_budgetGauge, 1);
    demoLayout->addLayout(clock);
    auto *stage = new QHBoxLayout;
    stage->addWidget(m_card, 3);
    stage->addWidget(m_demoStandings, 2, Qt::AlignTop);
    demoLayout->addLayout(stage, 1);
    m_demoPanel->hide();

    m_message->setWordWrap(true);
    m_message->hide();

    m_splitter = new QSplitter(Qt::Vertical, this);
    auto *splitter = m_splitter;
    splitter->addWidget(m_chartView);
    auto *lower = new QWidget(this);
    auto *lowerLayout = new QVBoxLayout(lower);
    lowerLayout->setContentsMargins(0, 0, 0, 0);
    lowerLayout->addWidget(m_table);
    lowerLayout->addWidget(m_demoPanel);
    // The frontier is a tab beside the standings, drawn when first shown: it replays the search four more times.
    auto *lowerTabs = new QTabWidget(this);
    lowerTabs->setDocumentMode(true);
    lowerTabs->addTab(lower, tr("Standings"));
    lowerTabs->addTab(m_frontier, tr("GPU-Budget Frontier"));
    splitter->addWidget(lowerTabs);
    splitter->setStretchFactor(0, 3);
    splitter->setStretchFactor(1, 2);

    auto *content = new QWidget(this);
    auto *contentLayout = new QVBoxLayout(content);
    contentLayout->setContentsMargins(4, 4, 4, 4);
    contentLayout->addLayout(parameters);
    contentLayout->addLayout(demoControls);
    contentLayout->addWidget(m_message);
    contentLayout->addWidget(splitter, 1);
    m_scroll->setWidget(content);
    m_scroll->setWidgetResizable(true);
    m_scroll->setFrameShape(QFrame::NoFrame);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_scroll);
    applyTheme();
    updateDemoPanel();
}

ReplayView::~ReplayView()
{
    // The replay still running posts its result to this view: it must end before the view does.
    if (m_worker.joinable())
        m_worker.join();
}

const std::vector<kfx::replay::PolicyOutcome> &ReplayView::outcomes() const
{
    return m_results->outcomes();
}

void ReplayView::setSource(std::shared_ptr<const kfx::Population> population, const kfx::gate::GateSettings &gate,
                           const std::map<std::string, kfx::gate::GateOverride> &overrides)
{
    m_population = std::move(population);
    m_gate = gate;
    m_overrides = overrides;
    m_frontier->setSource(m_population, m_gate);
    m_stale = true;
    if (isVisible())
        replay();
}

void ReplayView::showEvent(QShowEvent *event)
{
    QWidget::showEvent(event);
    if (m_stale)
        replay();
    growDockToShowChart();
}

void ReplayView::resizeEvent(QResizeEvent *event)
{
    QWidget::resizeEvent(event);
    arrangeChartAndTable(false);
}

void ReplayView::arrangeChartAndTable(bool modeChanged)
{
    // A dock below the explorer is wide and short: there the table stands beside the chart, both at full height;
    // the demo's large panel always goes below its chart.
    const auto orientation = !m_demo && width() > 3 * height() ? Qt::Horizontal : Qt::Vertical;
    if (!modeChanged && orientation == m_splitter->orientation())
        return;
    m_splitter->setOrientation(orientation);
    // The presenter's chart and the candidate in large type share the room evenly; below the chart, the table
    // gets less; beside it, as much as the chart.
    const int extent = std::max(400, orientation == Qt::Vertical ? m_splitter->height() : m_splitter->width());
    const int chart = m_demo || orientation == Qt::Horizontal ? extent / 2 : extent * 3 / 5;
    m_splitter->setSizes({chart, extent - chart});
}

void ReplayView::growDockToShowChart()
{
    auto *mainWindow = hostWindow();
    auto *dock = qobject_cast<QDockWidget *>(parentWidget());
    if (!mainWindow || !dock || dock->isFloating() || m_demo)
        return;
    const auto area = mainWindow->dockWidgetArea(dock);
    if (area != Qt::TopDockWidgetArea && area != Qt::BottomDockWidgetArea)
        return;
    // A dock tabbed with a short one (the load errors) opens as short; the chart needs more, but never so much
    // that the explorer above loses its code panes.
    const int wanted = std::min(m_scroll->widget()->minimumSizeHint().height() + dock->height() - height(),
                                mainWindow->height() * 2 / 5);
    if (dock->height() < wanted)
        mainWindow->resizeDocks({dock}, {wanted}, Qt::Vertical);
}

struct ReplayView::Replayed {
    std::vector<kfx::replay::PolicyOutcome> outcomes;
    bool anyForecast = false;
};

void ReplayView::replay()
{
    m_stale = false;
    if (!m_population || m_population->steps.empty()) {
        showReplayed({}, tr("Load a recorded v2 or v3 search to replay it."));
        return;
    }
    kfx::replay::CounterfactualConfig config;
    config.measurePerParent = m_perParent->value();
    if (m_budget->value() > 0)
        config.evaluationBudget = m_budget->value();
    config.seed = static_cast<std::uint64_t>(m_seed->value());
    config.gate = m_gate;
    config.overrides = m_overrides;
    config.recordTrace = true; // the demo's candidates
    auto work = [population = m_population, config] {
        const auto forecasts = kfx::replay::ForecastTable::fromPopulation(*population);
        return Replayed{kfx::replay::replayPolicies(*population, kfx::replay::kReplayPolicies, config, &forecasts),
                        forecasts.size() > 0};
    };
    // Replaying every policy over a large search takes seconds: it runs beside the window, which stays usable
    // (a threshold dragged meanwhile is replayed once the run in progress ends).
    if (m_population->size() <= kReplayInBackgroundAbove) {
        finishReplay(work());
        return;
    }
    if (m_worker.joinable()) {
        m_replayAgain = true;
        return;
    }
    m_message->setText(tr("Replaying %n kernel(s)…", nullptr, int(m_population->size())));
    m_message->setVisible(true);
    m_worker = std::thread([this, work = std::move(work)] {
        kfx::lowerThisThreadsPriority();
        auto replayed = std::make_shared<Replayed>(work());
        QMetaObject::invokeMethod(
            this,
            [this, replayed] {
                m_worker.join();
                if (std::exchange(m_replayAgain, false))
                    replay();
                else
                    finishReplay(std::move(*replayed));
            },
            Qt::QueuedConnection);
    });
}

void ReplayView::finishReplay(Replayed replayed)
{
    showReplayed(std::move(replayed.outcomes),
                 replayed.anyForecast
                     ? QString()
                     : tr("No kernel of this search has a forecast: the surrogate policies measure nothing. "
                          "Forecast the search first (Forecast → Forecast Kernels Without a Forecast)."));
}

void ReplayView::showReplayed(std::vector<kfx::replay::PolicyOutcome> outcomes, const QString &message)
{
    m_message->setText(message);
    m_message->setVisible(!message.isEmpty());
    m_lastEvaluation = 0;
    for (const auto &outcome : outcomes)
        m_lastEvaluation = std::max(m_lastEvaluation, outcome.evaluations);
    m_results->setOutcomes(std::move(outcomes));
    m_table->resizeColumnsToContents();
    restartDemo();
}

void ReplayView::restartDemo()
{
    m_beat = 0;
    m_cursor = m_demo ? 0 : m_lastEvaluation;
    redrawSeries();
    updateDemoPanel();
}

const kfx::replay::PolicyOutcome *ReplayView::followedOutcome() const
{
    for (const auto &outcome : outcomes()) {
        if (outcome.policy == m_followed)
            return &outcome;
    }
    return nullptr;
}

void ReplayView::setFollowedPolicy(kfx::replay::ReplayPolicy policy)
{
    m_followed = policy;
    m_follow->setCurrentIndex(m_follow->findData(static_cast<int>(policy)));
    restartDemo();
}

void ReplayView::redrawSeries()
{
    m_chart->removeAllSeries();
    double top = 1.0;
    for (const auto &outcome : outcomes()) {
        auto *series = new QLineSeries(m_chart);
        series->setName(ReplayResultsModel::policyText(outcome.policy));
        // Best-so-far is a staircase: it holds its value until the evaluation that improves it.
        std::optional<double> previous;
        for (const auto &point : outcome.series) {
            if (point.evaluations > m_cursor)
                break;
            if (previous)
                series->append(point.evaluations, *previous);
            series->append(point.evaluations, point.best);
            previous = point.best;
            top = std::max(top, point.best);
        }
        if (previous && m_cursor < outcome.evaluations)
            series->append(m_cursor, *previous);
        series->setProperty("policy", static_cast<int>(outcome.policy));
        m_chart->addSeries(series);
        series->attachAxis(m_xAxis);
        series->attachAxis(m_yAxis);
    }
    m_xAxis->setRange(0, std::max(1, m_lastEvaluation));
    m_yAxis->setRange(0.0, top * 1.1);
    applyTheme();
}

void ReplayView::applyTheme()
{
    const auto palette = this->palette();
    // setTheme() resets the series' colours and every font; what follows puts back what the view chose.
    m_chart->setTheme(isDarkPalette(palette) ? QChart::ChartThemeDark : QChart::ChartThemeLight);
    m_chart->setBackgroundBrush(palette.color(QPalette::Base));
    m_chart->setTitleBrush(palette.color(QPalette::Text));
    m_chart->legend()->setLabelColor(palette.color(QPalette::Text));
    auto chartFont = font();
    // Larger in demo mode, yet small enough that the axes keep their numbers in a laptop's dock.
    if (m_demo)
        chartFont.setPointSize(kDemoPointSize - 8);
    m_chart->legend()->setFont(chartFont);
    for (auto *axis : m_chart->axes()) {
        axis->setLabelsFont(chartFont);
        axis->setTitleFont(chartFont);
        axis->setLabelsColor(palette.color(QPalette::Text));
        axis->setTitleBrush(palette.color(QPalette::Text));
        axis->setGridLineColor(palette.color(QPalette::Mid));
    }
    for (auto *series : m_chart->series()) {
        auto *line = static_cast<QLineSeries *>(series);
        QPen pen(policyColour(static_cast<kfx::replay::ReplayPolicy>(line->property("policy").toInt())));
        pen.setWidthF(m_demo ? 4.0 : 2.0);
        line->setPen(pen);
    }
}

void ReplayView::changeEvent(QEvent *event)
{
    QWidget::changeEvent(event);
    if (event->type() == QEvent::PaletteChange || event->type() == QEvent::FontChange)
        applyTheme();
}

void ReplayView::setDemoMode(bool demo)
{
    if (demo == m_demo)
        return;
    m_demo = demo;
    m_demoButton->setChecked(demo);
    m_table->setVisible(!demo);
    m_demoPanel->setVisible(demo);
    if (demo) {
        enlargeDockForDemo();
    } else {
        pause();
        restoreLayoutAfterDemo();
    }
    arrangeChartAndTable(true);
    restartDemo();
}

QMainWindow *ReplayView::hostWindow() const
{
    // Walks up by parent, not by window(): a floating dock is a window of its own, yet its main window's layout.
    for (auto *widget = parentWidget(); widget; widget = widget->parentWidget()) {
        if (auto *mainWindow = qobject_cast<QMainWindow *>(widget))
            return mainWindow;
    }
    return nullptr;
}

void ReplayView::enlargeDockForDemo()
{
    auto *mainWindow = hostWindow();
    if (!mainWindow)
        return;
    m_layoutBeforeDemo = mainWindow->saveState();
    // Closing the window in demo mode must save the layout from before it (see eventFilter()).
    mainWindow->installEventFilter(this);
    auto *dock = qobject_cast<QDockWidget *>(parentWidget());
    auto *explorer = mainWindow->centralWidget();
    if (!dock || dock->isFloating() || !explorer || !explorer->isVisible())
        return;
    // The presentation takes the window's room: on a laptop's screen a chart, the candidate and the standings
    // in large type need all of it, so the explorer steps aside until the demo ends.
    explorer->hide();
    m_explorerHidden = true;
}

void ReplayView::restoreLayoutAfterDemo()
{
    auto *mainWindow = hostWindow();
    if (!mainWindow || m_layoutBeforeDemo.isEmpty())
        return;
    mainWindow->removeEventFilter(this);
    if (m_explorerHidden && mainWindow->centralWidget())
        mainWindow->centralWidget()->show();
    m_explorerHidden = false;
    mainWindow->restoreState(m_layoutBeforeDemo);
    m_layoutBeforeDemo.clear();
}

bool ReplayView::eventFilter(QObject *watched, QEvent *event)
{
    // The filter sees the close before the window's closeEvent() saves its layout.
    if (event->type() == QEvent::Close && watched == hostWindow())
        setDemoMode(false);
    return QWidget::eventFilter(watched, event);
}

bool ReplayView::isPlaying() const
{
    return m_timer->isActive();
}

void ReplayView::play()
{
    if (!m_demo)
        setDemoMode(true);
    const auto *followed = followedOutcome();
    if (m_cursor >= m_lastEvaluation && (!followed || m_beat >= 2 * followed->trace.size()))
        restartDemo();
    m_timer->start();
    updateDemoPanel();
}

void ReplayView::pause()
{
    m_timer->stop();
    updateDemoPanel();
}

void ReplayView::step()
{
    if (!m_demo)
        setDemoMode(true);
    const auto *followed = followedOutcome();
    const std::size_t candidateBeats = followed ? 2 * followed->trace.size() : 0;
    if (m_beat >= candidateBeats && m_cursor >= m_lastEvaluation) {
        pause();
        return;
    }
    ++m_beat;
    if (m_beat <= candidateBeats) {
        // The GPU clock moves only when the followed policy settles a candidate it measured: trusting one is free.
        const std::size_t settled = m_beat / 2;
        m_cursor = settled == 0 ? 0 : followed->trace[settled - 1].evaluationsAfter;
    } else {
        m_cursor = std::min(m_lastEvaluation, m_cursor + 1);
    }
    redrawSeries();
    updateDemoPanel();
    if (m_beat >= candidateBeats && m_cursor >= m_lastEvaluation)
        pause();
}

QString ReplayView::demoText() const
{
    return m_demoHeadline->text();
}

QString ReplayView::budgetText() const
{
    return m_budgetGauge->text();
}

QString ReplayView::standingsText() const
{
    QTextDocument document;
    document.setHtml(m_demoStandings->text());
    return document.toPlainText();
}

void ReplayView::updateDemoPanel()
{
    m_playButton->setText(isPlaying() ? tr("&Pause") : tr("&Play"));
    m_playButton->setEnabled(m_lastEvaluation > 0);
    m_stepButton->setEnabled(m_lastEvaluation > 0);
    m_demoHeadline->setText(tr("GPU evaluation %1 of %2").arg(m_cursor).arg(m_lastEvaluation));
    // The followed policy's budget: what the replay allows, else what measuring everything cost.
    const int budget = std::max(1, m_budget->value() > 0 ? m_budget->value() : m_lastEvaluation);
    const auto *followed = followedOutcome();
    const auto policy = ReplayResultsModel::policyText(m_followed);
    // Once the followed policy is done, the clock runs on for the others; its own spending stops.
    const int left = std::max(0, budget - (followed ? spentAt(*followed, m_cursor) : 0));
    m_budgetGauge->setRange(0, budget);
    m_budgetGauge->setValue(left);
    m_budgetGauge->setFormat(tr("%1: %2 of %3 GPU evaluations left").arg(policy).arg(left).arg(budget));
    if (!followed || m_beat == 0 || followed->trace.empty()) {
        m_card->showIdle(policy);
    } else {
        const std::size_t shown = std::min((m_beat - 1) / 2, followed->trace.size() - 1);
        const bool settled = m_beat >= 2 * (shown + 1);
        m_card->showCandidate(followed->trace[shown],
                              settled ? DemoCandidateCard::Stage::Settled : DemoCandidateCard::Stage::Forecast);
    }

    // Standings at the cursor, best first: what each policy has found with what it has spent so far.
    struct Standing {
        QString policy;
        double best;
        int spent;
    };
    std::vector<Standing> standings;
    for (const auto &outcome : outcomes()) {
        double best = 0.0;
        for (const auto &point : outcome.series) {
            if (point.evaluations > m_cursor)
                break;
            best = point.best;
        }
        standings.push_back({ReplayResultsModel::policyText(outcome.policy), best, spentAt(outcome, m_cursor)});
    }
    std::stable_sort(standings.begin(), standings.end(),
                     [](const Standing &a, const Standing &b) { return a.best > b.best; });
    QStringList rows;
    for (const auto &standing : standings) {
        rows << QStringLiteral("<tr><td>%1</td><td align=right>&nbsp;&nbsp;<b>%2×</b></td>"
                               "<td align=right>&nbsp;&nbsp;%3</td></tr>")
                    .arg(standing.policy.toHtmlEscaped(), QLocale().toString(standing.best, 'f', 2),
                         tr("%n evaluation(s)", nullptr, standing.spent));
    }
    m_demoStandings->setText(QStringLiteral("<table>%1</table>").arg(rows.join(QString())));
}
