#include "measuresettings.h"

#include "measure/measureclient.h"

#include <QCoreApplication>
#include <QFileInfo>
#include <QSettings>

namespace {
const QString kGroup = QStringLiteral("measure");
} // namespace

MeasureSettings MeasureSettings::load()
{
    QSettings settings;
    settings.beginGroup(kGroup);
    MeasureSettings loaded;
    loaded.workerCommand = settings.value(QStringLiteral("workerCommand"), defaultWorkerCommand()).toString();
    loaded.launchPrefix = settings.value(QStringLiteral("launchPrefix")).toString();
    loaded.timing = settings.value(QStringLiteral("timing")).toString() == QLatin1String("reference")
        ? kfx::measure::TimingProtocol::Reference
        : kfx::measure::TimingProtocol::Robust;
    loaded.timeoutMs = settings.value(QStringLiteral("timeoutMs"), loaded.timeoutMs).toInt();
    return loaded;
}

void MeasureSettings::save() const
{
    QSettings settings;
    settings.beginGroup(kGroup);
    settings.setValue(QStringLiteral("workerCommand"), workerCommand);
    settings.setValue(QStringLiteral("launchPrefix"), launchPrefix);
    settings.setValue(QStringLiteral("timing"), QString::fromUtf8(kfx::measure::timingProtocolName(timing).data()));
    settings.setValue(QStringLiteral("timeoutMs"), timeoutMs);
}

QString MeasureSettings::defaultWorkerCommand()
{
    const QFileInfo beside(QCoreApplication::applicationDirPath() + QStringLiteral("/kfx-measure"));
    if (beside.isExecutable())
        return beside.absoluteFilePath();
#ifdef KFX_MEASURE_PATH
    return QStringLiteral(KFX_MEASURE_PATH);
#else
    // Not built here (no CUDA toolkit): whatever kfx-measure the PATH, or the launch prefix's machine, has.
    return QStringLiteral("kfx-measure");
#endif
}

std::vector<std::string> MeasureSettings::argv(int device) const
{
    std::vector<std::string> command;
    if (device >= 0)
        command = {"env", "CUDA_VISIBLE_DEVICES=" + std::to_string(device)};
    const auto worker = kfx::measure::MeasureClient::withLaunchPrefix(workerCommand.toStdString(), {});
    command.insert(command.end(), worker.begin(), worker.end());
    return kfx::measure::MeasureClient::withLaunchPrefix(launchPrefix.toStdString(), std::move(command));
}
