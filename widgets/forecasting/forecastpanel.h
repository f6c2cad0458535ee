#pragma once

#include "model/evaluation.h"
#include "model/forecast.h"
#include "model/population.h"

#include <QWidget>

#include <memory>
#include <optional>
#include <vector>

class BinChart;
class ElidedLabel;
class QComboBox;
class QLabel;
class QPlainTextEdit;
class QTabWidget;
class QTableWidget;
class SearchEvidenceView;

// One forecast the panel can show: which surrogate and repeat gave it, and the forecast itself (nullptr when the
// answer could not be parsed, with the reason).
struct ForecastChoice {
    QString label;
    const kfx::Forecast *forecast = nullptr;
    QString failure;
};

// Under the two kernels: the forecast as an 8-bin distribution with the predicted and the true bin marked, both
// interval readings of those bins, the confidence scores, the rationale in full, and what the measurement said.
// Points into the population or the loaded rows; the caller keeps them alive while they are shown.
class ForecastPanel : public QWidget {
    Q_OBJECT
public:
    explicit ForecastPanel(QWidget *parent = nullptr);

    // Replaces the forecasts offered in the selector and shows the last one (the newest of a search).
    void setForecasts(std::vector<ForecastChoice> choices);
    // The measured speedup the forecast is judged against, if any.
    void setTruth(std::optional<double> speedup);
    // What the measurement said; nullptr when nothing was measured. `failureReason` is the search's own reason
    // for a candidate that never reached a measurement.
    void setMeasurement(const kfx::EvaluationOutcome *outcome, const QString &failureReason = {});
    void clear();
    // The search kernel the forecasts are of, for the Evidence tab; an eval set's pair has none (clear() too).
    void setKernel(std::shared_ptr<const kfx::Population> population, std::size_t node);
    void clearKernel();
    // A message about forecasting as a whole (why there are none), shown above the panel until replaced; an
    // empty text hides it. Selecting kernels leaves it alone.
    void setNotice(const QString &text);
    QString notice() const;

    // Shows this surrogate's forecast (Forecast::source, and repeat unless -1) wherever a kernel has one, in
    // place of the newest, until the reader picks another source (a Calibration click asks for this).
    void preferSource(const QString &source, int repeat);
    bool showsPreferredSource() const;

    int choiceCount() const { return static_cast<int>(m_choices.size()); }
    int currentChoice() const;
    void setCurrentChoice(int choice);
    const kfx::Forecast *currentForecast() const;
    std::optional<int> trueBin() const { return m_trueBin; }

    QComboBox *sourceSelector() const { return m_source; }
    BinChart *chart() const { return m_chart; }
    QTabWidget *tabs() const { return m_tabs; }
    SearchEvidenceView *evidenceView() const { return m_evidence; }
    // Brings tab `index` (0: the rationale, 1: the measurement, 2: the evidence) to the front, with the keyboard
    // focus.
    void showTab(int index);
    QTableWidget *casesTable() const { return m_cases; }
    QString predictedText() const;
    QString truthText() const;
    // For a forecast whose bin the measurement missed: how far the measured speedup fell outside the predicted bin;
    // empty otherwise.
    QString missText() const;
    QString scoresText() const;
    QString expectationText() const;
    QString rationale() const;
    QString measurementText() const;
    QString failureText() const;

private:
    void showChoice();

    int preferredChoice() const;

    std::vector<ForecastChoice> m_choices;
    QString m_preferredSource;
    int m_preferredRepeat = -1;
    std::optional<double> m_truth;
    std::optional<int> m_trueBin;
    // The model's own deferral (spec §1.7) from the measurement shown: said where a forecast would be.
    std::optional<QString> m_modelDeferral;

    QComboBox *m_source;
    BinChart *m_chart;
    ElidedLabel *m_predicted;
    QLabel *m_predictedTruth;
    QLabel *m_predictedLabel;
    ElidedLabel *m_true;
    QLabel *m_trueTruth;
    QLabel *m_trueLabel;
    QLabel *m_missTerm;
    QLabel *m_miss;
    QLabel *m_scores;
    QLabel *m_expectation;
    QTabWidget *m_tabs;
    QPlainTextEdit *m_rationale;
    QLabel *m_measurement;
    QTableWidget *m_cases;
    QPlainTextEdit *m_failure;
    QLabel *m_notice;
    SearchEvidenceView *m_evidence;
};

// The eight bin probabilities as bars: the predicted bin filled in the highlight colour, the true bin outlined,
// a dashed line where 1× lies. Colours come from the palette, so it reads in light and dark themes alike.
class BinChart : public QWidget {
    Q_OBJECT
public:
    explicit BinChart(QWidget *parent = nullptr);

    void setForecast(const kfx::Forecast *forecast);
    void setTrueBin(std::optional<int> bin);
    int predictedBin() const;
    std::optional<int> trueBin() const { return m_trueBin; }
    double probability(int bin) const;

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

protected:
    bool event(QEvent *event) override;
    void paintEvent(QPaintEvent *event) override;

private:
    QRect slotRect(int bin) const;
    int binAt(const QPoint &position) const;

    std::optional<kfx::BinProbabilities> m_probabilities;
    int m_predictedBin = 0;
    std::optional<int> m_trueBin;
};
