"""Fused cross-entropy forward and backward over a vocabulary (spec §5.2).

losses[b] = logsumexp(logits[b]) - logits[b, targets[b]], in fp32;
grad_logits[b] = (softmax(logits[b]) - onehot(targets[b])) * grad_output[b], cast to bf16.
"""

import torch
import torch.nn.functional as F

from task import input_t, output_t
from utils import device, generator, make_match_reference

BATCH = 4096  # fixed by the pack; the CPU cases pass a smaller batch_size


def generate_input(vocab_size: int, seed: int, batch_size: int = BATCH) -> input_t:
    gen = generator(seed)
    logits = torch.randn(batch_size, vocab_size, device=device(), generator=gen).to(torch.bfloat16)
    targets = torch.randint(0, vocab_size, (batch_size,), device=device(), generator=gen, dtype=torch.int64)
    grad_output = torch.randn(batch_size, device=device(), generator=gen)
    return logits.contiguous(), targets, grad_output


def ref_kernel(data: input_t) -> output_t:
    logits, targets, grad_output = data
    full = logits.float()
    losses = F.cross_entropy(full, targets, reduction="none")
    onehot = F.one_hot(targets, num_classes=full.shape[-1]).float()
    grad = (torch.softmax(full, dim=-1) - onehot) * grad_output.unsqueeze(-1)
    return losses, grad.to(torch.bfloat16)


# Shapes and dtypes exactly, then torch.allclose(rtol=1e-2, atol=1e-3) on both outputs.
check_implementation = make_match_reference(ref_kernel, rtol=1e-2, atol=1e-3, names=("losses", "grad_logits"))
