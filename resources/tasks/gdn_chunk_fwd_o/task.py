"""Types of the GDN chunk_fwd_o task: (q [B,T,H,K], k [B,T,H,K], v_new [B,T,H,V], h [B,NT,H,K,V],
g_cumsum [B,T,H]) -> o [B,T,H,V], all fp32."""

from typing import Tuple

import torch

input_t = Tuple[torch.Tensor, torch.Tensor, torch.Tensor, torch.Tensor, torch.Tensor]
output_t = torch.Tensor
