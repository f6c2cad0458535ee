"""Types of the fp8 quantisation task: (x fp32 [N, D], x_q fp32 [N, D], x_s fp32 [N, D / group]) ->
(x_q, x_s), the two preallocated buffers filled in."""

from typing import Tuple

import torch

input_t = Tuple[torch.Tensor, torch.Tensor, torch.Tensor]
output_t = Tuple[torch.Tensor, torch.Tensor]
