#include "forecastsourcechoice.h"

#include "model/forecastsources.h"
#include "workspace/workspace.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QSignalBlocker>

#include <algorithm>

ForecastSourceChoice::ForecastSourceChoice(QObject *parent) : QObject(parent) {}

void ForecastSourceChoice::setWorkspace(kfx::workspace::Workspace *workspace)
{
    m_workspace = workspace;
    m_chosen.clear();
    if (!m_workspace)
        return;
    try {
        m_chosen = m_workspace->shownForecastSource().value_or(std::string());
    } catch (const std::exception &error) {
        Q_EMIT failed(
            tr("The workspace's choice of forecasts could not be read: %1").arg(QString::fromStdString(error.what())));
    }
    Q_EMIT offeredChanged();
}

void ForecastSourceChoice::setAvailable(std::vector<std::string> sources)
{
    if (sources == m_available)
        return;
    m_available = std::move(sources);
    Q_EMIT offeredChanged();
}

std::vector<std::string> ForecastSourceChoice::offered() const
{
    auto offered = m_available;
    if (!m_chosen.empty() && std::find(offered.begin(), offered.end(), m_chosen) == offered.end())
        offered.push_back(m_chosen);
    return offered;
}

std::string ForecastSourceChoice::shown() const
{
    return shownOf(m_available, m_chosen);
}

std::string ForecastSourceChoice::shownOf(const std::vector<std::string> &available, const std::string &chosen)
{
    if (!chosen.empty())
        return chosen;
    return available.empty() ? std::string() : available.front();
}

void ForecastSourceChoice::choose(const std::string &source)
{
    if (source == shown() && source == m_chosen)
        return;
    m_chosen = source;
    if (m_workspace) {
        try {
            m_workspace->saveShownForecastSource(source);
        } catch (const std::exception &error) {
            Q_EMIT failed(tr("The choice of forecasts could not be saved in the workspace: %1")
                              .arg(QString::fromStdString(error.what())));
        }
    }
    Q_EMIT offeredChanged();
    Q_EMIT chosen();
}

QString ForecastSourceChoice::displayName(const std::string &source)
{
    if (source == kfx::kSearchLogSource)
        return tr("the search log's own");
    if (source == "embedded")
        return tr("embedded model");
    if (source.rfind("llm:", 0) == 0)
        return tr("LLM: %1").arg(QString::fromStdString(source.substr(4)));
    return QString::fromStdString(source);
}

void ForecastSourceChoice::fill(QComboBox *box) const
{
    const QSignalBlocker blocker(box);
    box->clear();
    const auto sources = offered();
    for (const auto &source : sources)
        box->addItem(displayName(source), QString::fromStdString(source));
    box->setCurrentIndex(box->findData(QString::fromStdString(shown())));
    // One source is no choice, but it is still worth naming: the figures beside it are that source's.
    box->setEnabled(sources.size() > 1);
}

QWidget *ForecastSourceChoice::createBox(QWidget *parent)
{
    auto *widget = new QWidget(parent);
    auto *layout = new QHBoxLayout(widget);
    layout->setContentsMargins(0, 0, 0, 0);
    auto *label = new QLabel(tr("Forecasts by:"), widget);
    auto *box = new QComboBox(widget);
    box->setObjectName(QStringLiteral("forecastSourceBox"));
    box->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    box->setToolTip(tr("Whose forecasts the gate, Calibration, the replay and the comparison show"));
    label->setBuddy(box);
    layout->addWidget(label);
    layout->addWidget(box);
    fill(box);
    connect(this, &ForecastSourceChoice::offeredChanged, box, [this, box] { fill(box); });
    connect(box, QOverload<int>::of(&QComboBox::activated), this,
            [this, box](int index) { choose(box->itemData(index).toString().toStdString()); });
    return widget;
}
