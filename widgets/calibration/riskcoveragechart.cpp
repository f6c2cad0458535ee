#include "riskcoveragechart.h"

#include "riskcoveragemodel.h"

#include <cmath>
#include <memory>

RiskCoverageChart::RiskCoverageChart(QWidget *parent) : ChartView(parent) {}

void RiskCoverageChart::setModel(RiskCoverageModel *model)
{
    m_model = model;
    follow(model);
}

void RiskCoverageChart::fill()
{
    m_gate = nullptr; // went with the previous chart
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
        line->setPen(seriesPen(surrogate, m_model->calibration()->isBaseline(surrogate), palette()));
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
    addGateSeries(x, y);
}

void RiskCoverageChart::addGateSeries(QAbstractAxis *x, QAbstractAxis *y)
{
    // Added last so that the marks lie on top of the curves.
    m_gate = new QScatterSeries(chart());
    m_gate->setName(tr("Gate"));
    m_gate->setMarkerShape(QScatterSeries::MarkerShapeCircle);
    m_gate->setMarkerSize(12);
    // Rings in the text colour: unlike any series colour, and the curve stays visible through them.
    m_gate->setBrush(Qt::NoBrush);
    m_gate->setPen(QPen(palette().color(QPalette::WindowText), 2.5));
    m_gate->setPointLabelsFormat(tr("gate"));
    m_gate->setPointLabelsColor(palette().color(QPalette::WindowText));
    chart()->addSeries(m_gate);
    m_gate->attachAxis(x);
    m_gate->attachAxis(y);
    connect(m_gate, &QScatterSeries::hovered, this, [this](QPointF point, bool on) {
        const int nearest = on ? nearestPoint(m_gate, point) : -1;
        if (nearest < 0 || std::size_t(nearest) >= m_gateSurrogates.size() || !m_gateThreshold)
            return showTip({});
        const auto shown = m_gate->at(nearest);
        showTip(tr("<b>%1</b><br>the gate at threshold %2 trusts %3 of the forecasts, at risk %4")
                    .arg(m_model->calibration()->label(m_gateSurrogates[std::size_t(nearest)]).toHtmlEscaped(),
                         CalibrationTableModel::numberText(*m_gateThreshold),
                         CalibrationTableModel::numberText(shown.x()), CalibrationTableModel::numberText(shown.y())));
    });
    placeGate();
}

void RiskCoverageChart::setGateThreshold(std::optional<double> threshold)
{
    m_gateThreshold = threshold;
    placeGate();
}

QList<QPointF> RiskCoverageChart::gatePoints() const
{
    return m_gate ? m_gate->points() : QList<QPointF>();
}

void RiskCoverageChart::placeGate()
{
    if (!m_gate)
        return;
    // Looked up in the computed curves, never recomputed: a binary search per surrogate.
    QList<QPointF> points;
    m_gateSurrogates.clear();
    if (m_gateThreshold && m_model) {
        for (int surrogate = 0; surrogate < m_model->surrogateCount(); ++surrogate) {
            const auto &curve = m_model->curve(surrogate);
            const auto &point = curve[kfx::metrics::riskCoveragePointAt(curve, *m_gateThreshold)];
            if (std::isnan(point.risk) || std::isnan(point.coverage))
                continue; // undefined where nothing is trusted: not on the drawn curve either
            points.append(QPointF(point.coverage, point.risk));
            m_gateSurrogates.push_back(surrogate);
        }
    }
    m_gate->replace(points);
    if (m_gateThreshold)
        m_gate->setName(tr("Gate at %1").arg(CalibrationTableModel::numberText(*m_gateThreshold)));
    // Marks on seven curves would bury each other under their labels; the legend names them then.
    m_gate->setPointLabelsVisible(points.size() == 1);
    const bool shown = !points.isEmpty();
    m_gate->setVisible(shown);
    for (auto *marker : chart()->legend()->markers(m_gate))
        marker->setVisible(shown);
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
