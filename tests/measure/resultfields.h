#pragma once

// Reads fields of a worker's result line in the tests.
#include "io/jsonfields.h"

#include <simdjson.h>

#include <string>

namespace kfx::test {

class ResultLine {
public:
    explicit ResultLine(const std::string &line) : m_text(line)
    {
        simdjson::dom::element root;
        m_valid = m_parser.parse(m_text).get(root) == simdjson::SUCCESS && root.is_object();
        if (m_valid)
            m_object = root.get_object().value_unsafe();
    }
    bool valid() const { return m_valid; }
    const json::Object &object() const { return m_object; }
    std::string string(std::string_view key) const
    {
        return m_valid ? std::string(json::optionalString(m_object, key).value_or("")) : std::string();
    }
    std::string kind() const { return string("kind"); }

private:
    simdjson::padded_string m_text;
    simdjson::dom::parser m_parser;
    json::Object m_object;
    bool m_valid = false;
};

} // namespace kfx::test
