#include "commands.h"

#include "model/speedupbin.h"

#include <charconv>
#include <cmath>

namespace kfx::cli {

int runBin(const Arguments &args, std::ostream &out, std::ostream &err)
{
    if (args.empty()) {
        err << "usage: kfx-cli bin S [S ...]\n";
        return 1;
    }
    int status = 0;
    for (const auto &text : args) {
        double speedup = 0.0;
        const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), speedup);
        if (error != std::errc() || end != text.data() + text.size()) {
            out << "error: '" << text << "' is not a number\n";
            status = 1;
        } else if (auto bin = trySpeedupBinFor(speedup)) {
            out << *bin << '\n';
        } else {
            out << "error: speedup " << text << " is not positive\n";
            status = 1;
        }
    }
    return status;
}

} // namespace kfx::cli
