#include "pagecache.h"

#include "io/jsonwriter.h"

#include <simdjson.h>

#include <cctype>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <stdexcept>

namespace kfx::hub {

namespace {

// One path component per key part: a prefix keeps "." and ".." from ever being a name, and anything but
// letters, digits, '-', '_' and '.' is written as %XX, so "owner/name" stays one folder.
std::string component(char prefix, const std::string &part)
{
    static constexpr char kHex[] = "0123456789ABCDEF";
    std::string name{prefix, '-'};
    for (const unsigned char c : part) {
        if (std::isalnum(c) || c == '-' || c == '_' || c == '.') {
            name += char(c);
        } else {
            name += '%';
            name += kHex[c >> 4];
            name += kHex[c & 15];
        }
    }
    return name;
}

std::string readWhole(const std::filesystem::path &path)
{
    std::ifstream in(path, std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

void writeAtomically(const std::filesystem::path &path, const std::string &text)
{
    const auto temporary = std::filesystem::path(path).concat(".part");
    {
        std::ofstream out(temporary, std::ios::binary | std::ios::trunc);
        out << text;
        out.flush();
        if (!out)
            throw std::runtime_error("cannot write the cache file " + temporary.string());
    }
    std::filesystem::rename(temporary, path);
}

} // namespace

std::filesystem::path PageCache::defaultRoot()
{
    if (const char *cache = std::getenv("XDG_CACHE_HOME"); cache && *cache == '/')
        return std::filesystem::path(cache) / "kfx" / "hub";
    const char *home = std::getenv("HOME");
    return std::filesystem::path(home ? home : "/tmp") / ".cache" / "kfx" / "hub";
}

PageCache::PageCache(const std::filesystem::path &root, const DatasetKey &key)
    : m_directory(root / component('d', key.dataset) / component('c', key.config) / component('s', key.split)
                  / component('r', key.revision))
{
    std::filesystem::create_directories(m_directory);
}

std::optional<SplitShape> PageCache::shape() const
{
    const auto path = m_directory / "shape.json";
    if (!std::filesystem::exists(path))
        return std::nullopt;
    simdjson::dom::parser parser;
    simdjson::dom::object stored;
    simdjson::dom::array columns;
    SplitShape shape;
    const auto text = readWhole(path);
    if (parser.parse(text).get(stored) != simdjson::SUCCESS || stored["columns"].get(columns) != simdjson::SUCCESS
        || stored["num_rows_total"].get(shape.totalRows) != simdjson::SUCCESS)
        return std::nullopt; // unreadable: treated as no cache at all, and rewritten
    for (simdjson::dom::element column : columns) {
        std::string_view name;
        if (column.get(name) != simdjson::SUCCESS)
            return std::nullopt;
        shape.columns.emplace_back(name);
    }
    return shape;
}

void PageCache::setShape(const SplitShape &shape)
{
    if (this->shape() == shape)
        return;
    for (const auto &entry : std::filesystem::directory_iterator(m_directory))
        std::filesystem::remove(entry.path());
    JsonWriter writer;
    writer.beginObject().key("columns").beginArray();
    for (const auto &column : shape.columns)
        writer.value(column);
    writer.endArray().field("num_rows_total", shape.totalRows).endObject();
    writeAtomically(m_directory / "shape.json", writer.take());
}

std::filesystem::path PageCache::pagePath(std::int64_t offset) const
{
    return m_directory / ("rows-" + std::to_string(offset) + ".jsonl");
}

std::optional<std::vector<std::string>> PageCache::page(std::int64_t offset) const
{
    const auto path = pagePath(offset);
    if (!std::filesystem::exists(path))
        return std::nullopt;
    std::istringstream text(readWhole(path));
    std::vector<std::string> lines;
    for (std::string line; std::getline(text, line);)
        lines.push_back(std::move(line));
    return lines;
}

void PageCache::storePage(std::int64_t offset, const std::vector<std::string> &lines)
{
    std::string text;
    for (const auto &line : lines)
        text.append(line).push_back('\n');
    writeAtomically(pagePath(offset), text);
}

} // namespace kfx::hub
