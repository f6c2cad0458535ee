#include "embeddedmodel.h"

#include "io/jsonfields.h"
#include "io/jsonwriter.h"
#include "kernelquery.h"
#include "metrics/calibrationreport.h"

#include <xgboost/c_api.h>

#include <dlfcn.h>
#include <fcntl.h>
#include <spawn.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <cerrno>
#include <chrono>
#include <cmath>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <numeric>
#include <random>
#include <sstream>
#include <thread>

namespace kfx::surrogate {

namespace {

// The magic, then a digest of everything after its line: the header as well as the body.
constexpr std::string_view kMagic = "KFXEMB2\n";
// The first layout, the same header and body without that digest line: its header was outside any digest. Still
// read, since workspaces hold it (and their forecast caches are keyed on those bytes), as the shipped models did
// until 2026-11-30; its header is checked field by field like any other, so a changed byte there is refused or
// harmless.
constexpr std::string_view kHeaderUndigestedMagic = "KFXEMB1\n";
constexpr int kClasses = 8;

BoosterHandle boosterOf(void *handle)
{
    return static_cast<BoosterHandle>(handle);
}

void check(int status, std::string_view what)
{
    if (status != 0)
        throw ModelError(std::string(what) + ": " + XGBGetLastError());
}

// XGBoost's OpenMP parallel regions run on the calling thread alone. OpenMP's idle workers spin-wait for work,
// and two kfx processes training side by side on a 2-core machine (CTest's -j2, CI) starved each other: 30 pairs
// trained in 6 to 31 s instead of 0.1 s, in 5 of 12 paired runs. One thread costs little: 2,022 pairs train in
// a quarter of a second, as with two. The setting belongs to the calling thread, so every thread that reaches XGBoost
// makes it. omp_set_num_threads is looked up, not linked, since kfx itself does not use OpenMP.
void keepXgboostOnThisThread()
{
    thread_local const bool kept = [] {
        if (const auto setThreads = reinterpret_cast<void (*)(int)>(::dlsym(RTLD_DEFAULT, "omp_set_num_threads")))
            setThreads(1);
        return true;
    }();
    (void)kept;
}

// Owns a DMatrix over rows of features.
class Matrix {
public:
    explicit Matrix(std::span<const FeatureRow> rows)
    {
        keepXgboostOnThisThread();
        check(XGDMatrixCreateFromMat(rows.empty() ? nullptr : rows.front().data(), bst_ulong(rows.size()),
                                     bst_ulong(kFeatureCount), std::numeric_limits<float>::quiet_NaN(), &m_handle),
              "creating the feature matrix");
    }
    ~Matrix() { XGDMatrixFree(m_handle); }
    Matrix(const Matrix &) = delete;
    Matrix &operator=(const Matrix &) = delete;
    DMatrixHandle handle() const { return m_handle; }

private:
    DMatrixHandle m_handle = nullptr;
};

std::vector<Forecast> argmaxForecasts(std::span<const BinProbabilities> distributions)
{
    std::vector<Forecast> forecasts(distributions.size());
    for (std::size_t i = 0; i < distributions.size(); ++i) {
        forecasts[i].probabilities = distributions[i];
        const auto &p = distributions[i];
        forecasts[i].predictedBin = int(std::max_element(p.begin(), p.end()) - p.begin()) + 1;
    }
    return forecasts;
}

double ece(std::span<const BinProbabilities> distributions, std::span<const int> trueBins)
{
    const auto forecasts = argmaxForecasts(distributions);
    std::vector<metrics::CalibrationDatum> data(forecasts.size());
    for (std::size_t i = 0; i < forecasts.size(); ++i)
        data[i] = {trueBins[i], &forecasts[i]};
    return metrics::evaluateCalibration(data).ece;
}

using Method = ProbabilityCalibrator::Method;

// The calibrator's own names for its methods.
Method methodNamed(std::string_view name)
{
    for (const auto method : {Method::None, Method::Temperature, Method::Isotonic, Method::Histogram}) {
        if (ProbabilityCalibrator::restore(method, 1.0, {{0.0, 0.0}}).methodName() == name)
            return method;
    }
    throw ModelError("unknown calibration \"" + std::string(name) + "\"");
}

std::pair<double, double> knotOf(const json::Element &element)
{
    json::Array pair;
    if (element.get_array().get(pair) || pair.size() != 2)
        throw ModelError("a calibration knot is not a pair of numbers");
    const double x = json::asNumber(pair.at(0).value_unsafe(), "calibration knot");
    const double y = json::asNumber(pair.at(1).value_unsafe(), "calibration knot");
    if (!(x >= 0.0 && x <= 1.0 && y >= 0.0 && y <= 1.0))
        throw ModelError("a calibration knot lies outside [0, 1]");
    return {x, y};
}

// The header's calibration, every field checked before use: a crafted header's knot that was not a pair reached
// unchecked accessors and crashed the reader (issue 27), and a calibration without its knots or with a
// temperature of 0 would forecast nonsense (or divide by zero) rather than fail. One of 1e300 flattened every
// forecast to 1/8 per bin without a word; a KFXEMB1 model's header is outside any digest.
ProbabilityCalibrator calibratorOf(const json::Object &header)
{
    const auto name = json::requiredString(header, "calibration");
    const auto method = methodNamed(name);
    const double temperature = json::requiredNumber(header, "temperature");
    if (!(temperature >= ProbabilityCalibrator::kLowestTemperature
          && temperature <= ProbabilityCalibrator::kHighestTemperature)) {
        std::ostringstream message;
        message << "the calibration's temperature must lie in [" << ProbabilityCalibrator::kLowestTemperature << ", "
                << ProbabilityCalibrator::kHighestTemperature << "], where kfx fits it, not " << temperature;
        throw ModelError(message.str());
    }
    std::vector<std::pair<double, double>> knots;
    for (auto knot : json::requiredArray(header, "knots"))
        knots.push_back(knotOf(knot));
    const bool needsKnots = method == Method::Isotonic || method == Method::Histogram;
    if (needsKnots && knots.empty())
        throw ModelError("the " + std::string(name) + " calibration has no knots");
    // Isotonic interpolation searches the knots by confidence.
    if (method == Method::Isotonic && !std::is_sorted(knots.begin(), knots.end()))
        throw ModelError("the isotonic calibration's knots are out of order");
    return ProbabilityCalibrator::restore(method, temperature, std::move(knots));
}

// How the reader that checkXgboostSurvives() starts ends when XGBoost read the body, or refused it with an error.
// Neither is 0, which a program that ran its own main() instead would end with.
constexpr int kXgboostRead = 40;
constexpr int kXgboostRefused = 41;
constexpr int kReaderGotNoBody = 42;
// The most of a refusal's message the reader passes on: well under a pipe's buffer, so it never waits to write.
constexpr std::size_t kRefusalBytes = 4096;
// Set only in the reader's environment: the descriptors of the body and of the report, as "BODY,REPORT".
constexpr std::string_view kReaderVariable = "KFX_XGBOOST_READER_FDS";

// The address space the reader may use: what it has before reading, plus room to read `body`. Some damaged
// bodies make XGBoost 3.0 (Debian 13) grow without end: one took 6.4 GB in 30 s and was still growing, and
// tst_craftedmodels spent two minutes waiting for such readers. A reader of the shipped 363 KB model peaks at
// 9 MB resident; the cap allows far more, and makes an endless allocation fail at once. 0 when the size can't be
// read (no /proc): no cap then, only the deadline.
rlim_t readerAddressSpaceLimit(std::string_view body)
{
    std::ifstream statm("/proc/self/statm");
    rlim_t pages = 0;
    if (!(statm >> pages))
        return 0;
    constexpr rlim_t kRoomToRead = rlim_t(1) << 30;
    return pages * rlim_t(::sysconf(_SC_PAGESIZE)) + kRoomToRead + 64 * rlim_t(body.size());
}

// In the reader: reads `body` as load() will, and on XGBoost's refusal writes its message to `report`.
[[noreturn]] void readForParent(std::string_view body, int report)
{
    // The default actions, not a sanitizer's: a crash ends the reader by its signal, which the parent names.
    for (const int number : {SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT})
        std::signal(number, SIG_DFL);
    if (const rlim_t addressSpace = readerAddressSpaceLimit(body); addressSpace > 0) {
        const rlimit limit{addressSpace, addressSpace};
        ::setrlimit(RLIMIT_AS, &limit);
    }
    keepXgboostOnThisThread();
    BoosterHandle booster = nullptr;
    bst_ulong length = 0;
    const char *data = nullptr;
    const char *step = "creating the booster";
    bool read = XGBoosterCreate(nullptr, 0, &booster) == 0;
    if (read) {
        step = "loading the model";
        read = XGBoosterLoadModelFromBuffer(booster, body.data(), bst_ulong(body.size())) == 0;
    }
    if (read) {
        step = "reading the trees";
        read = XGBoosterSaveModelToBuffer(booster, R"({"format": "json"})", &length, &data) == 0;
    }
    if (!read) {
        const std::string message = std::string(step) + ": " + XGBGetLastError();
        [[maybe_unused]] const auto written = ::write(report, message.data(), std::min(message.size(), kRefusalBytes));
    }
    ::_exit(read ? kXgboostRead : kXgboostRefused); // no exit handlers: nothing of this program's ran
}

// Makes this process the reader when checkXgboostSurvives() started it: it reads the body it was handed and
// ends, before the program's main() runs. Returns false in every other process.
bool readIfStartedAsReader()
{
    const char *descriptors = std::getenv(std::string(kReaderVariable).c_str());
    int bodyFd = -1;
    int reportFd = -1;
    if (!descriptors || std::sscanf(descriptors, "%d,%d", &bodyFd, &reportFd) != 2)
        return false;
    std::string body;
    char buffer[1 << 16];
    ssize_t got = 0;
    while ((got = ::read(bodyFd, buffer, sizeof buffer)) > 0 || (got < 0 && errno == EINTR))
        body.append(buffer, std::size_t(std::max<ssize_t>(got, 0)));
    if (got < 0)
        ::_exit(kReaderGotNoBody);
    readForParent(body, reportFd);
}

[[maybe_unused]] const bool kStartedAsReader = readIfStartedAsReader();

// The environment the reader starts with: this process's, and where to find its body and report.
class ReaderEnvironment {
public:
    ReaderEnvironment(int bodyFd, int reportFd)
    {
        const std::string prefix = std::string(kReaderVariable) + "=";
        for (char **variable = environ; *variable; ++variable)
            if (!std::string_view(*variable).starts_with(prefix))
                m_pointers.push_back(*variable);
        m_own = prefix + std::to_string(bodyFd) + "," + std::to_string(reportFd);
        m_pointers.push_back(m_own.data());
        m_pointers.push_back(nullptr);
    }

    char *const *get() { return m_pointers.data(); }

private:
    std::string m_own;
    std::vector<char *> m_pointers;
};

// A descriptor closed when this goes out of scope.
class OwnedFd {
public:
    explicit OwnedFd(int fd) : m_fd(fd) {}
    OwnedFd(const OwnedFd &) = delete;
    OwnedFd &operator=(const OwnedFd &) = delete;
    ~OwnedFd() { close(); }
    int get() const { return m_fd; }
    void close()
    {
        if (m_fd >= 0)
            ::close(m_fd);
        m_fd = -1;
    }

private:
    int m_fd;
};

// Starts this program again as the reader of `body` (readIfStartedAsReader), its standard error discarded.
// A new program, not a fork: a forked child of a process with other threads inherits whatever locks they held,
// and under AddressSanitizer, whose allocator does not take its locks across fork(), a forked reader hung in
// one start in five of tst_seedsimulation's, whose two threads load models side by side (CI, 2026-12-01).
pid_t startReader(std::string_view body, int reportFd)
{
    const auto fail = [](const char *what) {
        return ModelError(std::string("could not start a process to check the model: ") + what + ": "
                          + std::strerror(errno));
    };
    const OwnedFd bodyFd(::memfd_create("kfx-model-body", MFD_CLOEXEC));
    if (bodyFd.get() < 0)
        throw fail("memfd_create");
    for (std::size_t written = 0; written < body.size();) {
        const ssize_t wrote = ::write(bodyFd.get(), body.data() + written, body.size() - written);
        if (wrote < 0 && errno != EINTR)
            throw fail("writing the body");
        written += std::size_t(std::max<ssize_t>(wrote, 0));
    }
    if (::lseek(bodyFd.get(), 0, SEEK_SET) != 0)
        throw fail("lseek");
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    // A descriptor duplicated onto itself is kept across exec (POSIX.1-2024; glibc since 2.29).
    posix_spawn_file_actions_adddup2(&actions, bodyFd.get(), bodyFd.get());
    posix_spawn_file_actions_adddup2(&actions, reportFd, reportFd);
    posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, "/dev/null", O_WRONLY, 0);
    ReaderEnvironment environment(bodyFd.get(), reportFd);
    char name[] = "kfx-xgboost-reader";
    char *const arguments[] = {name, nullptr};
    pid_t reader = -1;
    const int error = ::posix_spawn(&reader, "/proc/self/exe", &actions, nullptr, arguments, environment.get());
    posix_spawn_file_actions_destroy(&actions);
    if (error != 0) {
        errno = error;
        throw fail("posix_spawn");
    }
    return reader;
}

// XGBoost's reader trusts its input: a body with a few bytes changed crashed it (issue 27), and no check of ours
// can know everything it assumes. So another process reads the body first, and writes the JSON that readTrees()
// asks for. A reader that dies, hangs or runs out of its address space refuses the model, and so does XGBoost's
// own refusal there, with its message. Only a body the reader read to the end is read again here: the same
// (deterministic) calls, safe now. The refusal is never tried again here, where no cap holds: an allocation the
// cap stopped is one XGBoost also reports as a refusal, and repeating it took this process down.
void checkXgboostSurvives(std::string_view body)
{
    // Read only once the reader has ended, so never waited on: a process started meanwhile by another thread of
    // the window may hold the writing end open.
    int report[2];
    if (::pipe2(report, O_CLOEXEC | O_NONBLOCK) != 0)
        throw ModelError(std::string("could not start a process to check the model: ") + std::strerror(errno));
    OwnedFd reading(report[0]);
    OwnedFd writing(report[1]);
    const pid_t reader = startReader(body, writing.get());
    writing.close();
    const auto readReport = [&] {
        std::string message(kRefusalBytes, '\0');
        ssize_t got = 0;
        while ((got = ::read(reading.get(), message.data(), message.size())) < 0 && errno == EINTR) {}
        message.resize(got > 0 ? std::size_t(got) : 0);
        return message;
    };
    // Reading a shipped model takes tens of milliseconds; a minute means the reader is stuck.
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::minutes(1);
    int status = 0;
    pid_t waited = 0;
    while ((waited = ::waitpid(reader, &status, WNOHANG)) == 0 || (waited < 0 && errno == EINTR)) {
        if (std::chrono::steady_clock::now() > deadline) {
            ::kill(reader, SIGKILL);
            ::waitpid(reader, &status, 0);
            throw ModelError("XGBoost did not finish reading the model within a minute");
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(2));
    }
    const int waitError = errno;
    const auto refusal = readReport();
    if (waited < 0)
        throw ModelError(std::string("could not check the model: ") + std::strerror(waitError));
    if (WIFEXITED(status) && WEXITSTATUS(status) == kXgboostRead)
        return;
    if (WIFEXITED(status) && WEXITSTATUS(status) == kXgboostRefused)
        throw ModelError(refusal.empty() ? std::string("XGBoost refused the model") : refusal);
    if (WIFEXITED(status) && WEXITSTATUS(status) == kReaderGotNoBody)
        throw ModelError("could not check the model: the process reading it could not read its body");
    throw ModelError("the model is damaged: XGBoost's reader crashed on it ("
                     + (WIFSIGNALED(status) ? "signal " + std::to_string(WTERMSIG(status))
                                            : "exit status " + std::to_string(WEXITSTATUS(status)))
                     + ")");
}

} // namespace

TrainingOptions continuationOptions()
{
    TrainingOptions options;
    options.rounds = 20;
    options.learningRate = 0.3;
    return options;
}

EmbeddedModel::EmbeddedModel() = default;

EmbeddedModel::~EmbeddedModel()
{
    if (m_booster)
        XGBoosterFree(boosterOf(m_booster));
}

EmbeddedModel::EmbeddedModel(EmbeddedModel &&other) noexcept
    : m_booster(std::exchange(other.m_booster, nullptr))
    , m_trees(std::move(other.m_trees))
    , m_calibrator(std::move(other.m_calibrator))
    , m_hash(std::move(other.m_hash))
{
}

EmbeddedModel &EmbeddedModel::operator=(EmbeddedModel &&other) noexcept
{
    std::swap(m_booster, other.m_booster);
    m_trees = std::move(other.m_trees);
    m_calibrator = std::move(other.m_calibrator);
    m_hash = std::move(other.m_hash);
    return *this;
}

EmbeddedModel EmbeddedModel::train(std::span<const TrainingExample> examples, const TrainingOptions &options,
                                   TrainingReport *report)
{
    return fit(examples, options, report, nullptr);
}

EmbeddedModel EmbeddedModel::continueTraining(const EmbeddedModel &base, std::span<const TrainingExample> examples,
                                              const TrainingOptions &options, TrainingReport *report)
{
    if (!base.m_booster)
        throw ModelError("no model to continue from");
    return fit(examples, options, report, &base);
}

int EmbeddedModel::rounds() const
{
    int rounds = 0;
    if (m_booster)
        check(XGBoosterBoostedRounds(boosterOf(m_booster), &rounds), "counting rounds");
    return rounds;
}

EmbeddedModel EmbeddedModel::fit(std::span<const TrainingExample> examples, const TrainingOptions &options,
                                 TrainingReport *report, const EmbeddedModel *base)
{
    const auto started = std::chrono::steady_clock::now();
    if (examples.size() < kMinimumExamples)
        throw ModelError("training needs at least " + std::to_string(kMinimumExamples) + " measured pairs, got "
                         + std::to_string(examples.size()));
    std::vector<std::size_t> order(examples.size());
    std::iota(order.begin(), order.end(), 0);
    std::mt19937_64 random(options.seed);
    std::shuffle(order.begin(), order.end(), random);
    const auto heldOut = std::size_t(double(examples.size()) * std::clamp(options.calibrationShare, 0.0, 0.5));

    std::vector<FeatureRow> trainRows;
    std::vector<float> labels;
    std::vector<FeatureRow> calibrationRows;
    std::vector<int> calibrationBins;
    for (std::size_t k = 0; k < order.size(); ++k) {
        const auto &example = examples[order[k]];
        if (example.trueBin < 1 || example.trueBin > 8)
            throw ModelError("true bin " + std::to_string(example.trueBin) + " is not one of 1..8");
        if (k < heldOut) {
            calibrationRows.push_back(example.features);
            calibrationBins.push_back(example.trueBin);
        } else {
            trainRows.push_back(example.features);
            labels.push_back(float(example.trueBin - 1));
        }
    }

    EmbeddedModel model;
    const Matrix train(trainRows);
    check(XGDMatrixSetFloatInfo(train.handle(), "label", labels.data(), bst_ulong(labels.size())), "setting labels");
    DMatrixHandle matrices[] = {train.handle()};
    BoosterHandle booster = nullptr;
    check(XGBoosterCreate(matrices, 1, &booster), "creating the booster");
    model.m_booster = booster;
    int firstRound = 0;
    if (base) {
        // The base's trees and objective come with its bytes; the parameters below then apply to the new rounds.
        bst_ulong length = 0;
        const char *data = nullptr;
        check(XGBoosterSaveModelToBuffer(boosterOf(base->m_booster), R"({"format": "ubj"})", &length, &data),
              "reading the base model");
        const std::string bytes(data, length); // XGBoost's buffer is reused by its next call
        check(XGBoosterLoadModelFromBuffer(booster, bytes.data(), bst_ulong(bytes.size())), "loading the base model");
        firstRound = base->rounds();
    }
    const std::pair<const char *, std::string> parameters[] = {
        {"objective", "multi:softprob"},
        {"num_class", std::to_string(kClasses)},
        {"max_depth", std::to_string(options.maxDepth)},
        {"eta", std::to_string(options.learningRate)},
        {"nthread", "1"}, // see keepXgboostOnThisThread()
        {"tree_method", "hist"},
        {"seed", std::to_string(options.seed)},
        {"verbosity", "0"},
    };
    for (const auto &[name, value] : parameters)
        check(XGBoosterSetParam(booster, name, value.c_str()), std::string("setting ") + name);
    for (int round = firstRound; round < firstRound + options.rounds; ++round)
        check(XGBoosterUpdateOneIter(booster, round, train.handle()), "training");

    model.readTrees();
    const auto raw = model.predict(calibrationRows, false);
    model.m_calibrator = ProbabilityCalibrator::fitBest(raw, calibrationBins);
    const auto bytes = model.save();
    model.m_hash = stableHash(std::string_view(reinterpret_cast<const char *>(bytes.data()), bytes.size()));

    if (report) {
        // Judged on the second half of the held-out rows with the chosen method fitted on the first half only.
        const auto half = raw.size() / 2;
        const std::span<const BinProbabilities> rawSpan(raw);
        const std::span<const int> binSpan(calibrationBins);
        const auto fitted = ProbabilityCalibrator::fit(model.m_calibrator.method(), rawSpan.first(half),
                                                       binSpan.first(half));
        std::vector<BinProbabilities> after;
        for (const auto &p : rawSpan.subspan(half))
            after.push_back(fitted.apply(p));
        report->trainingRows = trainRows.size();
        report->calibrationRows = calibrationRows.size();
        report->calibrationMethod = std::string(model.m_calibrator.methodName());
        report->temperature = model.m_calibrator.temperature();
        report->eceBefore = ece(rawSpan.subspan(half), binSpan.subspan(half));
        report->eceAfter = ece(after, binSpan.subspan(half));
        report->nllBefore = ProbabilityCalibrator::none().meanNll(rawSpan.subspan(half), binSpan.subspan(half));
        report->nllAfter = fitted.meanNll(rawSpan.subspan(half), binSpan.subspan(half));
        report->seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    }
    return model;
}

void EmbeddedModel::recalibrate(ProbabilityCalibrator calibrator)
{
    m_calibrator = std::move(calibrator);
    const auto bytes = save();
    m_hash = stableHash(std::string_view(reinterpret_cast<const char *>(bytes.data()), bytes.size()));
}

std::vector<std::uint8_t> EmbeddedModel::save() const
{
    if (!m_booster)
        throw ModelError("no model to save");
    bst_ulong length = 0;
    const char *data = nullptr;
    check(XGBoosterSaveModelToBuffer(boosterOf(m_booster), R"({"format": "ubj"})", &length, &data), "saving");
    const std::string_view body(data, length);

    JsonWriter header;
    header.beginObject().field("features", std::int64_t(kFeatureCount));
    header.field("feature_version", std::int64_t(kFeatureVersion));
    // XGBoost's UBJSON reader runs past the end of a cut-off buffer instead of failing: the body's size and
    // digest are checked before it ever sees one read back from a workspace.
    header.field("body_bytes", std::int64_t(body.size())).field("body_hash", stableHash(body));
    header.field("calibration", m_calibrator.methodName()).field("temperature", m_calibrator.temperature());
    header.key("knots").beginArray();
    for (const auto &[x, y] : m_calibrator.knots())
        header.beginArray().value(x).value(y).endArray();
    header.endArray().endObject();

    std::string rest(header.text());
    rest += '\n';
    rest += body;
    std::string text(kMagic);
    text += stableHash(rest);
    text += '\n';
    text += rest;
    return {text.begin(), text.end()};
}

EmbeddedModel EmbeddedModel::load(std::span<const std::uint8_t> bytes)
{
    const std::string_view text(reinterpret_cast<const char *>(bytes.data()), bytes.size());
    std::string_view rest; // the header line and the body
    if (text.starts_with(kMagic)) {
        const auto digestEnd = text.find('\n', kMagic.size());
        if (digestEnd == std::string_view::npos)
            throw ModelError("embedded model header is cut off");
        rest = text.substr(digestEnd + 1);
        if (text.substr(kMagic.size(), digestEnd - kMagic.size()) != stableHash(rest))
            throw ModelError("the embedded model is damaged (its digest does not match)");
    } else if (text.starts_with(kHeaderUndigestedMagic)) {
        rest = text.substr(kHeaderUndigestedMagic.size());
    } else {
        throw ModelError("not a kfx embedded model");
    }
    const auto headerEnd = rest.find('\n');
    if (headerEnd == std::string_view::npos)
        throw ModelError("embedded model header is cut off");
    const auto headerText = rest.substr(0, headerEnd);
    const auto body = rest.substr(headerEnd + 1);

    EmbeddedModel model;
    simdjson::dom::parser parser;
    json::Element document;
    if (parser.parse(headerText.data(), headerText.size()).get(document))
        throw ModelError("embedded model header is not JSON");
    try {
        const auto header = json::asObject(document, "header");
        if (json::requiredInteger(header, "features") != std::int64_t(kFeatureCount)
            || json::optionalInteger(header, "feature_version").value_or(0) != kFeatureVersion)
            throw ModelError("the model was trained on a different feature set; retrain it");
        if (json::requiredInteger(header, "body_bytes") != std::int64_t(body.size())
            || json::requiredString(header, "body_hash") != stableHash(body))
            throw ModelError("the embedded model is damaged (its size or digest does not match)");
        model.m_calibrator = calibratorOf(header);
    } catch (const json::FieldError &error) {
        throw ModelError(std::string("embedded model header: ") + error.what());
    }
    checkXgboostSurvives(body);
    keepXgboostOnThisThread();
    BoosterHandle booster = nullptr;
    check(XGBoosterCreate(nullptr, 0, &booster), "creating the booster");
    model.m_booster = booster;
    check(XGBoosterLoadModelFromBuffer(booster, body.data(), bst_ulong(body.size())), "loading the model");
    model.useOneThread();
    model.readTrees();
    model.m_hash = stableHash(text);
    return model;
}

std::vector<BinProbabilities> EmbeddedModel::predict(std::span<const FeatureRow> rows, bool calibrated) const
{
    std::vector<BinProbabilities> out(rows.size());
    if (rows.empty())
        return out;
    // In-place prediction over the rows' memory: no DMatrix copy (the array-interface protocol, v3).
    const std::string array = R"({"data": [)" + std::to_string(reinterpret_cast<std::uintptr_t>(rows.data()))
        + R"(, true], "shape": [)" + std::to_string(rows.size()) + ", " + std::to_string(kFeatureCount)
        + R"(], "typestr": "<f4", "version": 3})";
    const char *config =
        R"({"type": 0, "training": false, "iteration_begin": 0, "iteration_end": 0, "strict_shape": false, "missing": NaN, "cache_id": 0})";
    const bst_ulong *shape = nullptr;
    bst_ulong dimensions = 0;
    const float *result = nullptr;
    check(XGBoosterPredictFromDense(boosterOf(m_booster), array.c_str(), config, nullptr, &shape, &dimensions, &result),
          "predicting");
    if (dimensions != 2 || shape[0] != rows.size() || shape[1] != bst_ulong(kClasses))
        throw ModelError("XGBoost's forecasts are not 8 bins for each row");
    for (std::size_t r = 0; r < rows.size(); ++r) {
        for (int c = 0; c < kClasses; ++c)
            out[r][c] = result[r * kClasses + c];
        if (calibrated)
            out[r] = m_calibrator.apply(out[r]);
    }
    return out;
}

void EmbeddedModel::useOneThread()
{
    // Predicting a chunk of a few thousand rows takes milliseconds; OpenMP's workers spin-wait between such
    // calls and, on a machine with few cores, burnt three quarters of the forecasting CPU time doing so.
    check(XGBoosterSetParam(boosterOf(m_booster), "nthread", "1"), "setting nthread");
}

void EmbeddedModel::readTrees()
{
    bst_ulong length = 0;
    const char *data = nullptr;
    check(XGBoosterSaveModelToBuffer(boosterOf(m_booster), R"({"format": "json"})", &length, &data),
          "reading the trees");
    auto trees = TreeEnsemble::fromXgboostJson(std::string_view(data, length));
    if (trees.classCount() != kClasses || trees.featureCount() != kFeatureCount)
        throw ModelError("the model's trees do not forecast 8 bins from kfx's features");
    m_trees = std::make_shared<const TreeEnsemble>(std::move(trees));
}

std::vector<std::vector<Influence>> EmbeddedModel::influences(std::span<const FeatureRow> rows,
                                                              std::span<const int> bins, std::size_t top) const
{
    std::vector<std::vector<Influence>> out(rows.size());
    FeatureRow contributions{}; // reused: one row's contributions at a time
    for (std::size_t r = 0; r < rows.size(); ++r) {
        contributions.fill(0.0f);
        m_trees->addContributions(rows[r], bins[r] - 1, contributions);
        std::array<double, kExplanationGroupCount> groups{};
        for (std::size_t c = 0; c < kFeatureCount; ++c)
            groups[explanationGroup(c)] += contributions[c];
        auto &influences = out[r];
        influences.reserve(top + 1);
        // A running top-k: the groups are few, the kept list shorter still, so this beats sorting them all.
        for (std::size_t g = 0; g < groups.size(); ++g) {
            if (groups[g] == 0.0)
                continue;
            const Influence candidate{g, groups[g]};
            auto at = std::find_if(influences.begin(), influences.end(), [&](const Influence &kept) {
                return std::abs(candidate.contribution) > std::abs(kept.contribution);
            });
            if (std::size_t(at - influences.begin()) >= top)
                continue;
            influences.insert(at, candidate);
            if (influences.size() > top)
                influences.pop_back();
        }
    }
    return out;
}

std::vector<std::vector<float>> EmbeddedModel::xgboostContributions(std::span<const FeatureRow> rows,
                                                                    std::span<const int> bins) const
{
    std::vector<std::vector<float>> out(rows.size());
    if (rows.empty())
        return out;
    const Matrix matrix(rows);
    const char *config =
        R"({"type": 3, "training": false, "iteration_begin": 0, "iteration_end": 0, "strict_shape": true})";
    const bst_ulong *shape = nullptr;
    bst_ulong dimensions = 0;
    const float *result = nullptr;
    check(XGBoosterPredictFromDMatrix(boosterOf(m_booster), matrix.handle(), config, &shape, &dimensions, &result),
          "explaining");
    const std::size_t columns = kFeatureCount + 1; // the last is the bias
    for (std::size_t r = 0; r < rows.size(); ++r) {
        const float *contributions = result + (r * kClasses + std::size_t(bins[r] - 1)) * columns;
        out[r].assign(contributions, contributions + kFeatureCount);
    }
    return out;
}

} // namespace kfx::surrogate
