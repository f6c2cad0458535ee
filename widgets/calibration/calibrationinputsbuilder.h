#pragma once

#include "calibrationdata.h"
#include "common/newestonthread.h"
#include "io/loadedfile.h"

#include <QObject>

#include <memory>
#include <vector>

// Makes the Calibration view's inputs from the open files and their searches. The in-search baselines compare
// each forecast kernel with every earlier one (kfx::surrogate::inSearchBaselines): 0.02 s for a corpus search,
// seconds near their cap. Up to kSynchronousBaselineKernels kernels they are made at once; past that, the view
// gets the searches' forecasts at once, with a note that their baselines are coming, and the whole inputs from a
// thread when they are made (NewestOnThread): only the newest request's inputs are ever shown.
class CalibrationInputsBuilder : public QObject {
    Q_OBJECT
public:
    // About 0.1 s of baselines at -O2, within a frame or two.
    static constexpr std::size_t kSynchronousBaselineKernels = 300;

    struct Sources {
        std::shared_ptr<const std::vector<kfx::LoadedFile>> files; // their pairs and predictions
        // By file, the search each holds as it is to be judged (the one shown, as the tree shows it), null for a
        // file without one.
        std::vector<std::shared_ptr<const kfx::Population>> searches;
    };

    explicit CalibrationInputsBuilder(QObject *parent = nullptr) : QObject(parent), m_thread(this) {}

    // Emits built() with these sources' inputs before it returns, and once more later where their baselines are
    // made on the thread.
    void build(Sources sources);

Q_SIGNALS:
    void built(std::shared_ptr<const CalibrationInputs> inputs);

private:
    NewestOnThread m_thread; // waits for the baselines being made, which then go unshown
};
