#pragma once

#include "measure/protocol.h"
#include "measure/slurmlauncher.h"

#include <QString>

#include <string>
#include <vector>

// How the window runs the GPU worker, kept in QSettings: which kfx-measure, behind which launch prefix (empty
// for this machine, "ssh gpu-box", "srun --gres=gpu:1"), with which timing protocol and per-request limit, and
// the Python interpreter that GPU MODE and KernelBench candidates run in.
struct MeasureSettings {
    QString workerCommand;
    QString launchPrefix;
    kfx::measure::TimingProtocol timing = kfx::measure::TimingProtocol::Robust;
    int timeoutMs = 120000;
    // "python3", a virtualenv's directory or interpreter, or a launch prefix ending in an interpreter
    // ("srun --gres=gpu:1 python3"); on the worker's side of the worker's own launch prefix.
    QString python = QStringLiteral("python3");
    // Cpu only for tests without a GPU (the environment variable KFX_MEASURE_DEVICE=cpu, or the setting
    // measure/device): Python tasks then run on the CPU and their results say "CPU (test mode)".
    kfx::measure::ComputeDevice computeDevice = kfx::measure::ComputeDevice::Cuda;

    // Measuring through Slurm (issue 18): each worker is an srun job of its own (core/measure/slurmlauncher.h)
    // asking for these options, `slurmWorkers` of them; srun is then the launch prefix, so launchPrefix is unused,
    // and Slurm, not kfx, picks each worker's GPU.
    bool useSlurm = false;
    kfx::measure::SlurmOptions slurm;
    int slurmWorkers = 4;
    // The Slurm job name of worker `slot` (what squeue and scancel are asked about), empty when not through Slurm.
    std::string slurmJobName(int slot) const;

    static MeasureSettings load();
    void save() const;
    // kfx-measure next to the kfx executable (an installed kfx), else the one this build made.
    static QString defaultWorkerCommand();

    // The argv that starts a worker. Through Slurm: srun with the Slurm options and worker `device`'s job name,
    // then the worker command. Otherwise: the prefix, then, when `device` is set, `env CUDA_VISIBLE_DEVICES=device`
    // (a variable set here would not cross an ssh or srun prefix; env runs on the far side), then the worker
    // command split on whitespace.
    std::vector<std::string> argv(int device = -1) const;
    // The measure requests' "python": the setting split on whitespace, a virtualenv's directory as its
    // bin/python.
    std::vector<std::string> pythonArgv() const;
};
