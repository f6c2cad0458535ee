#include "topkchart.h"

#include "topkmodel.h"

TopKChart::TopKChart(QWidget *parent) : ChartView(parent) {}

void TopKChart::setModel(TopKModel *model)
{
    m_model = model;
    follow(model);
}

void TopKChart::fill()
{
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
        line->setPen(QPen(seriesColor(surrogate, palette()), 2));
        for (int row = 0; row < m_model->rowCount(); ++row) {
            const auto k = m_model->index(row, TopKModel::PercentColumn).data(TopKModel::ValueRole);
            const auto recovered = m_model->index(row, TopKModel::column(surrogate)).data(TopKModel::ValueRole);
            if (k.isValid() && recovered.isValid())
                line->append(k.toDouble(), recovered.toDouble());
        }
        chart()->addSeries(line);
        line->attachAxis(x);
        line->attachAxis(y);
        connect(line, &QLineSeries::hovered, this, [this, line, label](QPointF point, bool on) {
            const int nearest = on ? nearestPoint(line, point) : -1;
            if (nearest < 0)
                return showTip({});
            const auto shown = line->at(nearest);
            showTip(tr("<b>%1</b><br>measuring the top %2% finds %3 of the best speedup")
                        .arg(label.toHtmlEscaped())
                        .arg(int(shown.x()))
                        .arg(TopKModel::numberText(shown.y())));
        });
    }
}
