#include "sizeexpression.h"

#include <algorithm>
#include <cctype>
#include <limits>

namespace kfx::measure {

namespace {
// Recursive descent over the grammar in the header; one instance per evaluation.
class Parser {
public:
    Parser(std::string_view text, const SizeVariables &variables) : m_text(text), m_variables(variables) {}

    std::int64_t parseAll()
    {
        const std::int64_t result = sum();
        skipSpace();
        if (m_pos != m_text.size())
            fail("unexpected '" + std::string(1, m_text[m_pos]) + "'");
        return result;
    }

private:
    [[noreturn]] void fail(const std::string &why) const
    {
        throw ExpressionError("in \"" + std::string(m_text) + "\" at " + std::to_string(m_pos) + ": " + why);
    }

    void skipSpace()
    {
        while (m_pos < m_text.size() && std::isspace(static_cast<unsigned char>(m_text[m_pos])))
            ++m_pos;
    }

    bool accept(char c)
    {
        skipSpace();
        if (m_pos < m_text.size() && m_text[m_pos] == c) {
            ++m_pos;
            return true;
        }
        return false;
    }

    void expect(char c)
    {
        if (!accept(c))
            fail(std::string("expected '") + c + "'");
    }

    // Every operation is checked: a manifest's sizes come from anyone's file, and a result that does not fit
    // in 64 bits is the manifest's error, not a wrapped (or undefined) value.
    void failOnOverflow(bool overflowed) const
    {
        if (overflowed)
            fail("the value does not fit in a 64-bit integer");
    }

    std::int64_t add(std::int64_t a, std::int64_t b) const
    {
        std::int64_t result = 0;
        failOnOverflow(__builtin_add_overflow(a, b, &result));
        return result;
    }

    std::int64_t subtract(std::int64_t a, std::int64_t b) const
    {
        std::int64_t result = 0;
        failOnOverflow(__builtin_sub_overflow(a, b, &result));
        return result;
    }

    std::int64_t multiply(std::int64_t a, std::int64_t b) const
    {
        std::int64_t result = 0;
        failOnOverflow(__builtin_mul_overflow(a, b, &result));
        return result;
    }

    std::int64_t divide(std::int64_t a, std::int64_t b, char op) const
    {
        if (b == 0)
            fail("division by zero");
        // The one quotient that does not fit: the most negative value divided by -1.
        failOnOverflow(a == std::numeric_limits<std::int64_t>::min() && b == -1);
        return op == '/' ? a / b : a % b;
    }

    std::int64_t sum()
    {
        std::int64_t value = product();
        for (;;) {
            if (accept('+'))
                value = add(value, product());
            else if (accept('-'))
                value = subtract(value, product());
            else
                return value;
        }
    }

    std::int64_t product()
    {
        std::int64_t value = factor();
        for (;;) {
            if (accept('*'))
                value = multiply(value, factor());
            else if (accept('/'))
                value = divide(value, factor(), '/');
            else if (accept('%'))
                value = divide(value, factor(), '%');
            else
                return value;
        }
    }

    std::int64_t factor()
    {
        skipSpace();
        if (accept('('))
            return closeParenthesis(sum());
        if (accept('-'))
            return subtract(0, factor());
        if (m_pos >= m_text.size())
            fail("expression ends early");
        const char c = m_text[m_pos];
        if (std::isdigit(static_cast<unsigned char>(c)))
            return number();
        if (std::isalpha(static_cast<unsigned char>(c)) || c == '_')
            return nameOrCall();
        fail("unexpected '" + std::string(1, c) + "'");
    }

    std::int64_t closeParenthesis(std::int64_t value)
    {
        expect(')');
        return value;
    }

    std::int64_t number()
    {
        std::int64_t value = 0;
        while (m_pos < m_text.size() && std::isdigit(static_cast<unsigned char>(m_text[m_pos])))
            value = add(multiply(value, 10), m_text[m_pos++] - '0');
        return value;
    }

    std::int64_t nameOrCall()
    {
        const std::size_t start = m_pos;
        while (m_pos < m_text.size()
               && (std::isalnum(static_cast<unsigned char>(m_text[m_pos])) || m_text[m_pos] == '_'))
            ++m_pos;
        const std::string_view name = m_text.substr(start, m_pos - start);
        if (accept('(')) {
            const std::int64_t a = sum();
            expect(',');
            const std::int64_t b = sum();
            expect(')');
            if (name == "cdiv")
                return divide(subtract(add(a, b), 1), b, '/');
            if (name == "min")
                return std::min(a, b);
            if (name == "max")
                return std::max(a, b);
            fail("unknown function '" + std::string(name) + "' (cdiv, min, max)");
        }
        const auto found = m_variables.find(name);
        if (found == m_variables.end())
            fail("unknown size '" + std::string(name) + "'");
        return found->second;
    }

    std::string_view m_text;
    const SizeVariables &m_variables;
    std::size_t m_pos = 0;
};
} // namespace

std::int64_t evaluateSizeExpression(std::string_view expression, const SizeVariables &variables)
{
    return Parser(expression, variables).parseAll();
}

} // namespace kfx::measure
