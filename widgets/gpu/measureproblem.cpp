#include "measureproblem.h"

namespace {

MeasureProblem::Kind kindOf(const QString &reason, const MeasureSettings &settings)
{
    // The worker's own words for a machine without a usable GPU (core/measure/devicequery.cpp).
    if (reason.startsWith(QLatin1String("no CUDA device")))
        return MeasureProblem::Kind::NoDevice;
    // ChildProcess's words when the first program of the command line cannot be started: without a launch
    // prefix, that program is the worker.
    if (settings.launchPrefix.isEmpty() && reason.startsWith(QLatin1String("cannot start ")))
        return MeasureProblem::Kind::WorkerMissing;
    // A worker built without the CUDA toolkit measures only Python tasks (core/measure/worker.cpp): for the GPU it
    // is as good as none, and the advice is the same, to build one with the toolkit.
    if (reason == QLatin1String("built without the CUDA toolkit"))
        return MeasureProblem::Kind::WorkerMissing;
    return MeasureProblem::Kind::Other;
}

// Both ways to a GPU elsewhere, as the settings take them.
QString launchPrefixExamples()
{
    return MeasureProblem::tr("<tt>ssh gpu-box</tt>&nbsp;&nbsp;or&nbsp;&nbsp;<tt>srun --gres=gpu:1</tt>");
}

} // namespace

MeasureProblem::MeasureProblem(const QString &reason, const MeasureSettings &settings)
    : m_reason(reason)
    , m_settings(settings)
    , m_kind(kindOf(reason, settings))
{
}

QString MeasureProblem::where() const
{
    return m_settings.launchPrefix.isEmpty() ? tr("on this machine") : tr("behind “%1”").arg(m_settings.launchPrefix);
}

QString MeasureProblem::headline() const
{
    switch (m_kind) {
    case Kind::NoDevice:
        return tr("No GPU %1: nothing was measured (%2).").arg(where(), m_reason);
    case Kind::WorkerMissing:
        return tr("No GPU worker (kfx-measure) %1: nothing was measured.").arg(where());
    case Kind::Other:
        break;
    }
    return tr("Nothing can be measured: %1").arg(m_reason);
}

QString MeasureProblem::advice() const
{
    const auto reason = m_reason.toHtmlEscaped();
    switch (m_kind) {
    case Kind::NoDevice:
        return tr("<b>No GPU %1.</b> The worker answered: %2<br>To measure on a GPU elsewhere, give a launch prefix "
                  "in the measurement settings, for example<br>&nbsp;&nbsp;%3<br>kfx then starts kfx-measure "
                  "through it and speaks the same protocol over its input and output.")
            .arg(where().toHtmlEscaped(), reason, launchPrefixExamples());
    case Kind::WorkerMissing:
        return tr("<b>No GPU worker on this machine.</b> %1<br>kfx-measure is built with kfx where the CUDA "
                  "toolkit is installed; on its own, from the kfx sources, with CMake, a compiler, simdjson and "
                  "the toolkit:<br>&nbsp;&nbsp;<tt>cmake -S core/measure -B build-measure &amp;&amp; cmake --build "
                  "build-measure</tt><br>Then choose it as the worker in the measurement settings, or give a "
                  "launch prefix there to run the worker on a GPU machine, for example<br>&nbsp;&nbsp;%2")
            .arg(reason, launchPrefixExamples());
    case Kind::Other:
        break;
    }
    return tr("<b>Nothing can be measured:</b> %1<br>Check the worker command and the launch prefix in the "
              "measurement settings.")
        .arg(reason);
}
