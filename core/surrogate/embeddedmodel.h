#pragma once

#include "kernelfeatures.h"
#include "probabilitycalibrator.h"
#include "treeensemble.h"

#include <cstdint>
#include <memory>
#include <span>
#include <stdexcept>
#include <string>
#include <vector>

namespace kfx::surrogate {

// Raised when XGBoost refuses (its own message) or a saved model cannot be read.
class ModelError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

// A measured pair as the learner sees it: features, the true bin (1..8), and its task for grouping.
struct TrainingExample {
    FeatureRow features{};
    int trueBin = 0;
    std::string group;
};

struct TrainingOptions {
    int rounds = 40;
    int maxDepth = 4;
    double learningRate = 0.3;
    // Share of rows held out from the trees to fit and choose the calibration.
    double calibrationShare = 0.25;
    std::uint64_t seed = 1;
};

// For continuing a pretrained model on a search's or workspace's own measurements (tens to hundreds): fewer,
// smaller boosting steps than training from nothing, so that the new trees correct the pretrained ones for this
// task rather than overfit a few examples.
TrainingOptions continuationOptions();

// What training measured on held-out rows: the calibration's effect is judged on rows it was not fitted on
// (the second half of the held-out share; see ProbabilityCalibrator::fitBest).
struct TrainingReport {
    std::size_t trainingRows = 0;
    std::size_t calibrationRows = 0;
    std::string calibrationMethod;
    double temperature = 1.0;
    double eceBefore = 0.0;
    double eceAfter = 0.0;
    double nllBefore = 0.0;
    double nllAfter = 0.0;
    double seconds = 0.0;
};

// Per-group influence of one forecast: how much each trait or pair feature pushed the predicted bin's score.
struct Influence {
    std::size_t group = 0;
    double contribution = 0.0;
};

// XGBoost (multi:softprob over the 8 bins) with a calibrator on top. Not safe for concurrent predictions on
// one instance; a surrogate serialises its batches.
class EmbeddedModel {
public:
    EmbeddedModel();
    ~EmbeddedModel();
    EmbeddedModel(EmbeddedModel &&) noexcept;
    EmbeddedModel &operator=(EmbeddedModel &&) noexcept;

    // The fewest examples train() and continueTraining() learn from.
    static constexpr std::size_t kMinimumExamples = 20;

    // Throws ModelError. Needs at least kMinimumExamples examples.
    static EmbeddedModel train(std::span<const TrainingExample> examples, const TrainingOptions &options,
                               TrainingReport *report = nullptr);
    // Keeps learning from `base` (a pretrained model): its trees stay, `options.rounds` more are boosted on
    // `examples` (XGBoost's continued training), and the calibration is fitted anew on the held-out share of
    // `examples`, since the new trees moved the raw probabilities. Same minimum and errors as train().
    static EmbeddedModel continueTraining(const EmbeddedModel &base, std::span<const TrainingExample> examples,
                                          const TrainingOptions &options, TrainingReport *report = nullptr);
    // The model as bytes for the workspace: a short header, the calibration, then XGBoost's UBJSON model.
    std::vector<std::uint8_t> save() const;
    static EmbeddedModel load(std::span<const std::uint8_t> bytes);

    // Calibrated (or raw) distributions for rows of features.
    std::vector<BinProbabilities> predict(std::span<const FeatureRow> rows, bool calibrated = true) const;
    // The strongest influences on bin `bin` for each row, largest magnitude first (XGBoost's approximate
    // per-feature contributions, the Saabas method: the change in the tree's score along each row's path, summed
    // per feature; cheaper than TreeSHAP and exact about what the trees did on that path). Only bin `bin`'s trees
    // are walked, from the model's own copy of them.
    std::vector<std::vector<Influence>> influences(std::span<const FeatureRow> rows, std::span<const int> bins,
                                                   std::size_t top) const;
    // The same per-feature contributions as XGBoost computes them itself (all classes, through a DMatrix): the
    // reference influences() is checked against, and ten times slower.
    std::vector<std::vector<float>> xgboostContributions(std::span<const FeatureRow> rows,
                                                         std::span<const int> bins) const;

    const ProbabilityCalibrator &calibrator() const { return m_calibrator; }
    // Puts `calibrator` on the raw distributions in place of the one training fitted: a calibration fitted on
    // forecasts for tasks the trees never saw says more about an unseen task than one fitted on rows of theirs.
    void recalibrate(ProbabilityCalibrator calibrator);
    // Boosting rounds in the model (a continued model counts its base's too).
    int rounds() const;
    // A digest of the saved bytes: the cache key's model part.
    const std::string &contentHash() const { return m_hash; }

private:
    static EmbeddedModel fit(std::span<const TrainingExample> examples, const TrainingOptions &options,
                             TrainingReport *report, const EmbeddedModel *base);
    void useOneThread();
    void readTrees();

    void *m_booster = nullptr; // BoosterHandle, kept out of this header
    std::shared_ptr<const TreeEnsemble> m_trees;
    ProbabilityCalibrator m_calibrator;
    std::string m_hash;
};

} // namespace kfx::surrogate
