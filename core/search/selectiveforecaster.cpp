#include "selectiveforecaster.h"

#include "searchworkers.h"
#include "surrogate/embeddedmodel.h"
#include "surrogate/pretrainedmodels.h"
#include "surrogate/searchpairs.h"

namespace kfx::search {

surrogate::KernelRuntimeQuery selectiveForecastContext(const SearchConfig &config,
                                                       const std::filesystem::path &taskDirectory,
                                                       const std::string &seedCode)
{
    const auto reference = surrogate::taskReferenceCode(taskDirectory);
    return forecastContext(config, reference.empty() ? seedCode : reference);
}

SelectiveForecaster embeddedSearchForecaster(const surrogate::KernelRuntimeQuery &context, std::string_view task,
                                             EmbeddedForecasterChoice choice)
{
    SelectiveForecaster made;
    std::shared_ptr<const surrogate::ParentAnchoredForecaster> parentAnchored;
    if (choice.pretrained) {
        if (const auto directory = surrogate::PretrainedModels::defaultDirectory(); !directory.empty()) {
            try {
                auto pretrained = surrogate::PretrainedModels::open(directory).modelFor(task);
                parentAnchored = pretrained.parentAnchored;
                made.forecaster = std::make_unique<LearningEmbeddedForecaster>(
                    context, surrogate::continuationOptions(), std::move(pretrained));
            } catch (const surrogate::PretrainedModelError &error) {
                made.notice = std::string(error.what()) + "; the surrogate learns from nothing";
            }
        }
    }
    if (!made.forecaster)
        made.forecaster = std::make_unique<LearningEmbeddedForecaster>(context);
    if (choice.searchAware)
        made.forecaster = searchAwareOver(std::move(made.forecaster), context, std::move(parentAnchored));
    return made;
}

std::unique_ptr<CandidateForecaster>
searchAwareOver(std::unique_ptr<CandidateForecaster> model, const surrogate::KernelRuntimeQuery &context,
                std::shared_ptr<const surrogate::ParentAnchoredForecaster> parentAnchored)
{
    return std::make_unique<SearchAwareCandidateForecaster>(std::move(model), surrogate::BinPrior::everyBinAlike(),
                                                            context, std::move(parentAnchored));
}

} // namespace kfx::search
