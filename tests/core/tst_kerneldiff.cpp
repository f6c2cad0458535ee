// The reference ↔ candidate comparison: changed lines on each side, in-line ranges of edited lines, and the
// line mapping that keeps the two panes scrolling together.

#include "compare/kerneldiff.h"

#include <QTest>

using namespace kfx;

class TestKernelDiff : public QObject
{
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

QTEST_GUILESS_MAIN(TestKernelDiff)
#include "tst_kerneldiff.moc"
