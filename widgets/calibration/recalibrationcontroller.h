#pragma once

#include "calibrationdata.h"
#include "surrogate/recalibration.h"

#include <QObject>

#include <memory>
#include <optional>

class CalibrationView;
class QAction;
class QWidget;

// Recalibration in the window (issue 17): Calibration → Recalibrate… fits a method on a split of the loaded pairs
// and the Calibration view then shows each recalibrated surrogate, as "<label> (recalibrated)", beside the
// original in every chart and the summary; File → Export recalibrated predictions… writes those rows in the
// published predictions format. Loading other files refits the same choice on them.
class RecalibrationController : public QObject {
    Q_OBJECT
public:
    RecalibrationController(CalibrationView *view, QWidget *dialogParent);

    QAction *recalibrateAction() const { return m_recalibrate; }
    QAction *showOriginalAction() const { return m_showOriginal; }
    QAction *exportAction() const { return m_export; }

    // The window's rows, shown with the recalibrated surrogates beside them while a recalibration is chosen.
    void setInputs(std::shared_ptr<const CalibrationInputs> inputs);
    // Fits and shows; what the dialog's OK does. With a surrogate named, only it and its recalibrated self are shown.
    void recalibrate(kfx::surrogate::ProbabilityCalibrator::Method method,
                     const kfx::surrogate::CalibrationSplit &split, const QString &surrogate = {});
    // Back to the loaded surrogates alone.
    void showOriginal();
    // Writes the recalibrated rows, one JSON line each; the reason on failure.
    bool exportTo(const QString &path, QString *error) const;

    const kfx::surrogate::RecalibrationResult *result() const;

Q_SIGNALS:
    // A sentence for the status bar: what was fitted, or why nothing was.
    void message(const QString &text);

private:
    struct Choice {
        kfx::surrogate::ProbabilityCalibrator::Method method;
        kfx::surrogate::CalibrationSplit split;
        std::string surrogate; // empty: every one
    };
    void refit();
    void askAndRecalibrate();
    void askAndExport();

    CalibrationView *m_view;
    QWidget *m_dialogParent;
    std::shared_ptr<const CalibrationInputs> m_inputs;
    std::optional<Choice> m_choice;
    // Owns the recalibrated rows the view points into, with the inputs they were fitted on.
    struct Recalibrated;
    std::shared_ptr<const Recalibrated> m_recalibrated;
    QAction *m_recalibrate;
    QAction *m_showOriginal;
    QAction *m_export;
};
