"""A KernelBench level-3 style problem written for kfx: a three-layer perceptron (Linear + ReLU, Linear + ReLU,
Linear) on a batch of feature vectors, fp32. Candidates define ModelNew with the same constructor and forward."""

import torch
from torch import nn

batch_size = 32
input_size = 1024
hidden_sizes = [1024, 512]
output_size = 128


class Model(nn.Module):
    def __init__(self, input_size: int, hidden_sizes: list, output_size: int):
        super().__init__()
        layers = []
        width = input_size
        for hidden in hidden_sizes:
            layers += [nn.Linear(width, hidden), nn.ReLU()]
            width = hidden
        layers.append(nn.Linear(width, output_size))
        self.network = nn.Sequential(*layers)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return self.network(x)


def get_inputs():
    return [torch.randn(batch_size, input_size)]


def get_init_inputs():
    return [input_size, hidden_sizes, output_size]
