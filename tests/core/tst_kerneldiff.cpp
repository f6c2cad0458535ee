// The reference ↔ candidate comparison: changed lines on each side, in-line ranges of edited lines, and the
// line mapping that keeps the two panes scrolling together.

#include "compare/kerneldiff.h"

#include <QTest>

#include "testmain.h"

namespace tst_kerneldiff {
namespace {

using namespace kfx;

class TestKernelDiff : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void identicalKernels()
    {
        const auto diff = KernelDiff::compute("a\nb\nc\n", "a\nb\nc\n");
        QCOMPARE(diff.leftLineCount(), 3);
        QCOMPARE(diff.addedLines(), 0);
        QCOMPARE(diff.removedLines(), 0);
        for (int line = 0; line < 3; ++line) {
            QVERIFY(!diff.leftChanged(line));
            QCOMPARE(diff.rightLineFor(line), line);
        }
    }

    void editedLineHasInlineRanges()
    {
        const auto diff = KernelDiff::compute("x = 1\nBLOCK = 64\ny = 2\n", "x = 1\nBLOCK = 128\ny = 2\n");
        QVERIFY(diff.leftChanged(1));
        QVERIFY(diff.rightChanged(1));
        QVERIFY(!diff.leftChanged(0));
        // "64" became "128": the ranges cover only the digits, not the name.
        for (const auto &range : diff.leftRanges(1))
            QVERIFY(range.start >= 8);
        for (const auto &range : diff.rightRanges(1))
            QVERIFY(range.start >= 8);
        QVERIFY(!diff.rightRanges(1).empty());
        QCOMPARE(diff.rightLineFor(1), 1);
        QCOMPARE(diff.leftLineFor(2), 2);
    }

    // An edited comment: one mark over the word that changed, not one per differing letter ("thread" and "warp"
    // share an "r" and an "a", which a character diff leaves unmarked between marks).
    void editedCommentIsOneRange()
    {
        const auto diff = KernelDiff::compute("// one thread per row, three passes\nx;\n",
                                              "// one warp per row, three passes\nx;\n");
        QCOMPARE(diff.leftRanges(0).size(), std::size_t(1));
        QCOMPARE(diff.leftRanges(0)[0].start, 7);
        QCOMPARE(diff.leftRanges(0)[0].length, 6); // "thread"
        QCOMPARE(diff.rightRanges(0).size(), std::size_t(1));
        QCOMPARE(diff.rightRanges(0)[0].start, 7);
        QCOMPARE(diff.rightRanges(0)[0].length, 4); // "warp"
    }

    // Marks cover whole tokens: a renamed identifier is marked whole, although its tail is unchanged.
    void marksCoverWholeTokens()
    {
        const auto diff = KernelDiff::compute("s = blockSum(v);\n", "s = warpSum(v);\n");
        QCOMPARE(diff.leftRanges(0).size(), std::size_t(1));
        QCOMPARE(diff.leftRanges(0)[0].start, 4);
        QCOMPARE(diff.leftRanges(0)[0].length, 8);  // "blockSum"
        QCOMPARE(diff.rightRanges(0)[0].length, 7); // "warpSum"
    }

    // Operators are tokens too: "++c" becoming "c += 32" marks "++" and "+= 32", not a lone "+".
    void operatorsAreWholeTokens()
    {
        const auto diff = KernelDiff::compute("for (; c < n; ++c)\n", "for (; c < n; c += 32)\n");
        QCOMPARE(diff.leftRanges(0).size(), std::size_t(1));
        QCOMPARE(diff.leftRanges(0)[0].start, 14);
        QCOMPARE(diff.leftRanges(0)[0].length, 2); // "++"
        QCOMPARE(diff.rightRanges(0).size(), std::size_t(1));
        QCOMPARE(diff.rightRanges(0)[0].start, 16);
        QCOMPARE(diff.rightRanges(0)[0].length, 5); // "+= 32"
    }

    // Changed words with only spaces between them read as one phrase, so they get one mark.
    void changedWordsJoinAcrossSpaces()
    {
        const auto diff = KernelDiff::compute("# one thread per row\n", "# one warp for each row\n");
        QCOMPARE(diff.leftRanges(0).size(), std::size_t(1));
        QCOMPARE(diff.leftRanges(0)[0].start, 6);
        QCOMPARE(diff.leftRanges(0)[0].length, 10); // "thread per"
        QCOMPARE(diff.rightRanges(0).size(), std::size_t(1));
        QCOMPARE(diff.rightRanges(0)[0].length, 13); // "warp for each"
    }

    // Multi-byte UTF-8 stays whole inside a token, so a range never ends inside a character.
    void rangesKeepUtf8Whole()
    {
        const auto diff = KernelDiff::compute("// \xc2\xb5s per row\n", "// ns per row\n");
        QCOMPARE(diff.leftRanges(0).size(), std::size_t(1));
        QCOMPARE(diff.leftRanges(0)[0].start, 3);
        QCOMPARE(diff.leftRanges(0)[0].length, 3); // "µs" is three bytes
    }

    void insertedBlockShiftsTheMapping()
    {
        const auto diff = KernelDiff::compute("head\ntail\n", "head\n__syncthreads();\nwarp_reduce();\ntail\n");
        QCOMPARE(diff.addedLines(), 2);
        QCOMPARE(diff.removedLines(), 0);
        QVERIFY(diff.rightChanged(1) && diff.rightChanged(2));
        QVERIFY(diff.rightRanges(1).empty()); // a pure addition has no counterpart to compare characters with
        QCOMPARE(diff.rightLineFor(1), 3);    // "tail" moved down by the inserted block
        QCOMPARE(diff.leftLineFor(2), 0);     // an added line maps to the nearest common line above it
        QCOMPARE(diff.leftLineFor(3), 1);
    }

    void removedLines()
    {
        const auto diff = KernelDiff::compute("a\nslow_loop();\nb", "a\nb");
        QCOMPARE(diff.removedLines(), 1);
        QVERIFY(diff.leftChanged(1));
        QCOMPARE(diff.rightLineFor(2), 1);
        QCOMPARE(diff.leftLineCount(), 3); // no final newline: the last line still counts
    }

    void emptySides()
    {
        const auto diff = KernelDiff::compute("", "only\n");
        QCOMPARE(diff.leftLineCount(), 0);
        QCOMPARE(diff.addedLines(), 1);
        QCOMPARE(diff.leftLineFor(0), 0);
        QCOMPARE(diff.rightLineFor(5), 0);
    }
};

KFX_TEST_GUILESS_MAIN(TestKernelDiff)

} // namespace
} // namespace tst_kerneldiff

#include "tst_kerneldiff.moc"
