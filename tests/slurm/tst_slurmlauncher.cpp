// The Slurm launcher's command lines and squeue parsing, without a cluster (tst_slurmqueue runs them on one).
#include "check.h"
#include "measure/slurmlauncher.h"

#include <cstdlib>
#include <stdexcept>

using namespace kfx::measure;
using kfx::test::contains;

namespace {

using Words = std::vector<std::string>;

void testSrunCommand()
{
    const Words worker{"/opt/kfx/bin/kfx-measure"};
    KFX_CHECK(srunCommand({}, "kfx-measure-7-0", worker)
                  == (Words{"srun", "--job-name=kfx-measure-7-0", "--ntasks=1", "/opt/kfx/bin/kfx-measure"}),
              "no options: only the job name and one task");
    const SlurmOptions options{"gpu", "gpu:h100:1", "2:00:00", " --account=lab   --qos=short "};
    KFX_CHECK(srunCommand(options, "kfx-measure-7-3", {"kfx-measure", "--flag"})
                  == (Words{"srun", "--job-name=kfx-measure-7-3", "--ntasks=1", "--partition=gpu", "--gres=gpu:h100:1",
                            "--time=2:00:00", "--account=lab", "--qos=short", "kfx-measure", "--flag"}),
              "every option, the extra ones split on whitespace after ours, the worker last");
    KFX_CHECK(slurmJobName(4242, 3) == "kfx-measure-4242-3", "the job name carries the process and the slot");
    KFX_CHECK(slurmJobName(4242, 3) != slurmJobName(4243, 3) && slurmJobName(4242, 3) != slurmJobName(4242, 4),
              "job names differ between processes and slots");
}

void testSqueueAndScancelCommands()
{
    KFX_CHECK(squeueCommand({"a", "b"}) == (Words{"squeue", "--noheader", "--name=a,b", "--format=%i|%T|%j"}),
              "squeue lists the named jobs as id|state|name");
    KFX_CHECK(scancelCommand("kfx-measure-7-0") == (Words{"scancel", "--name=kfx-measure-7-0"}), "scancel by name");
}

void testParseSqueue()
{
    const auto jobs = parseSqueue("41|RUNNING|kfx-measure-7-0\n\n42|PENDING|kfx-measure-7-1\n43_2|CONFIGURING|x y\n");
    KFX_CHECK(jobs.size() == 3, "three jobs, the empty line skipped");
    if (jobs.size() == 3) {
        KFX_CHECK(jobs[0].id == "41" && jobs[0].state == "RUNNING" && jobs[0].name == "kfx-measure-7-0", "first job");
        KFX_CHECK(!jobs[0].pending() && jobs[1].pending() && jobs[2].pending(),
                  "PENDING and CONFIGURING wait for a node, RUNNING does not");
        KFX_CHECK(jobs[2].id == "43_2" && jobs[2].name == "x y", "an array task's id; a name with a space");
    }
    KFX_CHECK(parseSqueue("").empty(), "no jobs");
    for (const char *bad : {"41 RUNNING kfx", "|RUNNING|kfx", "41||kfx"}) {
        try {
            parseSqueue(std::string("41|RUNNING|kfx\n") + bad + "\n");
            KFX_CHECK(false, std::string("rejects ") + bad);
        } catch (const std::runtime_error &error) {
            KFX_CHECK(contains(error.what(), "line 2") && contains(error.what(), bad),
                      std::string("the message names the line: ") + error.what());
        }
    }
}

void testFailureNamesSqueue()
{
    // No cluster to ask (or no Slurm installed): the error says which command failed and what it said.
    // An empty configuration: squeue gives up at once (a missing file it would retry for a minute).
    ::setenv("SLURM_CONF", "/dev/null", 1);
    try {
        querySlurmJobs({"kfx-measure-1-0"}, std::chrono::seconds(10));
        KFX_CHECK(false, "squeue without a cluster fails");
    } catch (const std::runtime_error &error) {
        // Installed, squeue says what its configuration lacks; missing (the Debian 13 build root), the start fails.
        const bool installed = std::system("command -v squeue > /dev/null 2>&1") == 0;
        KFX_CHECK(contains(error.what(), installed ? "squeue" : "cannot start squeue")
                      && contains(error.what(), installed ? "ClusterName" : "No such file"),
                  std::string("names squeue and says why: ") + error.what());
    }
}

} // namespace

int main()
{
    testSrunCommand();
    testSqueueAndScancelCommands();
    testParseSqueue();
    testFailureNamesSqueue();
    return kfx::test::finish();
}
