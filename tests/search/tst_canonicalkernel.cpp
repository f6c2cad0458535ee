// The canonical kernel identity (issue 24) on real kernels: a corpus search's CUDA kernel and a bundled task's
// Triton candidate. Layout, comments and the variant header do not make another kernel; a constant, a launch
// directive, a string's text or the task do.
#include "check.h"

#include "io/fileloader.h"
#include "search/canonicalkernel.h"

#include <fstream>
#include <sstream>

using kfx::search::canonicalKernel;
using kfx::search::canonicalKernelCode;

namespace {

std::string fileText(const std::string &path)
{
    std::ifstream in(path, std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

std::string replaced(std::string text, const std::string &from, const std::string &to)
{
    const auto at = text.find(from);
    KFX_CHECK(at != std::string::npos, "the kernel holds '" + from + "'");
    return at == std::string::npos ? text : text.replace(at, from.size(), to);
}

// A corpus kernel as the log holds it, variant header included.
std::string corpusKernel()
{
    const auto file = kfx::loadFile(KFX_TEST_DATA_DIR "/corpus/rms_norm-baseline.jsonl");
    KFX_CHECK(file.population && file.population->size() > 1, "the corpus log loads");
    for (std::size_t i = 0; file.population && i < file.population->size(); ++i) {
        const auto &code = file.population->node(i).code;
        if (code.starts_with("// kfx-variant: thread_per_row BLOCK=64"))
            return code;
    }
    KFX_CHECK(false, "the corpus log holds the thread_per_row BLOCK=64 variant");
    return {};
}

void cudaVariantsThatDifferOnlyInLayoutAreOneKernel()
{
    const auto kernel = corpusKernel();
    // Another variant header and edit note, a comment more, re-indented, trailing blanks, CRLF line ends.
    auto relaid = replaced(kernel, "// kfx-variant: thread_per_row BLOCK=64 UNROLL=1\n// changed BLOCK from 128 to 64",
                           "// kfx-variant: thread_per_row BLOCK=64 UNROLL=1 (again)\n// changed UNROLL from 2 to 1");
    relaid = replaced(relaid, "    float squares = 0.0f;", "\tfloat   squares = 0.0f; /* accumulated */  \r\n\n");
    relaid = replaced(relaid, "{\n", "{ // the row's thread\n");
    KFX_CHECK(relaid != kernel, "the variants' texts differ");
    KFX_CHECK(canonicalKernel("rms_norm", relaid) == canonicalKernel("rms_norm", kernel), "one kernel");
    KFX_CHECK(canonicalKernel("rms_norm", relaid).hash() == canonicalKernel("rms_norm", kernel).hash(), "one hash");
    KFX_CHECK(!kfx::test::contains(canonicalKernelCode(kernel), "kfx-variant"), "no variant header");
    KFX_CHECK(!kfx::test::contains(canonicalKernelCode(kernel), "no load is coalesced"), "no comment");
    KFX_CHECK(kfx::test::contains(canonicalKernelCode(kernel), "#pragma unroll 1\n"), "preprocessor lines kept");
}

void cudaVariantsThatDifferInAConstantOrLaunchAreTwoKernels()
{
    const auto kernel = corpusKernel();
    const auto eps = replaced(kernel, "1e-6f", "1e-5f");
    KFX_CHECK(canonicalKernel("rms_norm", eps) != canonicalKernel("rms_norm", kernel), "a constant: two kernels");
    KFX_CHECK(canonicalKernel("rms_norm", eps).hash() != canonicalKernel("rms_norm", kernel).hash(), "two hashes");
    // The block size lives only in the launch directive, which the worker reads.
    const auto block = replaced(
        replaced(kernel, "\"cdiv(rows, 64)\"], \"block\": [64]", "\"cdiv(rows, 128)\"], \"block\": [128]"), "BLOCK=64",
        "BLOCK=128");
    KFX_CHECK(canonicalKernel("rms_norm", block) != canonicalKernel("rms_norm", kernel), "a launch: two kernels");
    KFX_CHECK(canonicalKernel("layer_norm", kernel) != canonicalKernel("rms_norm", kernel), "a task: two kernels");
    KFX_CHECK(canonicalKernel("layer_norm", kernel).hash() != canonicalKernel("rms_norm", kernel).hash(),
              "a task: two hashes");
}

void pythonKeepsIndentationStringsAndFloorDivision()
{
    const auto kernel = fileText(KFX_RESOURCES_DIR "/tasks/fp8_quant/candidates/triton_group_per_program.py");
    KFX_CHECK(kfx::test::contains(kernel, "@triton.jit"), "a Triton kernel");
    auto commented = "# kfx-variant: triton_group_per_program\n# seed: the note\n" + kernel + "\n# a last word\n";
    commented = replaced(commented, "import triton\n", "import triton   # the compiler\n");
    KFX_CHECK(canonicalKernel("fp8_quant", commented) == canonicalKernel("fp8_quant", kernel), "one kernel");
    KFX_CHECK(!kfx::test::contains(canonicalKernelCode(commented), "the compiler"), "no comment");
    const auto floor = canonicalKernelCode("def f(x):\n    return x // 2\n");
    KFX_CHECK(floor == "def f(x):\n    return x // 2\n", "// is Python's floor division: " + floor);
    KFX_CHECK(floor != canonicalKernelCode("def f(x):\n    return x // 4\n"), "a divisor: two kernels");
    KFX_CHECK(canonicalKernelCode("import torch\ns = 'a # b'  # c\n") == "import torch\ns = 'a # b'\n",
              "a # in a string is text");
    KFX_CHECK(canonicalKernelCode("import torch\nif x:\n    a()\nb()\n")
                  != canonicalKernelCode("import torch\nif x:\n    a()\n    b()\n"),
              "indentation is Python's syntax");
}

void hashIsStable()
{
    // FNV-1a 64 of "t", a zero byte and "__global__ void k();\n", computed independently (Python).
    KFX_CHECK(canonicalKernel("t", "// kfx-variant: x\n__global__  void k(); // k\n").hash() == 0xca273ef7de62c64full,
              "stable hash");
}

} // namespace

int main()
{
    cudaVariantsThatDifferOnlyInLayoutAreOneKernel();
    cudaVariantsThatDifferInAConstantOrLaunchAreTwoKernels();
    pythonKeepsIndentationStringsAndFloorDivision();
    hashIsStable();
    return kfx::test::finish();
}
