// Model files crafted to break the reader (issue 27): a header field of the wrong shape, a calibration that cannot
// be applied, a body XGBoost's reader does not survive. Each is refused with a ModelError; none takes the process
// down. Both layouts are crafted: the one with a digest over the whole file (recomputed here, as an attacker
// would) and the older one whose header is outside its digest, which workspaces and the shipped models still use.

#include "surrogate/embeddedmodel.h"
#include "surrogate/embeddedsurrogate.h"
#include "surrogate/kernelquery.h"
#include "surrogate/plantedpairs.h"
#include "surrogate/pretrainedmodels.h"
#include "testutils.h"

#include <QTemporaryDir>
#include <QTest>

#include <pthread.h>

#include <atomic>
#include <fstream>
#include <optional>
#include <random>

#include "testmain.h"

namespace tst_craftedmodels {
namespace {

using namespace kfx;
using namespace kfx::surrogate;

namespace {

struct Parts {
    std::string header;
    std::string body;
};

// The header line (the first that starts a JSON object) and the body after it, whichever layout saved them.
Parts partsOf(const std::vector<std::uint8_t> &bytes)
{
    const std::string text(bytes.begin(), bytes.end());
    const auto start = text.find("\n{") + 1;
    const auto end = text.find('\n', start);
    return {text.substr(start, end - start), text.substr(end + 1)};
}

std::vector<std::uint8_t> bytesOf(const std::string &text)
{
    return {text.begin(), text.end()};
}

// The older layout: magic, header (with the body's size and digest), body.
std::vector<std::uint8_t> olderLayout(const Parts &parts)
{
    return bytesOf("KFXEMB1\n" + parts.header + "\n" + parts.body);
}

// The current layout: magic, a digest of all that follows, then the older layout's header and body.
std::vector<std::uint8_t> digestedLayout(const Parts &parts)
{
    const auto rest = parts.header + "\n" + parts.body;
    return bytesOf("KFXEMB2\n" + stableHash(rest) + "\n" + rest);
}

// `parts` with the header's calibration fields (its tail from "calibration") replaced by `calibration`.
Parts withCalibration(Parts parts, const std::string &calibration)
{
    parts.header = parts.header.substr(0, parts.header.find("\"calibration\"")) + calibration + "}";
    return parts;
}

// `parts` with a new body and the header's size and digest of it made to match.
Parts withBody(Parts parts, std::string body)
{
    const auto from = parts.header.find("\"body_bytes\"");
    const auto to = parts.header.find("\"calibration\"");
    parts.header = parts.header.substr(0, from) + "\"body_bytes\":" + std::to_string(body.size()) + ",\"body_hash\":\""
        + stableHash(body) + "\"," + parts.header.substr(to);
    parts.body = std::move(body);
    return parts;
}

std::string refusal(const std::vector<std::uint8_t> &bytes)
{
    try {
        EmbeddedModel::load(bytes);
    } catch (const ModelError &error) {
        return error.what();
    }
    return {};
}

} // namespace

class TestCraftedModels : public QObject {
    Q_OBJECT

    // A member, not a function's static: XGBoost keeps per-booster state in a thread_local of the main thread,
    // which C++ destroys before any static, so a static model's destructor freed that state a second time (ASan).
    std::optional<EmbeddedModel> trained;

    const EmbeddedModel &model()
    {
        if (!trained)
            trained.emplace(EmbeddedModel::train(trainingExamples(plantedPairs(200, 5)), {}));
        return *trained;
    }

private Q_SLOTS:
    void bothLayoutsOfAGoodModelLoad()
    {
        const auto bytes = model().save();
        QVERIFY(std::string(bytes.begin(), bytes.end()).starts_with("KFXEMB2\n"));
        const auto parts = partsOf(bytes);
        for (const auto &layout : {digestedLayout(parts), olderLayout(parts)}) {
            const auto loaded = EmbeddedModel::load(layout);
            QCOMPARE(loaded.calibrator().methodName(), model().calibrator().methodName());
            QCOMPARE(loaded.contentHash(), stableHash(std::string(layout.begin(), layout.end())));
        }
        QCOMPARE(digestedLayout(parts), bytes);
    }

    // The reader of a body is a program started afresh, not a fork of this one: a forked child inherits the locks
    // that this process's other threads hold, and under AddressSanitizer one hung in tst_seedsimulation, whose two
    // threads load models side by side (CI, 2026-12-01). fork() runs the atfork handlers; posix_spawn does not.
    void readingAModelForksNothing()
    {
        static std::atomic<int> forks{0};
        QCOMPARE(::pthread_atfork([] { ++forks; }, nullptr, nullptr), 0);
        const auto before = forks.load();
        const auto bytes = model().save();
        const auto loaded = EmbeddedModel::load(bytes);
        QCOMPARE(loaded.contentHash(), stableHash(std::string(bytes.begin(), bytes.end())));
        QCOMPARE(forks.load(), before);
    }

    void aChangedHeaderByteIsCaughtByTheDigest()
    {
        auto bytes = model().save();
        const auto at = std::string(bytes.begin(), bytes.end()).find("\"temperature\":") + 14;
        bytes[at] = bytes[at] == '9' ? '8' : '9';
        QVERIFY(refusal(bytes).find("damaged") != std::string::npos);
    }

    void craftedCalibrationsAreRefused_data()
    {
        QTest::addColumn<QString>("calibration");
        QTest::addColumn<QString>("named");
        QTest::newRow("knot not an array") << R"("calibration":"isotonic-max-prob","temperature":1,"knots":[5])"
                                           << "knot";
        QTest::newRow("knot of one") << R"("calibration":"isotonic-max-prob","temperature":1,"knots":[[0.5]])"
                                     << "knot";
        QTest::newRow("knot of three")
            << R"("calibration":"histogram-max-prob","temperature":1,"knots":[[0.1,0.2,0.3]])"
            << "knot";
        QTest::newRow("knot of text") << R"("calibration":"isotonic-max-prob","temperature":1,"knots":[["a","b"]])"
                                      << "knot";
        QTest::newRow("knot outside 0..1")
            << R"("calibration":"isotonic-max-prob","temperature":1,"knots":[[0.1,0.2],[0.5,7]])"
            << "knot";
        QTest::newRow("knots out of order")
            << R"("calibration":"isotonic-max-prob","temperature":1,"knots":[[0.6,0.7],[0.2,0.3]])"
            << "knot";
        QTest::newRow("isotonic without knots") << R"("calibration":"isotonic-max-prob","temperature":1,"knots":[])"
                                                << "knots";
        QTest::newRow("histogram without knots") << R"("calibration":"histogram-max-prob","temperature":1,"knots":[])"
                                                 << "knots";
        QTest::newRow("knots not an array") << R"("calibration":"isotonic-max-prob","temperature":1,"knots":{})"
                                            << "knots";
        QTest::newRow("zero temperature") << R"("calibration":"temperature","temperature":0,"knots":[])"
                                          << "temperature";
        QTest::newRow("negative temperature") << R"("calibration":"temperature","temperature":-2,"knots":[])"
                                              << "temperature";
        // Beyond the range fitTemperature searches, it flattened every forecast to 1/8 per bin without a word.
        QTest::newRow("temperature of 1e300") << R"("calibration":"temperature","temperature":1e300,"knots":[])"
                                              << "temperature";
        QTest::newRow("unknown calibration") << R"("calibration":"magic","temperature":1,"knots":[])"
                                             << "calibration";
    }

    void craftedCalibrationsAreRefused()
    {
        QFETCH(QString, calibration);
        QFETCH(QString, named);
        const auto parts = withCalibration(partsOf(model().save()), calibration.toStdString());
        for (const auto &layout : {digestedLayout(parts), olderLayout(parts)}) {
            const auto message = refusal(layout);
            QVERIFY2(message.find(named.toStdString()) != std::string::npos, message.c_str());
        }
    }

    // KFX_PRETRAINED_DIR at such a model crashed kfx-cli search --mode selective and the window on opening.
    void aCraftedPretrainedModelIsRefusedNamingItsFile()
    {
        QTemporaryDir dir;
        const std::filesystem::path root = dir.path().toStdString();
        std::ofstream(root / "manifest.json")
            << R"({"format": "kfx-pretrained/1", "hardware": "NVIDIA H100 80GB HBM3", "tasks": ["matmul"],)"
            << R"("models": {"all": "all.kfxmodel", "without": {"matmul": "without-matmul.kfxmodel"}}})";
        const auto crafted = olderLayout(withCalibration(
            partsOf(model().save()), R"("calibration":"isotonic-max-prob","temperature":1,"knots":[5])"));
        std::ofstream(root / "without-matmul.kfxmodel", std::ios::binary)
            .write(reinterpret_cast<const char *>(crafted.data()), std::streamsize(crafted.size()));
        try {
            PretrainedModels::open(root).modelFor("matmul");
            QFAIL("a crafted model was accepted");
        } catch (const PretrainedModelError &error) {
            const std::string message = error.what();
            QVERIFY2(message.starts_with((root / "without-matmul.kfxmodel").string() + ": "), message.c_str());
            QVERIFY2(message.find("knot") != std::string::npos, message.c_str());
        }
    }

    void aGoodCalibrationInACraftedHeaderStillLoads()
    {
        const auto parts = withCalibration(partsOf(model().save()),
                                           R"("calibration":"isotonic-max-prob","temperature":1,)"
                                           R"("knots":[[0.2,0.1],[0.6,0.5],[0.9,0.95]])");
        QCOMPARE(EmbeddedModel::load(digestedLayout(parts)).calibrator().knots().size(), std::size_t(3));
    }

    // XGBoost's own reader trusts its input: bodies with a few random bytes changed (their digests recomputed)
    // crashed it. Each is now either a model or a refusal.
    void randomisedBodiesAreRefusedOrLoaded()
    {
        const auto parts = partsOf(model().save());
        std::mt19937 random(27);
        int refused = 0;
        for (int round = 0; round < 30; ++round) {
            auto body = parts.body;
            for (int change = 0; change < 4; ++change)
                body[random() % body.size()] = char(random());
            if (round % 10 == 9)
                body.resize(random() % body.size());
            const auto crafted = withBody(parts, body);
            refused += !refusal(round % 2 ? olderLayout(crafted) : digestedLayout(crafted)).empty();
        }
        QVERIFY(refused > 0);
    }
};

KFX_TEST_GUILESS_MAIN(TestCraftedModels)

} // namespace
} // namespace tst_craftedmodels

#include "tst_craftedmodels.moc"
