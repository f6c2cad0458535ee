# A minimal KernelBench-style problem for the worker's tests: relu(x @ W^T + b) * 2.
import torch
import torch.nn as nn


class Model(nn.Module):
    def __init__(self, features):
        super().__init__()
        self.linear = nn.Linear(features, features)

    def forward(self, x):
        return torch.relu(self.linear(x)) * 2.0


def get_inputs():
    return [torch.randn(16, 32)]


def get_init_inputs():
    return [32]
