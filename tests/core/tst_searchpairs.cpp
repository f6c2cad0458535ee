// A search file's task from its name: the corpus names each search by task, role and search seed, and every
// file of one task must group under that task (leave-one-task-out holds out all of them together).

#include "surrogate/searchpairs.h"

#include <QTest>

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
};

QTEST_GUILESS_MAIN(TestSearchPairs)
#include "tst_searchpairs.moc"
