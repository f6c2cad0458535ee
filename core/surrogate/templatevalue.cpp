#include "templatevalue.h"

#include <charconv>
#include <cmath>
#include <cstdio>

namespace kfx::surrogate {

namespace {

template<class... Ts>
struct Overloaded : Ts... {
    using Ts::operator()...;
};
// Aggregate deduction would do without it, but clang before 17 (the fuzz preset's clang 14) lacks it.
template<class... Ts>
Overloaded(Ts...) -> Overloaded<Ts...>;

std::string quoted(const std::string &text)
{
    // Python prefers single quotes unless the text holds one and no double quote.
    const bool useDouble = text.find('\'') != std::string::npos && text.find('"') == std::string::npos;
    const char quote = useDouble ? '"' : '\'';
    std::string out(1, quote);
    for (char c : text) {
        if (c == quote || c == '\\')
            out += '\\';
        if (c == '\n')
            out += "\\n";
        else
            out += c;
    }
    return out + quote;
}

} // namespace

std::string pythonFloatRepr(double number)
{
    if (std::isnan(number))
        return "nan";
    if (std::isinf(number))
        return number > 0 ? "inf" : "-inf";
    char buffer[64];
    // Shortest round-trip digits in scientific form, then laid out as Python's float_repr_style 'short' does.
    auto [end, error] = std::to_chars(buffer, buffer + sizeof buffer, number, std::chars_format::scientific);
    (void)error;
    const std::string scientific(buffer, end);
    const auto ePosition = scientific.find('e');
    std::string mantissa = scientific.substr(0, ePosition);
    const int exponent = std::stoi(scientific.substr(ePosition + 1));
    const bool negative = mantissa.front() == '-';
    if (negative)
        mantissa.erase(0, 1);
    std::string digits;
    for (char c : mantissa) {
        if (c != '.')
            digits += c;
    }
    std::string out = negative ? "-" : "";
    if (exponent < -4 || exponent >= 16) {
        out += digits.substr(0, 1);
        if (digits.size() > 1)
            out += "." + digits.substr(1);
        char exponentText[16];
        std::snprintf(exponentText, sizeof exponentText, "e%c%02d", exponent < 0 ? '-' : '+', std::abs(exponent));
        return out + exponentText;
    }
    if (exponent < 0)
        return out + "0." + std::string(std::size_t(-exponent - 1), '0') + digits;
    const auto integerDigits = std::size_t(exponent + 1);
    if (digits.size() <= integerDigits)
        return out + digits + std::string(integerDigits - digits.size(), '0') + ".0";
    return out + digits.substr(0, integerDigits) + "." + digits.substr(integerDigits);
}

bool TemplateValue::truthy() const
{
    return std::visit(Overloaded{
                          [](Undefined) { return false; },
                          [](None) { return false; },
                          [](bool flag) { return flag; },
                          [](std::int64_t number) { return number != 0; },
                          [](double number) { return number != 0.0; },
                          [](const std::string &text) { return !text.empty(); },
                          [](const List &list) { return !list.empty(); },
                          [](const Map &map) { return !map.empty(); },
                      },
                      m_data);
}

TemplateValue TemplateValue::member(std::string_view name) const
{
    if (const auto *map = std::get_if<Map>(&m_data)) {
        for (const auto &[key, value] : *map) {
            if (key == name)
                return value;
        }
    }
    return {};
}

TemplateValue TemplateValue::element(std::int64_t index) const
{
    if (const auto *list = std::get_if<List>(&m_data)) {
        const auto size = std::int64_t(list->size());
        if (index < 0)
            index += size; // Python's negative indexing
        if (index >= 0 && index < size)
            return (*list)[std::size_t(index)];
    }
    return {};
}

std::string TemplateValue::str() const
{
    if (const auto *text = std::get_if<std::string>(&m_data))
        return *text;
    if (isUndefined())
        return {};
    return repr();
}

std::string TemplateValue::repr() const
{
    return std::visit(Overloaded{
                          [](Undefined) { return std::string(); },
                          [](None) { return std::string("None"); },
                          [](bool flag) { return std::string(flag ? "True" : "False"); },
                          [](std::int64_t number) { return std::to_string(number); },
                          [](double number) { return pythonFloatRepr(number); },
                          [](const std::string &text) { return quoted(text); },
                          [](const List &list) {
                              std::string out = "[";
                              for (std::size_t i = 0; i < list.size(); ++i)
                                  out += (i ? ", " : "") + list[i].repr();
                              return out + "]";
                          },
                          [](const Map &map) {
                              std::string out = "{";
                              for (std::size_t i = 0; i < map.size(); ++i)
                                  out += (i ? ", " : "") + quoted(map[i].first) + ": " + map[i].second.repr();
                              return out + "}";
                          },
                      },
                      m_data);
}

} // namespace kfx::surrogate
