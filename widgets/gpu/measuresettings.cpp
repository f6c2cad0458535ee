#include "measuresettings.h"

#include "measure/measureclient.h"

#include <QCoreApplication>
#include <QFileInfo>
#include <QSettings>

#include <algorithm>

#include <unistd.h>

namespace {
const QString kGroup = QStringLiteral("measure");
const QString kSlurmGroup = QStringLiteral("slurm");

void loadSlurm(QSettings &settings, MeasureSettings &loaded)
{
    settings.beginGroup(kSlurmGroup);
    loaded.useSlurm = settings.value(QStringLiteral("enabled"), false).toBool();
    loaded.slurm.partition = settings.value(QStringLiteral("partition")).toString().toStdString();
    loaded.slurm.gres = settings.value(QStringLiteral("gres"), QStringLiteral("gpu:1")).toString().toStdString();
    loaded.slurm.timeLimit = settings.value(QStringLiteral("time")).toString().toStdString();
    loaded.slurm.extraOptions = settings.value(QStringLiteral("srunOptions")).toString().toStdString();
    loaded.slurmWorkers = settings.value(QStringLiteral("workers"), loaded.slurmWorkers).toInt();
    settings.endGroup();
}

void saveSlurm(QSettings &settings, const MeasureSettings &saved)
{
    settings.beginGroup(kSlurmGroup);
    settings.setValue(QStringLiteral("enabled"), saved.useSlurm);
    settings.setValue(QStringLiteral("partition"), QString::fromStdString(saved.slurm.partition));
    settings.setValue(QStringLiteral("gres"), QString::fromStdString(saved.slurm.gres));
    settings.setValue(QStringLiteral("time"), QString::fromStdString(saved.slurm.timeLimit));
    settings.setValue(QStringLiteral("srunOptions"), QString::fromStdString(saved.slurm.extraOptions));
    settings.setValue(QStringLiteral("workers"), saved.slurmWorkers);
    settings.endGroup();
}
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
    loaded.python = settings.value(QStringLiteral("python"), loaded.python).toString();
    const auto device = qEnvironmentVariableIsSet("KFX_MEASURE_DEVICE")
        ? qEnvironmentVariable("KFX_MEASURE_DEVICE")
        : settings.value(QStringLiteral("device")).toString();
    if (device == QLatin1String("cpu"))
        loaded.computeDevice = kfx::measure::ComputeDevice::Cpu;
    loadSlurm(settings, loaded);
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
    settings.setValue(QStringLiteral("python"), python);
    saveSlurm(settings, *this);
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

std::string MeasureSettings::slurmJobName(int slot) const
{
    return useSlurm ? kfx::measure::slurmJobName(long(::getpid()), slot) : std::string();
}

std::vector<std::string> MeasureSettings::pythonArgv() const
{
    const auto text = python.trimmed().isEmpty() ? QStringLiteral("python3") : python.trimmed();
    if (const QFileInfo virtualenv(text + QStringLiteral("/bin/python")); virtualenv.isExecutable())
        return {virtualenv.absoluteFilePath().toStdString()};
    return kfx::measure::MeasureClient::withLaunchPrefix(text.toStdString(), {});
}

std::vector<std::string> MeasureSettings::argv(int device) const
{
    if (useSlurm) {
        const auto worker = kfx::measure::MeasureClient::withLaunchPrefix(workerCommand.toStdString(), {});
        return kfx::measure::srunCommand(slurm, slurmJobName(std::max(device, 0)), worker);
    }
    std::vector<std::string> command;
    if (device >= 0)
        command = {"env", "CUDA_VISIBLE_DEVICES=" + std::to_string(device)};
    const auto worker = kfx::measure::MeasureClient::withLaunchPrefix(workerCommand.toStdString(), {});
    command.insert(command.end(), worker.begin(), worker.end());
    return kfx::measure::MeasureClient::withLaunchPrefix(launchPrefix.toStdString(), std::move(command));
}
