#pragma once

#include <string_view>
#include <vector>

namespace kfx {

// A range of bytes within one line, on token boundaries.
struct InlineRange {
    int start = 0;
    int length = 0;
};

// The line-by-line comparison of a reference kernel (left) with a candidate (right), for the side-by-side view:
// which lines changed on each side, which tokens (words, runs of spaces, single symbols) changed within lines
// that were edited rather than added or removed, and where a line of one side sits in the other, so the two
// panes scroll together.
// Lines are 0-based. The diff itself is the dtl library's (Debian's libdtl-dev).
class KernelDiff {
public:
    static KernelDiff compute(std::string_view left, std::string_view right);

    int leftLineCount() const { return int(m_leftToRight.size()); }
    int rightLineCount() const { return int(m_rightToLeft.size()); }
    bool leftChanged(int line) const;
    bool rightChanged(int line) const;
    const std::vector<InlineRange> &leftRanges(int line) const;
    const std::vector<InlineRange> &rightRanges(int line) const;
    // The line on the other side that corresponds to this one: its counterpart when the line is common or
    // edited, else the nearest line before it that has one (0 at the top).
    int rightLineFor(int leftLine) const;
    int leftLineFor(int rightLine) const;

    int addedLines() const { return m_added; }
    int removedLines() const { return m_removed; }

private:
    struct Side {
        std::vector<bool> changed;
        std::vector<std::vector<InlineRange>> ranges;
    };
    static int lookup(const std::vector<int> &map, int line);

    Side m_left, m_right;
    std::vector<int> m_leftToRight; // counterpart or -1
    std::vector<int> m_rightToLeft;
    int m_added = 0;
    int m_removed = 0;
};

// Splits text into lines without their line ends; a final line end does not start another line.
std::vector<std::string_view> splitLines(std::string_view text);

} // namespace kfx
