#include "language.h"

#include <algorithm>
#include <cstring>

namespace kfx {

namespace {
bool containsAny(std::string_view text, std::initializer_list<std::string_view> needles)
{
    // memmem, not string_view::find, which stops at every occurrence of a needle's first letter, here mostly common
    // ones ('i', 'f', 't', '_'): over the 80,000 kernels of issue 23's 1 GB log, 0.27 s against 0.42 s.
    for (auto needle : needles) {
        if (memmem(text.data(), text.size(), needle.data(), needle.size()))
            return true;
    }
    return false;
}

bool startsWithAny(std::string_view text, std::initializer_list<std::string_view> prefixes)
{
    for (auto prefix : prefixes) {
        if (text.substr(0, prefix.size()) == prefix)
            return true;
    }
    return false;
}

std::string_view trimmed(std::string_view line)
{
    const auto first = line.find_first_not_of(" \t\r");
    if (first == std::string_view::npos)
        return {};
    return line.substr(first, line.find_last_not_of(" \t\r") - first + 1);
}

bool isPreprocessorLine(std::string_view line)
{
    return startsWithAny(
        line, {"#include", "#define", "#pragma", "#if", "#endif", "#else", "#elif", "#undef", "#error", "#line"});
}

// Which way one line (outside strings, trimmed) leans: +1 Python, -1 C++, 0 neither.
int syntaxEvidence(std::string_view line)
{
    if (line.empty())
        return 0;
    if (line.front() == '#')
        return isPreprocessorLine(line) ? -1 : 1;
    if (startsWithAny(line, {"import ", "def ", "async def ", "@"})
        || (line.substr(0, 5) == "from " && line.find(" import ") != std::string_view::npos))
        return 1;
    if (startsWithAny(line, {"//", "/*"}) || containsAny(line, {"__global__", "__device__"}))
        return -1;
    const char last = line.back();
    return last == '{' || last == '}' || last == ';' ? -1 : 0;
}

// Python's triple-quoted strings, followed line by line: the part of a line that is code, outside them.
class TripleQuoteScanner {
public:
    std::string_view outside(std::string_view line)
    {
        const bool startsInside = !m_delimiter.empty();
        auto firstOpening = std::string_view::npos;
        std::size_t at = 0;
        while (at < line.size()) {
            if (m_delimiter.empty()) {
                const auto open = std::min(line.find(R"(""")", at), line.find("'''", at));
                if (open == std::string_view::npos)
                    break;
                firstOpening = std::min(firstOpening, open);
                m_delimiter = line.substr(open, 3);
                at = open + 3;
            } else {
                const auto close = line.find(m_delimiter, at);
                if (close == std::string_view::npos)
                    break;
                m_delimiter = {};
                at = close + 3;
            }
        }
        return startsInside ? std::string_view{} : line.substr(0, firstOpening);
    }

private:
    std::string_view m_delimiter; // the quotes that opened the string we are in; empty outside strings
};

SourceSyntax syntaxOfLabel(KernelLanguage label)
{
    switch (label) {
    case KernelLanguage::CudaCpp:
        return SourceSyntax::Cpp;
    case KernelLanguage::Triton:
    case KernelLanguage::PyTorch:
        return SourceSyntax::Python;
    case KernelLanguage::Other:
        break;
    }
    return SourceSyntax::Plain;
}

} // namespace

KernelLanguage detectKernelLanguage(std::string_view code)
{
    if (containsAny(code, {"@triton.jit", "import triton", "from triton"}))
        return KernelLanguage::Triton;
    if (containsAny(code, {"__global__", "#include <cuda", "load_inline(", "cpp_extension"}))
        return KernelLanguage::CudaCpp;
    if (containsAny(code, {"import torch", "from torch", "torch."}))
        return KernelLanguage::PyTorch;
    return KernelLanguage::Other;
}

std::string_view kernelLanguageName(KernelLanguage language)
{
    switch (language) {
    case KernelLanguage::CudaCpp:
        return "CUDA C++";
    case KernelLanguage::Triton:
        return "Triton";
    case KernelLanguage::PyTorch:
        return "PyTorch";
    case KernelLanguage::Other:
        break;
    }
    return "Other";
}

SourceSyntax detectSourceSyntax(std::string_view code, KernelLanguage label)
{
    int balance = 0; // Python lines minus C++ lines
    TripleQuoteScanner strings;
    std::size_t start = 0;
    while (start < code.size()) {
        auto end = code.find('\n', start);
        if (end == std::string_view::npos)
            end = code.size();
        const auto line = code.substr(start, end - start);
        const auto statement = trimmed(strings.outside(line));
        // Only Python has triple quotes: a line that uses them says so, whatever the string holds.
        const bool quotes = line.find(R"(""")") != std::string_view::npos || line.find("'''") != std::string_view::npos;
        balance += quotes ? 1 : syntaxEvidence(statement);
        start = end + 1;
    }
    if (balance > 0)
        return SourceSyntax::Python;
    if (balance < 0)
        return SourceSyntax::Cpp;
    return syntaxOfLabel(label);
}

} // namespace kfx
