#pragma once

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

// What the search tests read back of the logs and kernels they write.
namespace kfx::test {

// The whole file, or "" where it cannot be read (the assertions that follow say what was missing).
inline std::string readText(const std::filesystem::path &path)
{
    std::ifstream file(path, std::ios::binary);
    std::ostringstream text;
    text << file.rdbuf();
    return text.str();
}

// The lines of `text`, without their '\n'; a last line without one counts too.
inline std::vector<std::string> lines(const std::string &text)
{
    std::vector<std::string> out;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);)
        out.push_back(line);
    return out;
}

} // namespace kfx::test
