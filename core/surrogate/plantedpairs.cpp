#include "plantedpairs.h"

#include "model/speedupbin.h"

#include <cmath>
#include <random>

namespace kfx::surrogate {

namespace {

constexpr const char *kPacks[] = {"trimul",          "cross_entropy",   "fp8_quant",
                                  "gdn_chunk_fwd_h", "gdn_chunk_fwd_o", "gdn_recompute_w_u"};

std::string referenceFor(const std::string &pack)
{
    return "import torch\n\n# reference for " + pack
        + "\ndef custom_kernel(data):\n    x, w = data\n    y = torch.matmul(x.float(), w.float())\n"
          "    return torch.softmax(y, dim=-1).to(x.dtype)\n";
}

} // namespace

std::vector<ComparisonPair> plantedPairs(std::size_t count, std::uint64_t seed, double noise)
{
    std::mt19937_64 random(seed);
    std::bernoulli_distribution coin(0.5);
    std::normal_distribution<double> jitter(0.0, noise);
    std::uniform_int_distribution<int> barriers(0, 4);
    std::uniform_int_distribution<int> fillers(0, 12);
    std::vector<ComparisonPair> pairs(count);
    for (std::size_t i = 0; i < count; ++i) {
        const std::string pack = kPacks[i % std::size(kPacks)];
        const bool shuffle = coin(random);
        const bool vector = coin(random);
        const bool tensorCore = coin(random);
        const bool atomics = coin(random);
        const bool bigBlock = coin(random);
        const bool bf16 = coin(random);
        const int syncs = barriers(random);
        const int warps = coin(random) ? 8 : 4;

        std::string code = "import torch\nfrom torch.utils.cpp_extension import load_inline\n\ncuda_src = r'''\n";
        code += "#define BLOCK_SIZE " + std::to_string(bigBlock ? 128 : 64) + "\n";
        code += "__global__ void kernel_" + std::to_string(i) + "(const " + (bf16 ? "__nv_bfloat16" : "float")
            + " *x, float *out, int n) {\n";
        code += "    __shared__ float tile[BLOCK_SIZE];\n    int num_warps = " + std::to_string(warps) + ";\n";
        if (vector)
            code += "    float4 v = reinterpret_cast<const float4 *>(x)[threadIdx.x];\n";
        if (tensorCore)
            code += "    asm volatile(\"mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32 {%0}, {%1};\");\n";
        for (int s = 0; s < syncs; ++s)
            code += "    __syncthreads();\n";
        if (shuffle)
            code += "    for (int o = 16; o > 0; o /= 2) acc += __shfl_xor_sync(0xffffffff, acc, o);\n";
        if (atomics)
            code += "    atomicAdd(out, acc);\n";
        const int filler = fillers(random);
        for (int f = 0; f < filler; ++f)
            code += "    acc = acc * 0.5f + " + std::to_string(f) + ".0f; // step " + std::to_string(f) + "\n";
        code += "}\n'''\n\nmodule = load_inline(name='k', cpp_sources='', cuda_sources=cuda_src)\n";

        const double log2Speedup = 0.9 * shuffle + 0.6 * vector + 1.3 * tensorCore - 1.1 * atomics + 0.4 * bigBlock
            - 0.25 * std::max(0, syncs - 1) + jitter(random);
        auto &pair = pairs[i];
        pair.id = pack + "/planted" + std::to_string(i);
        pair.sourceId = pair.id;
        pair.pack = pack;
        pair.referenceCode = referenceFor(pack);
        pair.candidateCode = std::move(code);
        pair.hardwareName = "NVIDIA A100-SXM4-80GB";
        pair.speedup = std::exp2(log2Speedup);
        pair.trueBin = speedupBinFor(pair.speedup);
    }
    return pairs;
}

} // namespace kfx::surrogate
