#include "calibrationinputsbuilder.h"

#include <QCoreApplication>

namespace {

// The sources' pairs and forecasts, and for each search the kernels its baselines are to be made for.
struct Forecasts {
    std::shared_ptr<CalibrationInputs> inputs = std::make_shared<CalibrationInputs>();
    std::vector<std::vector<std::size_t>> kernels; // by file
    std::size_t totalKernels = 0;
};

Forecasts forecastsOf(const CalibrationInputsBuilder::Sources &sources)
{
    Forecasts forecasts;
    forecasts.inputs->owner = sources.files;
    // File by file, so that the surrogates keep the order in which the files name them.
    for (std::size_t index = 0; index < sources.files->size(); ++index) {
        const auto &file = (*sources.files)[index];
        forecasts.inputs->add(file.pairs, file.predictions);
        const auto &search = sources.searches.at(index);
        forecasts.kernels.push_back(search ? forecasts.inputs->addSearch(*search, file.path)
                                           : std::vector<std::size_t>());
        forecasts.totalKernels += forecasts.kernels.back().size();
    }
    return forecasts;
}

std::shared_ptr<const CalibrationInputs> withBaselines(Forecasts forecasts,
                                                       const CalibrationInputsBuilder::Sources &sources)
{
    for (std::size_t index = 0; index < sources.files->size(); ++index) {
        if (const auto &search = sources.searches[index])
            forecasts.inputs->addBaselines(*search, (*sources.files)[index].path, forecasts.kernels[index]);
    }
    return std::move(forecasts.inputs);
}

} // namespace

void CalibrationInputsBuilder::build(Sources sources)
{
    auto forecasts = forecastsOf(sources);
    if (forecasts.totalKernels <= kSynchronousBaselineKernels) {
        m_thread.forget();
        Q_EMIT built(withBaselines(std::move(forecasts), sources));
        return;
    }
    forecasts.inputs->notes << QCoreApplication::translate(
        "CalibrationInputs", "The in-search baselines of %n forecast kernel(s) are being computed…", nullptr,
        int(forecasts.totalKernels));
    Q_EMIT built(std::move(forecasts.inputs));
    m_thread.run([this, sources = std::move(sources)]() -> NewestOnThread::Delivery {
        return [this, inputs = withBaselines(forecastsOf(sources), sources)] { Q_EMIT built(inputs); };
    });
}
