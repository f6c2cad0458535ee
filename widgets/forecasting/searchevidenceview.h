#pragma once

#include "model/population.h"
#include "surrogate/searchevidence.h"

#include <QTextBrowser>

#include <memory>
#include <optional>

// The forecast panel's Evidence tab (issue 25): what the search had measured before a kernel that its forecast can
// be checked against (kfx::surrogate::searchEvidence): the parent's measurement and how far the forecast shown
// moves from it, and the most similar measured kernels with their speedups. Each kernel is a link that selects it.
class SearchEvidenceView : public QTextBrowser {
    Q_OBJECT
public:
    explicit SearchEvidenceView(QWidget *parent = nullptr);

    // Kernel `node` of `population`, kept alive while shown.
    void setKernel(std::shared_ptr<const kfx::Population> population, std::size_t node);
    // Nothing selected, or an eval set's pair, which has no search around it.
    void clearKernel();
    // The bin the forecast shown beside declares; none without a forecast.
    void setForecastBin(std::optional<int> bin);

Q_SIGNALS:
    void kernelActivated(const QString &id);

protected:
    void showEvent(QShowEvent *event) override;
    // The HTML takes the link colour when it is set: set again, so a link stays readable in the other theme.
    void changeEvent(QEvent *event) override;

private:
    // Made when shown: comparing a kernel with up to kMaxEvidenceCandidates others is wasted on every selection
    // while another tab is in front.
    void render();
    QString kernelLink(std::size_t node) const;
    QString outcomeText(std::size_t node) const;

    std::shared_ptr<const kfx::Population> m_population;
    std::size_t m_node = 0;
    std::optional<kfx::surrogate::SearchEvidence> m_evidence; // of m_node, once shown
    std::optional<int> m_forecastBin;
};
