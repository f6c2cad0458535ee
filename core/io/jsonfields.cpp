#include "jsonfields.h"

#include <cmath>

namespace kfx::json {

namespace {
std::string quoted(std::string_view key)
{
    return "\"" + std::string(key) + "\"";
}

[[noreturn]] void wrongType(std::string_view what, std::string_view expected, const Element &found)
{
    throw FieldError(std::string(what) + ": expected " + std::string(expected) + ", found "
                     + std::string(typeName(found)));
}
} // namespace

std::string_view typeName(const Element &element)
{
    switch (element.type()) {
    case simdjson::dom::element_type::ARRAY:
        return "an array";
    case simdjson::dom::element_type::OBJECT:
        return "an object";
    case simdjson::dom::element_type::INT64:
    case simdjson::dom::element_type::UINT64:
    case simdjson::dom::element_type::DOUBLE:
        return "a number";
    case simdjson::dom::element_type::STRING:
        return "a string";
    case simdjson::dom::element_type::BOOL:
        return "a boolean";
    case simdjson::dom::element_type::NULL_VALUE:
        return "null";
    }
    return "an unknown value";
}

Object asObject(const Element &element, std::string_view what)
{
    Object object;
    if (element.get(object) != simdjson::SUCCESS)
        wrongType(what, "an object", element);
    return object;
}

std::optional<Element> optionalField(const Object &object, std::string_view key)
{
    Element element;
    if (object.at_key(key).get(element) != simdjson::SUCCESS || element.is_null())
        return std::nullopt;
    return element;
}

Element requiredField(const Object &object, std::string_view key)
{
    if (auto element = optionalField(object, key))
        return *element;
    throw FieldError("missing field " + quoted(key));
}

double asNumber(const Element &element, std::string_view what)
{
    double value = 0.0;
    if (element.get(value) != simdjson::SUCCESS)
        wrongType(what, "a number", element);
    return value;
}

std::int64_t asInteger(const Element &element, std::string_view what)
{
    std::int64_t value = 0;
    if (element.get(value) == simdjson::SUCCESS)
        return value;
    // Python writes whole floats as 3.0; accept them where an int is meant, as pydantic does.
    double asDouble = 0.0;
    if (element.get(asDouble) == simdjson::SUCCESS && std::isfinite(asDouble) && asDouble == std::floor(asDouble)
        && std::abs(asDouble) < 9.0e15)
        return static_cast<std::int64_t>(asDouble);
    wrongType(what, "an integer", element);
}

std::string_view asString(const Element &element, std::string_view what)
{
    std::string_view value;
    if (element.get(value) != simdjson::SUCCESS)
        wrongType(what, "a string", element);
    return value;
}

std::string_view requiredString(const Object &object, std::string_view key)
{
    return asString(requiredField(object, key), quoted(key));
}

std::optional<std::string_view> optionalString(const Object &object, std::string_view key)
{
    if (auto element = optionalField(object, key))
        return asString(*element, quoted(key));
    return std::nullopt;
}

double requiredNumber(const Object &object, std::string_view key)
{
    return asNumber(requiredField(object, key), quoted(key));
}

std::optional<double> optionalNumber(const Object &object, std::string_view key)
{
    if (auto element = optionalField(object, key))
        return asNumber(*element, quoted(key));
    return std::nullopt;
}

std::int64_t requiredInteger(const Object &object, std::string_view key)
{
    return asInteger(requiredField(object, key), quoted(key));
}

std::optional<std::int64_t> optionalInteger(const Object &object, std::string_view key)
{
    if (auto element = optionalField(object, key))
        return asInteger(*element, quoted(key));
    return std::nullopt;
}

bool requiredBool(const Object &object, std::string_view key)
{
    auto element = requiredField(object, key);
    bool value = false;
    if (element.get(value) != simdjson::SUCCESS)
        wrongType(quoted(key), "a boolean", element);
    return value;
}

std::optional<bool> optionalBool(const Object &object, std::string_view key)
{
    if (!optionalField(object, key))
        return std::nullopt;
    return requiredBool(object, key);
}

Object requiredObject(const Object &object, std::string_view key)
{
    return asObject(requiredField(object, key), quoted(key));
}

std::optional<Object> optionalObject(const Object &object, std::string_view key)
{
    if (auto element = optionalField(object, key))
        return asObject(*element, quoted(key));
    return std::nullopt;
}

Array requiredArray(const Object &object, std::string_view key)
{
    auto element = requiredField(object, key);
    Array array;
    if (element.get(array) != simdjson::SUCCESS)
        wrongType(quoted(key), "an array", element);
    return array;
}

std::optional<Array> optionalArray(const Object &object, std::string_view key)
{
    if (!optionalField(object, key))
        return std::nullopt;
    return requiredArray(object, key);
}

std::string scalarText(const Element &element)
{
    std::string_view text;
    if (element.get(text) == simdjson::SUCCESS)
        return std::string(text);
    return simdjson::minify(element);
}

bool hasField(const Object &object, std::string_view key)
{
    return optionalField(object, key).has_value();
}

} // namespace kfx::json
