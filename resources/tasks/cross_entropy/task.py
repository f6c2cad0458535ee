"""Types of the cross-entropy task: (logits bf16 [B, V], targets int64 [B], grad_output fp32 [B]) ->
(losses fp32 [B], grad_logits bf16 [B, V])."""

from typing import Tuple

import torch

input_t = Tuple[torch.Tensor, torch.Tensor, torch.Tensor]
output_t = Tuple[torch.Tensor, torch.Tensor]
