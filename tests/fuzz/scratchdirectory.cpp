#include "scratchdirectory.h"

#include <cstdlib>
#include <fstream>
#include <stdexcept>
#include <string>
#include <system_error>

namespace kfx::fuzz {

namespace {

std::filesystem::path scratchRoot()
{
    std::error_code error;
    if (std::filesystem::is_directory("/dev/shm", error))
        return "/dev/shm";
    return std::filesystem::temp_directory_path();
}

} // namespace

ScratchDirectory::ScratchDirectory()
{
    std::string pattern = (scratchRoot() / "kfx-fuzz-XXXXXX").string();
    if (!mkdtemp(pattern.data()))
        throw std::runtime_error("cannot create a scratch folder from " + pattern);
    m_path = pattern;
}

ScratchDirectory::~ScratchDirectory()
{
    std::error_code ignored;
    std::filesystem::remove_all(m_path, ignored);
}

std::filesystem::path ScratchDirectory::write(std::string_view name, std::span<const std::uint8_t> bytes) const
{
    return write(name, std::string_view(reinterpret_cast<const char *>(bytes.data()), bytes.size()));
}

std::filesystem::path ScratchDirectory::write(std::string_view name, std::string_view text) const
{
    const auto file = m_path / name;
    std::ofstream out(file, std::ios::binary | std::ios::trunc);
    out.write(text.data(), std::streamsize(text.size()));
    if (!out.flush())
        throw std::runtime_error("cannot write " + file.string());
    return file;
}

void ScratchDirectory::clear() const
{
    for (const auto &entry : std::filesystem::directory_iterator(m_path))
        std::filesystem::remove_all(entry.path());
}

} // namespace kfx::fuzz
