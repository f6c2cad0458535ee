#include "recalibrationcontroller.h"

#include "calibrationview.h"
#include "recalibrationdialog.h"
#include "surrogate/predictionrows.h"

#include <QAction>
#include <QDir>
#include <QFileDialog>
#include <QMessageBox>
#include <QSaveFile>

using kfx::surrogate::CalibrationSplit;
using Method = kfx::surrogate::ProbabilityCalibrator::Method;

struct RecalibrationController::Recalibrated {
    std::shared_ptr<const CalibrationInputs> base;
    kfx::surrogate::RecalibrationResult result;
};

namespace {

QString methodText(Method method)
{
    switch (method) {
    case Method::Temperature:
        return RecalibrationController::tr("temperature scaling");
    case Method::Isotonic:
        return RecalibrationController::tr("isotonic regression");
    case Method::Histogram:
        return RecalibrationController::tr("histogram binning");
    case Method::None:
        break;
    }
    return {};
}

} // namespace

RecalibrationController::RecalibrationController(CalibrationView *view, QWidget *dialogParent)
    : QObject(view)
    , m_view(view)
    , m_dialogParent(dialogParent)
    , m_recalibrate(new QAction(tr("&Recalibrate…"), this))
    , m_showOriginal(new QAction(tr("Show &Original Forecasts Only"), this))
    , m_export(new QAction(tr("Export &Recalibrated Predictions…"), this))
{
    m_recalibrate->setObjectName(QStringLiteral("recalibrate"));
    m_recalibrate->setToolTip(tr("Fit temperature, isotonic or histogram recalibration on a split of the pairs and "
                                 "show the recalibrated surrogates beside the originals"));
    m_showOriginal->setObjectName(QStringLiteral("showOriginalForecasts"));
    m_export->setObjectName(QStringLiteral("exportRecalibrated"));
    m_export->setToolTip(tr("Write the recalibrated forecasts as prediction rows"));
    m_showOriginal->setEnabled(false);
    m_export->setEnabled(false);
    connect(m_recalibrate, &QAction::triggered, this, &RecalibrationController::askAndRecalibrate);
    connect(m_showOriginal, &QAction::triggered, this, &RecalibrationController::showOriginal);
    connect(m_export, &QAction::triggered, this, &RecalibrationController::askAndExport);
}

void RecalibrationController::setInputs(std::shared_ptr<const CalibrationInputs> inputs)
{
    m_inputs = std::move(inputs);
    refit();
}

void RecalibrationController::recalibrate(Method method, const CalibrationSplit &split, const QString &surrogate)
{
    m_choice = Choice{method, split, surrogate.toStdString()};
    refit();
}

void RecalibrationController::showOriginal()
{
    m_choice.reset();
    refit();
}

const kfx::surrogate::RecalibrationResult *RecalibrationController::result() const
{
    return m_recalibrated ? &m_recalibrated->result : nullptr;
}

void RecalibrationController::refit()
{
    m_recalibrated.reset();
    std::vector<const kfx::PredictionRow *> chosen; // the rows of the surrogate chosen, or all
    if (m_choice && m_inputs) {
        for (const auto *row : m_inputs->predictions) {
            if (m_choice->surrogate.empty() || row->surrogateLabel == m_choice->surrogate)
                chosen.push_back(row);
        }
        auto recalibrated = std::make_shared<Recalibrated>();
        recalibrated->base = m_inputs;
        recalibrated->result = kfx::surrogate::recalibrate(m_inputs->pairs, chosen, m_choice->method, m_choice->split);
        const auto &result = recalibrated->result;
        QStringList notes;
        for (const auto &skipped : result.skipped)
            notes << QString::fromStdString(skipped);
        const auto split = QString::fromStdString(kfx::surrogate::calibrationSplitText(m_choice->split));
        if (result.surrogates.empty()) {
            Q_EMIT message(
                tr("Nothing to recalibrate: no surrogate has a forecast of a measured pair in %1").arg(split));
        } else {
            Q_EMIT message(tr("Recalibrated by %1 on %2 (calibration pairs: %3, surrogates: %4), shown as \"… "
                              "(recalibrated)\"")
                               .arg(methodText(m_choice->method), split)
                               .arg(result.calibrationPairs)
                               .arg(result.surrogates.size())
                           + (notes.isEmpty() ? QString() : QStringLiteral("; ") + notes.join(QStringLiteral("; "))));
            m_recalibrated = std::move(recalibrated);
        }
    }
    m_showOriginal->setEnabled(m_choice.has_value());
    m_export->setEnabled(m_recalibrated != nullptr);
    if (!m_recalibrated) {
        m_view->setInputs(m_inputs ? m_inputs : std::make_shared<const CalibrationInputs>());
        return;
    }
    // The original rows and the recalibrated ones side by side, both on the pairs outside the calibration split
    // only, so that before and after are scored on the same pairs; the owner keeps both alive.
    auto shown = std::make_shared<CalibrationInputs>();
    shown->owner = m_recalibrated;
    shown->pairs = m_inputs->pairs;
    const auto fittedOn = kfx::surrogate::calibrationIds(m_inputs->pairs, m_choice->split);
    for (const auto *row : chosen) {
        if (!fittedOn.contains(row->comparisonId))
            shown->predictions.push_back(row);
    }
    for (const auto &row : m_recalibrated->result.rows)
        shown->predictions.push_back(&row);
    m_view->setInputs(std::move(shown));
}

bool RecalibrationController::exportTo(const QString &path, QString *error) const
{
    if (!m_recalibrated) {
        *error = tr("Nothing has been recalibrated");
        return false;
    }
    QSaveFile file(path);
    if (file.open(QIODevice::WriteOnly)) {
        // The rows come from prediction files that kfx wrote redacted; no key is known here.
        const kfx::surrogate::SecretRedactor redactor;
        for (const auto &row : m_recalibrated->result.rows) {
            const auto line = kfx::surrogate::predictionRowJson(row, redactor) + '\n';
            file.write(line.data(), qint64(line.size()));
        }
        if (file.commit())
            return true;
    }
    *error = tr("%1: %2").arg(QDir::toNativeSeparators(path), file.errorString());
    return false;
}

void RecalibrationController::askAndRecalibrate()
{
    QStringList surrogates;
    if (m_inputs) {
        for (const auto *row : m_inputs->predictions) {
            const auto label = QString::fromStdString(row->surrogateLabel);
            if (!surrogates.contains(label))
                surrogates << label;
        }
    }
    RecalibrationDialog dialog(m_inputs ? calibrationPacks(*m_inputs) : QStringList(), surrogates, m_dialogParent);
    if (dialog.exec() == QDialog::Accepted)
        recalibrate(dialog.method(), dialog.split(), dialog.surrogate());
}

void RecalibrationController::askAndExport()
{
    const auto path = QFileDialog::getSaveFileName(m_dialogParent, tr("Export Recalibrated Predictions"),
                                                   QStringLiteral("recalibrated-predictions.jsonl"),
                                                   tr("Prediction rows (*.jsonl)"));
    if (path.isEmpty())
        return;
    QString error;
    if (exportTo(path, &error))
        Q_EMIT message(tr("Recalibrated rows written to %1: %2")
                           .arg(QDir::toNativeSeparators(path))
                           .arg(m_recalibrated->result.rows.size()));
    else
        QMessageBox::warning(m_dialogParent, tr("Export Recalibrated Predictions"), error);
}
