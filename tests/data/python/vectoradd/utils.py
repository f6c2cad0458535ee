import os


def device():
    return os.environ.get("KFX_HARNESS_DEVICE", "cuda")
