// kfx-standin: runtime_ns={{N}}000
