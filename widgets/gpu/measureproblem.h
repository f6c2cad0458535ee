#pragma once

#include "measuresettings.h"

#include <QCoreApplication>
#include <QString>

// Why nothing can be measured, said so that the user knows what to do: the queue only has the worker's reason
// ("no CUDA device: ...", "cannot start ...: No such file or directory"); what it means depends on the settings
// (this machine, or the far side of a launch prefix).
class MeasureProblem {
    Q_DECLARE_TR_FUNCTIONS(MeasureProblem)
public:
    enum class Kind {
        NoDevice,      // the worker ran and found no GPU (none here, or no driver for it)
        WorkerMissing, // there is no worker to start on this machine (built without the CUDA toolkit)
        Other,
    };

    MeasureProblem(const QString &reason, const MeasureSettings &settings);

    Kind kind() const { return m_kind; }
    // One line for the status bar.
    QString headline() const;
    // Rich text for the measurement dock: the reason, and the ways to a GPU.
    QString advice() const;

private:
    QString where() const;

    QString m_reason;
    MeasureSettings m_settings;
    Kind m_kind;
};
