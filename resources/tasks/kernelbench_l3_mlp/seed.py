"""The seed of a search on kernelbench_l3_mlp: the same computation as Model, its layers created in the same order
(so that the same init seed gives the same weights), with the ReLUs applied in place between plain Linears."""

import torch
import torch.nn.functional as F
from torch import nn


class ModelNew(nn.Module):
    def __init__(self, input_size: int, hidden_sizes: list, output_size: int):
        super().__init__()
        widths = [input_size, *hidden_sizes, output_size]
        self.layers = nn.ModuleList(nn.Linear(a, b) for a, b in zip(widths[:-1], widths[1:]))

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        for layer in self.layers[:-1]:
            x = F.relu(layer(x), inplace=True)
        return self.layers[-1](x)
