// The gdn_chunk_fwd_o CUDA candidates' kernels (extracted into *.kernels.h by the test), launched as their
// launchers do.
#include "cuda_on_cpu.h"

namespace fused_smem {
#include "gdn_chunk_fwd_o__cuda_fused_smem.kernels.h"
}
namespace two_pass {
#include "gdn_chunk_fwd_o__cuda_two_pass.kernels.h"
}

extern "C" void gdn_fused_smem(const float *q, const float *k, const float *v, const float *h, const float *g, float *o,
                               long long B, long long T, long long H, long long V, double scale)
{
    const int NT = static_cast<int>(T / 64);
    const EmulatedIndex grid{static_cast<unsigned>(NT), static_cast<unsigned>(B * H), static_cast<unsigned>(V / 64)};
    launch(grid, {256, 1, 1}, [&] {
        fused_smem::chunk_o_fused(q, k, v, h, g, o, static_cast<int>(T), static_cast<int>(H), NT, static_cast<int>(V),
                                  static_cast<float>(scale));
    });
}

extern "C" void gdn_two_pass(const float *q, const float *k, const float *v, const float *h, const float *g,
                             float *scores, float *o, long long B, long long T, long long H, long long V, double scale)
{
    const int NT = static_cast<int>(T / 64);
    launch({static_cast<unsigned>(NT), static_cast<unsigned>(B * H), 1}, {256, 1, 1},
           [&] { two_pass::chunk_scores(q, k, g, scores, static_cast<int>(T), static_cast<int>(H), NT); });
    const EmulatedIndex grid{static_cast<unsigned>(NT), static_cast<unsigned>(B * H), static_cast<unsigned>(V / 64)};
    launch(grid, {256, 1, 1}, [&] {
        two_pass::chunk_output(q, v, h, g, scores, o, static_cast<int>(T), static_cast<int>(H), NT, static_cast<int>(V),
                               static_cast<float>(scale));
    });
}
