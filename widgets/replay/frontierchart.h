#pragma once

#include "gate/gatepolicy.h"
#include "model/population.h"
#include "replay/gpubudgetfrontier.h"

#include <QtCharts/QChartView>
#include <QtCharts/QValueAxis>

#if QT_VERSION < QT_VERSION_CHECK(6, 0, 0)
QT_CHARTS_USE_NAMESPACE
#endif

#include <memory>
#include <vector>

// Issue 17's GPU-budget frontier under the replay: for measuring everything and for the gate at the window's
// threshold, at a target coverage and at the certified threshold, the best measured speedup (solid, left axis)
// and the selective risk of the trusted forecasts (dashed, right axis) against GPU evaluations spent.
class FrontierChart : public QChartView {
    Q_OBJECT
public:
    explicit FrontierChart(QWidget *parent = nullptr);

    // Recomputed at once when shown, else when next shown.
    void setSource(std::shared_ptr<const kfx::Population> population, const kfx::gate::GateSettings &gate);
    const std::vector<kfx::replay::FrontierCurve> &curves() const { return m_curves; }

    // Searches larger than this are left to kfx-cli replay --frontier: four replays would stall the window.
    static constexpr std::size_t kLargestSearch = 5000;

protected:
    void showEvent(QShowEvent *event) override;
    void changeEvent(QEvent *event) override;

private:
    void recompute();
    void redraw();
    void applyTheme();

    std::shared_ptr<const kfx::Population> m_population;
    kfx::gate::GateSettings m_gate;
    bool m_stale = false;
    std::vector<kfx::replay::FrontierCurve> m_curves;
    QValueAxis *m_evaluations;
    QValueAxis *m_best;
    QValueAxis *m_risk;
};
