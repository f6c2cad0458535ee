#include "topkchart.h"

#include "topkmodel.h"

#include <algorithm>

TopKChart::TopKChart(QWidget *parent) : ChartView(parent) {}

void TopKChart::setModel(TopKModel *model)
{
    m_model = model;
    follow(model);
}

void TopKChart::fill()
{
    m_lines.clear();
    m_rowsByPoint.clear();
    chart()->setTitle(tr("Top-k recovery (ranked by expected bin)"));
    auto *x = new QValueAxis(chart());
    auto *y = new QValueAxis(chart());
    x->setRange(0, 100);
    x->setTickCount(11);
    x->setLabelFormat(QStringLiteral("%d"));
    x->setTitleText(tr("Candidates measured (% of each pool)"));
    y->setRange(0, 1);
    y->setTickCount(6);
    y->setLabelFormat(QStringLiteral("%.1f"));
    y->setTitleText(tr("Share of the best speedup found"));
    chart()->addAxis(x, Qt::AlignBottom);
    chart()->addAxis(y, Qt::AlignLeft);
    styleAxis(x);
    styleAxis(y);

    auto *target = new QLineSeries(chart());
    target->setName(tr("Within 20% of the best"));
    target->append(0, 0.8);
    target->append(100, 0.8);
    target->setPen(QPen(palette().color(QPalette::WindowText), 1, Qt::DashLine));
    chart()->addSeries(target);
    target->attachAxis(x);
    target->attachAxis(y);
    if (!m_model)
        return;
    for (int surrogate = 0; surrogate < m_model->surrogateCount(); ++surrogate) {
        auto *line = new QLineSeries(chart());
        const auto label = m_model->calibration()->label(surrogate);
        line->setName(label);
        line->setPen(seriesPen(surrogate, m_model->calibration()->isBaseline(surrogate), palette()));
        auto &rows = m_rowsByPoint.emplace_back();
        for (int row = 0; row < m_model->rowCount(); ++row) {
            const auto k = m_model->index(row, TopKModel::PercentColumn).data(TopKModel::ValueRole);
            const auto recovered = m_model->index(row, TopKModel::column(surrogate)).data(TopKModel::ValueRole);
            if (k.isValid() && recovered.isValid()) {
                line->append(k.toDouble(), recovered.toDouble());
                rows.push_back(row);
            }
        }
        m_lines.push_back(line);
        chart()->addSeries(line);
        line->attachAxis(x);
        line->attachAxis(y);
        connect(line, &QLineSeries::hovered, this, [this, line, label](QPointF point, bool on) {
            const int nearest = on ? nearestPoint(line, point) : -1;
            if (nearest < 0)
                return showTip({});
            const auto shown = line->at(nearest);
            showTip(tr("<b>%1</b><br>measuring the top %2% finds %3 of the best speedup<br>click to select the "
                       "forecasts measured")
                        .arg(label.toHtmlEscaped())
                        .arg(int(shown.x()))
                        .arg(TopKModel::numberText(shown.y())));
        });
        connect(line, &QLineSeries::clicked, this, [this, line, surrogate](QPointF point) {
            if (const int nearest = nearestPoint(line, point); nearest >= 0)
                Q_EMIT pointClicked(surrogate, m_rowsByPoint[std::size_t(surrogate)][std::size_t(nearest)]);
        });
    }
}

QPoint TopKChart::pointPosition(int surrogate, int row) const
{
    if (surrogate < 0 || std::size_t(surrogate) >= m_lines.size())
        return {};
    const auto &rows = m_rowsByPoint[std::size_t(surrogate)];
    const auto at = std::find(rows.begin(), rows.end(), row);
    if (at == rows.end())
        return {};
    auto *line = m_lines[std::size_t(surrogate)];
    const auto scene = chart()->mapToPosition(line->at(int(at - rows.begin())), line);
    return mapFromScene(chart()->mapToScene(scene));
}
