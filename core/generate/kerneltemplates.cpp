#include "kerneltemplates.h"

#include <algorithm>
#include <array>
#include <initializer_list>
#include <utility>

namespace kfx::generate {

namespace {

using Vars = std::initializer_list<std::pair<std::string_view, std::string>>;

// Replaces ${NAME} placeholders; '$' never occurs in the Python or CUDA the templates hold, '@' and '{' do.
std::string fill(std::string_view text, Vars vars)
{
    std::string out;
    out.reserve(text.size() + 256);
    std::size_t pos = 0;
    while (pos < text.size()) {
        const auto open = text.find("${", pos);
        if (open == std::string_view::npos) {
            out.append(text.substr(pos));
            break;
        }
        const auto close = text.find('}', open);
        out.append(text.substr(pos, open - pos));
        const auto name = text.substr(open + 2, close - open - 2);
        for (const auto &[varName, value] : vars) {
            if (varName == name) {
                out += value;
                break;
            }
        }
        pos = close + 1;
    }
    return out;
}

std::string num(int value)
{
    return std::to_string(value);
}

// How each language spells a precision. TF32 is an fp32 tensor's math mode: its tensors are plain fp32.
struct PrecisionSpelling {
    std::string_view torch;
    std::string_view triton;
    std::string_view cuda;
    std::string_view name;
};

const PrecisionSpelling &spelling(Precision precision)
{
    static constexpr PrecisionSpelling kBf16{"torch.bfloat16", "tl.bfloat16", "__nv_bfloat16", "bf16"};
    static constexpr PrecisionSpelling kFp16{"torch.float16", "tl.float16", "__half", "fp16"};
    static constexpr PrecisionSpelling kTf32{"torch.float32", "tl.float32", "float", "tf32"};
    static constexpr PrecisionSpelling kFp32{"torch.float32", "tl.float32", "float", "fp32"};
    switch (precision) {
    case Precision::Bf16:
        return kBf16;
    case Precision::Fp16:
        return kFp16;
    case Precision::Tf32:
        return kTf32;
    default:
        return kFp32;
    }
}

std::string_view torchDtype(Precision precision)
{
    return spelling(precision).torch;
}

std::string_view tritonDtype(Precision precision)
{
    return spelling(precision).triton;
}

std::string_view cudaDtype(Precision precision)
{
    return spelling(precision).cuda;
}

std::string_view precisionName(Precision precision)
{
    return spelling(precision).name;
}

template<typename T, std::size_t N>
const T &pick(const std::array<T, N> &choices, std::uint32_t flavour)
{
    return choices[flavour % N];
}

// ---- the pack descriptions every kernel carries (and that keep even a terse kernel above 2 KB) ----

std::string packNotes(KernelPack pack, std::string_view commentPrefix)
{
    std::string_view text;
    switch (pack) {
    case KernelPack::Trimul:
        text = R"(TriMul: outgoing triangle multiplicative update (AlphaFold3 / Boltz pairformer).
  x: [bs, N, N, dim] fp32, mask: [bs, N, N], out: [bs, N, N, dim] fp32
  out = to_out(LN_h(sum_k (left[i,k] * right[j,k])) * sigmoid(out_gate(LN(x))))
Benchmark shapes (seqlen, bs, dim): (256,2,128) (768,1,128) (256,2,384) (512,1,128)
  (1024,1,128) (768,1,384) (1024,1,384); cauchy inputs have heavy tails, so keep fp32 LayerNorms.
Checked with rtol=atol=2e-2 against the fp32 reference module.)";
        break;
    case KernelPack::CrossEntropy:
        text = R"(Cross entropy forward + backward in one pass.
  logits: [B, V] bf16, targets: [B] int64, grad_output: [B] fp32
  returns (losses [B] fp32, grad_logits [B, V] bf16) with
  grad = (softmax(logits) - onehot(targets)) * grad_output[:, None]
Benchmark shapes: B=4096 and V in {32000, 50264, 128256}; the V=128256 case dominates the geomean.
Checked with torch.allclose(rtol=1e-2, atol=1e-3) on both outputs; dtypes must match exactly.)";
        break;
    case KernelPack::Fp8Quant:
        text = R"(Per-token-group FP8 (e4m3) quantisation.
  x: [num_tokens, hidden_dim] fp32, group_size = 128
  scale = max(absmax(group), 1e-10) / 448 ; x_q = clamp(x / scale, -448, 448)
  writes into the preallocated buffers x_q [N, D] fp32 and x_s [N, D / group_size] fp32
Benchmark shapes (num_tokens, hidden_dim): (256, 4096) (256, 8192) (4096, 7168).
Memory bound: the roofline on A100-SXM4-80GB is ~1.9 TB/s, so bytes moved are what matter.)";
        break;
    }
    std::string out;
    std::size_t pos = 0;
    while (pos <= text.size()) {
        const auto end = std::min(text.find('\n', pos), text.size());
        out += commentPrefix;
        out += ' ';
        out.append(text.substr(pos, end - pos));
        out += '\n';
        pos = end + 1;
    }
    return out;
}

std::string revisionNotes(const KernelDesign &design, std::string_view commentPrefix, std::size_t skip)
{
    if (design.notes.size() <= skip)
        return {};
    std::string out;
    out += commentPrefix;
    out += " Revision notes (newest last):\n";
    for (std::size_t i = skip; i < design.notes.size(); ++i) {
        out += commentPrefix;
        out += "  - ";
        out += design.notes[i];
        out += '\n';
    }
    return out;
}

// ---- PyTorch ----

std::string pytorchTrimul(const KernelDesign &d)
{
    std::string body = fill(R"(import torch
import torch.nn as nn
import torch.nn.functional as F
from task import input_t, output_t

COMPUTE_DTYPE = ${DTYPE}
CHUNK = ${CHUNK}  # rows of i per slice of the triangle product (0: all at once)


class TriMul(nn.Module):
    """Outgoing triangle multiplicative update; the einsum runs in COMPUTE_DTYPE."""

    def __init__(self, dim: int, hidden_dim: int):
        super().__init__()
        self.norm = nn.LayerNorm(dim)
        self.left_proj = nn.Linear(dim, hidden_dim, bias=False)
        self.right_proj = nn.Linear(dim, hidden_dim, bias=False)
        self.left_gate = nn.Linear(dim, hidden_dim, bias=False)
        self.right_gate = nn.Linear(dim, hidden_dim, bias=False)
        self.out_gate = nn.Linear(dim, hidden_dim, bias=False)
        self.to_out_norm = nn.LayerNorm(hidden_dim)
        self.to_out = nn.Linear(hidden_dim, dim, bias=False)

    def forward(self, x: torch.Tensor, mask: torch.Tensor) -> torch.Tensor:
        x = self.norm(x)
        mask = mask.unsqueeze(-1)
)",
                            {{"DTYPE", std::string(torchDtype(d.precision))}, {"CHUNK", num(d.chunk)}});
    if (d.fusedEpilogue) {
        body += R"(        # One GEMM for all five projections instead of five launches.
        w = torch.cat([self.left_proj.weight, self.right_proj.weight, self.left_gate.weight,
                       self.right_gate.weight, self.out_gate.weight], dim=0)
        lp, rp, lg, rg, og = F.linear(x, w).chunk(5, dim=-1)
        left = lp * mask * torch.sigmoid(lg)
        right = rp * mask * torch.sigmoid(rg)
        out_gate = torch.sigmoid(og)
)";
    } else {
        body += R"(        left = self.left_proj(x) * mask
        right = self.right_proj(x) * mask
        left = left * torch.sigmoid(self.left_gate(x))
        right = right * torch.sigmoid(self.right_gate(x))
        out_gate = torch.sigmoid(self.out_gate(x))
)";
    }
    if (d.chunk > 0) {
        body += R"(        left = left.to(COMPUTE_DTYPE).permute(0, 3, 1, 2).contiguous()
        right = right.to(COMPUTE_DTYPE).permute(0, 3, 2, 1).contiguous()
        n = left.shape[-2]
        out = torch.empty(left.shape[0], left.shape[1], n, n, device=x.device, dtype=COMPUTE_DTYPE)
        for start in range(0, n, CHUNK):
            stop = min(start + CHUNK, n)
            torch.matmul(left[:, :, start:stop], right, out=out[:, :, start:stop])
        out = out.permute(0, 2, 3, 1).float()
)";
    } else {
        body += R"(        out = torch.einsum("... i k d, ... j k d -> ... i j d",
                           left.to(COMPUTE_DTYPE), right.to(COMPUTE_DTYPE)).float()
)";
    }
    body += R"(        out = self.to_out_norm(out)
        out = out * out_gate
        return self.to_out(out)


_CACHE: dict = {}


def _module_for(config, weights, device) -> TriMul:
    key = (config["dim"], config["hidden_dim"], device)
    module = _CACHE.get(key)
    if module is None:
        module = TriMul(dim=config["dim"], hidden_dim=config["hidden_dim"]).to(device)
        _CACHE[key] = module
    with torch.no_grad():
        module.norm.weight.copy_(weights["norm.weight"])
        module.norm.bias.copy_(weights["norm.bias"])
        module.left_proj.weight.copy_(weights["left_proj.weight"])
        module.right_proj.weight.copy_(weights["right_proj.weight"])
        module.left_gate.weight.copy_(weights["left_gate.weight"])
        module.right_gate.weight.copy_(weights["right_gate.weight"])
        module.out_gate.weight.copy_(weights["out_gate.weight"])
        module.to_out_norm.weight.copy_(weights["to_out_norm.weight"])
        module.to_out_norm.bias.copy_(weights["to_out_norm.bias"])
        module.to_out.weight.copy_(weights["to_out.weight"])
    return module

)";
    body += d.torchCompile ? R"(
@torch.compile(mode="max-autotune-no-cudagraphs", dynamic=False)
def _forward(module: TriMul, x: torch.Tensor, mask: torch.Tensor) -> torch.Tensor:
    return module(x, mask)
)"
                           : R"(
def _forward(module: TriMul, x: torch.Tensor, mask: torch.Tensor) -> torch.Tensor:
    return module(x, mask)
)";
    body += R"(

def custom_kernel(data: input_t) -> output_t:
    input_tensor, mask, weights, config = data
    module = _module_for(config, weights, input_tensor.device)
    with torch.no_grad():
        return _forward(module, input_tensor, mask)
)";
    return body;
}

std::string pytorchCrossEntropy(const KernelDesign &d)
{
    std::string body = fill(
        R"(import torch
import torch.nn.functional as F
from task import input_t, output_t

COMPUTE_DTYPE = ${DTYPE}
CHUNK = ${CHUNK}  # rows per slice (0: the whole batch at once)

)",
        {{"DTYPE", std::string(torchDtype(d.precision == Precision::Tf32 ? Precision::Fp32 : d.precision))},
         {"CHUNK", num(d.chunk)}});
    body += d.torchCompile ? "\n@torch.compile(dynamic=False, fullgraph=True)\n" : "\n";
    body += R"(def _loss_and_grad(logits: torch.Tensor, targets: torch.Tensor, grad_output: torch.Tensor):
    x = logits.to(COMPUTE_DTYPE).float()
)";
    if (d.fusedEpilogue) {
        body += R"(    # Reuse the softmax for the gradient instead of a second exp over [B, V].
    lse = torch.logsumexp(x, dim=-1)
    probs = torch.exp(x - lse[:, None])
    losses = lse - x.gather(1, targets[:, None]).squeeze(1)
    probs.scatter_add_(1, targets[:, None], torch.full_like(lse[:, None], -1.0))
    grad = probs.mul_(grad_output[:, None]).to(torch.bfloat16)
    return losses, grad
)";
    } else {
        body += R"(    losses = F.cross_entropy(x, targets, reduction="none")
    probs = torch.softmax(x, dim=-1)
    onehot = F.one_hot(targets, num_classes=x.shape[-1]).to(probs.dtype)
    grad = ((probs - onehot) * grad_output[:, None]).to(torch.bfloat16)
    return losses, grad
)";
    }
    body += R"(

def custom_kernel(data: input_t) -> output_t:
    logits, targets, grad_output = data
)";
    if (d.chunk > 0) {
        body += R"(    losses = torch.empty(logits.shape[0], device=logits.device, dtype=torch.float32)
    grad = torch.empty_like(logits)
    for start in range(0, logits.shape[0], CHUNK):
        stop = min(start + CHUNK, logits.shape[0])
        l, g = _loss_and_grad(logits[start:stop], targets[start:stop], grad_output[start:stop])
        losses[start:stop] = l
        grad[start:stop] = g
    return losses, grad
)";
    } else {
        body += "    return _loss_and_grad(logits, targets, grad_output)\n";
    }
    return body;
}

std::string pytorchFp8(const KernelDesign &d)
{
    std::string body = fill(R"(import torch
from task import input_t, output_t

FP8_MAX = 448.0
GROUP_SIZE = 128
CHUNK = ${CHUNK}  # tokens per slice (0: all tokens at once)

)",
                            {{"CHUNK", num(d.chunk)}});
    body += d.torchCompile ? "\n@torch.compile(dynamic=False)\n" : "\n";
    body += R"(def _quantize(x: torch.Tensor, x_q: torch.Tensor, x_s: torch.Tensor) -> None:
    n, dim = x.shape
    groups = x.view(n, dim // GROUP_SIZE, GROUP_SIZE)
)";
    body += d.fusedEpilogue ? R"(    # amax and division fused into one pass over the group view.
    scale = groups.abs().amax(dim=-1).clamp_min_(1e-10).div_(FP8_MAX)
    torch.clamp(groups / scale[..., None], -FP8_MAX, FP8_MAX, out=x_q.view_as(groups))
    x_s.copy_(scale)
)"
                            : R"(    absmax = groups.abs().amax(dim=-1)
    scale = torch.clamp(absmax, min=1e-10) / FP8_MAX
    q = torch.clamp(groups / scale.unsqueeze(-1), -FP8_MAX, FP8_MAX)
    x_q.copy_(q.view(n, dim))
    x_s.copy_(scale)
)";
    body += R"(

def custom_kernel(data: input_t) -> output_t:
    x, x_q, x_s = data
)";
    if (d.chunk > 0) {
        body += R"(    for start in range(0, x.shape[0], CHUNK):
        stop = min(start + CHUNK, x.shape[0])
        _quantize(x[start:stop], x_q[start:stop], x_s[start:stop])
)";
    } else {
        body += "    _quantize(x, x_q, x_s)\n";
    }
    body += "    return x_q, x_s\n";
    return body;
}

// ---- Triton ----

std::string autotuneConfigs(const KernelDesign &d, std::string_view keys)
{
    std::string out = "@triton.autotune(\n    configs=[\n";
    for (int i = 0; i < d.autotuneConfigs; ++i) {
        // Neighbours of the chosen point: halve or double one block dimension per extra config.
        const int m = i % 3 == 1 ? std::max(16, d.blockM / 2) : (i % 3 == 2 ? d.blockM * 2 : d.blockM);
        const int n = i % 4 == 3 ? std::max(16, d.blockN / 2) : d.blockN;
        const int warps = i % 2 == 1 ? std::max(2, d.numWarps / 2) : d.numWarps;
        const int stages = std::max(1, d.numStages - i / 4);
        out += fill("        triton.Config({\"BLOCK_M\": ${M}, \"BLOCK_N\": ${N}, \"BLOCK_K\": ${K}}, "
                    "num_warps=${W}, num_stages=${S}),\n",
                    {{"M", num(m)}, {"N", num(n)}, {"K", num(d.blockK)}, {"W", num(warps)}, {"S", num(stages)}});
    }
    out += "    ],\n    key=[";
    out += keys;
    out += "],\n)\n";
    return out;
}

std::string loadHint(const KernelDesign &d, std::string_view policy)
{
    return d.cacheHints ? ", eviction_policy=\"" + std::string(policy) + "\"" : std::string();
}

std::string tritonTrimul(const KernelDesign &d)
{
    const bool tf32 = d.precision == Precision::Tf32;
    const Precision operand = tf32 ? Precision::Fp32 : d.precision;
    std::string body = R"(import torch
import torch.nn.functional as F
import triton
import triton.language as tl
from task import input_t, output_t

)";
    body += autotuneConfigs(d, "\"N\", \"K\"");
    body += fill(R"(@triton.jit
def _triangle_matmul_kernel(
    a_ptr, b_ptr, c_ptr, N, K,
    stride_ab, stride_am, stride_ak,
    stride_bb, stride_bn, stride_bk,
    stride_cb, stride_cm, stride_cn,
    BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, BLOCK_K: tl.constexpr,
):
    # c[b, i, j] = sum_k a[b, i, k] * b[b, j, k], one (b = batch * hidden) slice per grid z.
    pid_m = tl.program_id(0)
    pid_n = tl.program_id(1)
    pid_b = tl.program_id(2)
    offs_m = pid_m * BLOCK_M + tl.arange(0, BLOCK_M)
    offs_n = pid_n * BLOCK_N + tl.arange(0, BLOCK_N)
    offs_k = tl.arange(0, BLOCK_K)
${HINTS}    a_ptrs = a_ptr + pid_b * stride_ab + offs_m[:, None] * stride_am + offs_k[None, :] * stride_ak
    b_ptrs = b_ptr + pid_b * stride_bb + offs_n[None, :] * stride_bn + offs_k[:, None] * stride_bk
    acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
    for k0 in range(0, tl.cdiv(K, BLOCK_K)):
        k_mask = offs_k < K - k0 * BLOCK_K
        a = tl.load(a_ptrs, mask=(offs_m[:, None] < N) & k_mask[None, :], other=0.0${HINT_A})
        b = tl.load(b_ptrs, mask=(offs_n[None, :] < N) & k_mask[:, None], other=0.0${HINT_B})
        acc += tl.dot(a.to(${OPERAND}), b.to(${OPERAND})${TF32})
        a_ptrs += BLOCK_K * stride_ak
        b_ptrs += BLOCK_K * stride_bk
    c_ptrs = c_ptr + pid_b * stride_cb + offs_m[:, None] * stride_cm + offs_n[None, :] * stride_cn
    c_mask = (offs_m[:, None] < N) & (offs_n[None, :] < N)
    tl.store(c_ptrs, acc, mask=c_mask)

)",
                 {{"HINTS",
                   d.vectorWidth > 1 ? fill(R"(    offs_m = tl.max_contiguous(tl.multiple_of(offs_m, ${V}), BLOCK_M)
    offs_n = tl.max_contiguous(tl.multiple_of(offs_n, ${V}), BLOCK_N)
)",
                                            {{"V", num(d.vectorWidth)}})
                                     : std::string()},
                  {"HINT_A", loadHint(d, "evict_last")},
                  {"HINT_B", loadHint(d, "evict_first")},
                  {"OPERAND", std::string(tritonDtype(operand))},
                  {"TF32", tf32 ? ", allow_tf32=True" : ""}});
    if (d.fusedEpilogue) {
        body += R"(
@triton.jit
def _norm_gate_kernel(x_ptr, gate_ptr, w_ptr, b_ptr, out_ptr, H, eps, BLOCK_H: tl.constexpr):
    # LayerNorm over hidden, then the sigmoid output gate, one row per program.
    row = tl.program_id(0)
    offs = tl.arange(0, BLOCK_H)
    mask = offs < H
    x = tl.load(x_ptr + row * H + offs, mask=mask, other=0.0)
    mean = tl.sum(x, axis=0) / H
    diff = tl.where(mask, x - mean, 0.0)
    var = tl.sum(diff * diff, axis=0) / H
    y = diff * tl.rsqrt(var + eps) * tl.load(w_ptr + offs, mask=mask) + tl.load(b_ptr + offs, mask=mask)
    g = tl.load(gate_ptr + row * H + offs, mask=mask, other=0.0)
    tl.store(out_ptr + row * H + offs, y * tl.sigmoid(g), mask=mask)

)";
    }
    body += fill(R"(
def _triangle(left: torch.Tensor, right: torch.Tensor) -> torch.Tensor:
    bs, n, _, h = left.shape
    a = left.permute(0, 3, 1, 2).reshape(bs * h, n, n).to(${TORCH_OPERAND}).contiguous()
    b = right.permute(0, 3, 1, 2).reshape(bs * h, n, n).to(${TORCH_OPERAND}).contiguous()
    c = torch.empty(bs * h, n, n, device=left.device, dtype=torch.float32)
    grid = lambda meta: (triton.cdiv(n, meta["BLOCK_M"]), triton.cdiv(n, meta["BLOCK_N"]), bs * h)
    _triangle_matmul_kernel[grid](
        a, b, c, n, n,
        a.stride(0), a.stride(1), a.stride(2),
        b.stride(0), b.stride(1), b.stride(2),
        c.stride(0), c.stride(1), c.stride(2),
    )
    return c.view(bs, h, n, n).permute(0, 2, 3, 1)


def custom_kernel(data: input_t) -> output_t:
    x, mask, weights, config = data
    hidden = config["hidden_dim"]
    x = F.layer_norm(x, (x.shape[-1],), weights["norm.weight"], weights["norm.bias"])
    w = torch.cat([weights["left_proj.weight"], weights["right_proj.weight"], weights["left_gate.weight"],
                   weights["right_gate.weight"], weights["out_gate.weight"]], dim=0)
    lp, rp, lg, rg, og = F.linear(x, w).split(hidden, dim=-1)
    m = mask.unsqueeze(-1)
    left = lp * m * torch.sigmoid(lg)
    right = rp * m * torch.sigmoid(rg)
    out = _triangle(left, right)
)",
                 {{"TORCH_OPERAND", std::string(torchDtype(operand))}});
    body += d.fusedEpilogue
        ? R"(    rows = out.reshape(-1, hidden).contiguous()
    gated = torch.empty_like(rows)
    _norm_gate_kernel[(rows.shape[0],)](
        rows, og.reshape(-1, hidden).contiguous(), weights["to_out_norm.weight"], weights["to_out_norm.bias"],
        gated, hidden, 1e-5, BLOCK_H=triton.next_power_of_2(hidden),
    )
    out = gated.view(out.shape)
)"
        : R"(    out = F.layer_norm(out, (hidden,), weights["to_out_norm.weight"], weights["to_out_norm.bias"])
    out = out * torch.sigmoid(og)
)";
    body += "    return F.linear(out, weights[\"to_out.weight\"])\n";
    return body;
}

std::string tritonCrossEntropy(const KernelDesign &d)
{
    std::string body = R"(import torch
import triton
import triton.language as tl
from task import input_t, output_t

)";
    body += autotuneConfigs(d, "\"V\"");
    body += fill(R"(@triton.jit
def _cross_entropy_kernel(
    logits_ptr, targets_ptr, grad_out_ptr, loss_ptr, grad_ptr,
    V, stride_row,
    BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, BLOCK_K: tl.constexpr,
):
    # One row per program: an online logsumexp pass, then the gradient pass over the same row.
    row = tl.program_id(0).to(tl.int64)
    base = logits_ptr + row * stride_row
    m_i = -float("inf")
    s_i = 0.0
    for start in range(0, V, BLOCK_N):
        offs = start + tl.arange(0, BLOCK_N)
${HINTS}        x = tl.load(base + offs, mask=offs < V, other=-float("inf")${HINT_FIRST}).to(tl.float32)
        m_new = tl.maximum(m_i, tl.max(x, axis=0))
        s_i = s_i * tl.exp(m_i - m_new) + tl.sum(tl.exp(x - m_new), axis=0)
        m_i = m_new
    lse = m_i + tl.log(s_i)
    target = tl.load(targets_ptr + row)
    x_t = tl.load(base + target).to(tl.float32)
    tl.store(loss_ptr + row, lse - x_t)
    g = tl.load(grad_out_ptr + row)
    grad_base = grad_ptr + row * stride_row
    for start in range(0, V, BLOCK_N):
        offs = start + tl.arange(0, BLOCK_N)
        x = tl.load(base + offs, mask=offs < V, other=0.0${HINT_SECOND}).to(tl.float32)
        p = tl.exp(x - lse)
        p = tl.where(offs == target, p - 1.0, p)
        tl.store(grad_base + offs, (p * g).to(tl.bfloat16), mask=offs < V)


def custom_kernel(data: input_t) -> output_t:
    logits, targets, grad_output = data
    B, V = logits.shape
    losses = torch.empty(B, device=logits.device, dtype=torch.float32)
    grad = torch.empty_like(logits)
    _cross_entropy_kernel[(B,)](
        logits, targets, grad_output, losses, grad,
        V, logits.stride(0),
    )
    return losses, grad
)",
                 {{"HINTS",
                   d.vectorWidth > 1 ? fill("        offs = tl.max_contiguous(tl.multiple_of(offs, ${V}), "
                                            "BLOCK_N)\n",
                                            {{"V", num(d.vectorWidth)}})
                                     : std::string()},
                  {"HINT_FIRST", loadHint(d, "evict_last")},
                  {"HINT_SECOND", loadHint(d, "evict_first")}});
    return body;
}

std::string tritonFp8(const KernelDesign &d)
{
    std::string body = R"(import torch
import triton
import triton.language as tl
from task import input_t, output_t

FP8_MAX = 448.0

)";
    body += autotuneConfigs(d, "\"D\"");
    body += fill(R"(@triton.jit
def _group_quant_kernel(
    x_ptr, xq_ptr, xs_ptr, n_tokens, D,
    GROUP: tl.constexpr, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, BLOCK_K: tl.constexpr,
):
    # BLOCK_M tokens x one group per program; the scale is per (token, group).
    pid_m = tl.program_id(0)
    pid_g = tl.program_id(1)
    rows = pid_m * BLOCK_M + tl.arange(0, BLOCK_M)
    cols = pid_g * GROUP + tl.arange(0, GROUP)
${HINTS}    mask = rows[:, None] < n_tokens
    ptrs = rows[:, None].to(tl.int64) * D + cols[None, :]
    x = tl.load(x_ptr + ptrs, mask=mask, other=0.0${HINT})
    absmax = tl.max(tl.abs(x), axis=1)
    scale = tl.maximum(absmax, 1e-10) / 448.0
    q = tl.clamp(x / scale[:, None], -448.0, 448.0)
    tl.store(xq_ptr + ptrs, q, mask=mask)
    tl.store(xs_ptr + rows * (D // GROUP) + pid_g, scale, mask=rows < n_tokens)


def custom_kernel(data: input_t) -> output_t:
    x, x_q, x_s = data
    n_tokens, D = x.shape
    group = D // x_s.shape[1]
    grid = lambda meta: (triton.cdiv(n_tokens, meta["BLOCK_M"]), D // group)
    _group_quant_kernel[grid](x, x_q, x_s, n_tokens, D, GROUP=group)
    return x_q, x_s
)",
                 {{"HINTS",
                   d.vectorWidth > 1 ? fill("    cols = tl.max_contiguous(tl.multiple_of(cols, ${V}), "
                                            "GROUP)\n",
                                            {{"V", num(d.vectorWidth)}})
                                     : std::string()},
                  {"HINT", loadHint(d, "evict_first")}});
    return body;
}

// ---- CUDA (shared by the load_inline and the .cu renderings) ----

std::string blockReduce(const KernelDesign &d)
{
    if (d.warpShuffle) {
        return R"(__device__ __forceinline__ float warp_reduce_max(float v) {
#pragma unroll
    for (int offset = 16; offset > 0; offset >>= 1)
        v = fmaxf(v, __shfl_xor_sync(0xffffffff, v, offset));
    return v;
}

__device__ __forceinline__ float warp_reduce_sum(float v) {
#pragma unroll
    for (int offset = 16; offset > 0; offset >>= 1)
        v += __shfl_xor_sync(0xffffffff, v, offset);
    return v;
}

template <bool IsMax>
__device__ float block_reduce(float v, float* scratch) {
    const int lane = threadIdx.x & 31;
    const int warp = threadIdx.x >> 5;
    v = IsMax ? warp_reduce_max(v) : warp_reduce_sum(v);
    if (lane == 0) scratch[warp] = v;
    __syncthreads();
    const int warps = blockDim.x >> 5;
    v = threadIdx.x < warps ? scratch[threadIdx.x] : (IsMax ? -INFINITY : 0.f);
    if (warp == 0) v = IsMax ? warp_reduce_max(v) : warp_reduce_sum(v);
    if (threadIdx.x == 0) scratch[0] = v;
    __syncthreads();
    v = scratch[0];
    __syncthreads();
    return v;
}
)";
    }
    return R"(template <bool IsMax>
__device__ float block_reduce(float v, float* scratch) {
    // Tree reduction through shared memory; blockDim.x is a power of two.
    scratch[threadIdx.x] = v;
    __syncthreads();
    for (int stride = blockDim.x / 2; stride > 0; stride >>= 1) {
        if (threadIdx.x < stride) {
            const float other = scratch[threadIdx.x + stride];
            scratch[threadIdx.x] = IsMax ? fmaxf(scratch[threadIdx.x], other) : scratch[threadIdx.x] + other;
        }
        __syncthreads();
    }
    v = scratch[0];
    __syncthreads();
    return v;
}
)";
}

std::string cudaTrimulKernels(const KernelDesign &d)
{
    const std::string scalar(cudaDtype(d.precision == Precision::Tf32 ? Precision::Fp32 : d.precision));
    std::string body = fill(R"(#define TILE_M ${M}
#define TILE_N ${N}
#define TILE_K ${K}
#define THREADS ${THREADS}
#define VEC ${VEC}

using scalar_t = ${SCALAR};

__device__ __forceinline__ float to_float(float v) { return v; }
__device__ __forceinline__ float to_float(__nv_bfloat16 v) { return __bfloat162float(v); }
__device__ __forceinline__ float to_float(__half v) { return __half2float(v); }

// c[z, i, j] = sum_k a[z, i, k] * b[z, j, k]; z runs over batch * hidden.
__global__ void __launch_bounds__(THREADS)
triangle_matmul_kernel(const scalar_t* __restrict__ a, const scalar_t* __restrict__ b,
                       float* __restrict__ c, int n) {
    const size_t slice = (size_t)blockIdx.z * n * n;
    const int row0 = blockIdx.y * TILE_M;
    const int col0 = blockIdx.x * TILE_N;
    constexpr int ROWS_PER_THREAD = TILE_M * TILE_N / THREADS;
    float acc[ROWS_PER_THREAD] = {0.f};
)",
                            {{"M", num(d.blockM)},
                             {"N", num(d.blockN)},
                             {"K", num(d.blockK)},
                             {"THREADS", num(d.numWarps * 32)},
                             {"VEC", num(d.vectorWidth)},
                             {"SCALAR", scalar}});
    if (d.sharedMemory) {
        body += d.doubleBuffer ? R"(    __shared__ scalar_t a_tile[2][TILE_M][TILE_K + 1];
    __shared__ scalar_t b_tile[2][TILE_N][TILE_K + 1];
    int buf = 0;
    load_tiles(a_tile[0], b_tile[0], a + slice, b + slice, row0, col0, 0, n);
    __syncthreads();
    for (int k0 = 0; k0 < n; k0 += TILE_K) {
        // Prefetch the next K slab while this one is consumed.
        if (k0 + TILE_K < n)
            load_tiles(a_tile[buf ^ 1], b_tile[buf ^ 1], a + slice, b + slice, row0, col0, k0 + TILE_K, n);
)"
                               : R"(    __shared__ scalar_t a_tile[1][TILE_M][TILE_K + 1];
    __shared__ scalar_t b_tile[1][TILE_N][TILE_K + 1];
    const int buf = 0;
    for (int k0 = 0; k0 < n; k0 += TILE_K) {
        load_tiles(a_tile[0], b_tile[0], a + slice, b + slice, row0, col0, k0, n);
        __syncthreads();
)";
        body += fill(R"(#pragma unroll ${UNROLL}
        for (int r = 0; r < ROWS_PER_THREAD; ++r) {
            const int idx = threadIdx.x + r * THREADS;
            const int i = idx / TILE_N, j = idx % TILE_N;
            float sum = 0.f;
#pragma unroll
            for (int kk = 0; kk < TILE_K; ++kk)
                sum += to_float(a_tile[buf][i][kk]) * to_float(b_tile[buf][j][kk]);
            acc[r] += sum;
        }
        __syncthreads();
)",
                     {{"UNROLL", num(d.unroll)}});
        body += d.doubleBuffer ? "        buf ^= 1;\n    }\n" : "    }\n";
    } else {
        body += fill(
            R"(    for (int k = 0; k < n; ++k) {
#pragma unroll ${UNROLL}
        for (int r = 0; r < ROWS_PER_THREAD; ++r) {
            const int idx = threadIdx.x + r * THREADS;
            const int i = row0 + idx / TILE_N, j = col0 + idx % TILE_N;
            if (i < n && j < n)
                acc[r] += to_float(${LOAD_A}) * to_float(${LOAD_B});
        }
    }
)",
            {{"UNROLL", num(d.unroll)},
             {"LOAD_A", d.cacheHints ? "__ldg(&a[slice + (size_t)i * n + k])" : "a[slice + (size_t)i * n + k]"},
             {"LOAD_B", d.cacheHints ? "__ldg(&b[slice + (size_t)j * n + k])" : "b[slice + (size_t)j * n + k]"}});
    }
    body += R"(    for (int r = 0; r < ROWS_PER_THREAD; ++r) {
        const int idx = threadIdx.x + r * THREADS;
        const int i = row0 + idx / TILE_N, j = col0 + idx % TILE_N;
        if (i < n && j < n) c[slice + (size_t)i * n + j] = acc[r];
    }
}
)";
    if (d.sharedMemory) {
        body = fill(R"(template <typename T>
__device__ __forceinline__ void load_tiles(T (*a_tile)[TILE_K + 1], T (*b_tile)[TILE_K + 1], const T* a,
                                           const T* b, int row0, int col0, int k0, int n) {
    // ${HOW}
    for (int idx = threadIdx.x * VEC; idx < TILE_M * TILE_K; idx += THREADS * VEC) {
        const int i = idx / TILE_K, k = idx % TILE_K;
#pragma unroll
        for (int v = 0; v < VEC; ++v) {
            const bool ok = row0 + i < n && k0 + k + v < n;
            a_tile[i][k + v] = ok ? a[(size_t)(row0 + i) * n + k0 + k + v] : T(0.f);
        }
    }
    for (int idx = threadIdx.x * VEC; idx < TILE_N * TILE_K; idx += THREADS * VEC) {
        const int j = idx / TILE_K, k = idx % TILE_K;
#pragma unroll
        for (int v = 0; v < VEC; ++v) {
            const bool ok = col0 + j < n && k0 + k + v < n;
            b_tile[j][k + v] = ok ? b[(size_t)(col0 + j) * n + k0 + k + v] : T(0.f);
        }
    }
}

)",
                    {{"HOW",
                      d.vectorWidth > 1 ? "VEC consecutive elements per thread so the compiler can "
                                          "emit wide loads."
                                        : "One element per thread per iteration, coalesced along K."}})
            + body;
    }
    body += "\n" + blockReduce(d);
    body += R"(
// LayerNorm over hidden followed by the sigmoid output gate; one block per (b, i, j) row.
__global__ void norm_gate_kernel(const float* __restrict__ x, const float* __restrict__ gate,
                                 const float* __restrict__ w, const float* __restrict__ bias,
                                 float* __restrict__ out, int h, float eps) {
    extern __shared__ float scratch[];
    const size_t row = blockIdx.x;
    float sum = 0.f;
    for (int k = threadIdx.x; k < h; k += blockDim.x) sum += x[row * h + k];
    const float mean = block_reduce<false>(sum, scratch) / h;
    float sq = 0.f;
    for (int k = threadIdx.x; k < h; k += blockDim.x) {
        const float diff = x[row * h + k] - mean;
        sq += diff * diff;
    }
    const float rstd = rsqrtf(block_reduce<false>(sq, scratch) / h + eps);
    for (int k = threadIdx.x; k < h; k += blockDim.x) {
        const float y = (x[row * h + k] - mean) * rstd * w[k] + bias[k];
        out[row * h + k] = y / (1.f + __expf(-gate[row * h + k]));
    }
}
)";
    return body;
}

std::string cudaCrossEntropyKernels(const KernelDesign &d)
{
    std::string body = fill(R"(#define THREADS ${THREADS}
#define VEC ${VEC}

)",
                            {{"THREADS", num(d.numWarps * 32)}, {"VEC", num(d.vectorWidth)}});
    body += blockReduce(d);
    body += fill(R"(
// One block per row: max, then sum of exp, then the gradient, reading the row ${PASSES}.
__global__ void __launch_bounds__(THREADS)
cross_entropy_kernel(const __nv_bfloat16* __restrict__ logits, const int64_t* __restrict__ targets,
                     const float* __restrict__ grad_output, float* __restrict__ losses,
                     __nv_bfloat16* __restrict__ grad, int vocab) {
    extern __shared__ float scratch[];
    const size_t row = blockIdx.x;
    const __nv_bfloat16* x = logits + row * vocab;
    float local_max = -INFINITY;
    float local_sum = 0.f;
    for (int k = threadIdx.x * VEC; k < vocab; k += THREADS * VEC) {
#pragma unroll
        for (int v = 0; v < VEC; ++v) {
            if (k + v >= vocab) break;
            const float value = __bfloat162float(${LOAD});
)",
                 {{"PASSES", d.fusedEpilogue ? "twice (online softmax)" : "three times"},
                  {"LOAD", d.cacheHints ? "__ldg(&x[k + v])" : "x[k + v]"}});
    body += d.fusedEpilogue ? R"(            // Online softmax: rescale the running sum when the max moves.
            const float new_max = fmaxf(local_max, value);
            local_sum = local_sum * __expf(local_max - new_max) + __expf(value - new_max);
            local_max = new_max;
        }
    }
    const float row_max = block_reduce<true>(local_max, scratch);
    local_sum *= __expf(local_max - row_max);
    const float row_sum = block_reduce<false>(local_sum, scratch);
)"
                            : R"(            local_max = fmaxf(local_max, value);
        }
    }
    const float row_max = block_reduce<true>(local_max, scratch);
    for (int k = threadIdx.x; k < vocab; k += THREADS)
        local_sum += __expf(__bfloat162float(x[k]) - row_max);
    const float row_sum = block_reduce<false>(local_sum, scratch);
)";
    body += fill(R"(    const float lse = row_max + __logf(row_sum);
    const int64_t target = targets[row];
    if (threadIdx.x == 0) losses[row] = lse - __bfloat162float(x[target]);
    const float g = grad_output[row];
#pragma unroll ${UNROLL}
    for (int k = threadIdx.x; k < vocab; k += THREADS) {
        float p = __expf(__bfloat162float(x[k]) - lse);
        if (k == target) p -= 1.f;
        grad[row * vocab + k] = __float2bfloat16(p * g);
    }
}
)",
                 {{"UNROLL", num(d.unroll)}});
    return body;
}

std::string cudaFp8Kernels(const KernelDesign &d)
{
    std::string body = fill(
        R"(#define THREADS ${THREADS}
#define VEC ${VEC}
#define GROUPS_PER_BLOCK ${GROUPS}

)",
        {{"THREADS", num(d.numWarps * 32)}, {"VEC", num(d.vectorWidth)}, {"GROUPS", num(std::max(1, d.blockM / 16))}});
    body += blockReduce(d);
    body += fill(R"(
// GROUPS_PER_BLOCK (token, group) pairs per block; each group of 128 is reduced for its absmax.
__global__ void __launch_bounds__(THREADS)
group_quant_kernel(const float* __restrict__ x, float* __restrict__ x_q, float* __restrict__ x_s,
                   int n_groups_total, int group_size) {
    extern __shared__ float scratch[];
    for (int g = blockIdx.x * GROUPS_PER_BLOCK; g < min(n_groups_total, (int)(blockIdx.x + 1) * GROUPS_PER_BLOCK);
         ++g) {
        const float* src = x + (size_t)g * group_size;
        float local = 0.f;
#pragma unroll ${UNROLL}
        for (int k = threadIdx.x * VEC; k < group_size; k += THREADS * VEC) {
${LOADS}        }
        const float absmax = block_reduce<true>(local, scratch);
        const float scale = fmaxf(absmax, 1e-10f) / 448.f;
        const float inv = 1.f / scale;
        for (int k = threadIdx.x; k < group_size; k += THREADS)
            x_q[(size_t)g * group_size + k] = fminf(fmaxf(src[k] * inv, -448.f), 448.f);
        if (threadIdx.x == 0) x_s[g] = scale;
    }
}
)",
                 {{"UNROLL", num(d.unroll)},
                  {"LOADS",
                   d.vectorWidth >= 4 ? R"(            const float4 v = *reinterpret_cast<const float4*>(src + k);
            local = fmaxf(local, fmaxf(fmaxf(fabsf(v.x), fabsf(v.y)), fmaxf(fabsf(v.z), fabsf(v.w))));
)"
                                      : (d.cacheHints ? "            local = fmaxf(local, fabsf(__ldg(src + k)));\n"
                                                      : "            local = fmaxf(local, fabsf(src[k]));\n")}});
    return body;
}

std::string cudaKernels(const KernelDesign &d)
{
    switch (d.pack) {
    case KernelPack::Trimul:
        return cudaTrimulKernels(d);
    case KernelPack::CrossEntropy:
        return cudaCrossEntropyKernels(d);
    case KernelPack::Fp8Quant:
        return cudaFp8Kernels(d);
    }
    return {};
}

// The host side: one function per pack, callable from Python.
std::string cudaHost(const KernelDesign &d)
{
    switch (d.pack) {
    case KernelPack::Trimul:
        return R"(torch::Tensor triangle_matmul(torch::Tensor a, torch::Tensor b) {
    TORCH_CHECK(a.is_cuda() && b.is_cuda(), "inputs must be CUDA tensors");
    const int z = a.size(0), n = a.size(1);
    auto c = torch::empty({z, n, n}, a.options().dtype(torch::kFloat32));
    dim3 grid((n + TILE_N - 1) / TILE_N, (n + TILE_M - 1) / TILE_M, z);
    triangle_matmul_kernel<<<grid, THREADS, 0, at::cuda::getCurrentCUDAStream()>>>(
        reinterpret_cast<const scalar_t*>(a.data_ptr()), reinterpret_cast<const scalar_t*>(b.data_ptr()),
        c.data_ptr<float>(), n);
    C10_CUDA_KERNEL_LAUNCH_CHECK();
    return c;
}

torch::Tensor norm_gate(torch::Tensor x, torch::Tensor gate, torch::Tensor w, torch::Tensor bias) {
    const int h = x.size(-1);
    auto out = torch::empty_like(x);
    const int rows = x.numel() / h;
    norm_gate_kernel<<<rows, 128, 128 * sizeof(float), at::cuda::getCurrentCUDAStream()>>>(
        x.data_ptr<float>(), gate.data_ptr<float>(), w.data_ptr<float>(), bias.data_ptr<float>(),
        out.data_ptr<float>(), h, 1e-5f);
    C10_CUDA_KERNEL_LAUNCH_CHECK();
    return out;
}
)";
    case KernelPack::CrossEntropy:
        return R"(std::vector<torch::Tensor> cross_entropy_fwd_bwd(torch::Tensor logits, torch::Tensor targets,
                                                 torch::Tensor grad_output) {
    TORCH_CHECK(logits.scalar_type() == torch::kBFloat16, "logits must be bf16");
    const int rows = logits.size(0), vocab = logits.size(1);
    auto losses = torch::empty({rows}, logits.options().dtype(torch::kFloat32));
    auto grad = torch::empty_like(logits);
    cross_entropy_kernel<<<rows, THREADS, THREADS * sizeof(float), at::cuda::getCurrentCUDAStream()>>>(
        reinterpret_cast<const __nv_bfloat16*>(logits.data_ptr()), targets.data_ptr<int64_t>(),
        grad_output.data_ptr<float>(), losses.data_ptr<float>(),
        reinterpret_cast<__nv_bfloat16*>(grad.data_ptr()), vocab);
    C10_CUDA_KERNEL_LAUNCH_CHECK();
    return {losses, grad};
}
)";
    case KernelPack::Fp8Quant:
        return R"(void group_quant(torch::Tensor x, torch::Tensor x_q, torch::Tensor x_s) {
    const int group_size = x.size(1) / x_s.size(1);
    const int groups = x_s.numel();
    const int blocks = (groups + GROUPS_PER_BLOCK - 1) / GROUPS_PER_BLOCK;
    group_quant_kernel<<<blocks, THREADS, THREADS * sizeof(float), at::cuda::getCurrentCUDAStream()>>>(
        x.data_ptr<float>(), x_q.data_ptr<float>(), x_s.data_ptr<float>(), groups, group_size);
    C10_CUDA_KERNEL_LAUNCH_CHECK();
}
)";
    }
    return {};
}

std::string_view cudaFunctions(KernelPack pack)
{
    switch (pack) {
    case KernelPack::Trimul:
        return R"(["triangle_matmul", "norm_gate"])";
    case KernelPack::CrossEntropy:
        return R"(["cross_entropy_fwd_bwd"])";
    case KernelPack::Fp8Quant:
        return R"(["group_quant"])";
    }
    return {};
}

std::string_view cudaDeclarations(KernelPack pack)
{
    switch (pack) {
    case KernelPack::Trimul:
        return "torch::Tensor triangle_matmul(torch::Tensor a, torch::Tensor b);\n"
               "torch::Tensor norm_gate(torch::Tensor x, torch::Tensor gate, torch::Tensor w, torch::Tensor bias);";
    case KernelPack::CrossEntropy:
        return "std::vector<torch::Tensor> cross_entropy_fwd_bwd(torch::Tensor logits, torch::Tensor targets, "
               "torch::Tensor grad_output);";
    case KernelPack::Fp8Quant:
        return "void group_quant(torch::Tensor x, torch::Tensor x_q, torch::Tensor x_s);";
    }
    return {};
}

// How the Python side calls the compiled module.
std::string cudaPythonCaller(const KernelDesign &d)
{
    switch (d.pack) {
    case KernelPack::Trimul:
        return fill(
            R"(def custom_kernel(data: input_t) -> output_t:
    x, mask, weights, config = data
    hidden = config["hidden_dim"]
    x = F.layer_norm(x, (x.shape[-1],), weights["norm.weight"], weights["norm.bias"])
    w = torch.cat([weights["left_proj.weight"], weights["right_proj.weight"], weights["left_gate.weight"],
                   weights["right_gate.weight"], weights["out_gate.weight"]], dim=0)
    lp, rp, lg, rg, og = F.linear(x, w).split(hidden, dim=-1)
    m = mask.unsqueeze(-1)
    bs, n = x.shape[0], x.shape[1]
    left = (lp * m * torch.sigmoid(lg)).permute(0, 3, 1, 2).reshape(bs * hidden, n, n)
    right = (rp * m * torch.sigmoid(rg)).permute(0, 3, 1, 2).reshape(bs * hidden, n, n)
    c = _module().triangle_matmul(left.to(${DTYPE}).contiguous(), right.to(${DTYPE}).contiguous())
    out = c.view(bs, hidden, n, n).permute(0, 2, 3, 1).contiguous()
    out = _module().norm_gate(out, og.contiguous(), weights["to_out_norm.weight"], weights["to_out_norm.bias"])
    return F.linear(out, weights["to_out.weight"])
)",
            {{"DTYPE", std::string(torchDtype(d.precision == Precision::Tf32 ? Precision::Fp32 : d.precision))}});
    case KernelPack::CrossEntropy:
        return R"(def custom_kernel(data: input_t) -> output_t:
    logits, targets, grad_output = data
    losses, grad = _module().cross_entropy_fwd_bwd(logits.contiguous(), targets, grad_output)
    return losses, grad
)";
    case KernelPack::Fp8Quant:
        return R"(def custom_kernel(data: input_t) -> output_t:
    x, x_q, x_s = data
    _module().group_quant(x.contiguous(), x_q, x_s)
    return x_q, x_s
)";
    }
    return {};
}

constexpr std::string_view kCudaIncludes = R"(#include <torch/extension.h>
#include <ATen/cuda/CUDAContext.h>
#include <c10/cuda/CUDAException.h>
#include <cuda_bf16.h>
#include <cuda_fp16.h>
#include <cuda_runtime.h>
#include <vector>
)";

std::string cudaInline(const KernelDesign &d)
{
    static constexpr std::array<std::string_view, 3> kModuleNames{"_ext", "_cuda_ext", "_kernels"};
    std::string body = R"(import torch
import torch.nn.functional as F
from torch.utils.cpp_extension import load_inline
from task import input_t, output_t

CUDA_SRC = r"""
)";
    body += kCudaIncludes;
    body += '\n';
    body += cudaKernels(d);
    body += '\n';
    body += cudaHost(d);
    body += fill(R"("""

CPP_SRC = """
${DECLS}
"""

_EXT = None


def _module():
    global _EXT
    if _EXT is None:
        _EXT = load_inline(
            name="${NAME}",
            cpp_sources=CPP_SRC,
            cuda_sources=CUDA_SRC,
            functions=${FUNCTIONS},
            extra_cuda_cflags=["-O3", "--use_fast_math", "-gencode=arch=compute_80,code=sm_80"${EXTRA}],
            verbose=False,
        )
    return _EXT


)",
                 {{"DECLS", std::string(cudaDeclarations(d.pack))},
                  {"NAME", std::string(packName(d.pack)) + std::string(pick(kModuleNames, d.flavour))},
                  {"FUNCTIONS", std::string(cudaFunctions(d.pack))},
                  {"EXTRA", d.unroll > 4 ? ", \"-Xptxas=-v\"" : ""}});
    body += cudaPythonCaller(d);
    return body;
}

std::string cudaSource(const KernelDesign &d)
{
    std::string body(kCudaIncludes);
    body += '\n';
    body += cudaKernels(d);
    body += '\n';
    body += cudaHost(d);
    body += fill(R"(
PYBIND11_MODULE(TORCH_EXTENSION_NAME, m) {
    // Exposed as ${FUNCTIONS}; the Python wrapper builds this file with torch.utils.cpp_extension.load.
)",
                 {{"FUNCTIONS", std::string(cudaFunctions(d.pack))}});
    switch (d.pack) {
    case KernelPack::Trimul:
        body += "    m.def(\"triangle_matmul\", &triangle_matmul, \"triangle product c = a @ b^T per slice\");\n"
                "    m.def(\"norm_gate\", &norm_gate, \"LayerNorm + sigmoid gate\");\n";
        break;
    case KernelPack::CrossEntropy:
        body += "    m.def(\"cross_entropy_fwd_bwd\", &cross_entropy_fwd_bwd, \"losses and grad_logits\");\n";
        break;
    case KernelPack::Fp8Quant:
        body += "    m.def(\"group_quant\", &group_quant, \"per-group fp8 quantisation into x_q, x_s\");\n";
        break;
    }
    body += "}\n";
    return body;
}

std::string renderBody(const KernelDesign &d)
{
    switch (d.style) {
    case KernelStyle::PyTorch:
        switch (d.pack) {
        case KernelPack::Trimul:
            return pytorchTrimul(d);
        case KernelPack::CrossEntropy:
            return pytorchCrossEntropy(d);
        case KernelPack::Fp8Quant:
            return pytorchFp8(d);
        }
        break;
    case KernelStyle::Triton:
        switch (d.pack) {
        case KernelPack::Trimul:
            return tritonTrimul(d);
        case KernelPack::CrossEntropy:
            return tritonCrossEntropy(d);
        case KernelPack::Fp8Quant:
            return tritonFp8(d);
        }
        break;
    case KernelStyle::CudaInline:
        return cudaInline(d);
    case KernelStyle::CudaSource:
        return cudaSource(d);
    }
    return {};
}

// The local smoke test models like to leave at the bottom of a Python submission: one benchmark shape, checked
// against an fp32 recomputation and timed with CUDA events. The scorer imports the module, so it never runs there.
std::string_view pythonSmokeTest(KernelPack pack)
{
    switch (pack) {
    case KernelPack::Trimul:
        return R"(

def _reference_trimul(x, mask, weights, hidden):
    ln = lambda t, w, b: torch.nn.functional.layer_norm(t, (t.shape[-1],), w, b)
    lin = torch.nn.functional.linear
    x = ln(x, weights["norm.weight"], weights["norm.bias"])
    m = mask.unsqueeze(-1)
    left = lin(x, weights["left_proj.weight"]) * m * torch.sigmoid(lin(x, weights["left_gate.weight"]))
    right = lin(x, weights["right_proj.weight"]) * m * torch.sigmoid(lin(x, weights["right_gate.weight"]))
    out = torch.einsum("... i k d, ... j k d -> ... i j d", left, right)
    out = ln(out, weights["to_out_norm.weight"], weights["to_out_norm.bias"])
    return lin(out * torch.sigmoid(lin(x, weights["out_gate.weight"])), weights["to_out.weight"])


if __name__ == "__main__":
    torch.manual_seed(0)
    bs, n, dim, hidden = 1, 512, 128, 128
    dev = "cuda"
    x = torch.randn(bs, n, n, dim, device=dev)
    mask = torch.ones(bs, n, n, device=dev)
    shapes = {"norm.weight": (dim,), "norm.bias": (dim,), "to_out_norm.weight": (hidden,),
              "to_out_norm.bias": (hidden,), "to_out.weight": (dim, hidden)}
    for name in ("left_proj", "right_proj", "left_gate", "right_gate", "out_gate"):
        shapes[name + ".weight"] = (hidden, dim)
    weights = {k: torch.randn(*v, device=dev) / v[-1] ** 0.5 for k, v in shapes.items()}
    data = (x, mask, weights, {"dim": dim, "hidden_dim": hidden})
    out = custom_kernel(data)
    ref = _reference_trimul(x, mask, weights, hidden)
    print("max abs diff", (out - ref).abs().max().item())
    start, end = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
    start.record()
    for _ in range(10):
        custom_kernel(data)
    end.record()
    torch.cuda.synchronize()
    print(f"{start.elapsed_time(end) / 10:.3f} ms per call")
)";
    case KernelPack::CrossEntropy:
        return R"(

def _reference_cross_entropy(logits, targets, grad_output):
    x = logits.float()
    losses = torch.nn.functional.cross_entropy(x, targets, reduction="none")
    onehot = torch.nn.functional.one_hot(targets, x.shape[-1]).float()
    grad = (torch.softmax(x, dim=-1) - onehot) * grad_output[:, None]
    return losses, grad.to(torch.bfloat16)


if __name__ == "__main__":
    torch.manual_seed(0)
    B, V = 4096, 128256
    logits = torch.randn(B, V, device="cuda", dtype=torch.bfloat16)
    targets = torch.randint(0, V, (B,), device="cuda")
    grad_output = torch.rand(B, device="cuda")
    losses, grad = custom_kernel((logits, targets, grad_output))
    ref_losses, ref_grad = _reference_cross_entropy(logits, targets, grad_output)
    print("losses ok:", torch.allclose(losses, ref_losses, rtol=1e-2, atol=1e-3))
    print("grad ok:", torch.allclose(grad.float(), ref_grad.float(), rtol=1e-2, atol=1e-3))
    start, end = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
    start.record()
    for _ in range(20):
        custom_kernel((logits, targets, grad_output))
    end.record()
    torch.cuda.synchronize()
    gbytes = 2 * B * V * 2 / 1e9
    ms = start.elapsed_time(end) / 20
    print(f"{ms:.3f} ms per call, {gbytes / (ms / 1e3):.0f} GB/s")
)";
    case KernelPack::Fp8Quant:
        return R"(

def _reference_fp8(x, group_size=128):
    n, dim = x.shape
    groups = x.view(n, dim // group_size, group_size)
    scale = groups.abs().amax(dim=-1).clamp(min=1e-10) / 448.0
    q = (groups / scale[..., None]).clamp(-448.0, 448.0)
    return q.view(n, dim), scale


if __name__ == "__main__":
    torch.manual_seed(0)
    for n, dim in ((256, 4096), (256, 8192), (4096, 7168)):
        x = torch.randn(n, dim, device="cuda")
        x_q = torch.empty_like(x)
        x_s = torch.empty(n, dim // 128, device="cuda")
        custom_kernel((x, x_q, x_s))
        ref_q, ref_s = _reference_fp8(x)
        ok = torch.allclose(x_q, ref_q, rtol=1e-3, atol=1e-3) and torch.allclose(x_s, ref_s, rtol=1e-3, atol=1e-3)
        start, end = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
        start.record()
        for _ in range(50):
            custom_kernel((x, x_q, x_s))
        end.record()
        torch.cuda.synchronize()
        us = start.elapsed_time(end) / 50 * 1e3
        print(f"n={n} dim={dim}: ok={ok} {us:.1f} us, {2 * x.numel() * 4 / (us * 1e3):.0f} GB/s")
)";
    }
    return {};
}

std::string renderWithNotes(const KernelDesign &d, std::size_t skipNotes)
{
    const std::string_view prefix = d.style == KernelStyle::CudaSource ? "//" : "#";
    std::string text = packNotes(d.pack, prefix) + revisionNotes(d, prefix, skipNotes) + "\n" + renderBody(d);
    if (d.style != KernelStyle::CudaSource)
        text += pythonSmokeTest(d.pack);
    return text;
}

// ---- edits ----

bool isCuda(KernelStyle style)
{
    return style == KernelStyle::CudaInline || style == KernelStyle::CudaSource;
}

// The edits that make sense for a kernel written in `style`.
std::vector<EditKind> applicableEdits(const KernelDesign &d)
{
    switch (d.style) {
    case KernelStyle::PyTorch:
        return {EditKind::Rewrite,  EditKind::Rewrite,   EditKind::Rewrite,      EditKind::TorchCompile,
                EditKind::Chunking, EditKind::Precision, EditKind::FusedEpilogue};
    case KernelStyle::Triton:
        return {EditKind::Tiling,    EditKind::Tiling,     EditKind::Warps,         EditKind::Stages,
                EditKind::Vectorize, EditKind::CacheHints, EditKind::FusedEpilogue, EditKind::Precision,
                EditKind::Autotune,  EditKind::Autotune,   EditKind::Rewrite};
    case KernelStyle::CudaInline:
    case KernelStyle::CudaSource:
        return {EditKind::Tiling,      EditKind::Warps,        EditKind::Vectorize,     EditKind::SharedMemory,
                EditKind::WarpShuffle, EditKind::DoubleBuffer, EditKind::FusedEpilogue, EditKind::CacheHints,
                EditKind::Unroll,      EditKind::Precision,    EditKind::Rewrite};
    }
    return {EditKind::Rewrite};
}

int scaled(int value, bool up, int low, int high)
{
    return std::clamp(up ? value * 2 : value / 2, low, high);
}

std::string changed(std::string_view what, int from, int to)
{
    return std::string(to > from ? "raised " : "lowered ") + std::string(what) + " from " + num(from) + " to "
        + num(to);
}

} // namespace

std::string_view packName(KernelPack pack)
{
    switch (pack) {
    case KernelPack::Trimul:
        return "trimul";
    case KernelPack::CrossEntropy:
        return "cross_entropy";
    case KernelPack::Fp8Quant:
        return "fp8_quant";
    }
    return {};
}

std::string_view styleName(KernelStyle style)
{
    switch (style) {
    case KernelStyle::PyTorch:
        return "pytorch";
    case KernelStyle::Triton:
        return "triton";
    case KernelStyle::CudaInline:
        return "cuda-inline";
    case KernelStyle::CudaSource:
        return "cuda-source";
    }
    return {};
}

KernelDesign seedDesign(KernelPack pack)
{
    KernelDesign design;
    design.pack = pack;
    design.style = KernelStyle::PyTorch;
    // The TriMul seed does its einsum in bf16, unlike the fp32 reference (spec §5.2).
    design.precision = pack == KernelPack::Trimul ? Precision::Bf16 : Precision::Fp32;
    if (pack == KernelPack::CrossEntropy)
        design.blockN = 2048;
    return design;
}

std::string renderKernel(const KernelDesign &design)
{
    std::string text = renderWithNotes(design, 0);
    for (std::size_t skip = 1; text.size() > kMaxKernelBytes && skip <= design.notes.size(); ++skip)
        text = renderWithNotes(design, skip);
    return text;
}

KernelEdit mutateDesign(KernelDesign &d, std::mt19937_64 &random)
{
    const auto edits = applicableEdits(d);
    const auto coin = [&random] { return (random() & 1U) != 0; };
    KernelEdit edit;
    edit.kind = edits[random() % edits.size()];
    switch (edit.kind) {
    case EditKind::Rewrite: {
        static constexpr std::array<KernelStyle, 6> kTargets{KernelStyle::Triton,     KernelStyle::Triton,
                                                             KernelStyle::Triton,     KernelStyle::CudaInline,
                                                             KernelStyle::CudaInline, KernelStyle::CudaSource};
        KernelStyle target = d.style;
        while (target == d.style)
            target = kTargets[random() % kTargets.size()];
        d.style = target;
        d.numWarps = 4;
        d.blockM = d.pack == KernelPack::Trimul ? 64 : 32;
        d.blockN = d.pack == KernelPack::CrossEntropy ? 1024 : 64;
        d.blockK = 32;
        d.autotuneConfigs = target == KernelStyle::Triton ? int(2 + random() % 4) : 1;
        d.sharedMemory = isCuda(target) && coin();
        edit.description = "rewrote the kernel in " + std::string(styleName(target))
            + (isCuda(target) ? " with a hand-written launch configuration" : " with an autotuned tile search");
        break;
    }
    case EditKind::Tiling: {
        const bool up = coin();
        static constexpr std::array<std::string_view, 3> kNames{"BLOCK_M", "BLOCK_N", "BLOCK_K"};
        const int which = int(random() % 3);
        int &value = which == 0 ? d.blockM : (which == 1 ? d.blockN : d.blockK);
        const int before = value;
        value = scaled(value, up, 16, d.pack == KernelPack::CrossEntropy && which == 1 ? 16384 : 256);
        if (value == before)
            value = scaled(value, !up, 16, 16384);
        const std::string name = isCuda(d.style) ? "TILE_" + std::string(kNames[which].substr(6))
                                                 : std::string(kNames[which]);
        edit.description = changed(name, before, value) + " to change the work per program";
        break;
    }
    case EditKind::Warps: {
        const int before = d.numWarps;
        d.numWarps = scaled(d.numWarps, coin(), 1, 16);
        if (d.numWarps == before)
            d.numWarps = before == 16 ? 8 : before * 2;
        edit.description = isCuda(d.style) ? changed("threads per block", before * 32, d.numWarps * 32)
                                           : changed("num_warps", before, d.numWarps);
        break;
    }
    case EditKind::Stages: {
        const int before = d.numStages;
        d.numStages = std::clamp(d.numStages + (coin() ? 1 : -1), 1, 5);
        if (d.numStages == before)
            d.numStages = before == 1 ? 2 : before - 1;
        edit.description = changed("num_stages", before, d.numStages) + " for deeper software pipelining";
        break;
    }
    case EditKind::Vectorize: {
        const int before = d.vectorWidth;
        d.vectorWidth = d.vectorWidth >= 8 ? 2 : d.vectorWidth * 2;
        edit.description = d.vectorWidth > before
            ? "vectorised the global loads to " + num(d.vectorWidth) + " elements per access"
            : "narrowed the vector width back to " + num(d.vectorWidth) + " to avoid misaligned loads";
        break;
    }
    case EditKind::SharedMemory:
        d.sharedMemory = !d.sharedMemory;
        edit.description = d.sharedMemory ? "staged the A and B tiles through padded shared memory"
                                          : "dropped the shared-memory staging and reads operands directly";
        break;
    case EditKind::WarpShuffle:
        d.warpShuffle = !d.warpShuffle;
        edit.description = d.warpShuffle ? "replaced the shared-memory tree reduction with warp shuffles"
                                         : "went back to a shared-memory tree reduction";
        break;
    case EditKind::FusedEpilogue:
        d.fusedEpilogue = !d.fusedEpilogue;
        edit.description = d.fusedEpilogue ? "fused the epilogue into the main pass to save a round trip to HBM"
                                           : "split the fused epilogue back out into separate ops";
        break;
    case EditKind::DoubleBuffer:
        d.doubleBuffer = !d.doubleBuffer;
        if (d.doubleBuffer)
            d.sharedMemory = true;
        edit.description = d.doubleBuffer ? "double-buffered the shared-memory tiles to overlap loads with math"
                                          : "removed double buffering to cut shared memory per block";
        break;
    case EditKind::CacheHints:
        d.cacheHints = !d.cacheHints;
        edit.description = d.cacheHints
            ? (isCuda(d.style) ? "routed read-only loads through __ldg" : "added eviction_policy hints to the loads")
            : "removed the cache hints";
        break;
    case EditKind::Precision: {
        static constexpr std::array<Precision, 4> kPrecisions{Precision::Fp32, Precision::Tf32, Precision::Bf16,
                                                              Precision::Fp16};
        const Precision before = d.precision;
        while (d.precision == before)
            d.precision = kPrecisions[random() % kPrecisions.size()];
        edit.description = "switched the compute dtype from " + std::string(precisionName(before)) + " to "
            + std::string(precisionName(d.precision));
        break;
    }
    case EditKind::Autotune: {
        const int before = d.autotuneConfigs;
        d.autotuneConfigs = std::clamp(d.autotuneConfigs + (coin() ? 2 : -1), 1, 12);
        if (d.autotuneConfigs == before)
            d.autotuneConfigs = before - 1;
        edit.description = d.autotuneConfigs > before
            ? "widened the autotune search to " + num(d.autotuneConfigs) + " configs"
            : "pruned the autotune configs to " + num(d.autotuneConfigs);
        break;
    }
    case EditKind::Unroll: {
        const int before = d.unroll;
        d.unroll = d.unroll >= 8 ? 1 : d.unroll * 2;
        edit.description = changed("the unroll factor", before, d.unroll);
        break;
    }
    case EditKind::TorchCompile:
        d.torchCompile = !d.torchCompile;
        edit.description = d.torchCompile ? "wrapped the forward in torch.compile" : "removed torch.compile";
        break;
    case EditKind::Chunking: {
        const int before = d.chunk;
        d.chunk = d.chunk == 0 ? 128 << (random() % 4) : (coin() ? 0 : d.chunk * 2);
        edit.description = d.chunk == 0 ? "removed the chunked loop"
                                        : (before == 0 ? "processed the problem in chunks of " + num(d.chunk)
                                                       : changed("the chunk size", before, d.chunk));
        break;
    }
    }
    d.notes.push_back(edit.description);
    return edit;
}

} // namespace kfx::generate
