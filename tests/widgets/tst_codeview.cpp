// The code panes: replacing highlighted code while re-highlights are still queued, highlighting
// picked from what the code is rather than from its label, and the comparison's diff marks in both themes
// (screenshots left in the working directory to look at).

#include "comparison/codeview.h"
#include "comparison/comparisonview.h"
#include "mainwindow.h"

#include "guitest.h"
#include "testpopulation.h"

#include <QAction>
#include <QApplication>
#include <QDir>
#include <QFile>
#include <QMetaType>
#include <QSignalSpy>
#include <QSyntaxHighlighter>
#include <QTemporaryDir>
#include <QTest>
#include <QTextBlock>
#include <QTextLayout>
#include <QTranslator>

#include <algorithm>
#include <cmath>

#include "testmain.h"

Q_DECLARE_METATYPE(kfx::KernelLanguage)

namespace tst_codeview {
namespace {

using namespace kfxtest;

namespace {

// Nested braces: every line changes the highlighter's state, so re-highlighting any of them queues the next.
QString nestedCpp(int depth)
{
    QString code = QStringLiteral("__global__ void k(float *x)\n");
    for (int level = 0; level < depth; ++level)
        code += QString(level * 4, QLatin1Char(' ')) + QStringLiteral("{ if (x[%1] > 0) {\n").arg(level);
    for (int level = depth - 1; level >= 0; --level)
        code += QString(level * 4, QLatin1Char(' ')) + QStringLiteral("} }\n");
    return code;
}

// A GPU MODE candidate: Python around CUDA C++ built with load_inline, with `#` comments outside the string.
constexpr auto kLoadInlineKernel = R"(# Softmax over rows, one warp per row.
import torch
from torch.utils.cpp_extension import load_inline

# The CUDA source, compiled once at import.
cuda_source = """
#include <cuda_runtime.h>
__global__ void softmax(const float *x, float *y, int cols) { y[threadIdx.x] = x[threadIdx.x]; }
"""

module = load_inline(name="softmax", cpp_sources="", cuda_sources=cuda_source)


def custom_kernel(data):
    # Launch on the current stream.
    return module.softmax(data)
)";

// Counts the queued calls (QEvent::MetaCall) that reach the objects it watches.
class QueuedCallCounter : public QObject {
public:
    void watch(const QList<QSyntaxHighlighter *> &highlighters)
    {
        for (auto *highlighter : highlighters)
            highlighter->installEventFilter(this);
    }
    int calls = 0;

protected:
    bool eventFilter(QObject *, QEvent *event) override
    {
        if (event->type() == QEvent::MetaCall)
            ++calls;
        return false;
    }
};

constexpr auto kSeedRowNorm = R"(// Layer norm, the seed: one thread per row, three passes (mean, variance, normalise).
extern "C" __global__ void layer_norm(const float *x, float *y, int rows, int cols)
{
    const int row = blockIdx.x * blockDim.x + threadIdx.x;
    if (row >= rows)
        return;
    float sum = 0.0f;
    for (int c = 0; c < cols; ++c)
        sum += x[row * cols + c];
    const float mean = sum / cols;
    for (int c = 0; c < cols; ++c)
        y[row * cols + c] = x[row * cols + c] - mean;
}
)";

constexpr auto kWarpRowNorm = R"(// Layer norm: one warp per row, three passes (mean, variance, normalise).
extern "C" __global__ void layer_norm(const float *x, float *y, int rows, int cols)
{
    const int row = blockIdx.x * (blockDim.x / 32) + threadIdx.x / 32;
    if (row >= rows)
        return;
    float sum = 0.0f;
    for (int c = threadIdx.x % 32; c < cols; c += 32)
        sum += x[row * cols + c];
    sum = warpSum(sum);
    const float mean = sum / cols;
    for (int c = 0; c < cols; ++c)
        y[row * cols + c] = x[row * cols + c] - mean;
}
)";

// WCAG's contrast ratio of two colours, 1 (none) to 21 (black on white).
double contrast(const QColor &a, const QColor &b)
{
    auto luminance = [](const QColor &colour) {
        auto channel = [](double value) {
            return value <= 0.03928 ? value / 12.92 : std::pow((value + 0.055) / 1.055, 2.4);
        };
        return 0.2126 * channel(colour.redF()) + 0.7152 * channel(colour.greenF()) + 0.0722 * channel(colour.blueF());
    };
    const double first = luminance(a);
    const double second = luminance(b);
    return (std::max(first, second) + 0.05) / (std::min(first, second) + 0.05);
}

// Every mark of a pane leaves its text readable: at least WCAG AA's 4.5:1 against the pane's text colour.
void verifyMarksReadable(const CodeView &view)
{
    const auto text = view.palette().color(QPalette::Text);
    QVERIFY(!view.extraSelections().isEmpty());
    for (const auto &selection : view.extraSelections()) {
        const auto background = selection.format.background().color();
        QVERIFY2(contrast(text, background) >= 4.5,
                 qPrintable(QStringLiteral("%1 on %2").arg(text.name(), background.name())));
    }
}

bool anyUnderlined(const QTextBlock &block)
{
    const auto formats = block.layout()->formats();
    return std::any_of(formats.begin(), formats.end(),
                       [](const QTextLayout::FormatRange &range) { return range.format.fontUnderline(); });
}

} // namespace

class TestCodeView : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase() { QVERIFY(guitest::setUpApplication(m_translator)); }

    // The re-highlights KSyntaxHighlighting queued for the old text are dropped with it: delivered later, they
    // read freed blocks (the segfault in QTextBlock::position, or a loop at full CPU, of issue 11).
    void replacedCodeLeavesNoQueuedRehighlight_data()
    {
        QTest::addColumn<bool>("themeChange");
        QTest::newRow("language changes") << false;
        QTest::newRow("theme changed first") << true;
    }
    void replacedCodeLeavesNoQueuedRehighlight()
    {
        QFETCH(bool, themeChange);
        CodeView view;
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        view.setCode(nestedCpp(60), kfx::KernelLanguage::CudaCpp);
        QCoreApplication::processEvents();

        QueuedCallCounter counter;
        counter.watch(view.findChildren<QSyntaxHighlighter *>());
        if (themeChange)
            view.setPalette(guitest::darkPalette()); // re-highlights every line of the old text
        view.setCode(QStringLiteral("import torch\n"), kfx::KernelLanguage::PyTorch);
        QCoreApplication::processEvents();
        QCOMPARE(counter.calls, 0);
        QCOMPARE(view.toPlainText(), QStringLiteral("import torch\n"));
    }

    // A theme change re-highlights line after line through queued calls; they come to an end.
    void rehighlightSettles()
    {
        CodeView view;
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        view.setCode(nestedCpp(60), kfx::KernelLanguage::CudaCpp);
        QCoreApplication::processEvents();
        QueuedCallCounter counter;
        counter.watch(view.findChildren<QSyntaxHighlighter *>());
        view.setPalette(guitest::darkPalette());
        int before = -1;
        for (int round = 0; round < 1000 && counter.calls != before; ++round) {
            before = counter.calls;
            QCoreApplication::processEvents();
        }
        QCOMPARE(counter.calls, before);
        QVERIFY(counter.calls <= view.blockCount());
    }

    // Select a node, another, and back with the event loop running in between, as in the crash's report, with
    // every reference; ASan watches.
    void switchingNodesBackAndForth()
    {
        ComparisonView view;
        view.resize(900, 500);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        const std::shared_ptr<const kfx::Population> population = makePopulation();
        const auto fast = population->find(kFastId).value();
        const auto triton = population->find(kTritonId).value();
        for (const auto reference : {ComparisonView::Reference::Search, ComparisonView::Reference::Parent,
                                     ComparisonView::Reference::Search}) {
            view.setReference(reference);
            for (const auto node : {fast, triton, fast, triton}) {
                view.showNode(population, node);
                QCoreApplication::processEvents();
                view.setPalette(view.palette().color(QPalette::Base).lightness() < 128 ? QApplication::palette()
                                                                                       : guitest::darkPalette());
            }
        }
        QCOMPARE(view.candidateView()->toPlainText(), QString::fromUtf8(kTritonCode));
    }

    void highlightingFollowsTheCode_data()
    {
        QTest::addColumn<QString>("code");
        QTest::addColumn<kfx::KernelLanguage>("label");
        QTest::addColumn<QString>("definition");
        QTest::newRow("load_inline labelled CUDA C++")
            << QString::fromUtf8(kLoadInlineKernel) << kfx::KernelLanguage::CudaCpp << QStringLiteral("Python");
        QTest::newRow("Triton labelled CUDA C++")
            << QString::fromUtf8(kTritonCode) << kfx::KernelLanguage::CudaCpp << QStringLiteral("Python");
        QTest::newRow("CUDA labelled PyTorch")
            << QStringLiteral("#include <cuda_fp16.h>\n// one warp per row\n#pragma once\n__global__ void k()\n{\n}\n")
            << kfx::KernelLanguage::PyTorch << QStringLiteral("C++");
        QTest::newRow("ambiguous, labelled Triton")
            << QStringLiteral("x = y\n") << kfx::KernelLanguage::Triton << QStringLiteral("Python");
        QTest::newRow("ambiguous, labelled CUDA C++")
            << QStringLiteral("x = y\n") << kfx::KernelLanguage::CudaCpp << QStringLiteral("C++");
        QTest::newRow("ambiguous, no label") << QStringLiteral("x = y\n") << kfx::KernelLanguage::Other << QString();
    }
    void highlightingFollowsTheCode()
    {
        QFETCH(QString, code);
        QFETCH(kfx::KernelLanguage, label);
        QFETCH(QString, definition);
        CodeView view;
        view.setCode(code, label);
        QCOMPARE(view.definitionInUse(), definition);
    }

    // What the user saw: a Python kernel labelled CUDA C++ had every `#` comment underlined as a bad directive.
    void pythonCommentsAreNotErrors()
    {
        CodeView view;
        view.setCode(QString::fromUtf8(kLoadInlineKernel), kfx::KernelLanguage::CudaCpp);
        int comments = 0;
        for (auto block = view.document()->begin(); block.isValid(); block = block.next()) {
            if (!block.text().trimmed().startsWith(QLatin1String("# ")))
                continue;
            ++comments;
            QVERIFY2(!anyUnderlined(block), qPrintable(block.text()));
        }
        QCOMPARE(comments, 3);
    }

    // The task's own reference (tasks/<task>/reference.cu, what the speedups are measured against) on the left,
    // beside the search's seed, which is a different kernel.
    void comparesWithTheTaskReference()
    {
        QTemporaryDir directory;
        QVERIFY(directory.isValid());
        QFile manifest(directory.filePath(QStringLiteral("task.json")));
        QVERIFY(manifest.open(QIODevice::WriteOnly));
        manifest.write(R"json({"format": "kfx-task/1", "name": "scale", "reference": "reference.cu",
            "entry_point": "scale", "launch": {"grid": ["cdiv(n, 256)"], "block": [256]}, "cases": [{"n": 1024}],
            "parameters": [{"name": "x", "kind": "input", "elements": "n",
                            "init": {"distribution": "normal", "mean": 0, "stddev": 1}},
                           {"name": "y", "kind": "output", "elements": "n"}, {"name": "n", "kind": "int"}],
            "tolerance": {"atol": 1e-5, "rtol": 1e-5}})json");
        manifest.close();
        const auto referenceCode = QStringLiteral(
            "extern \"C\" __global__ void scale(const float *x, float *y, int n)\n{\n}\n");
        QFile reference(directory.filePath(QStringLiteral("reference.cu")));
        QVERIFY(reference.open(QIODevice::WriteOnly));
        reference.write(referenceCode.toUtf8());
        reference.close();

        ComparisonView view;
        const std::shared_ptr<const kfx::Population> population = makePopulation();
        view.showNode(population, population->find(kFastId).value());
        view.setReference(ComparisonView::Reference::Task);
        // No task directory yet: the pane says where the reference is looked for.
        QVERIFY(view.referenceView()->toPlainText().isEmpty());
        QVERIFY(view.referenceView()->placeholderText().contains(QLatin1String("reference")));

        view.setTaskDirectory(directory.path());
        QCOMPARE(view.referenceView()->toPlainText(), referenceCode);
        QVERIFY(view.referenceTitle().contains(QLatin1String("reference.cu")));
        QCOMPARE(view.candidateView()->toPlainText(), QString::fromUtf8(kFastCode));

        // The seed is another kernel; the choice goes back to it.
        view.setReference(ComparisonView::Reference::Search);
        QCOMPARE(view.referenceView()->toPlainText(), QString::fromUtf8(kSeedCode));

        // A broken task names its file and the problem instead of showing stale code.
        QVERIFY(manifest.open(QIODevice::WriteOnly));
        manifest.write("{");
        manifest.close();
        view.setTaskDirectory(directory.path());
        view.setReference(ComparisonView::Reference::Task);
        QVERIFY(view.referenceView()->toPlainText().isEmpty());
        QVERIFY2(view.referenceView()->placeholderText().contains(QLatin1String("task.json")),
                 qPrintable(view.referenceView()->placeholderText()));
    }

    // The same from the window, on the bundled demo: Ctrl+4 puts tasks/layer_norm/reference.cu on the left.
    void windowComparesWithTheTaskReference()
    {
        const QDir demo(QStringLiteral(KFX_DEMO_DIR));
        MainWindow window;
        QSignalSpy finished(&window, &MainWindow::loadingFinished);
        window.openFiles({demo.filePath(QStringLiteral("layer_norm-search.jsonl"))});
        QVERIFY(finished.wait(60000));
        auto *action = window.action(QStringLiteral("referenceTask"));
        QVERIFY(action);
        QCOMPARE(action->shortcut(), QKeySequence(QStringLiteral("Ctrl+4")));
        action->trigger();
        QFile reference(demo.filePath(QStringLiteral("tasks/layer_norm/reference.cu")));
        QVERIFY(reference.open(QIODevice::ReadOnly));
        QCOMPARE(window.comparisonView()->referenceView()->toPlainText(), QString::fromUtf8(reference.readAll()));
        QVERIFY(!window.comparisonView()->candidateView()->toPlainText().isEmpty());

        // As on a small laptop, in both themes: screenshots to look at.
        window.resize(1366, 768);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        const auto lightPalette = QApplication::palette();
        for (const auto &[palette, name] : {std::pair{lightPalette, QStringLiteral("light")},
                                            std::pair{guitest::darkPalette(), QStringLiteral("dark")}}) {
            QApplication::setPalette(palette);
            QCoreApplication::processEvents();
            QVERIFY(window.grab().save(QStringLiteral("window-task-reference-%1.png").arg(name)));
        }
        QApplication::setPalette(lightPalette);
    }

    // The comparison as a user sees it, in both themes: screenshots to look at, and marks that keep text readable.
    void comparisonScreenshots()
    {
        kfx::ComparisonPair pair;
        pair.id = "layer_norm-warp";
        pair.referenceCode = kSeedRowNorm;
        pair.candidateCode = kWarpRowNorm;
        pair.speedup = 3.2;
        ComparisonView view;
        view.resize(1100, 330);
        view.showPair(pair);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));

        // The edited comment has one mark on each side, over the words that changed.
        const auto &comment = view.candidateView()->changeMarks().front();
        QCOMPARE(comment.line, 0);
        QCOMPARE(comment.ranges.size(), std::size_t(1));

        for (const auto &[palette, name] : {std::pair{QApplication::palette(), QStringLiteral("light")},
                                            std::pair{guitest::darkPalette(), QStringLiteral("dark")}}) {
            view.setPalette(palette);
            QCoreApplication::processEvents();
            verifyMarksReadable(*view.referenceView());
            verifyMarksReadable(*view.candidateView());
            QVERIFY(view.grab().save(QStringLiteral("comparison-%1.png").arg(name)));
        }
    }

private:
    QTranslator m_translator;
};

KFX_TEST_MAIN(TestCodeView)

} // namespace
} // namespace tst_codeview

#include "tst_codeview.moc"
