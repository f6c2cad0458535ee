#include "kerneldiff.h"

#include <dtl/dtl.hpp>

#include <algorithm>
#include <cctype>

namespace kfx {

std::vector<std::string_view> splitLines(std::string_view text)
{
    std::vector<std::string_view> lines;
    std::size_t start = 0;
    while (start < text.size()) {
        const auto end = text.find('\n', start);
        if (end == std::string_view::npos) {
            lines.push_back(text.substr(start));
            break;
        }
        lines.push_back(text.substr(start, end - start));
        start = end + 1;
    }
    return lines;
}

namespace {

// Letters, digits, '_' and every byte of a multi-byte UTF-8 character: the bytes a word is made of.
bool isWordByte(char byte)
{
    const auto value = static_cast<unsigned char>(byte);
    return std::isalnum(value) || byte == '_' || value >= 0x80;
}

bool isSpace(char byte)
{
    return byte == ' ' || byte == '\t' || byte == '\r';
}

// The characters C++ and Python operators are made of: "++", "+=" and "->" are one token each.
bool isOperatorByte(char byte)
{
    return std::string_view("+-*/%=<>!&|^~").find(byte) != std::string_view::npos;
}

// A line as tokens: runs of word bytes, of spaces and of operator characters, and every other character on its
// own. Diffing tokens rather than characters marks a changed word whole instead of the letters two words happen
// not to share.
std::vector<std::string_view> tokens(std::string_view line)
{
    std::vector<std::string_view> result;
    std::size_t start = 0;
    while (start < line.size()) {
        std::size_t end = start + 1;
        for (const auto sameKind : {isWordByte, isSpace, isOperatorByte}) {
            if (sameKind(line[start])) {
                while (end < line.size() && sameKind(line[end]))
                    ++end;
                break;
            }
        }
        result.push_back(line.substr(start, end - start));
        start = end;
    }
    return result;
}

// Adds a changed token to a line's ranges. Changes with nothing but spaces between them read as one phrase and
// get one range; spaces alone get none (the line's own mark shows a change of indentation).
void mark(std::vector<InlineRange> &ranges, std::string_view line, std::string_view token)
{
    if (isSpace(token.front()))
        return;
    const int start = int(token.data() - line.data());
    const int end = start + int(token.size());
    if (!ranges.empty()) {
        auto &last = ranges.back();
        const auto gap = line.substr(std::size_t(last.start + last.length),
                                     std::size_t(start - last.start - last.length));
        if (std::all_of(gap.begin(), gap.end(), isSpace)) {
            last.length = end - last.start;
            return;
        }
    }
    ranges.push_back({start, end - start});
}

// The changed tokens of an edited line pair, as ranges on each side.
void inlineRanges(std::string_view left, std::string_view right, std::vector<InlineRange> &leftRanges,
                  std::vector<InlineRange> &rightRanges)
{
    const auto leftTokens = tokens(left);
    const auto rightTokens = tokens(right);
    dtl::Diff<std::string_view, std::vector<std::string_view>> diff(leftTokens, rightTokens);
    diff.compose();
    for (const auto &[token, info] : diff.getSes().getSequence()) {
        if (info.type == dtl::SES_DELETE)
            mark(leftRanges, left, leftTokens[std::size_t(info.beforeIdx - 1)]);
        else if (info.type == dtl::SES_ADD)
            mark(rightRanges, right, rightTokens[std::size_t(info.afterIdx - 1)]);
    }
}

} // namespace

KernelDiff KernelDiff::compute(std::string_view left, std::string_view right)
{
    const auto leftLines = splitLines(left);
    const auto rightLines = splitLines(right);
    KernelDiff result;
    result.m_leftToRight.assign(leftLines.size(), -1);
    result.m_rightToLeft.assign(rightLines.size(), -1);
    result.m_left = {std::vector<bool>(leftLines.size(), false),
                     std::vector<std::vector<InlineRange>>(leftLines.size())};
    result.m_right = {std::vector<bool>(rightLines.size(), false),
                      std::vector<std::vector<InlineRange>>(rightLines.size())};

    dtl::Diff<std::string_view, std::vector<std::string_view>> diff(leftLines, rightLines);
    diff.compose();
    // Deleted and added lines between two common lines form a hunk; the i-th deleted line of a hunk is paired
    // with its i-th added line as an edit, the rest are pure removals or additions.
    std::vector<int> deleted, added;
    auto closeHunk = [&] {
        const std::size_t edits = std::min(deleted.size(), added.size());
        for (std::size_t i = 0; i < edits; ++i) {
            const int l = deleted[i];
            const int r = added[i];
            result.m_leftToRight[std::size_t(l)] = r;
            result.m_rightToLeft[std::size_t(r)] = l;
            inlineRanges(leftLines[std::size_t(l)], rightLines[std::size_t(r)], result.m_left.ranges[std::size_t(l)],
                         result.m_right.ranges[std::size_t(r)]);
        }
        deleted.clear();
        added.clear();
    };
    for (const auto &[line, info] : diff.getSes().getSequence()) {
        const int l = int(info.beforeIdx) - 1;
        const int r = int(info.afterIdx) - 1;
        switch (info.type) {
        case dtl::SES_COMMON:
            closeHunk();
            result.m_leftToRight[std::size_t(l)] = r;
            result.m_rightToLeft[std::size_t(r)] = l;
            break;
        case dtl::SES_DELETE:
            deleted.push_back(l);
            result.m_left.changed[std::size_t(l)] = true;
            ++result.m_removed;
            break;
        case dtl::SES_ADD:
            added.push_back(r);
            result.m_right.changed[std::size_t(r)] = true;
            ++result.m_added;
            break;
        }
    }
    closeHunk();
    return result;
}

bool KernelDiff::leftChanged(int line) const
{
    return line >= 0 && line < leftLineCount() && m_left.changed[std::size_t(line)];
}

bool KernelDiff::rightChanged(int line) const
{
    return line >= 0 && line < rightLineCount() && m_right.changed[std::size_t(line)];
}

const std::vector<InlineRange> &KernelDiff::leftRanges(int line) const
{
    static const std::vector<InlineRange> none;
    return line >= 0 && line < leftLineCount() ? m_left.ranges[std::size_t(line)] : none;
}

const std::vector<InlineRange> &KernelDiff::rightRanges(int line) const
{
    static const std::vector<InlineRange> none;
    return line >= 0 && line < rightLineCount() ? m_right.ranges[std::size_t(line)] : none;
}

int KernelDiff::lookup(const std::vector<int> &map, int line)
{
    for (int at = std::min(line, int(map.size()) - 1); at >= 0; --at) {
        if (map[std::size_t(at)] >= 0)
            return map[std::size_t(at)];
    }
    return 0;
}

int KernelDiff::rightLineFor(int leftLine) const
{
    return lookup(m_leftToRight, leftLine);
}

int KernelDiff::leftLineFor(int rightLine) const
{
    return lookup(m_rightToLeft, rightLine);
}

} // namespace kfx
