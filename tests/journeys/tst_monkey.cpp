// The monkey: seeded random input on the real window over the bundled demo, a generated 500-node v3 search and an
// eval set with two surrogates' predictions. Passing means no crash, no abort, no sanitizer report and a window
// that is still up. The seed is printed first, and on a sanitizer report or a failed check the last inputs too:
// KFX_MONKEY_SEED=<seed> replays a run, KFX_MONKEY_SECONDS sets each data set's time (default 100 s).

#include "journeychecks.h"
#include "monkey.h"

#include "guitest.h"

#include <QTranslator>

#include <cstdio>
#include <random>

#if defined(__SANITIZE_ADDRESS__)
#include <sanitizer/common_interface_defs.h>
#define KFX_HAVE_SANITIZER_CALLBACK 1
#endif

using kfx::generate::SyntheticKind;

namespace {

// The run in progress, for the sanitizer's death callback.
Monkey *g_monkey = nullptr;
std::uint64_t g_seed = 0;

void printReplayHint()
{
    std::fprintf(stderr, "monkey: seed %llu (replay with KFX_MONKEY_SEED=%llu)\n",
                 static_cast<unsigned long long>(g_seed), static_cast<unsigned long long>(g_seed));
    if (g_monkey) {
        std::fprintf(stderr, "monkey: the last inputs, after %d steps:\n", g_monkey->steps());
        for (const auto &input : g_monkey->recentInputs())
            std::fprintf(stderr, "  %s\n", qPrintable(input));
    }
}

std::uint64_t seedFromEnvironment()
{
    bool ok = false;
    const auto seed = qEnvironmentVariable("KFX_MONKEY_SEED").toULongLong(&ok);
    return ok ? seed : std::random_device()();
}

int millisecondsPerDataSet()
{
    bool ok = false;
    const auto seconds = qEnvironmentVariable("KFX_MONKEY_SECONDS").toDouble(&ok);
    return int((ok && seconds > 0 ? seconds : 100.0) * 1000.0);
}

} // namespace

class TestMonkey : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(guitest::setUpApplication(m_translator, QStringLiteral("kfx-monkey")));
#ifdef KFX_HAVE_SANITIZER_CALLBACK
        __sanitizer_set_death_callback(printReplayHint);
#endif
    }

    void demo()
    {
        QTemporaryDir dir;
        runOn(journey::copyDemo(dir));
    }

    void generatedSearch()
    {
        QTemporaryDir dir;
        runOn({journey::writeGenerated(dir, QStringLiteral("v3-search.jsonl"), SyntheticKind::PuctV3, 500, 11)});
    }

    void evalSetWithPredictions()
    {
        QTemporaryDir dir;
        runOn({journey::writeGenerated(dir, QStringLiteral("eval.jsonl"), SyntheticKind::EvalSet, 300, 5),
               journey::writeGenerated(dir, QStringLiteral("predictions.jsonl"), SyntheticKind::Predictions, 300, 5)});
    }

private:
    void runOn(const QStringList &files)
    {
        g_seed = seedFromEnvironment();
        std::fprintf(stderr, "monkey: seed %llu\n", static_cast<unsigned long long>(g_seed));
        MainWindow window;
        window.resize(1366, 708);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QVERIFY(journey::openAndWait(window, files));

        Monkey monkey(window, g_seed);
        g_monkey = &monkey;
        monkey.run(millisecondsPerDataSet());
        const bool up = window.isVisible();
        if (!up)
            printReplayHint();
        g_monkey = nullptr;
        QVERIFY2(up, "the window closed under random input");
        std::fprintf(stderr, "monkey: %d inputs, no crash\n", monkey.steps());
    }

    QTranslator m_translator;
};

QTEST_MAIN(TestMonkey)
#include "tst_monkey.moc"
