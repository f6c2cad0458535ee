// The measurement pool's worker launching (issue 18) without a cluster: the launcher's command runs each worker, a
// worker lost without answering is started again and its kernel measured once more, a second loss fails that
// kernel with a message, a worker that never answers holds no kernel back, and a stopping launcher ends the batch.
// slurm_search runs the same code through srun.
#include "check.h"
#include "search/measurementpool.h"

#include <atomic>
#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <mutex>
#include <string>
#include <unistd.h>
#include <vector>

using namespace kfx::search;
using kfx::test::contains;

namespace {

using namespace std::chrono_literals;
using Command = std::vector<std::string>;

const std::string kStandIn = STANDIN_WORKER;
// The stand-in's speedup for this candidate is 10000 / 5000.
const std::string kCandidate = "// kfx-standin: runtime_ns=5000\n";

class TestLauncher final : public WorkerLauncher {
public:
    explicit TestLauncher(std::vector<Command> commands) : m_commands(std::move(commands))
    {
        notice = [this](const std::string &line) {
            std::lock_guard lock(m_mutex);
            m_notices.push_back(line);
        };
    }
    Command command(int slot) const override { return m_commands.at(std::size_t(slot)); }
    bool stopping() const override { return m_stopping; }
    void stop() { m_stopping = true; }
    std::vector<std::string> notices()
    {
        std::lock_guard lock(m_mutex);
        return m_notices;
    }

private:
    std::vector<Command> m_commands;
    std::atomic<bool> m_stopping{false};
    std::mutex m_mutex;
    std::vector<std::string> m_notices;
};

std::string joined(const std::vector<std::string> &lines)
{
    std::string text;
    for (const auto &line : lines)
        text += (text.empty() ? "" : " | ") + line;
    return text;
}

// What each stand-in request names as its task (the stand-in reads only the kernel's comment).
kfx::measure::MeasureOptions standInRequest()
{
    kfx::measure::MeasureOptions request;
    request.taskDirectory = "task";
    return request;
}

// A worker that reads its first request and exits without answering the first time it is started (a node lost),
// and is the stand-in after. It reads first: a worker already gone when the request is written is restarted by
// MeasureClient without a word (its sticky-error exit), which is not the loss this test is about, and on a loaded
// machine the shell could be gone that soon (it was, 1 run in 3).
Command lostOnce(const std::filesystem::path &flag)
{
    return {"/bin/sh", "-c", "if [ -e \"$0\" ]; then exec \"$1\"; fi; touch \"$0\"; read -r request; exit 9",
            flag.string(), kStandIn};
}

void testLostOnceIsMeasuredAgain(const std::filesystem::path &dir)
{
    TestLauncher launcher({lostOnce(dir / "lost-once")});
    WorkerMeasurer measurer(launcher, 0, standInRequest(), 10s);
    const auto result = measurer.measure(kCandidate, "k1");
    KFX_CHECK(result.failureReason.empty() && result.reward && *result.reward == 10000.0 / 5000.0,
              "the kernel is measured by the restarted worker: " + result.failureReason);
    const auto notices = launcher.notices();
    KFX_CHECK(notices.size() == 1 && contains(notices[0], "worker 1 was lost while measuring k1")
                  && contains(notices[0], "status 9") && contains(notices[0], "starting it again"),
              "the loss and the restart are reported once: " + joined(notices));
}

void testLostTwiceFails()
{
    TestLauncher launcher({{"/bin/sh", "-c", "read -r request; exit 9"}});
    WorkerMeasurer measurer(launcher, 0, standInRequest(), 10s);
    const auto result = measurer.measure(kCandidate, "k1");
    KFX_CHECK(!result.reward && result.evaluationJson.empty()
                  && contains(result.failureReason, "the worker was lost twice while measuring k1"),
              "a second loss fails the kernel with a message: " + result.failureReason);
    KFX_CHECK(launcher.notices().size() == 2, "the restart and the failure are reported");
}

void testWorkerThatNeverAnswersHoldsNothingBack()
{
    // Worker 2 stands for a Slurm job that waits in the queue for ever; worker 1 measures everything.
    TestLauncher launcher({{kStandIn}, {"sleep", "60"}});
    const auto start = std::chrono::steady_clock::now();
    {
        std::vector<std::unique_ptr<Measurer>> measurers;
        measurers.push_back(std::make_unique<WorkerMeasurer>(launcher, 0, standInRequest(), 10s));
        measurers.push_back(std::make_unique<WorkerMeasurer>(launcher, 1, standInRequest(), 10s));
        MeasurementPool pool(std::move(measurers));
        const std::vector<MeasurementPool::Job> jobs{{kCandidate, "a"}, {kCandidate, "b"}, {kCandidate, "c"}};
        int measured = 0;
        pool.measureAll(jobs, [&](std::size_t, MeasuredCandidate &result) { measured += result.reward ? 1 : 0; });
        KFX_CHECK(measured == 3, "every kernel measured by the worker that answered");
    }
    KFX_CHECK(std::chrono::steady_clock::now() - start < 20s, "the pool's end stops the worker that never answered");
}

void testStoppingLauncherEndsTheBatch()
{
    TestLauncher launcher({{kStandIn}});
    std::vector<std::unique_ptr<Measurer>> measurers;
    measurers.push_back(std::make_unique<WorkerMeasurer>(launcher, 0, standInRequest(), 10s));
    MeasurementPool pool(std::move(measurers));
    launcher.stop();
    const std::vector<MeasurementPool::Job> jobs{{kCandidate, "a"}, {kCandidate, "b"}};
    int handedBack = 0;
    try {
        pool.measureAll(jobs, [&](std::size_t, MeasuredCandidate &) { ++handedBack; });
        KFX_CHECK(false, "a stopping launcher ends the batch with WorkersStopped");
    } catch (const WorkersStopped &) {
        KFX_CHECK(handedBack == 0, "no result is made up for a kernel that was not measured");
    }
}

} // namespace

int main()
{
    const auto dir = std::filesystem::temp_directory_path() / ("tst_workerlauncher." + std::to_string(::getpid()));
    std::filesystem::create_directories(dir);
    testLostOnceIsMeasuredAgain(dir);
    testLostTwiceFails();
    testWorkerThatNeverAnswersHoldsNothingBack();
    testStoppingLauncherEndsTheBatch();
    std::filesystem::remove_all(dir);
    return kfx::test::finish();
}
