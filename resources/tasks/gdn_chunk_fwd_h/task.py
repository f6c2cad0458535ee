"""Types of the GDN chunk_fwd_h task: (k [B,T,H,K], w [B,T,H,K], u [B,T,H,V], g_cumsum [B,T,H]) ->
(h_all [B,NT,H,K,V], v_new [B,T,H,V]), all fp32."""

from typing import Tuple

import torch

input_t = Tuple[torch.Tensor, torch.Tensor, torch.Tensor, torch.Tensor]
output_t = Tuple[torch.Tensor, torch.Tensor]
