#pragma once

#include <simdjson.h>

#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>

namespace kfx::json {

// Raised by the accessors below when a record lacks a field or holds the wrong type; a reader turns it into a
// diagnostic for the line at hand and goes on with the next one.
class FieldError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

using Object = simdjson::dom::object;
using Array = simdjson::dom::array;
using Element = simdjson::dom::element;

std::string_view typeName(const Element &element);

Object asObject(const Element &element, std::string_view what);
// The field, or nothing when absent or null (the HF flattening writes absent fields as null).
std::optional<Element> optionalField(const Object &object, std::string_view key);
Element requiredField(const Object &object, std::string_view key);

std::string_view requiredString(const Object &object, std::string_view key);
std::optional<std::string_view> optionalString(const Object &object, std::string_view key);
double requiredNumber(const Object &object, std::string_view key);
std::optional<double> optionalNumber(const Object &object, std::string_view key);
std::int64_t requiredInteger(const Object &object, std::string_view key);
std::optional<std::int64_t> optionalInteger(const Object &object, std::string_view key);
bool requiredBool(const Object &object, std::string_view key);
std::optional<bool> optionalBool(const Object &object, std::string_view key);
Object requiredObject(const Object &object, std::string_view key);
std::optional<Object> optionalObject(const Object &object, std::string_view key);
Array requiredArray(const Object &object, std::string_view key);
std::optional<Array> optionalArray(const Object &object, std::string_view key);

double asNumber(const Element &element, std::string_view what);
std::int64_t asInteger(const Element &element, std::string_view what);
std::string_view asString(const Element &element, std::string_view what);

// A scalar as display text: strings as they are, numbers and booleans as JSON writes them.
std::string scalarText(const Element &element);

bool hasField(const Object &object, std::string_view key);

} // namespace kfx::json
