#pragma once

#include "measure/protocol.h"
#include "measure/slurmlauncher.h"

#include <QString>

#include <string>
#include <vector>

// How the window runs the GPU worker, kept in QSettings: which kfx-measure, behind which launch prefix (empty
// for this machine, "ssh gpu-box", "srun --gres=gpu:1"), with which timing protocol and per-request limit.
struct MeasureSettings {
    QString workerCommand;
    QString launchPrefix;
    kfx::measure::TimingProtocol timing = kfx::measure::TimingProtocol::Robust;
    int timeoutMs = 120000;

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
};
