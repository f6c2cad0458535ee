// Issue 27: a task.json whose "reference" leaves the task directory (by `..` or by a symbolic link) was refused by
// the worker's manifest reader, yet the LLM mutator put that file in its prompts and the forecaster compared every
// candidate with it. Both now refuse such a task, naming task.json and the entry, and never read the file; the
// forecaster refuses a GPU MODE task's reference.py that links outside too. The hostile-server probe
// (tests/probe/results-2026-11-30-servers.txt) found two ways left: task.json itself a link to a file outside
// (the mutator sent that file in every prompt), and a reference or task.json that is a FIFO (kfx-cli search
// waited for ever). Both are refused now, by the same resolver.
#include "check.h"

#include "search/llmmutator.h"
#include "surrogate/searchpairs.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <functional>
#include <thread>

namespace fs = std::filesystem;

namespace {

constexpr const char *kSecret = "KFX-TEST-SECRET: not for any prompt";
constexpr const char *kReferenceCode = "extern \"C\" __global__ void scale() {}\n";

// A fresh directory holding secret.txt beside task/, whose task.json names `reference`.
fs::path taskNaming(const std::string &name, const std::string &reference)
{
    const fs::path root = fs::temp_directory_path() / ("kfx-task-reference-" + name);
    fs::remove_all(root);
    fs::create_directories(root / "task");
    std::ofstream(root / "secret.txt") << kSecret;
    std::ofstream(root / "task" / "reference.cu") << kReferenceCode;
    std::ofstream(root / "task" / "task.json")
        << R"({"format": "kfx-task/1", "name": "scale", "entry_point": "scale", "reference": ")" << reference << "\"}";
    return root / "task";
}

// Never asked anything: the test reads its seed, the reference.
kfx::search::LlmMutator llmMutatorFor(const fs::path &task)
{
    kfx::search::LlmMutatorSettings settings;
    settings.endpoint = "http://127.0.0.1:9/v1";
    settings.model = "test-model";
    return kfx::search::LlmMutator(settings, task.string());
}

// `read` must throw `Error` naming the file that names the reference (`namedBy`), saying that `refusal` (the entry
// and the reference) leads outside (or, given `why`, why else it is refused), and never showing the secret.
template<typename Error>
void expectRefused(const std::string &what, const fs::path &namedBy, const std::string &refusal,
                   const std::function<std::string()> &read, const std::string &why = " is outside the directory")
{
    try {
        const std::string text = read();
        KFX_CHECK(false, what + ": a reference outside the task was read");
        KFX_CHECK(!kfx::test::contains(text, kSecret), what + ": the secret was read");
    } catch (const Error &error) {
        const std::string message = error.what();
        KFX_CHECK(kfx::test::contains(message, namedBy.string() + ": " + refusal + why),
                  what + " names the file and the entry: " + message);
        KFX_CHECK(!kfx::test::contains(message, kSecret), what + " shows the secret: " + message);
    }
}

void refusedEverywhere(const std::string &name, const fs::path &task, const std::string &reference)
{
    const std::string refusal = "\"reference\": \"" + reference + "\"";
    expectRefused<kfx::search::PoolError>(name + ": LLM mutator", task / "task.json", refusal,
                                          [&] { return llmMutatorFor(task).seedCode(); });
    expectRefused<kfx::surrogate::TaskReferenceError>(name + ": forecaster", task / "task.json", refusal,
                                                      [&] { return kfx::surrogate::taskReferenceCode(task); });
}

void referenceThroughDotDotIsRefused()
{
    refusedEverywhere("dot-dot", taskNaming("dotdot", "../secret.txt"), "../secret.txt");
}

void referenceLinkedOutsideIsRefused()
{
    const fs::path task = taskNaming("symlink", "linked.cu");
    fs::create_symlink(task.parent_path() / "secret.txt", task / "linked.cu");
    refusedEverywhere("symlink", task, "linked.cu");
}

// A GPU MODE task has no task.json: its reference is reference.py, which may be a symbolic link too.
void gpuModeReferenceLinkedOutsideIsRefused()
{
    const fs::path task = taskNaming("gpumode", "reference.py");
    fs::remove(task / "task.json");
    fs::create_symlink(task.parent_path() / "secret.txt", task / "reference.py");
    expectRefused<kfx::surrogate::TaskReferenceError>("GPU MODE: forecaster", task / "reference.py", "\"reference.py\"",
                                                      [&] { return kfx::surrogate::taskReferenceCode(task); });
}

// task.json itself a link to a file outside: the mutator put its text, the secret with it, in every prompt.
void taskJsonLinkedOutsideIsRefused()
{
    const fs::path task = taskNaming("taskjson-link", "reference.cu");
    fs::remove(task / "task.json");
    std::ofstream(task.parent_path() / "outside.json")
        << R"({"format": "kfx-task/1", "name": "scale", "entry_point": "scale", "reference": "reference.cu", "note": ")"
        << kSecret << "\"}";
    fs::create_symlink(task.parent_path() / "outside.json", task / "task.json");
    const auto manifest = task / "task.json";
    expectRefused<kfx::search::PoolError>("task.json link: LLM mutator", manifest, "\"task.json\"",
                                          [&] { return llmMutatorFor(task).seedCode(); });
    expectRefused<kfx::surrogate::TaskReferenceError>("task.json link: forecaster", manifest, "\"task.json\"",
                                                      [&] { return kfx::surrogate::taskReferenceCode(task); });
}

// Opens `fifo` for writing and writes `text`, over and over, on a thread of its own that is never joined: a reader
// that (wrongly) opens the FIFO gets the text instead of waiting for ever, and once nothing reads it, the thread
// waits in open() until the test's process ends.
void feedFifo(const fs::path &fifo, const std::string &text)
{
    std::thread([fifo, text] {
        for (;;) {
            const int fd = ::open(fifo.c_str(), O_WRONLY);
            if (fd < 0)
                return;
            [[maybe_unused]] const auto written = ::write(fd, text.data(), text.size());
            ::close(fd);
        }
    }).detach();
}

// A FIFO named as the reference, or as task.json: reading it waited for a writer that never came.
void fifoIsRefused()
{
    const fs::path task = taskNaming("fifo-reference", "reference.fifo");
    ::mkfifo((task / "reference.fifo").c_str(), 0600);
    feedFifo(task / "reference.fifo", kSecret);
    const auto manifest = task / "task.json";
    const std::string refusal = "\"reference\": \"reference.fifo\"";
    expectRefused<kfx::search::PoolError>(
        "FIFO reference: LLM mutator", manifest, refusal, [&] { return llmMutatorFor(task).seedCode(); },
        " is not a regular file");
    expectRefused<kfx::surrogate::TaskReferenceError>(
        "FIFO reference: forecaster", manifest, refusal, [&] { return kfx::surrogate::taskReferenceCode(task); },
        " is not a regular file");

    const fs::path fifoManifest = taskNaming("fifo-task-json", "reference.cu");
    fs::remove(fifoManifest / "task.json");
    ::mkfifo((fifoManifest / "task.json").c_str(), 0600);
    feedFifo(fifoManifest / "task.json",
             std::string(R"({"format": "kfx-task/1", "name": "s", "reference": "reference.cu", "x": ")") + kSecret
                 + "\"}");
    expectRefused<kfx::search::PoolError>(
        "FIFO task.json: LLM mutator", fifoManifest / "task.json", "\"task.json\"",
        [&] { return llmMutatorFor(fifoManifest).seedCode(); }, " is not a regular file");
    expectRefused<kfx::surrogate::TaskReferenceError>(
        "FIFO task.json: forecaster", fifoManifest / "task.json", "\"task.json\"",
        [&] { return kfx::surrogate::taskReferenceCode(fifoManifest); }, " is not a regular file");
}

void referenceInsideIsRead()
{
    const fs::path task = taskNaming("inside", "sub/../reference.cu");
    KFX_CHECK(llmMutatorFor(task).seedCode() == kReferenceCode, "the LLM mutator's seed is the reference");
    KFX_CHECK(kfx::surrogate::taskReferenceCode(task) == kReferenceCode, "the forecaster reads the reference");
}

} // namespace

int main()
{
    referenceThroughDotDotIsRefused();
    referenceLinkedOutsideIsRefused();
    gpuModeReferenceLinkedOutsideIsRefused();
    taskJsonLinkedOutsideIsRefused();
    fifoIsRefused();
    referenceInsideIsRead();
    return kfx::test::finish();
}
