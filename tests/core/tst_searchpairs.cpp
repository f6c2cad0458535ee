// A search file's task from its name: the corpus names each search by task, role and search seed, and every
// file of one task must group under that task (leave-one-task-out holds out all of them together). A search's
// pairs as the pretrained models learnt them: against the task's reference, without the variant header.

#include "io/fileloader.h"
#include "surrogate/corpus.h"
#include "surrogate/searchpairs.h"

#include <QFile>
#include <QTest>

#include <map>

#include "testmain.h"

namespace tst_searchpairs {
namespace {

using namespace kfx::surrogate;

class TestSearchPairs : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void taskFromFileName_data()
    {
        QTest::addColumn<QString>("path");
        QTest::addColumn<QString>("task");
        QTest::newRow("search") << "logs/matmul-search.jsonl"
                                << "matmul";
        QTest::newRow("underscore search") << "matmul_search.jsonl"
                                           << "matmul";
        QTest::newRow("events") << "matmul.events.jsonl"
                                << "matmul";
        QTest::newRow("selective") << "h100/rms_norm-selective.jsonl"
                                   << "rms_norm";
        QTest::newRow("baseline") << "rms_norm-baseline.jsonl"
                                  << "rms_norm";
        QTest::newRow("seed selective") << "rms_norm-seed2-selective.jsonl"
                                        << "rms_norm";
        QTest::newRow("seed baseline") << "/x/gdn_chunk_fwd_o-seed12-baseline.jsonl"
                                       << "gdn_chunk_fwd_o";
        QTest::newRow("plain") << "cross_entropy.jsonl"
                               << "cross_entropy";
        // Only a number after "-seed" is a search seed: a task may be named so.
        QTest::newRow("seed word") << "pick-seeds-selective.jsonl"
                                   << "pick-seeds";
        QTest::newRow("seed without number") << "grow-seed.jsonl"
                                             << "grow-seed";
    }

    void taskFromFileName()
    {
        QFETCH(QString, path);
        QFETCH(QString, task);
        QCOMPARE(QString::fromStdString(kfx::surrogate::taskFromFileName(path.toStdString())), task);
    }

    // The demo's rms_norm logs (a cut of the real H100 corpus): every measured kernel's pair compares it with
    // the task's reference.cu, on the code without the two header lines the corpus's mutator writes first.
    void rmsNormPairsAreAgainstTheTaskReference_data()
    {
        QTest::addColumn<QString>("log");
        QTest::newRow("selective") << QStringLiteral(KFX_TEST_DATA_DIR "/corpus/rms_norm-selective.jsonl");
        QTest::newRow("baseline") << QStringLiteral(KFX_TEST_DATA_DIR "/corpus/rms_norm-baseline.jsonl");
    }
    void rmsNormPairsAreAgainstTheTaskReference()
    {
        QFETCH(QString, log);
        const std::string task = KFX_RESOURCES_DIR "/corpus/tasks/rms_norm";
        QFile referenceFile(QString::fromStdString(task + "/reference.cu"));
        QVERIFY(referenceFile.open(QIODevice::ReadOnly));
        const auto reference = referenceFile.readAll().toStdString();
        QCOMPARE(taskReferenceCode(task), reference);

        const auto loaded = kfx::loadFile(log.toStdString());
        QVERIFY(loaded.population);
        const auto &population = *loaded.population;
        const auto pairs = measuredSearchPairs(population, "rms_norm", reference);
        QVERIFY(pairs.size() >= 3); // the selective cut measured 4 of its 16 candidates
        for (const auto &pair : pairs) {
            QCOMPARE(pair.referenceCode, reference);
            QVERIFY2(pair.candidateCode.find("kfx-variant") == std::string::npos, pair.id.c_str());
            // The logged code less its first two lines (the variant and the edit note).
            const auto node = population.find(pair.id);
            QVERIFY(node);
            const auto &code = population.node(*node).code;
            QVERIFY(code.starts_with("// kfx-variant:"));
            const auto secondLineEnd = code.find('\n', code.find('\n') + 1);
            QCOMPARE(pair.candidateCode, code.substr(secondLineEnd + 1));
        }
        // Without a task reference: the search's own (the seed's code), and still no header on the candidate.
        for (const auto &pair : measuredSearchPairs(population, "rms_norm")) {
            QVERIFY(pair.referenceCode != reference);
            QVERIFY(pair.candidateCode.find("kfx-variant") == std::string::npos);
        }
    }

    // kfx-cli corpus's pairs are searchPair's: the same reference and code for the same kernel.
    void corpusPairsAreSearchPairs()
    {
        const auto corpus = readCorpus(KFX_TEST_DATA_DIR "/corpus",
                                       {{KFX_RESOURCES_DIR "/demo/tasks", KFX_RESOURCES_DIR "/corpus/tasks"}});
        const auto reference = taskReferenceCode(KFX_RESOURCES_DIR "/corpus/tasks/rms_norm");
        std::map<std::string, std::string> searchCode; // candidate code → reference, every kernel of both rms_norm logs
        for (const char *log : {"/corpus/rms_norm-selective.jsonl", "/corpus/rms_norm-baseline.jsonl"}) {
            const auto loaded = kfx::loadFile(std::string(KFX_TEST_DATA_DIR) + log);
            QVERIFY(loaded.population);
            for (std::size_t node = 0; node < loaded.population->size(); ++node) {
                const auto pair = searchPair(*loaded.population, node, reference);
                searchCode[pair.candidateCode] = pair.referenceCode;
            }
        }
        int compared = 0;
        for (const auto &pair : corpus.pairs) {
            if (pair.pack != "rms_norm")
                continue;
            const auto found = searchCode.find(pair.candidateCode);
            QVERIFY2(found != searchCode.end(), pair.id.c_str());
            QCOMPARE(pair.referenceCode, found->second);
            ++compared;
        }
        QVERIFY(compared >= 5);
    }
};

KFX_TEST_GUILESS_MAIN(TestSearchPairs)

} // namespace
} // namespace tst_searchpairs

#include "tst_searchpairs.moc"
