#include "prompttemplate.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cstdio>
#include <optional>

namespace kfx::surrogate {

namespace {

// ---- expressions ----------------------------------------------------------------------------------------

struct Expression {
    enum class Kind { Literal, Name, Member, Element, Not, Format };
    explicit Expression(Kind expressionKind = Kind::Literal, TemplateValue value = {})
        : kind(expressionKind)
        , literal(std::move(value))
    {
    }
    Kind kind;
    TemplateValue literal;
    std::string name;
    std::int64_t index = 0;
    std::vector<Expression> operands; // Member/Element/Not: the object; Format: the format then its arguments
    int height = 1;                   // levels of operands below and including this one
};

// Parsing, evaluating and destroying an expression, and rendering an {% if %}, recurse once per level, so a
// template nested deeper than this is refused rather than allowed to overflow the stack (a fuzzed one did, with
// thousands of parentheses). Jinja's own limit is Python's recursion limit; no prompt comes near either.
constexpr int kDeepestNesting = 100;

struct Token {
    enum class Kind { Name, String, Integer, Float, Symbol, End };
    Kind kind = Kind::End;
    std::string text;
};

std::vector<Token> tokenize(std::string_view text, int line)
{
    std::vector<Token> tokens;
    std::size_t i = 0;
    while (i < text.size()) {
        const char c = text[i];
        if (std::isspace(static_cast<unsigned char>(c))) {
            ++i;
        } else if (std::isalpha(static_cast<unsigned char>(c)) || c == '_') {
            const auto start = i;
            while (i < text.size() && (std::isalnum(static_cast<unsigned char>(text[i])) || text[i] == '_'))
                ++i;
            tokens.push_back({Token::Kind::Name, std::string(text.substr(start, i - start))});
        } else if (std::isdigit(static_cast<unsigned char>(c))) {
            const auto start = i;
            bool isFloat = false;
            while (i < text.size() && (std::isdigit(static_cast<unsigned char>(text[i])) || text[i] == '.')) {
                isFloat = isFloat || text[i] == '.';
                ++i;
            }
            tokens.push_back(
                {isFloat ? Token::Kind::Float : Token::Kind::Integer, std::string(text.substr(start, i - start))});
        } else if (c == '"' || c == '\'') {
            std::string value;
            ++i;
            while (i < text.size() && text[i] != c) {
                if (text[i] == '\\' && i + 1 < text.size()) {
                    ++i;
                    value += text[i] == 'n' ? '\n' : text[i] == 't' ? '\t' : text[i];
                } else {
                    value += text[i];
                }
                ++i;
            }
            if (i >= text.size())
                throw TemplateError("line " + std::to_string(line) + ": unterminated string literal");
            ++i;
            tokens.push_back({Token::Kind::String, std::move(value)});
        } else if (std::string_view(".[](),|").find(c) != std::string_view::npos) {
            tokens.push_back({Token::Kind::Symbol, std::string(1, c)});
            ++i;
        } else {
            throw TemplateError("line " + std::to_string(line) + ": unsupported character '" + std::string(1, c)
                                + "' in expression");
        }
    }
    tokens.push_back({});
    return tokens;
}

class ExpressionParser {
public:
    ExpressionParser(std::string_view text, int line) : m_tokens(tokenize(text, line)), m_line(line) {}

    Expression parseAll()
    {
        auto expression = parseUnary();
        if (peek().kind != Token::Kind::End)
            fail("unexpected '" + peek().text + "'");
        return expression;
    }

private:
    const Token &peek() const { return m_tokens[m_position]; }
    Token next() { return m_tokens[m_position++]; }
    bool acceptSymbol(std::string_view symbol)
    {
        if (peek().kind == Token::Kind::Symbol && peek().text == symbol) {
            ++m_position;
            return true;
        }
        return false;
    }
    void expectSymbol(std::string_view symbol)
    {
        if (!acceptSymbol(symbol))
            fail("expected '" + std::string(symbol) + "'");
    }
    [[noreturn]] void fail(const std::string &message) const
    {
        throw TemplateError("line " + std::to_string(m_line) + ": " + message);
    }
    // A number literal's value. Python's integers have no bound and its floats overflow to inf; ours are 64-bit
    // and finite, so a literal beyond them is the template's error (std::stoll would throw out_of_range).
    template<class Number>
    Number literalValue(const std::string &text) const
    {
        Number value{};
        const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
        if (error != std::errc() || end != text.data() + text.size())
            fail("the number " + text + " is out of range or malformed");
        return value;
    }

    // Every recursive descent passes through here, so this is where the parser's own depth is bounded.
    Expression parseUnary()
    {
        if (m_depth >= kDeepestNesting)
            fail("expression nested deeper than " + std::to_string(kDeepestNesting) + " levels");
        ++m_depth;
        Expression expression;
        if (peek().kind == Token::Kind::Name && peek().text == "not") {
            ++m_position;
            expression = Expression(Expression::Kind::Not);
            expression.operands.push_back(parseUnary());
            measureHeight(expression);
        } else {
            expression = parseFiltered();
        }
        --m_depth;
        return expression;
    }

    // A chain of members or filters deepens the tree without recursing in the parser, so it is bounded here.
    void measureHeight(Expression &expression) const
    {
        for (const auto &operand : expression.operands)
            expression.height = std::max(expression.height, operand.height + 1);
        if (expression.height > kDeepestNesting)
            fail("expression nested deeper than " + std::to_string(kDeepestNesting) + " levels");
    }

    Expression parseFiltered()
    {
        auto expression = parsePostfix();
        while (acceptSymbol("|")) {
            const auto filter = next();
            if (filter.kind != Token::Kind::Name || filter.text != "format")
                fail("unsupported filter '" + filter.text + "' (only format is supported)");
            Expression format(Expression::Kind::Format);
            format.operands.push_back(std::move(expression));
            expectSymbol("(");
            if (!acceptSymbol(")")) {
                do {
                    format.operands.push_back(parseUnary());
                } while (acceptSymbol(","));
                expectSymbol(")");
            }
            measureHeight(format);
            expression = std::move(format);
        }
        return expression;
    }

    Expression parsePostfix()
    {
        auto expression = parsePrimary();
        for (;;) {
            if (acceptSymbol(".")) {
                const auto member = next();
                if (member.kind == Token::Kind::Integer) {
                    expression = wrap(Expression::Kind::Element, std::move(expression));
                    expression.index = literalValue<std::int64_t>(member.text);
                } else if (member.kind == Token::Kind::Name) {
                    expression = wrap(Expression::Kind::Member, std::move(expression));
                    expression.name = member.text;
                } else {
                    fail("expected a name after '.'");
                }
            } else if (acceptSymbol("[")) {
                const bool negative = acceptSymbol("-");
                const auto subscript = next();
                if (subscript.kind == Token::Kind::Integer) {
                    expression = wrap(Expression::Kind::Element, std::move(expression));
                    const auto index = literalValue<std::int64_t>(subscript.text);
                    expression.index = negative ? -index : index;
                } else if (subscript.kind == Token::Kind::String && !negative) {
                    expression = wrap(Expression::Kind::Member, std::move(expression));
                    expression.name = subscript.text;
                } else {
                    fail("subscripts must be integer or string literals");
                }
                expectSymbol("]");
            } else {
                return expression;
            }
        }
    }

    Expression wrap(Expression::Kind kind, Expression inner) const
    {
        Expression outer(kind);
        outer.operands.push_back(std::move(inner));
        measureHeight(outer);
        return outer;
    }

    Expression parsePrimary()
    {
        const auto token = next();
        switch (token.kind) {
        case Token::Kind::String:
            return Expression(Expression::Kind::Literal, TemplateValue(token.text));
        case Token::Kind::Integer:
            return Expression(Expression::Kind::Literal, TemplateValue(literalValue<std::int64_t>(token.text)));
        case Token::Kind::Float:
            return Expression(Expression::Kind::Literal, TemplateValue(literalValue<double>(token.text)));
        case Token::Kind::Name:
            if (token.text == "None" || token.text == "none")
                return Expression(Expression::Kind::Literal, TemplateValue(TemplateValue::None{}));
            if (token.text == "True" || token.text == "true")
                return Expression(Expression::Kind::Literal, TemplateValue(true));
            if (token.text == "False" || token.text == "false")
                return Expression(Expression::Kind::Literal, TemplateValue(false));
            {
                Expression name(Expression::Kind::Name);
                name.name = token.text;
                return name;
            }
        case Token::Kind::Symbol:
            if (token.text == "(") {
                auto inner = parseUnary();
                expectSymbol(")");
                return inner;
            }
            break;
        case Token::Kind::End:
            fail("expression expected");
        }
        fail("unexpected '" + token.text + "'");
    }

    std::vector<Token> m_tokens;
    std::size_t m_position = 0;
    int m_line;
    int m_depth = 0;
};

// A width or precision above this is refused: no prompt needs one, and snprintf fails for a field longer than
// an int can count.
constexpr int kLargestFormatField = 1000;

bool exceedsLargestFormatField(std::string_view widthAndPrecision)
{
    for (std::size_t start = 0; start <= widthAndPrecision.size();) {
        const auto dot = std::min(widthAndPrecision.find('.', start), widthAndPrecision.size());
        const auto digits = widthAndPrecision.substr(start, dot - start);
        int value = 0;
        if (!digits.empty()
            && (std::from_chars(digits.data(), digits.data() + digits.size(), value).ec != std::errc()
                || value > kLargestFormatField))
            return true;
        start = dot + 1;
    }
    return false;
}

// snprintf into a string of the length the field needs (a fixed buffer would cut long fields short).
template<class Value>
std::string printfField(const std::string &cFormat, Value value)
{
    const int length = std::snprintf(nullptr, 0, cFormat.c_str(), value);
    if (length < 0)
        throw TemplateError("format: cannot format " + cFormat);
    std::string field(std::size_t(length), '\0');
    std::snprintf(field.data(), field.size() + 1, cFormat.c_str(), value);
    return field;
}

// Python's `format % args` for the conversions a prompt needs: d i u f F e E g G x X o c s r and %%.
std::string pythonPercentFormat(const std::string &format, const std::vector<TemplateValue> &arguments)
{
    std::string out;
    std::size_t argument = 0;
    auto nextArgument = [&]() -> const TemplateValue & {
        if (argument >= arguments.size())
            throw TemplateError("format: not enough arguments for format string");
        return arguments[argument++];
    };
    for (std::size_t i = 0; i < format.size(); ++i) {
        if (format[i] != '%') {
            out += format[i];
            continue;
        }
        std::string spec = "%";
        ++i;
        while (i < format.size() && std::string_view("-+ #0").find(format[i]) != std::string_view::npos)
            spec += format[i++];
        const auto flagsEnd = spec.size();
        while (i < format.size() && (std::isdigit(static_cast<unsigned char>(format[i])) || format[i] == '.'))
            spec += format[i++];
        if (exceedsLargestFormatField(std::string_view(spec).substr(flagsEnd)))
            throw TemplateError("format: a width or precision above " + std::to_string(kLargestFormatField)
                                + " is not supported");
        if (i >= format.size())
            throw TemplateError("format: incomplete format");
        const char conversion = format[i];
        if (conversion == '%') {
            out += '%';
            continue;
        }
        const auto &value = nextArgument();
        const auto &data = value.data();
        auto number = [&]() -> double {
            if (const auto *integer = std::get_if<std::int64_t>(&data))
                return double(*integer);
            if (const auto *real = std::get_if<double>(&data))
                return *real;
            if (const auto *flag = std::get_if<bool>(&data))
                return *flag ? 1.0 : 0.0;
            throw TemplateError("format: %" + std::string(1, conversion) + " format: a real number is required, not "
                                + value.repr());
        };
        switch (conversion) {
        case 'd':
        case 'i':
        case 'u': {
            const auto *integer = std::get_if<std::int64_t>(&data);
            const long long whole = integer ? *integer : static_cast<long long>(number()); // Python truncates
            out += printfField(spec + "lld", whole);
            break;
        }
        case 'x':
        case 'X':
        case 'o': {
            const auto *integer = std::get_if<std::int64_t>(&data);
            if (!integer)
                throw TemplateError("format: %" + std::string(1, conversion) + " format: an integer is required");
            out += printfField(spec + "ll" + conversion, *integer);
            break;
        }
        case 'f':
        case 'F':
        case 'e':
        case 'E':
        case 'g':
        case 'G':
            out += printfField(spec + conversion, number());
            break;
        case 's':
        case 'r': {
            // Width and precision apply to the text.
            const auto text = conversion == 's' ? value.str() : value.repr();
            out += printfField(spec + "s", text.c_str());
            break;
        }
        default:
            throw TemplateError("format: unsupported format character '" + std::string(1, conversion) + "'");
        }
    }
    if (argument < arguments.size())
        throw TemplateError("format: not all arguments converted during string formatting");
    return out;
}

TemplateValue evaluate(const Expression &expression, const TemplateValue &context)
{
    switch (expression.kind) {
    case Expression::Kind::Literal:
        return expression.literal;
    case Expression::Kind::Name:
        return context.member(expression.name);
    case Expression::Kind::Member:
    case Expression::Kind::Element: {
        const auto object = evaluate(expression.operands.front(), context);
        if (object.isUndefined())
            throw TemplateError("an undefined value has no attribute or item");
        return expression.kind == Expression::Kind::Member ? object.member(expression.name)
                                                           : object.element(expression.index);
    }
    case Expression::Kind::Not:
        return TemplateValue(!evaluate(expression.operands.front(), context).truthy());
    case Expression::Kind::Format: {
        const auto format = evaluate(expression.operands.front(), context).str();
        std::vector<TemplateValue> arguments;
        for (std::size_t i = 1; i < expression.operands.size(); ++i)
            arguments.push_back(evaluate(expression.operands[i], context));
        return TemplateValue(pythonPercentFormat(format, arguments));
    }
    }
    return {};
}

} // namespace

// ---- statements -----------------------------------------------------------------------------------------

struct PromptTemplate::Node {
    enum class Kind { Text, Output, If };
    explicit Node(Kind nodeKind, std::string nodeText = {}) : kind(nodeKind), text(std::move(nodeText)) {}
    Kind kind;
    std::string text;
    Expression expression;
    // If: one (condition, body) per if/elif, then the else body.
    std::vector<std::pair<Expression, std::vector<Node>>> branches;
    std::vector<Node> elseBody;
};

namespace {

using Node = PromptTemplate::Node;

enum class TagKind { Text, Output, Statement };

struct Piece {
    TagKind kind = TagKind::Text;
    std::string content;
    int line = 1;
};

// Splits the source into text, `{{ }}` and `{% %}` pieces, dropping comments and applying `-` stripping.
std::vector<Piece> splitPieces(const std::string &source)
{
    std::vector<Piece> pieces;
    std::size_t position = 0;
    int line = 1;
    bool stripNextText = false;
    auto addText = [&](std::string text, bool stripRight) {
        if (stripNextText) {
            const auto first = text.find_first_not_of(" \t\n\r");
            text.erase(0, first == std::string::npos ? text.size() : first);
        }
        if (stripRight) {
            const auto last = text.find_last_not_of(" \t\n\r");
            text.erase(last == std::string::npos ? 0 : last + 1);
        }
        if (!text.empty())
            pieces.push_back({TagKind::Text, std::move(text), line});
    };
    while (position < source.size()) {
        const auto open = source.find('{', position);
        if (open == std::string::npos || open + 1 >= source.size()) {
            addText(source.substr(position), false);
            break;
        }
        const char second = source[open + 1];
        if (second != '{' && second != '%' && second != '#') {
            addText(source.substr(position, open + 1 - position), false);
            // Text pieces are joined later, so splitting at a lone brace changes nothing.
            stripNextText = false;
            line += int(
                std::count(source.begin() + std::ptrdiff_t(position), source.begin() + std::ptrdiff_t(open + 1), '\n'));
            position = open + 1;
            continue;
        }
        const bool stripLeft = open + 2 < source.size() && source[open + 2] == '-';
        addText(source.substr(position, open - position), stripLeft);
        line += int(std::count(source.begin() + std::ptrdiff_t(position), source.begin() + std::ptrdiff_t(open), '\n'));
        const std::string closer = second == '{' ? "}}" : second == '%' ? "%}" : "#}";
        const auto close = source.find(closer, open + 2);
        if (close == std::string::npos)
            throw TemplateError("line " + std::to_string(line) + ": missing '" + closer + "'");
        const bool stripRight = close > open + 2 && source[close - 1] == '-';
        const auto innerStart = open + 2 + (stripLeft ? 1 : 0);
        const auto innerEnd = close - (stripRight && close - 1 >= innerStart ? 1 : 0);
        const auto inner = source.substr(innerStart, innerEnd - innerStart);
        if (second != '#')
            pieces.push_back({second == '{' ? TagKind::Output : TagKind::Statement, inner, line});
        line += int(std::count(source.begin() + std::ptrdiff_t(open), source.begin() + std::ptrdiff_t(close), '\n'));
        position = close + 2;
        stripNextText = stripRight;
    }
    return pieces;
}

std::pair<std::string, std::string> statementWords(const std::string &content)
{
    const auto start = content.find_first_not_of(" \t\n\r");
    if (start == std::string::npos)
        return {};
    auto end = start;
    while (end < content.size() && (std::isalnum(static_cast<unsigned char>(content[end])) || content[end] == '_'))
        ++end;
    return {content.substr(start, end - start), content.substr(end)};
}

class StatementParser {
public:
    explicit StatementParser(std::vector<Piece> pieces) : m_pieces(std::move(pieces)) {}

    std::vector<Node> parseDocument()
    {
        auto nodes = parseBlock();
        if (m_position < m_pieces.size())
            throw TemplateError("line " + std::to_string(m_pieces[m_position].line) + ": unexpected '{% "
                                + statementWords(m_pieces[m_position].content).first + " %}'");
        return nodes;
    }

private:
    // Parses until an elif/else/endif (left unconsumed) or the end.
    std::vector<Node> parseBlock()
    {
        std::vector<Node> nodes;
        while (m_position < m_pieces.size()) {
            const auto &piece = m_pieces[m_position];
            if (piece.kind == TagKind::Text) {
                nodes.emplace_back(Node::Kind::Text, piece.content);
                ++m_position;
            } else if (piece.kind == TagKind::Output) {
                Node output(Node::Kind::Output);
                output.expression = ExpressionParser(piece.content, piece.line).parseAll();
                nodes.push_back(std::move(output));
                ++m_position;
            } else {
                const auto [word, rest] = statementWords(piece.content);
                if (word == "elif" || word == "else" || word == "endif")
                    return nodes;
                if (word != "if")
                    throw TemplateError("line " + std::to_string(piece.line) + ": unsupported statement '" + word
                                        + "' (only if/elif/else/endif)");
                nodes.push_back(parseIf());
            }
        }
        return nodes;
    }

    Node parseIf()
    {
        Node node(Node::Kind::If);
        const int startLine = m_pieces[m_position].line;
        if (++m_ifDepth > kDeepestNesting)
            throw TemplateError("line " + std::to_string(startLine) + ": '{% if %}' nested deeper than "
                                + std::to_string(kDeepestNesting) + " levels");
        auto [word, rest] = statementWords(m_pieces[m_position].content);
        for (;;) {
            auto condition = ExpressionParser(rest, m_pieces[m_position].line).parseAll();
            ++m_position;
            node.branches.emplace_back(std::move(condition), parseBlock());
            if (m_position >= m_pieces.size())
                throw TemplateError("line " + std::to_string(startLine) + ": '{% if %}' without '{% endif %}'");
            std::tie(word, rest) = statementWords(m_pieces[m_position].content);
            if (word != "elif")
                break;
        }
        if (word == "else") {
            ++m_position;
            node.elseBody = parseBlock();
            if (m_position >= m_pieces.size())
                throw TemplateError("line " + std::to_string(startLine) + ": '{% if %}' without '{% endif %}'");
            std::tie(word, rest) = statementWords(m_pieces[m_position].content);
        }
        if (word != "endif")
            throw TemplateError("line " + std::to_string(m_pieces[m_position].line) + ": expected '{% endif %}'");
        ++m_position;
        --m_ifDepth;
        return node;
    }

    std::vector<Piece> m_pieces;
    std::size_t m_position = 0;
    int m_ifDepth = 0;
};

void renderNodes(const std::vector<Node> &nodes, const TemplateValue &context, std::string &out)
{
    for (const auto &node : nodes) {
        switch (node.kind) {
        case Node::Kind::Text:
            out += node.text;
            break;
        case Node::Kind::Output:
            out += evaluate(node.expression, context).str();
            break;
        case Node::Kind::If: {
            const std::vector<Node> *chosen = &node.elseBody;
            for (const auto &[condition, body] : node.branches) {
                if (evaluate(condition, context).truthy()) {
                    chosen = &body;
                    break;
                }
            }
            renderNodes(*chosen, context, out);
            break;
        }
        }
    }
}

} // namespace

PromptTemplate PromptTemplate::parse(std::string_view source)
{
    // Jinja's lexer normalises line endings to "\n" and, without keep_trailing_newline, drops one final one.
    std::string text;
    text.reserve(source.size());
    for (std::size_t i = 0; i < source.size(); ++i) {
        if (source[i] == '\r') {
            text += '\n';
            if (i + 1 < source.size() && source[i + 1] == '\n')
                ++i;
        } else {
            text += source[i];
        }
    }
    if (!text.empty() && text.back() == '\n')
        text.pop_back();
    PromptTemplate parsed;
    parsed.m_nodes = std::make_shared<const std::vector<Node>>(StatementParser(splitPieces(text)).parseDocument());
    return parsed;
}

std::string PromptTemplate::render(const TemplateValue &context) const
{
    std::string out;
    if (m_nodes)
        renderNodes(*m_nodes, context, out);
    return out;
}

} // namespace kfx::surrogate
