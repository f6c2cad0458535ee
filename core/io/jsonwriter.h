#pragma once

#include "model/sharedtext.h"

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace kfx {

// Writes compact JSON (as pydantic's model_dump_json does: no spaces) into a string. Writing is ours; parsing
// is simdjson's. Commas are placed by the writer, so callers only say what comes next.
class JsonWriter {
public:
    JsonWriter &beginObject();
    JsonWriter &endObject();
    JsonWriter &beginArray();
    JsonWriter &endArray();
    JsonWriter &key(std::string_view name);
    JsonWriter &value(std::string_view text);
    JsonWriter &value(const char *text) { return value(std::string_view(text)); }
    JsonWriter &value(const std::string &text) { return value(std::string_view(text)); }
    JsonWriter &value(const SharedText &text) { return value(std::string_view(text)); }
    // Shortest text that reads back to the same double; non-finite numbers become null.
    JsonWriter &value(double number);
    JsonWriter &value(std::int64_t number);
    JsonWriter &value(int number) { return value(std::int64_t(number)); }
    JsonWriter &value(bool flag);
    JsonWriter &null();
    // Inserts already serialised JSON as one value.
    JsonWriter &raw(std::string_view json);

    template<typename T>
    JsonWriter &field(std::string_view name, const T &fieldValue)
    {
        key(name);
        return value(fieldValue);
    }

    const std::string &text() const { return m_out; }
    std::string take() { return std::move(m_out); }
    void clear();

    static void appendEscaped(std::string &out, std::string_view text);
    static void appendNumber(std::string &out, double number);

private:
    void separate();

    std::string m_out;
    // One entry per open container: whether it already holds a value.
    std::vector<bool> m_hasValue;
    bool m_afterKey = false;
};

} // namespace kfx
