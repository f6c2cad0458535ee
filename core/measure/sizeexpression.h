#pragma once

#include <cstdint>
#include <map>
#include <stdexcept>
#include <string>
#include <string_view>

namespace kfx::measure {

class ExpressionError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

// The sizes of one problem case by name ("rows" -> 4096).
using SizeVariables = std::map<std::string, std::int64_t, std::less<>>;

// Evaluates the integer expressions a task manifest writes for element counts, scalar arguments and launch
// dimensions: integers, case variables, + - * / % (integer division), parentheses and cdiv(a, b), min(a, b),
// max(a, b). Throws ExpressionError naming the problem (unknown variable, division by zero, bad syntax).
std::int64_t evaluateSizeExpression(std::string_view expression, const SizeVariables &variables);

} // namespace kfx::measure
