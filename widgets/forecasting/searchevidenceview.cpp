#include "searchevidenceview.h"

#include "common/displaytext.h"
#include "model/speedupbin.h"
#include "population/populationmodel.h"

#include <QEvent>
#include <QLocale>
#include <QUrl>

namespace {

const QString kKernelScheme = QStringLiteral("kernel");

} // namespace

SearchEvidenceView::SearchEvidenceView(QWidget *parent) : QTextBrowser(parent)
{
    setOpenLinks(false);
    setAccessibleName(tr("Forecast evidence"));
    connect(this, &QTextBrowser::anchorClicked, this, [this](const QUrl &url) {
        if (url.scheme() == kKernelScheme)
            Q_EMIT kernelActivated(url.path());
    });
    clearKernel();
}

void SearchEvidenceView::setKernel(std::shared_ptr<const kfx::Population> population, std::size_t node)
{
    m_population = std::move(population);
    m_node = node;
    m_evidence.reset();
    render();
}

void SearchEvidenceView::showEvent(QShowEvent *event)
{
    QTextBrowser::showEvent(event);
    render();
}

void SearchEvidenceView::changeEvent(QEvent *event)
{
    QTextBrowser::changeEvent(event);
    if (event->type() == QEvent::PaletteChange)
        render();
}

void SearchEvidenceView::clearKernel()
{
    m_population.reset();
    m_evidence.reset();
    render();
}

void SearchEvidenceView::setForecastBin(std::optional<int> bin)
{
    m_forecastBin = bin;
    render();
}

QString SearchEvidenceView::kernelLink(std::size_t node) const
{
    // Named as the tree names it; the link carries the whole id.
    const auto &id = m_population->node(node).id;
    return QStringLiteral("<a href=\"%1:%2\">%3</a>")
        .arg(kKernelScheme, QString::fromStdString(id).toHtmlEscaped(),
             PopulationModel::shortIdText(id).toHtmlEscaped());
}

QString SearchEvidenceView::outcomeText(std::size_t node) const
{
    const auto &evaluation = *m_population->node(node).evaluation;
    const int bin = *evaluation.judgedBin();
    if (bin == kfx::kFailureBin)
        return tr("failed");
    return tr("%1, bin %2").arg(speedupText(evaluation.measuredSpeedup().value_or(0.0))).arg(bin);
}

void SearchEvidenceView::render()
{
    if (!m_population) {
        setPlainText(tr("No search kernel selected."));
        return;
    }
    if (!isVisible())
        return;
    if (!m_evidence)
        m_evidence = kfx::surrogate::searchEvidence(*m_population, m_node);
    QString html;
    if (const auto parent = m_evidence->parent) {
        html += QStringLiteral("<p>") + tr("<b>Parent</b> %1: %2").arg(kernelLink(*parent), outcomeText(*parent));
        const int parentBin = *m_population->node(*parent).evaluation->judgedBin();
        if (m_forecastBin && parentBin != kfx::kFailureBin) {
            const int change = *m_forecastBin - parentBin;
            const auto moved = change == 0 ? tr("the parent's bin")
                : change > 0               ? tr("%n bin(s) above the parent's", nullptr, change)
                                           : tr("%n bin(s) below the parent's", nullptr, -change);
            html += QStringLiteral("<br>") + tr("The forecast shown: bin %1, %2.").arg(*m_forecastBin).arg(moved);
        }
        html += QStringLiteral("</p>");
    } else {
        html += QStringLiteral("<p>") + tr("The parent was not measured before this kernel.") + QStringLiteral("</p>");
    }
    if (m_evidence->nearest.empty()) {
        html += QStringLiteral("<p>") + tr("No kernel was measured before this one's step.") + QStringLiteral("</p>");
    } else {
        html += QStringLiteral("<p>")
            + tr("<b>Most similar measured kernels</b> (earlier steps, by the token pairs of their code):")
            + QStringLiteral("</p><ol>");
        for (const auto &neighbour : m_evidence->nearest) {
            html += QStringLiteral("<li>")
                + tr("%1: %2, similarity %3")
                      .arg(kernelLink(neighbour.node), outcomeText(neighbour.node),
                           QLocale().toString(neighbour.similarity, 'f', 2))
                + QStringLiteral("</li>");
        }
        html += QStringLiteral("</ol>");
    }
    setHtml(html);
}
