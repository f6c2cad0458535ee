#include "calibrationview.h"

#include "calibrationsummarymodel.h"
#include "chartexport.h"
#include "confusionheatmap.h"
#include "confusionmodel.h"
#include "reliabilitychart.h"
#include "reliabilitymodel.h"
#include "riskcoveragechart.h"
#include "riskcoveragemodel.h"
#include "topkchart.h"
#include "topkmodel.h"

#include <QComboBox>
#include <QEvent>
#include <QFileDialog>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QMenu>
#include <QSignalBlocker>
#include <QSortFilterProxyModel>
#include <QSplitter>
#include <QTabWidget>
#include <QTableView>
#include <QToolButton>

#include <algorithm>
#include <iterator>

using namespace kfx::metrics;

namespace {

QComboBox *comboBox(QWidget *parent, const QString &accessibleName)
{
    auto *combo = new QComboBox(parent);
    combo->setAccessibleName(accessibleName);
    combo->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    return combo;
}

QLabel *buddyLabel(const QString &text, QWidget *buddy)
{
    auto *label = new QLabel(text, buddy->parentWidget());
    label->setBuddy(buddy);
    return label;
}

} // namespace

CalibrationView::CalibrationView(QWidget *parent)
    : QWidget(parent)
    , m_reliabilityModel(new ReliabilityModel(this))
    , m_riskCoverageModel(new RiskCoverageModel(this))
    , m_topKModel(new TopKModel(this))
    , m_confusionModel(new ConfusionModel(this))
    , m_summaryModel(new CalibrationSummaryModel(this))
    , m_repeats(comboBox(this, tr("Repeats")))
    , m_pack(comboBox(this, tr("Pack")))
    , m_score(comboBox(this, tr("Confidence score")))
    , m_risk(comboBox(this, tr("Risk")))
    , m_bucketMode(comboBox(this, tr("Reliability buckets")))
    , m_confusionSurrogate(nullptr)
    , m_selection(new ElidedLabel(this))
    , m_notice(new QLabel(this))
    , m_tabs(new QTabWidget(this))
    , m_reliabilityChart(new ReliabilityChart(this))
    , m_riskCoverageChart(new RiskCoverageChart(this))
    , m_topKChart(new TopKChart(this))
    , m_confusionPage(new QWidget(this))
    , m_heatMap(new ConfusionHeatMap(m_confusionPage))
    , m_summaryView(new QTableView(this))
{
    m_repeats->addItem(tr("Pooled"), false);
    m_repeats->addItem(tr("Separate"), true);
    m_repeats->setToolTip(tr("Pool a surrogate's repeats, or show each repeat as its own surrogate (\"name #r\")"));
    connect(m_repeats, qOverload<int>(&QComboBox::currentIndexChanged), this,
            [this] { setSeparateRepeats(m_repeats->currentData().toBool()); });
    m_pack->addItem(tr("All packs"));
    connect(m_pack, qOverload<int>(&QComboBox::currentIndexChanged), this,
            [this] { setPack(m_pack->currentData().toString()); });
    for (auto score : kSelectiveScores)
        m_score->addItem(RiskCoverageModel::scoreTitle(score), int(score));
    m_score->setToolTip(tr("The confidence score that decides which forecasts are trusted"));
    connect(m_score, qOverload<int>(&QComboBox::currentIndexChanged), this,
            [this] { setScore(ConfidenceScore(m_score->currentData().toInt())); });
    for (auto risk : kRisks)
        m_risk->addItem(RiskCoverageModel::riskTitle(risk), int(risk));
    connect(m_risk, qOverload<int>(&QComboBox::currentIndexChanged), this,
            [this] { setRisk(Risk(m_risk->currentData().toInt())); });

    m_bucketMode->addItem(tr("Equal width"), int(BucketMode::EqualWidth));
    m_bucketMode->addItem(tr("Equal count"), int(BucketMode::EqualCount));
    m_bucketMode->setToolTip(tr("Buckets of equal confidence range, or each holding the same number of forecasts"));
    connect(m_bucketMode, qOverload<int>(&QComboBox::currentIndexChanged), this,
            [this] { setBucketMode(BucketMode(m_bucketMode->currentData().toInt())); });

    auto *exportButton = new QToolButton(this);
    exportButton->setText(tr("Export"));
    exportButton->setToolTip(tr("Export the chart shown, or its data"));
    exportButton->setPopupMode(QToolButton::InstantPopup);
    auto *exportMenu = new QMenu(exportButton);
    exportButton->setMenu(exportMenu);
    connect(exportMenu, &QMenu::aboutToShow, this, [this, exportMenu] {
        exportMenu->clear();
        const auto chart = Chart(m_tabs->currentIndex());
        const auto name = m_tabs->tabText(m_tabs->currentIndex());
        for (const auto &format : {QStringLiteral("png"), QStringLiteral("svg"), QStringLiteral("csv")}) {
            exportMenu->addAction(tr("%1 as %2…").arg(name, format.toUpper()), this, [this, chart, name, format] {
                exportInteractively(chartWidget(chart), chartModel(chart), name, format);
            });
        }
        exportMenu->addAction(tr("Summary as CSV…"), this, [this] {
            exportInteractively(nullptr, m_summaryModel, tr("Summary"), QStringLiteral("csv"));
        });
    });

    // Two rows of two, so that the view fits a dock beside the tree on a 1366 px screen.
    auto *controls = new QGridLayout;
    controls->addWidget(buddyLabel(tr("&Repeats:"), m_repeats), 0, 0);
    controls->addWidget(m_repeats, 0, 1);
    controls->addWidget(buddyLabel(tr("P&ack:"), m_pack), 0, 2);
    controls->addWidget(m_pack, 0, 3);
    controls->addWidget(buddyLabel(tr("&Score:"), m_score), 1, 0);
    controls->addWidget(m_score, 1, 1);
    controls->addWidget(buddyLabel(tr("Ris&k:"), m_risk), 1, 2);
    controls->addWidget(m_risk, 1, 3);
    controls->setColumnStretch(4, 1);
    controls->addWidget(exportButton, 0, 5);

    m_confusionSurrogate = comboBox(m_confusionPage, tr("Surrogate of the confusion matrix"));
    connect(m_confusionSurrogate, qOverload<int>(&QComboBox::currentIndexChanged), this,
            [this](int index) { setConfusionSurrogate(std::max(index, 0)); });
    auto *confusionLayout = new QVBoxLayout(m_confusionPage);
    auto *confusionControls = new QHBoxLayout;
    confusionControls->addWidget(buddyLabel(tr("S&urrogate:"), m_confusionSurrogate));
    confusionControls->addWidget(m_confusionSurrogate);
    confusionControls->addStretch(1);
    confusionLayout->addLayout(confusionControls);
    confusionLayout->addWidget(m_heatMap, 1);

    m_reliabilityChart->setModel(m_reliabilityModel);
    m_riskCoverageChart->setModel(m_riskCoverageModel);
    m_topKChart->setModel(m_topKModel);
    m_heatMap->setModel(m_confusionModel);
    // The bucket mode concerns the reliability chart only: it sits on its page, as the confusion matrix's
    // surrogate does, and the controls above keep their two columns' width.
    auto *reliabilityPage = new QWidget(this);
    m_bucketMode->setParent(reliabilityPage);
    auto *reliabilityLayout = new QVBoxLayout(reliabilityPage);
    reliabilityLayout->setContentsMargins(0, 0, 0, 0);
    auto *reliabilityControls = new QHBoxLayout;
    reliabilityControls->addWidget(buddyLabel(tr("&Buckets:"), m_bucketMode));
    reliabilityControls->addWidget(m_bucketMode);
    reliabilityControls->addStretch(1);
    reliabilityLayout->addLayout(reliabilityControls);
    reliabilityLayout->addWidget(m_reliabilityChart, 1);
    m_tabs->addTab(reliabilityPage, tr("Reliability"));
    m_tabs->addTab(m_riskCoverageChart, tr("Risk–coverage"));
    m_tabs->addTab(m_topKChart, tr("Top-k recovery"));
    m_tabs->addTab(m_confusionPage, tr("Confusion"));
    m_tabs->setDocumentMode(true);

    connect(m_reliabilityChart, &ReliabilityChart::bucketClicked, this, [this](int surrogate, int bucket) {
        const auto edge = [this, bucket](int column) {
            return m_reliabilityModel->index(bucket, column).data(CalibrationTableModel::ValueRole).toDouble();
        };
        const auto low = edge(ReliabilityModel::LowColumn);
        const auto high = edge(ReliabilityModel::HighColumn);
        const auto what = m_reliabilityModel->equalCount()
            ? tr("%1, forecasts %2–%3% by confidence")
                  .arg(m_data->label(surrogate))
                  .arg(qRound(low * 100))
                  .arg(qRound(high * 100))
            : tr("%1, confidence %2–%3")
                  .arg(m_data->label(surrogate), CalibrationTableModel::numberText(low),
                       CalibrationTableModel::numberText(high));
        select(surrogate, m_data->bucketComparisons(surrogate, bucket), what);
    });
    connect(m_riskCoverageChart, &RiskCoverageChart::pointClicked, this, [this](int surrogate, int row) {
        const auto &point = m_riskCoverageModel->curve(surrogate).at(std::size_t(row));
        select(surrogate, m_data->trustedComparisons(surrogate, m_riskCoverageModel->score(), point.threshold),
               tr("%1, trusted at threshold %2")
                   .arg(m_data->label(surrogate), CalibrationTableModel::numberText(point.threshold)));
    });
    connect(m_topKChart, &TopKChart::pointClicked, this, [this](int surrogate, int row) {
        const int percent = m_topKModel->index(row, TopKModel::PercentColumn).data(TopKModel::ValueRole).toInt();
        select(surrogate, m_data->topKComparisons(surrogate, percent),
               tr("%1, the top %2% of each pool measured").arg(m_data->label(surrogate)).arg(percent));
    });
    connect(m_heatMap, &ConfusionHeatMap::cellClicked, this, [this](int predicted, int trueBin) {
        const int surrogate = m_confusionModel->surrogate();
        select(surrogate, m_data->confusionComparisons(surrogate, predicted, trueBin),
               tr("%1, predicted bin %2, true bin %3").arg(m_data->label(surrogate)).arg(predicted).arg(trueBin));
    });

    auto *summaryProxy = new QSortFilterProxyModel(this);
    summaryProxy->setSourceModel(m_summaryModel);
    summaryProxy->setSortRole(CalibrationTableModel::ValueRole);
    m_summaryView->setModel(summaryProxy);
    m_summaryView->setSortingEnabled(true);
    m_summaryView->sortByColumn(-1, Qt::AscendingOrder);
    m_summaryView->setAlternatingRowColors(true);
    m_summaryView->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_summaryView->setWordWrap(false);
    m_summaryView->verticalHeader()->setDefaultAlignment(Qt::AlignLeft | Qt::AlignVCenter);
    m_summaryView->horizontalHeader()->setStretchLastSection(true);
    m_summaryView->setAccessibleName(tr("Summary per surrogate"));
    m_summaryModel->setSwatchPalette(palette());
    // Rows a line of text high, so that a short dock shows the five rows of a search's source and its baselines.
    m_summaryView->verticalHeader()->setMinimumSectionSize(m_summaryView->fontMetrics().height() + 4);
    m_summaryView->verticalHeader()->setDefaultSectionSize(m_summaryView->fontMetrics().height() + 6);
    connect(m_summaryModel, &QAbstractItemModel::modelReset, m_summaryView, [this] {
        // The surrogates name the rows in the vertical header, which stays put while the many columns scroll.
        m_summaryView->setColumnHidden(CalibrationSummaryModel::SurrogateColumn, true);
        m_summaryView->resizeColumnsToContents();
    });

    for (int chart = 0; chart < ChartCount; ++chart) {
        auto *widget = chartWidget(Chart(chart));
        widget->setContextMenuPolicy(Qt::CustomContextMenu);
        connect(widget, &QWidget::customContextMenuRequested, this, [this, chart, widget](QPoint position) {
            showExportMenu(chartWidget(Chart(chart)), chartModel(Chart(chart)), m_tabs->tabText(chart),
                           widget->mapToGlobal(position));
        });
    }
    m_summaryView->setContextMenuPolicy(Qt::CustomContextMenu);
    connect(m_summaryView, &QWidget::customContextMenuRequested, this, [this](QPoint position) {
        showExportMenu(nullptr, m_summaryModel, tr("Summary"), m_summaryView->viewport()->mapToGlobal(position));
    });

    auto *splitter = new QSplitter(Qt::Vertical, this);
    splitter->addWidget(m_tabs);
    splitter->addWidget(m_summaryView);
    splitter->setStretchFactor(0, 1);
    splitter->setStretchFactor(1, 0);
    splitter->setChildrenCollapsible(false);
    // At least the header and a few rows, so that a short dock (1366×768) still shows the summary; room for the
    // seven surrogates of a typical study when there is room, the charts taking the rest.
    m_summaryView->setMinimumHeight(m_summaryView->fontMetrics().height() * 5);
    splitter->setSizes(
        {560, m_summaryView->verticalHeader()->defaultSectionSize() * 8 + m_summaryView->fontMetrics().height() * 3});

    m_selection->setTextInteractionFlags(Qt::TextSelectableByMouse);
    // One line that never widens the view, elided where it is too long, its whole text in the tooltip: a
    // word-wrapped label would make the view's height depend on its width, and the window's scroll area would
    // then give it its full preferred height, pushing the summary and this line below a short dock.
    m_selection->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    showMessage(tr("Click a bucket, curve point or cell to select its forecasts."));
    m_notice->setWordWrap(true);
    m_notice->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_notice->setAccessibleName(tr("Why the charts are empty, or what they leave out"));
    m_notice->setFrameShape(QFrame::StyledPanel);
    m_notice->setMargin(6);
    m_notice->hide();
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(controls);
    layout->addWidget(m_notice);
    layout->addWidget(splitter, 1);
    layout->addWidget(m_selection);
}

CalibrationView::~CalibrationView() = default;

void CalibrationView::changeEvent(QEvent *event)
{
    QWidget::changeEvent(event);
    if (event->type() == QEvent::PaletteChange)
        m_summaryModel->setSwatchPalette(palette());
}

void CalibrationView::setInputs(std::shared_ptr<const CalibrationInputs> inputs)
{
    m_inputs = std::move(inputs);
    // The pack chosen stays chosen while the new inputs hold it: a large search's in-search baselines arrive a
    // moment after its forecasts (CalibrationInputsBuilder), and a recalibration refreshes the inputs too.
    const auto chosen = m_settings.pack ? QString::fromStdString(*m_settings.pack) : QString();
    const QSignalBlocker blocker(m_pack);
    m_pack->clear();
    m_pack->addItem(tr("All packs"));
    if (m_inputs) {
        for (const auto &pack : calibrationPacks(*m_inputs))
            m_pack->addItem(pack, pack);
    }
    const int kept = chosen.isEmpty() ? -1 : m_pack->findData(chosen);
    if (kept > 0)
        m_pack->setCurrentIndex(kept);
    else
        m_settings.pack.reset();
    recompute();
}

void CalibrationView::setPack(const QString &pack)
{
    if (pack.isEmpty())
        m_settings.pack.reset();
    else
        m_settings.pack = pack.toStdString();
    const QSignalBlocker blocker(m_pack);
    m_pack->setCurrentIndex(std::max(0, m_pack->findData(pack)));
    recompute();
}

void CalibrationView::setSeparateRepeats(bool separate)
{
    m_settings.separateRepeats = separate;
    const QSignalBlocker blocker(m_repeats);
    m_repeats->setCurrentIndex(m_repeats->findData(separate));
    recompute();
}

void CalibrationView::setBuckets(int buckets)
{
    m_settings.buckets = buckets;
    recompute();
}

void CalibrationView::setStatisticsOptions(const kfx::metrics::StatisticsOptions &options)
{
    m_settings.statistics = options;
    const QSignalBlocker blocker(m_bucketMode);
    m_bucketMode->setCurrentIndex(m_bucketMode->findData(int(options.bucketMode)));
    recompute();
}

void CalibrationView::setBucketMode(BucketMode mode)
{
    auto options = m_settings.statistics;
    options.bucketMode = mode;
    setStatisticsOptions(options);
}

void CalibrationView::setScore(ConfidenceScore score)
{
    const QSignalBlocker blocker(m_score);
    m_score->setCurrentIndex(m_score->findData(int(score)));
    m_riskCoverageModel->setSelection(score, m_riskCoverageModel->risk());
    m_summaryModel->setScore(score);
}

void CalibrationView::setGateCursor(ConfidenceScore score, double threshold)
{
    if (std::find(std::begin(kSelectiveScores), std::end(kSelectiveScores), score) == std::end(kSelectiveScores))
        return clearGateCursor();
    // Set before the score, so that the rebuild a score change causes draws the mark already.
    m_riskCoverageChart->setGateThreshold(threshold);
    if (score != m_riskCoverageModel->score())
        setScore(score);
}

void CalibrationView::clearGateCursor()
{
    m_riskCoverageChart->setGateThreshold(std::nullopt);
}

std::optional<double> CalibrationView::gateThreshold() const
{
    return m_riskCoverageChart->gateThreshold();
}

void CalibrationView::setRisk(Risk risk)
{
    const QSignalBlocker blocker(m_risk);
    m_risk->setCurrentIndex(m_risk->findData(int(risk)));
    m_riskCoverageModel->setSelection(m_riskCoverageModel->score(), risk);
}

void CalibrationView::setConfusionSurrogate(int surrogate)
{
    const QSignalBlocker blocker(m_confusionSurrogate);
    m_confusionSurrogate->setCurrentIndex(surrogate);
    m_confusionModel->setSurrogate(surrogate);
}

void CalibrationView::showChart(Chart chart)
{
    m_tabs->setCurrentIndex(chart);
}

void CalibrationView::recompute()
{
    m_data = m_inputs ? CalibrationData::compute(m_inputs, m_settings) : nullptr;
    for (auto *model : std::initializer_list<CalibrationTableModel *>{m_reliabilityModel, m_riskCoverageModel,
                                                                      m_topKModel, m_summaryModel}) {
        model->setCalibration(m_data);
    }
    const int surrogates = m_data ? m_data->surrogateCount() : 0;
    {
        const QSignalBlocker blocker(m_confusionSurrogate);
        const int shown = m_confusionSurrogate->currentIndex();
        m_confusionSurrogate->clear();
        for (int surrogate = 0; surrogate < surrogates; ++surrogate)
            m_confusionSurrogate->addItem(m_data->label(surrogate));
        m_confusionSurrogate->setCurrentIndex(std::clamp(shown, 0, std::max(0, surrogates - 1)));
    }
    m_confusionModel->setCalibration(m_data);
    m_confusionModel->setSurrogate(std::max(0, m_confusionSurrogate->currentIndex()));
    const auto reason = notice();
    m_notice->setText(reason);
    m_notice->setVisible(!reason.isEmpty());
}

QString CalibrationView::notice() const
{
    const int forecasts = m_inputs ? int(m_inputs->predictions.size()) : 0;
    if (forecasts == 0)
        return tr("No forecasts to calibrate. Open a search log whose nodes carry forecasts, or predictions "
                  "(kfx-cli forecast writes them) together with the pairs or search they forecast.");
    if (m_inputs->pairs.empty())
        return tr("%n forecast(s) loaded, but no measured comparison: open the eval set or the search log they "
                  "forecast as well.",
                  nullptr, forecasts);
    if (m_data && m_data->joinedForecasts() > 0)
        return m_inputs->notes.join(QLatin1Char(' '));
    if (m_settings.pack)
        return tr("No forecast of pack %1 names a comparison with a measured speedup.")
            .arg(QString::fromStdString(*m_settings.pack));
    auto reason = tr("None of the %n loaded forecast(s) names a loaded comparison with a measured speedup.", nullptr,
                     forecasts);
    if (m_data && !m_data->diagnostics().empty())
        reason += QLatin1Char(' ') + QString::fromStdString(m_data->diagnostics().front().message);
    return reason;
}

void CalibrationView::showMessage(const QString &text)
{
    m_selection->setFullText(text);
}

void CalibrationView::select(int surrogate, const ComparisonSelection &selection, const QString &what)
{
    const int comparisons = int(selection.ids.size());
    // With repeats pooled a comparison is forecast once per repeat, so a mark counts more forecasts than it
    // selects rows: say both, or the counts look wrong.
    const auto count = selection.forecasts == comparisons
        ? tr("%n comparison(s)", nullptr, comparisons)
        : tr("%n forecast(s) of %1 (repeats pooled)", nullptr, selection.forecasts)
              .arg(tr("%n comparison(s)", nullptr, comparisons));
    showMessage(tr("Selected %1: %2").arg(count, what));
    Q_EMIT comparisonsSelected(selection.ids, m_data->source(surrogate), m_data->repeat(surrogate));
}

QWidget *CalibrationView::chartWidget(Chart chart) const
{
    switch (chart) {
    case Reliability:
        return m_reliabilityChart;
    case RiskCoverage:
        return m_riskCoverageChart;
    case TopK:
        return m_topKChart;
    case Confusion:
    case ChartCount:
        break;
    }
    return m_heatMap;
}

QAbstractItemModel *CalibrationView::chartModel(Chart chart) const
{
    switch (chart) {
    case Reliability:
        return m_reliabilityModel;
    case RiskCoverage:
        return m_riskCoverageModel;
    case TopK:
        return m_topKModel;
    case Confusion:
    case ChartCount:
        break;
    }
    return m_confusionModel;
}

bool CalibrationView::exportChart(Chart chart, const QString &basePath)
{
    auto *widget = chartWidget(chart);
    return ChartExport::writePng(widget, basePath + QStringLiteral(".png"))
        && ChartExport::writeSvg(widget, basePath + QStringLiteral(".svg"), m_tabs->tabText(chart));
}

void CalibrationView::showExportMenu(QWidget *source, QAbstractItemModel *model, const QString &name, QPoint position)
{
    QMenu menu;
    if (source) {
        menu.addAction(tr("Export Chart as PNG…"), this,
                       [&] { exportInteractively(source, model, name, QStringLiteral("png")); });
        menu.addAction(tr("Export Chart as SVG…"), this,
                       [&] { exportInteractively(source, model, name, QStringLiteral("svg")); });
    }
    menu.addAction(tr("Export Data as CSV…"), this,
                   [&] { exportInteractively(source, model, name, QStringLiteral("csv")); });
    menu.exec(position);
}

void CalibrationView::exportInteractively(QWidget *source, QAbstractItemModel *model, const QString &name,
                                          const QString &format)
{
    const auto suggested = name.toLower().replace(QLatin1Char(' '), QLatin1Char('-')) + QLatin1Char('.') + format;
    const auto path = QFileDialog::getSaveFileName(this, tr("Export %1").arg(name), suggested,
                                                   tr("%1 files (*.%2)").arg(format.toUpper(), format));
    if (path.isEmpty())
        return;
    bool written = false;
    if (format == QLatin1String("csv"))
        written = ChartExport::writeCsv(*model, path, CalibrationTableModel::ValueRole);
    else if (format == QLatin1String("svg"))
        written = ChartExport::writeSvg(source, path, name);
    else
        written = ChartExport::writePng(source, path);
    showMessage(written ? tr("Exported %1 to %2").arg(name, path) : tr("Could not write %1").arg(path));
}
