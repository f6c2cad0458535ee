"""cross_entropy: one Triton program per row, two passes over the row's bf16 logits in blocks of {{BLOCK}}: an
online softmax (running max and rescaled sum per lane) gives logsumexp and the loss, the second pass writes the
gradient (exp(x - lse) - onehot) * grad_output in bf16; {{NUM_WARPS}} warps, {{NUM_STAGES}} pipeline stages."""

try:
    import triton
    import triton.language as tl
except ImportError as error:
    raise ImportError(f"this candidate needs Triton ({error})") from error

import torch

from task import input_t, output_t

BLOCK = {{BLOCK}}


@triton.jit
def _cross_entropy_row(logits_ptr, targets_ptr, grad_out_ptr, loss_ptr, grad_ptr, V, BLOCK: tl.constexpr):
    row = tl.program_id(0).to(tl.int64)
    row_logits = logits_ptr + row * V
    running_max = tl.full([BLOCK], float("-inf"), tl.float32)
    running_sum = tl.zeros([BLOCK], tl.float32)
    for start in range(0, V, BLOCK):
        offsets = start + tl.arange(0, BLOCK)
        x = tl.load(row_logits + offsets, mask=offsets < V, other=float("-inf")).to(tl.float32)
        new_max = tl.maximum(running_max, x)
        # A lane that has seen only padding keeps max -inf; shifting by 0 there avoids exp(-inf - -inf) = NaN.
        shift = tl.where(new_max == float("-inf"), 0.0, new_max)
        running_sum = running_sum * tl.exp(running_max - shift) + tl.exp(x - shift)
        running_max = new_max
    row_max = tl.max(running_max, axis=0)
    lse = row_max + tl.log(tl.sum(running_sum * tl.exp(running_max - row_max), axis=0))
    target = tl.load(targets_ptr + row)
    grad_out = tl.load(grad_out_ptr + row)
    tl.store(loss_ptr + row, lse - tl.load(row_logits + target).to(tl.float32))
    row_grad = grad_ptr + row * V
    for start in range(0, V, BLOCK):
        offsets = start + tl.arange(0, BLOCK)
        inside = offsets < V
        x = tl.load(row_logits + offsets, mask=inside, other=0.0).to(tl.float32)
        grad = (tl.exp(x - lse) - tl.where(offsets == target, 1.0, 0.0)) * grad_out
        tl.store(row_grad + offsets, grad.to(tl.bfloat16), mask=inside)


def custom_kernel(data: input_t) -> output_t:
    logits, targets, grad_output = data
    logits = logits.contiguous()
    B, V = logits.shape
    losses = torch.empty(B, dtype=torch.float32, device=logits.device)
    grad = torch.empty_like(logits)
    _cross_entropy_row[(B,)](logits, targets, grad_output, losses, grad, V, BLOCK=BLOCK, num_warps={{NUM_WARPS}},
                             num_stages={{NUM_STAGES}})
    return losses, grad
