"""cross_entropy: fewer passes in PyTorch: one logsumexp per row gives the losses (minus the gathered target
logit), the gradient is the softmax with 1 subtracted at each row's target in place, scaled in place, cast once."""

import torch

from task import input_t, output_t


def custom_kernel(data: input_t) -> output_t:
    logits, targets, grad_output = data
    full = logits.float()
    rows = torch.arange(full.shape[0], device=full.device)
    lse = torch.logsumexp(full, dim=-1)
    losses = lse - full[rows, targets]
    grad = {{SOFTMAX}}
    {{ONEHOT}}
    grad.mul_(grad_output.unsqueeze(-1))
    return losses, grad.to(torch.bfloat16)
