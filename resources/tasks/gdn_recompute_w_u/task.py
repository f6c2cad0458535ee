"""Types of the GDN recompute_w_u task: (k [B,T,H,K], v [B,T,H,V], beta [B,T,H], A [B,T,H,64],
g_cumsum [B,T,H]) -> (w [B,T,H,K], u [B,T,H,V]), all fp32."""

from typing import Tuple

import torch

input_t = Tuple[torch.Tensor, torch.Tensor, torch.Tensor, torch.Tensor, torch.Tensor]
output_t = Tuple[torch.Tensor, torch.Tensor]
