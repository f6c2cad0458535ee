import torch

from utils import device


def generate_input(size, seed):
    generator = torch.Generator(device="cpu").manual_seed(seed)
    a = torch.randn(size, generator=generator).to(device())
    b = torch.randn(size, generator=generator).to(device())
    return a, b


def ref_kernel(data):
    a, b = data
    return a + b


def check_implementation(data, output):
    expected = ref_kernel(data)
    if output.shape != expected.shape:
        return False, f"shape {tuple(output.shape)} instead of {tuple(expected.shape)}"
    if not torch.allclose(output, expected, atol=1e-6, rtol=1e-6):
        return False, "values differ from a + b"
    return True, ""
