// kfx-standin: runtime_ns=5000
