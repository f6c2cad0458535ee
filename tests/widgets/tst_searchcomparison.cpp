// The figures the demo puts a selective search and its baseline side by side on (widgets/search/searchcomparison):
// standings per GPU evaluation on a hand-built search whose answers are counted here, live rewards replacing
// the recorded ones, pairing logs by name, and a kernel's name. On the H100 corpus, the best kernel the comparison
// names is the one the status bar's "best measured" and Alt+End name (issue 23: one "best").

#include "search/searchcomparison.h"

#include "corpusarchive.h"
#include "io/fileloader.h"
#include "search/searchdriver.h"

#include <QDir>
#include <QTemporaryDir>
#include <QTest>

#include "testmain.h"

namespace tst_searchcomparison {
namespace {

namespace {

using kfx::KernelNode;
using kfx::NodeStatus;

// The node's code is `kernel <body>` under its own kfx-variant header: nodes of one body are one kernel.
std::size_t addNode(kfx::Population &population, const std::string &id, NodeStatus status, int step,
                    std::optional<double> reward, bool measured, const std::string &body = {})
{
    KernelNode node;
    node.id = id;
    node.status = status;
    node.step = step;
    node.code = "// kfx-variant: " + id + "\nkernel " + (body.empty() ? id : body);
    if (measured && reward) {
        kfx::EvaluationOutcome outcome;
        outcome.kind = kfx::OutcomeKind::Success;
        outcome.reward = reward;
        node.evaluation = outcome;
    }
    if (measured && !reward)
        node.failureStage = kfx::FailureStage::Evaluation;
    const auto index = population.add(std::move(node));
    if (status != NodeStatus::Seed)
        population.setParent(index, 0);
    return index;
}

} // namespace

class TestSearchComparison : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void standingsPerEvaluation()
    {
        // Seed 0.5; step 0 makes three candidates and measures one (0.8); step 1 makes two and measures both (a
        // failure, then 0.9), and draws step 0's "b" again under another header, which is no new candidate.
        kfx::Population population;
        addNode(population, "seed", NodeStatus::Seed, -1, 0.5, true);
        const auto first = addNode(population, "a", NodeStatus::Evaluated, 0, 0.8, true);
        addNode(population, "b", NodeStatus::Deferred, 0, std::nullopt, false);
        addNode(population, "c", NodeStatus::Deferred, 0, std::nullopt, false);
        addNode(population, "d", NodeStatus::Failed, 1, std::nullopt, true);
        const auto best = addNode(population, "e", NodeStatus::Evaluated, 1, 0.9, true);
        addNode(population, "b-again", NodeStatus::Deferred, 1, std::nullopt, false, "b");

        QCOMPARE(searchcomparison::measuredNodes(population), (std::vector<std::size_t>{first, 4, best}));
        const auto figures = searchcomparison::figuresOf(population);
        QCOMPARE(figures.standings.size(), std::size_t(4));
        QCOMPARE(figures.standings[0].best, 0.5);
        QCOMPARE(figures.standings[0].bestNode, std::size_t(0));
        QCOMPARE(figures.standings[0].candidates, 0);
        QCOMPARE(figures.standings[1].best, 0.8);
        QCOMPARE(figures.standings[1].bestNode, first);
        QCOMPARE(figures.standings[1].candidates, 3);
        QCOMPARE(figures.standings[2].best, 0.8);
        QCOMPARE(figures.standings[2].candidates, 5);
        QCOMPARE(figures.final().evaluations, 3);
        QCOMPARE(figures.final().best, 0.9);
        QCOMPARE(figures.final().bestNode, best);
        // Past the end, the last standing; before the start, the seed's.
        QCOMPARE(figures.at(99).evaluations, 3);
        QCOMPARE(figures.at(-1).evaluations, 0);

        // Measured again: two results so far, neither beating the seed.
        const std::vector<std::optional<double>> live{0.4, std::nullopt};
        const auto measuredAgain = searchcomparison::figuresOf(population, &live);
        QCOMPARE(measuredAgain.final().evaluations, 2);
        QCOMPARE(measuredAgain.final().best, 0.5);
        QCOMPARE(measuredAgain.final().bestNode, std::size_t(0));
    }

    // Every log of the corpus: the comparison's last standing names the kernel bestMeasuredNode names. Some of them
    // measured a kernel faster than any the archive admitted, so "archive best" is a figure of its own.
    void theComparisonsBestIsTheBestMeasured()
    {
        QTemporaryDir dir;
        const auto unpacked = corpusarchive::unpack(QStringLiteral(KFX_CORPUS_ARCHIVE), dir.path());
        QVERIFY2(unpacked.isEmpty(), qPrintable(unpacked));
        int logs = 0;
        int archiveDiffers = 0;
        for (const auto &name : QDir(dir.path()).entryList({QStringLiteral("*.jsonl")})) {
            const auto loaded = kfx::loadFile(QDir(dir.path()).filePath(name).toStdString());
            QVERIFY2(loaded.population, qPrintable(name));
            const auto &population = *loaded.population;
            const auto best = kfx::search::bestMeasuredNode(population);
            QVERIFY2(best, qPrintable(name));
            const auto final = searchcomparison::figuresOf(population).final();
            QVERIFY2(final.bestNode == *best, qPrintable(name));
            QCOMPARE(final.best, *population.node(*best).reward());
            archiveDiffers += int(population.bestArchiveNode() != best);
            ++logs;
        }
        QVERIFY(logs >= 30);
        QVERIFY(archiveDiffers > 0);
    }

    void pairsByName()
    {
        const auto pair = searchcomparison::findPair(
            {"a-baseline.jsonl", "x-seed2-selective.jsonl", "x-selective.jsonl", "x-seed2-baseline.jsonl"});
        QVERIFY(pair);
        QCOMPARE(pair->selective, std::size_t(1));
        QCOMPARE(pair->baseline, std::size_t(3));
        QCOMPARE(pair->name, std::string("x-seed2"));
        QVERIFY(!searchcomparison::findPair({"a-selective.jsonl", "b-baseline.jsonl"}));
        QVERIFY(!searchcomparison::findPair({"-selective.jsonl", "-baseline.jsonl"}));
        QVERIFY(!searchcomparison::findPair({"rms_norm-search.jsonl"}));
    }

    void kernelLabels()
    {
        KernelNode node;
        node.id = "01ABC";
        node.code = "// kfx-variant: block_float4 BLOCK=64 UNROLL=2\n// changed BLOCK\nkernel";
        QCOMPARE(searchcomparison::kernelLabel(node), std::string("block_float4 BLOCK=64 UNROLL=2"));
        node.code = "kernel";
        QCOMPARE(searchcomparison::kernelLabel(node), std::string("01ABC"));
        node.code = "// kfx-variant:\nkernel";
        QCOMPARE(searchcomparison::kernelLabel(node), std::string("01ABC"));
    }
};

KFX_TEST_GUILESS_MAIN(TestSearchComparison)

} // namespace
} // namespace tst_searchcomparison

#include "tst_searchcomparison.moc"
