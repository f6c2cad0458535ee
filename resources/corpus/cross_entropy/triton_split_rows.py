"""cross_entropy: each row split into {{SPLITS}} segments, two Triton kernels over a (row, segment) grid: the first
writes each segment's max and rescaled exp-sum, the second combines a row's partials into logsumexp, writes its
segment's bf16 gradient and (segment 0) the loss. Blocks of {{BLOCK}}, {{NUM_WARPS}} warps."""

try:
    import triton
    import triton.language as tl
except ImportError as error:
    raise ImportError(f"this candidate needs Triton ({error})") from error

import torch

from task import input_t, output_t

SPLITS = {{SPLITS}}
BLOCK = {{BLOCK}}


@triton.jit
def _segment_partials(logits_ptr, max_ptr, sum_ptr, V, SEGMENT, SPLITS: tl.constexpr, BLOCK: tl.constexpr):
    row, split = tl.program_id(0).to(tl.int64), tl.program_id(1)
    row_logits = logits_ptr + row * V
    begin = split * SEGMENT
    end = tl.minimum(begin + SEGMENT, V)
    running_max = tl.full([BLOCK], float("-inf"), tl.float32)
    running_sum = tl.zeros([BLOCK], tl.float32)
    for start in range(begin, end, BLOCK):
        offsets = start + tl.arange(0, BLOCK)
        x = tl.load(row_logits + offsets, mask=offsets < end, other=float("-inf")).to(tl.float32)
        new_max = tl.maximum(running_max, x)
        shift = tl.where(new_max == float("-inf"), 0.0, new_max)  # padding-only lanes stay (-inf, 0)
        running_sum = running_sum * tl.exp(running_max - shift) + tl.exp(x - shift)
        running_max = new_max
    segment_max = tl.max(running_max, axis=0)
    shift = tl.where(segment_max == float("-inf"), 0.0, segment_max)
    tl.store(max_ptr + row * SPLITS + split, segment_max)
    tl.store(sum_ptr + row * SPLITS + split, tl.sum(running_sum * tl.exp(running_max - shift), axis=0))


@triton.jit
def _segment_gradient(logits_ptr, targets_ptr, grad_out_ptr, max_ptr, sum_ptr, loss_ptr, grad_ptr, V, SEGMENT,
                      SPLITS: tl.constexpr, BLOCK: tl.constexpr):
    row, split = tl.program_id(0).to(tl.int64), tl.program_id(1)
    partial_max = tl.load(max_ptr + row * SPLITS + tl.arange(0, SPLITS))
    partial_sum = tl.load(sum_ptr + row * SPLITS + tl.arange(0, SPLITS))
    row_max = tl.max(partial_max, axis=0)
    lse = row_max + tl.log(tl.sum(partial_sum * tl.exp(partial_max - row_max), axis=0))
    target = tl.load(targets_ptr + row)
    grad_out = tl.load(grad_out_ptr + row)
    row_logits = logits_ptr + row * V
    if split == 0:
        tl.store(loss_ptr + row, lse - tl.load(row_logits + target).to(tl.float32))
    begin = split * SEGMENT
    end = tl.minimum(begin + SEGMENT, V)
    for start in range(begin, end, BLOCK):
        offsets = start + tl.arange(0, BLOCK)
        inside = offsets < end
        x = tl.load(row_logits + offsets, mask=inside, other=0.0).to(tl.float32)
        grad = (tl.exp(x - lse) - tl.where(offsets == target, 1.0, 0.0)) * grad_out
        tl.store(grad_ptr + row * V + offsets, grad.to(tl.bfloat16), mask=inside)


def custom_kernel(data: input_t) -> output_t:
    logits, targets, grad_output = data
    logits = logits.contiguous()
    B, V = logits.shape
    segment = triton.cdiv(V, SPLITS)
    partial_max = torch.empty(B, SPLITS, dtype=torch.float32, device=logits.device)
    partial_sum = torch.empty_like(partial_max)
    losses = torch.empty(B, dtype=torch.float32, device=logits.device)
    grad = torch.empty_like(logits)
    grid = (B, SPLITS)
    _segment_partials[grid](logits, partial_max, partial_sum, V, segment, SPLITS=SPLITS, BLOCK=BLOCK,
                            num_warps={{NUM_WARPS}})
    _segment_gradient[grid](logits, targets, grad_output, partial_max, partial_sum, losses, grad, V, segment,
                            SPLITS=SPLITS, BLOCK=BLOCK, num_warps={{NUM_WARPS}})
    return losses, grad
