"""Types of the TriMul task: (x, mask, weights, config) -> out."""

from typing import Dict, Tuple

import torch

input_t = Tuple[torch.Tensor, torch.Tensor, Dict[str, torch.Tensor], Dict[str, int]]
output_t = torch.Tensor
