#include "searchcomparisonview.h"

#include "common/displaytext.h"
#include "gpu/measurequeue.h"
#include "search/searchdriver.h"
#include "searchrunchart.h"
#include "seedsimulationbar.h"
#include "session/tasklocator.h"
#include "surrogate/searchpairs.h"

#include <QDir>
#include <QFileInfo>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLocale>
#include <QProgressBar>
#include <QPushButton>
#include <QStandardPaths>
#include <QTimer>
#include <QVBoxLayout>

#include <algorithm>

namespace {

enum Column { Best, Kernel, Evaluations, Candidates, ColumnCount };

std::vector<kfx::search::BudgetPoint> budgetPoints(const searchcomparison::Figures &figures)
{
    std::vector<kfx::search::BudgetPoint> points;
    for (const auto &standing : figures.standings)
        points.push_back({standing.evaluations, standing.best});
    return points;
}

} // namespace

SearchComparisonView::SearchComparisonView(QWidget *parent)
    : QWidget(parent)
    , m_chart(new SearchRunChart(this))
    , m_simulationBar(new SeedSimulationBar(m_chart, this))
    , m_source(new QLabel(this))
    , m_verdict(new QLabel(this))
    , m_clock(new QLabel(this))
    , m_demoButton(new QPushButton(tr("Play &Demo"), this))
    , m_timer(new QTimer(this))
{
    setAccessibleName(tr("Selective search against its baseline"));
    m_chart->setAccessibleName(tr("Best measured speedup of both searches against GPU evaluations"));
    auto sourceFont = m_source->font();
    sourceFont.setBold(true);
    m_source->setFont(sourceFont);
    m_source->setWordWrap(true);
    m_verdict->setWordWrap(true);
    m_demoButton->setToolTip(tr("Replays both searches one GPU evaluation at a time; measures the selective "
                                "search's kernels live where a GPU answers"));
    connect(m_demoButton, &QPushButton::clicked, this, [this] { m_demoRunning ? stopDemo() : playDemo(); });
    m_timer->setInterval(250);
    connect(m_timer, &QTimer::timeout, this, &SearchComparisonView::step);

    // A column per search, a row per figure: a kernel's name ("block_float4 BLOCK=64 UNROLL=2") then fits on
    // one line even in a laptop's dock.
    auto *table = new QGridLayout;
    const QString searchNames[2] = {tr("Selective search"), tr("Baseline (measures all)")};
    for (int search = 0; search < 2; ++search) {
        auto *header = new QLabel(searchNames[search], this);
        auto headerFont = header->font();
        headerFont.setBold(true);
        header->setFont(headerFont);
        table->addWidget(header, 0, search + 1);
        table->setColumnStretch(search + 1, 1);
    }
    const QString figureNames[ColumnCount] = {tr("Best measured:"), tr("Kernel:"), tr("GPU evaluations:"),
                                              tr("Candidates considered:")};
    for (int figure = 0; figure < ColumnCount; ++figure) {
        table->addWidget(new QLabel(figureNames[figure], this), figure + 1, 0);
        for (int search = 0; search < 2; ++search) {
            m_rows[search][figure] = new QLabel(this);
            m_rows[search][figure]->setTextInteractionFlags(Qt::TextSelectableByMouse);
            table->addWidget(m_rows[search][figure], figure + 1, search + 1);
        }
    }

    auto *heading = new QHBoxLayout;
    heading->addWidget(m_source, 1);
    heading->addWidget(m_simulationBar);
    heading->addWidget(m_demoButton);
    auto *figures = new QVBoxLayout;
    figures->addLayout(heading);
    figures->addWidget(m_clock);
    figures->addLayout(table);
    figures->addWidget(m_verdict);
    figures->addWidget(m_simulationBar->progress());
    figures->addWidget(m_simulationBar->summary());
    figures->addStretch(1);
    // The dock below the explorer is wide and short: the figures beside the chart, not above it.
    auto *layout = new QHBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addLayout(figures, 1);
    layout->addWidget(m_chart, 1);
}

SearchComparisonView::~SearchComparisonView() = default;

bool SearchComparisonView::setSearches(const std::vector<Search> &searches)
{
    stopDemo();
    std::vector<std::string> names;
    for (const auto &search : searches)
        names.push_back(QFileInfo(search.path).fileName().toStdString());
    const auto pair = searchcomparison::findPair(names);
    if (!pair) {
        m_selective = {};
        m_baseline = {};
        m_simulationBar->setPair({}, 0);
        Q_EMIT pairChanged(false);
        return false;
    }
    m_selective = searches[pair->selective];
    m_baseline = searches[pair->baseline];
    m_selectiveFigures = searchcomparison::figuresOf(*m_selective.population);
    m_baselineFigures = searchcomparison::figuresOf(*m_baseline.population);
    m_measuredNodes = searchcomparison::measuredNodes(*m_selective.population);
    m_taskDirectory = TaskLocator::knownTaskDirectory(m_selective.path,
                                                      QString::fromStdString(m_selective.population->context.opName));
    m_chart->showSeries({tr("selective search"), tr("baseline (measures all)")},
                        {budgetPoints(m_selectiveFigures), budgetPoints(m_baselineFigures)}, 0);
    m_cursor = lastEvaluation();
    // The landscape's name for the task: the log's op name, else its file's (the corpus's <task>-selective.jsonl).
    auto task = QString::fromStdString(m_selective.population->context.opName);
    if (task.isEmpty())
        task = QString::fromStdString(
            kfx::surrogate::taskFromFileName(QFile::encodeName(m_selective.path).toStdString()));
    m_simulationBar->setPair(task, lastEvaluation());
    showRecordedSource();
    showCursor();
    Q_EMIT pairChanged(true);
    return true;
}

int SearchComparisonView::lastEvaluation() const
{
    if (!hasPair())
        return 0;
    return std::max<int>(int(m_measuredNodes.size()), m_baselineFigures.final().evaluations);
}

void SearchComparisonView::setBeatMs(int ms)
{
    m_timer->setInterval(ms);
}

bool SearchComparisonView::canMeasureLive() const
{
    if (m_taskDirectory.isEmpty())
        return false;
    if (m_settings.useSlurm || !m_settings.launchPrefix.trimmed().isEmpty())
        return true;
    // Only a worker that exists is asked whether it sees a GPU: it says so itself (or that it sees none).
    const auto program = m_settings.workerCommand.split(QLatin1Char(' '), Qt::SkipEmptyParts).value(0);
    return !program.isEmpty()
        && (QFileInfo(program).isExecutable() || !QStandardPaths::findExecutable(program).isEmpty());
}

void SearchComparisonView::playDemo()
{
    if (!hasPair() || m_demoRunning)
        return;
    m_demoRunning = true;
    m_demoButton->setText(tr("Stop &Demo"));
    m_cursor = 0;
    m_liveRewards.clear();
    m_liveResults = 0;
    m_selectiveFigures = searchcomparison::figuresOf(*m_selective.population);
    // The workers of GPU > Measurement Settings as they are now.
    m_settings = MeasureSettings::load();
    if (canMeasureLive()) {
        startLive();
    } else {
        showRecordedSource(m_taskDirectory.isEmpty() ? tr("no task directory to measure against") : QString());
        m_timer->start();
    }
    showCursor();
}

void SearchComparisonView::startLive()
{
    m_live = true;
    m_queue = std::make_unique<MeasureQueue>();
    m_queue->setSettings(m_settings);
    connect(m_queue.get(), &MeasureQueue::measured, this,
            [this](const QString &nodeId, const QString &source, const std::string &,
                   const kfx::EvaluationOutcome &outcome) { onMeasured(nodeId, source, outcome); });
    connect(m_queue.get(), &MeasureQueue::problemChanged, this, &SearchComparisonView::onProblem);
    const auto task = QFileInfo(m_taskDirectory).fileName();
    std::vector<MeasureQueue::Request> requests;
    for (const auto index : m_measuredNodes) {
        const auto &node = m_selective.population->node(index);
        requests.push_back({QString::fromStdString(node.id), task, m_taskDirectory, node.code});
    }
    m_source->setText(tr("Asking the measurement worker for a GPU…"));
    m_source->setToolTip({});
    m_queue->enqueue(requests);
}

void SearchComparisonView::onMeasured(const QString &nodeId, const QString &source,
                                      const kfx::EvaluationOutcome &outcome)
{
    // One worker measures in the search's order; several may finish out of it: each result takes its own place.
    const auto at = std::find_if(m_measuredNodes.begin(), m_measuredNodes.end(), [&](std::size_t index) {
        return QString::fromStdString(m_selective.population->node(index).id) == nodeId;
    });
    if (at == m_measuredNodes.end())
        return;
    const auto position = std::size_t(at - m_measuredNodes.begin());
    if (m_liveRewards.size() <= position)
        m_liveRewards.resize(position + 1);
    m_liveRewards[position] = outcome.succeeded() ? outcome.reward : std::nullopt;
    ++m_liveResults;
    m_source->setText(tr("Measuring live on %1").arg(m_queue->deviceName().isEmpty() ? source : m_queue->deviceName()));
    m_selectiveFigures = searchcomparison::figuresOf(*m_selective.population, &m_liveRewards);
    m_chart->showSeries({tr("selective search (live)"), tr("baseline (measures all)")},
                        {budgetPoints(m_selectiveFigures), budgetPoints(m_baselineFigures)}, lastEvaluation());
    m_cursor = m_liveResults;
    showCursor();
    if (m_liveResults >= int(m_measuredNodes.size()))
        finishDemo();
}

void SearchComparisonView::onProblem(const QString &problem)
{
    if (problem.isEmpty() || !m_live)
        return;
    // No GPU answered: the demo plays the recorded results instead, and says why.
    retireQueue();
    m_live = false;
    if (m_liveRewards.empty()) {
        m_selectiveFigures = searchcomparison::figuresOf(*m_selective.population);
        m_chart->showSeries({tr("selective search"), tr("baseline (measures all)")},
                            {budgetPoints(m_selectiveFigures), budgetPoints(m_baselineFigures)}, 0);
        showRecordedSource(problem);
        m_timer->start();
    } else {
        m_source->setText(tr("Live measuring stopped: %1").arg(problem));
        finishDemo();
    }
}

void SearchComparisonView::retireQueue()
{
    if (!m_queue)
        return;
    // Called from the queue's own signals too: it goes once they have returned, its workers with it.
    m_queue->disconnect(this);
    m_queue.release()->deleteLater();
}

void SearchComparisonView::step()
{
    m_cursor = std::min(m_cursor + 1, lastEvaluation());
    showCursor();
    if (m_cursor >= lastEvaluation())
        finishDemo();
}

void SearchComparisonView::stopDemo()
{
    m_timer->stop();
    retireQueue();
    m_live = false;
    if (m_demoRunning) {
        m_demoRunning = false;
        m_demoButton->setText(tr("Play &Demo"));
    }
}

void SearchComparisonView::finishDemo()
{
    const bool wasLive = m_live;
    m_timer->stop();
    retireQueue();
    m_demoRunning = false;
    m_live = false;
    m_demoButton->setText(tr("Play &Demo"));
    // A live run keeps its figures and its words until the next demo: they are what this GPU measured.
    if (wasLive)
        m_source->setText(m_source->text() + tr(" (finished)"));
    Q_EMIT demoFinished();
}

void SearchComparisonView::showRecordedSource(const QString &why)
{
    const auto &hardware = m_selective.population ? m_selective.population->context.hardware : std::nullopt;
    const auto recorded = hardware && !hardware->deviceName.empty()
        ? tr("Recorded results, measured on %1").arg(QString::fromStdString(hardware->deviceName))
        : tr("Recorded results");
    // Why it is not live (the worker's own words can run to a paragraph) is a tooltip: the dock is short.
    m_source->setText(why.isEmpty() ? recorded : tr("%1 (not live)").arg(recorded));
    m_source->setToolTip(why.isEmpty() ? QString() : tr("Not measured live: %1").arg(why));
}

void SearchComparisonView::showCursor()
{
    if (!hasPair())
        return;
    m_chart->setShownUpTo(m_cursor);
    m_clock->setText(tr("GPU evaluation %1 of %2").arg(m_cursor).arg(lastEvaluation()));
    const searchcomparison::Standing *standings[2] = {&m_selectiveFigures.at(m_cursor),
                                                      &m_baselineFigures.at(m_cursor)};
    const kfx::Population *populations[2] = {m_selective.population.get(), m_baseline.population.get()};
    for (int row = 0; row < 2; ++row) {
        const auto &standing = *standings[row];
        m_rows[row][Best]->setText(speedupText(standing.best));
        m_rows[row][Kernel]->setText(standing.bestNode < populations[row]->size() ? QString::fromStdString(
                                         searchcomparison::kernelLabel(populations[row]->node(standing.bestNode)))
                                                                                  : QString());
        m_rows[row][Evaluations]->setText(QLocale().toString(standing.evaluations));
        m_rows[row][Candidates]->setText(QLocale().toString(standing.candidates));
    }
    const auto &selective = *standings[0];
    const auto &baseline = *standings[1];
    QString leader;
    if (selective.best > baseline.best)
        leader = tr("The selective search found the faster kernel: %1 against the baseline's %2.")
                     .arg(speedupText(selective.best), speedupText(baseline.best));
    else if (baseline.best > selective.best)
        leader = tr("The baseline found the faster kernel: %1 against the selective search's %2.")
                     .arg(speedupText(baseline.best), speedupText(selective.best));
    else
        leader = tr("Both found equally fast kernels: %1.").arg(speedupText(selective.best));
    // Mid-demo the leader may still change: the verdict says it is one so far.
    if (m_cursor < lastEvaluation())
        leader = tr("So far: %1").arg(leader);
    m_verdict->setText(
        leader + QLatin1Char(' ')
        + tr("The selective search spent %1 GPU evaluations and considered %2 candidates; the baseline spent %3 and "
             "considered %4.")
              .arg(selective.evaluations)
              .arg(selective.candidates)
              .arg(baseline.evaluations)
              .arg(baseline.candidates));
}

QString SearchComparisonView::sourceText() const
{
    return m_source->text();
}

QString SearchComparisonView::verdictText() const
{
    return m_verdict->text();
}

QString SearchComparisonView::figuresText() const
{
    QStringList rows;
    for (const auto &row : m_rows) {
        QStringList cells;
        for (const auto *cell : row)
            cells << cell->text();
        rows << cells.join(QLatin1Char('\t'));
    }
    return rows.join(QLatin1Char('\n'));
}
