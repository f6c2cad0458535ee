#include "canonicalkernel.h"

#include "model/language.h"
#include "surrogate/searchpairs.h"

#include <algorithm>

namespace kfx::search {

namespace {

constexpr auto npos = std::string_view::npos;

// A comment the measurement reads (`// kfx-launch: {"grid": …}` is a kernel's launch configuration, often the
// only place a block size appears) is part of the kernel; the variant header is the one that is not.
bool isDirective(std::string_view comment)
{
    const auto text = comment.substr(std::min(comment.size(), comment.find_first_not_of(" \t")));
    return text.starts_with("kfx-") && !text.starts_with("kfx-variant:");
}

// The code with its comments taken out (a block comment leaves a blank, so that it still separates tokens) and
// its string literals and directives kept as written, since a `#` or `//` in a string is the kernel's text.
std::string withoutComments(std::string_view code, SourceSyntax syntax)
{
    if (syntax == SourceSyntax::Plain)
        return std::string(code);
    const bool python = syntax == SourceSyntax::Python;
    std::string out;
    out.reserve(code.size());
    std::size_t at = 0;
    while (at < code.size()) {
        const auto rest = code.substr(at);
        const char c = code[at];
        std::size_t stop = at + 1;
        if (python && (rest.starts_with(R"(""")") || rest.starts_with("'''"))) {
            const auto close = code.find(rest.substr(0, 3), at + 3);
            stop = close == npos ? code.size() : close + 3;
        } else if (c == '"' || c == '\'') {
            // A literal ends at its closing quote, or at the line's end when it is not closed.
            stop = at + 1;
            while (stop < code.size() && code[stop] != c && code[stop] != '\n')
                stop += code[stop] == '\\' ? 2 : 1;
            stop = std::min(code.size(), stop + 1);
        } else if (python ? c == '#' : rest.starts_with("//")) {
            const auto end = std::min(code.size(), code.find('\n', at));
            if (!isDirective(code.substr(at, end - at).substr(python ? 1 : 2))) {
                at = end;
                continue;
            }
            stop = end;
        } else if (!python && rest.starts_with("/*")) {
            const auto close = code.find("*/", at + 2);
            at = close == npos ? code.size() : close + 2;
            out += ' ';
            continue;
        }
        out.append(code.substr(at, stop - at));
        at = stop;
    }
    return out;
}

bool isBlank(char c)
{
    return c == ' ' || c == '\t' || c == '\r';
}

} // namespace

std::uint64_t CanonicalKernel::hash() const
{
    std::uint64_t h = 14695981039346656037ull;
    auto mix = [&h](unsigned char byte) {
        h ^= byte;
        h *= 1099511628211ull;
    };
    for (char c : task)
        mix(static_cast<unsigned char>(c));
    mix(0); // so that no task and code pair reads as another split differently
    for (char c : code)
        mix(static_cast<unsigned char>(c));
    return h;
}

std::string canonicalKernelCode(std::string_view code)
{
    const auto body = surrogate::kernelWithoutVariantHeader(code);
    const auto syntax = detectSourceSyntax(body, detectKernelLanguage(body));
    const auto text = withoutComments(body, syntax);
    std::string out;
    out.reserve(text.size());
    std::size_t start = 0;
    while (start < text.size()) {
        auto end = std::min(text.size(), text.find('\n', start));
        const std::string_view line(text.data() + start, end - start);
        start = end + 1;
        auto first = std::ranges::find_if_not(line, isBlank) - line.begin();
        if (std::size_t(first) == line.size())
            continue;
        if (syntax == SourceSyntax::Python)
            out.append(line.substr(0, std::size_t(first)));
        bool blank = false;
        for (char c : line.substr(std::size_t(first))) {
            if (isBlank(c)) {
                blank = true;
                continue;
            }
            if (blank)
                out += ' ';
            blank = false;
            out += c;
        }
        out += '\n';
    }
    return out;
}

bool isIdentifierChar(char c)
{
    return std::isalnum(static_cast<unsigned char>(c)) || c == '_';
}

CanonicalKernel canonicalKernel(std::string_view task, std::string_view code)
{
    return {std::string(task), canonicalKernelCode(code)};
}

} // namespace kfx::search
