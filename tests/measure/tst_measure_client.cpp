// MeasureClient against stand-in children: a worker that never answers (timeout, kill, restart), one that answers
// with progress, noise and a result, one that dies, and one that does not exist. No CUDA.
#include "check.h"
#include "measure/measureclient.h"
#include "resultfields.h"

#include <chrono>

using namespace kfx::measure;
using kfx::test::contains;
using kfx::test::ResultLine;
using namespace std::chrono_literals;

namespace {
void testTimeoutKillsAndRestarts()
{
    MeasureClient client({"sh", "-c", "sleep 100"});
    const auto start = std::chrono::steady_clock::now();
    const ResultLine first(client.call("t1", deviceInfoRequest("t1"), 300ms));
    const auto elapsed = std::chrono::steady_clock::now() - start;
    KFX_CHECK(first.kind() == "timeout", "a silent worker times out: " + first.kind());
    KFX_CHECK(first.string("runtime_error_name") == "Timeout" && first.string("id") == "t1", "timeout fields");
    KFX_CHECK(elapsed < 5s, "the timeout is enforced promptly");
    const ResultLine second(client.call("t2", deviceInfoRequest("t2"), 200ms));
    KFX_CHECK(second.kind() == "timeout" && client.starts() == 2, "the next request starts a fresh worker");
}

void testRoutesProgressAndResult()
{
    // Answers every request with a progress line for it, a line that is no JSON, a result for someone else, and
    // its own result.
    const std::string script = R"(while read line; do
  echo '{"protocol":1,"id":"r1","type":"progress","stage":"compile"}'
  echo 'banner from a launch prefix'
  echo '{"protocol":1,"id":"other","type":"result","kind":"cancel_acknowledged"}'
  echo '{"protocol":1,"id":"r1","type":"result","kind":"shutdown"}'
done)";
    MeasureClient client({"sh", "-c", script});
    int progress = 0;
    const ResultLine result(client.call("r1", shutdownRequest("r1"), 5s, [&](const std::string &) { ++progress; }));
    KFX_CHECK(result.kind() == "shutdown" && result.string("id") == "r1", "the request's own result comes back");
    KFX_CHECK(progress == 1, "one progress line was passed on");
    const ResultLine again(client.call("r1", shutdownRequest("r1"), 5s));
    KFX_CHECK(again.kind() == "shutdown" && client.starts() == 1, "a live worker serves the next request");
}

void testWorkerDiesWithoutAnswer()
{
    MeasureClient client({"sh", "-c", "read line; echo 'driver exploded' >&2; exit 5"});
    const ResultLine result(client.call("d1", deviceInfoRequest("d1"), 5s));
    KFX_CHECK(result.kind() == "infrastructure_failure", "a dead worker gives infrastructure_failure");
    KFX_CHECK(contains(result.string("reason"), "status 5") && contains(result.string("reason"), "driver exploded"),
              "the reason has the exit status and stderr: " + result.string("reason"));
}

void testStickyResultRestarts()
{
    // Answers with a sticky runtime error for the request's id, then takes its time to exit, as a worker tearing
    // down a poisoned CUDA context does.
    const std::string script = R"sh(read line
id=$(echo "$line" | sed 's/.*"id":"\([^"]*\)".*/\1/')
echo "{\"protocol\":1,\"id\":\"$id\",\"type\":\"result\",\"kind\":\"runtime_error\",\"runtime_error_name\":\"cudaErrorIllegalAddress\",\"runtime_error\":\"x\",\"sticky\":true}"
sleep 3
exit 3)sh";
    MeasureClient client({"sh", "-c", script});
    const ResultLine first(client.call("s1", deviceInfoRequest("s1"), 10s));
    const ResultLine second(client.call("s2", deviceInfoRequest("s2"), 10s));
    KFX_CHECK(first.kind() == "runtime_error" && first.string("id") == "s1", "the sticky error comes back");
    KFX_CHECK(second.kind() == "runtime_error" && second.string("id") == "s2",
              "the next request reaches a fresh worker, not the dying one: " + second.kind() + " "
                  + second.string("reason"));
    KFX_CHECK(client.starts() == 2, "the worker was restarted after the sticky error");
}

void testMissingProgram()
{
    MeasureClient client({"/nonexistent/kfx-measure"});
    const ResultLine result(client.call("m1", deviceInfoRequest("m1"), 5s));
    KFX_CHECK(result.kind() == "infrastructure_failure" && contains(result.string("reason"), "cannot start"),
              "a missing worker is an infrastructure failure: " + result.string("reason"));
}

void testLaunchPrefix()
{
    const auto command = MeasureClient::withLaunchPrefix("  srun  --gres=gpu:1 ", {"kfx-measure"});
    KFX_CHECK((command == std::vector<std::string>{"srun", "--gres=gpu:1", "kfx-measure"}), "prefix split on spaces");
    MeasureClient client(MeasureClient::withLaunchPrefix("env KFX_STAND_IN=1", {"sh", "-c", "sleep 100"}));
    KFX_CHECK(ResultLine(client.call("p1", deviceInfoRequest("p1"), 200ms)).kind() == "timeout",
              "a prefixed worker is killed with its prefix");
}
} // namespace

int main()
{
    testTimeoutKillsAndRestarts();
    testRoutesProgressAndResult();
    testWorkerDiesWithoutAnswer();
    testStickyResultRestarts();
    testMissingProgram();
    testLaunchPrefix();
    return kfx::test::finish();
}
