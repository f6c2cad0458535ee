"""fp8_quant: fewer passes in PyTorch: the group absmax reduced straight into x_s, scaled there in place, and the
quantised values written into x_q through `out=` views, so no temporaries of x's size but one."""

import torch

from task import input_t, output_t


def custom_kernel(data: input_t) -> output_t:
    x, x_q, x_s = data
    tokens, groups = x_s.shape
    grouped = x.view(tokens, groups, -1)
    quantised = x_q.view(tokens, groups, -1)
    x_s.copy_({{ABSMAX}})
    x_s.clamp_(min=1e-10).div_(448.0)
    {{DIVIDE}}
    quantised.clamp_(-448.0, 448.0)
    return x_q, x_s
