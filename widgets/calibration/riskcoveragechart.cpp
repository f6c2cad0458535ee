#include "riskcoveragechart.h"

#include "riskcoveragemodel.h"

#include <memory>

RiskCoverageChart::RiskCoverageChart(QWidget *parent) : ChartView(parent) {}

void RiskCoverageChart::setModel(RiskCoverageModel *model)
{
    m_model = model;
    follow(model);
}

void RiskCoverageChart::fill()
{
    if (!m_model)
        return;
    chart()->setTitle(tr("Risk–coverage: %1 by %2")
                          .arg(RiskCoverageModel::riskTitle(m_model->risk()).toLower(),
                               RiskCoverageModel::scoreTitle(m_model->score()).toLower()));
    auto *x = new QValueAxis(chart());
    auto *y = new QValueAxis(chart());
    x->setRange(0, 1);
    x->setTickCount(11);
    x->setLabelFormat(QStringLiteral("%.1f"));
    x->setTitleText(tr("Coverage (share of forecasts trusted)"));
    y->setTitleText(RiskCoverageModel::riskTitle(m_model->risk()));
    chart()->addAxis(x, Qt::AlignBottom);
    chart()->addAxis(y, Qt::AlignLeft);
    styleAxis(x);
    styleAxis(y);
    double highest = 0;
    for (int surrogate = 0; surrogate < m_model->surrogateCount(); ++surrogate) {
        auto *line = new QLineSeries(chart());
        line->setName(m_model->calibration()->label(surrogate));
        line->setPen(QPen(seriesColor(surrogate, palette()), 2));
        // Which model row each drawn point is: undefined risks are not drawn.
        auto rows = std::make_shared<std::vector<int>>();
        for (int row = 0; row < m_model->rowCount(); ++row) {
            const auto coverage = m_model->index(row,
                                                 RiskCoverageModel::column(surrogate, RiskCoverageModel::Coverage));
            const auto risk = m_model->index(row, RiskCoverageModel::column(surrogate, RiskCoverageModel::RiskValue));
            if (!coverage.data(RiskCoverageModel::ValueRole).isValid()
                || !risk.data(RiskCoverageModel::ValueRole).isValid())
                continue;
            const double value = risk.data(RiskCoverageModel::ValueRole).toDouble();
            line->append(coverage.data(RiskCoverageModel::ValueRole).toDouble(), value);
            highest = std::max(highest, value);
            rows->push_back(row);
        }
        chart()->addSeries(line);
        line->attachAxis(x);
        line->attachAxis(y);
        connect(line, &QLineSeries::hovered, this, [this, line, rows, surrogate](QPointF point, bool on) {
            const int nearest = on ? nearestPoint(line, point) : -1;
            showTip(nearest >= 0 ? pointTip(surrogate, (*rows)[std::size_t(nearest)]) : QString());
        });
        connect(line, &QLineSeries::clicked, this, [this, line, rows, surrogate](QPointF point) {
            if (const int nearest = nearestPoint(line, point); nearest >= 0)
                Q_EMIT pointClicked(surrogate, (*rows)[std::size_t(nearest)]);
        });
    }
    y->setRange(0, highest > 0 ? highest * 1.05 : 1);
    y->applyNiceNumbers();
}

QString RiskCoverageChart::pointTip(int surrogate, int row) const
{
    const auto number = [&](RiskCoverageModel::Field field) {
        return m_model->index(row, RiskCoverageModel::column(surrogate, field)).data().toString();
    };
    return tr("<b>%1</b><br>threshold %2: coverage %3, risk %4<br>%5 trusted, %6 measured<br>click to select the "
              "trusted forecasts")
        .arg(m_model->calibration()->label(surrogate).toHtmlEscaped(), number(RiskCoverageModel::Threshold),
             number(RiskCoverageModel::Coverage), number(RiskCoverageModel::RiskValue),
             number(RiskCoverageModel::Predicted), number(RiskCoverageModel::Abstained));
}
