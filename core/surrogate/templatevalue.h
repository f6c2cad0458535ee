#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <variant>
#include <vector>

namespace kfx::surrogate {

// A value as a Jinja template sees it: the Python objects the reference hands to jinja2 (None, bool, int,
// float, str, list, dict) plus Jinja's Undefined. Maps keep insertion order, as Python dicts do.
class TemplateValue {
public:
    struct Undefined {};
    struct None {};
    using List = std::vector<TemplateValue>;
    using Map = std::vector<std::pair<std::string, TemplateValue>>;

    TemplateValue() = default;
    TemplateValue(None) : m_data(None{}) {}
    TemplateValue(bool flag) : m_data(flag) {}
    TemplateValue(int number) : m_data(std::int64_t(number)) {}
    TemplateValue(std::int64_t number) : m_data(number) {}
    TemplateValue(double number) : m_data(number) {}
    TemplateValue(const char *text) : m_data(std::string(text)) {}
    TemplateValue(std::string text) : m_data(std::move(text)) {}
    TemplateValue(List list) : m_data(std::move(list)) {}
    TemplateValue(Map map) : m_data(std::move(map)) {}

    bool isUndefined() const { return std::holds_alternative<Undefined>(m_data); }
    // Python truthiness: None, False, 0, 0.0, "" and empty containers are false; Undefined is false too.
    bool truthy() const;
    // Jinja's `a.b` / `a["b"]` on a dict and `a[0]` on a list; anything missing is Undefined.
    TemplateValue member(std::string_view name) const;
    TemplateValue element(std::int64_t index) const;
    // Python's str(): what `{{ value }}` prints (Undefined prints nothing).
    std::string str() const;
    // Python's repr(), used inside containers.
    std::string repr() const;

    const auto &data() const { return m_data; }

private:
    std::variant<Undefined, None, bool, std::int64_t, double, std::string, List, Map> m_data;
};

// Python's repr() of a float: shortest round-trip digits, ".0" on integral values, exponent form outside
// [1e-4, 1e16) as "1e-05" / "1e+16".
std::string pythonFloatRepr(double number);

} // namespace kfx::surrogate
