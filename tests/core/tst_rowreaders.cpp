#include "io/fileloader.h"
#include "model/speedupbin.h"

#include <QTemporaryDir>
#include <QTest>

#include <fstream>
#include <sstream>

#include "testmain.h"

Q_DECLARE_METATYPE(kfx::DataFormat)

namespace tst_rowreaders {
namespace {

using namespace kfx;

namespace {

// The file-backed pages this process holds (RssFile of /proc/self/status), in bytes.
std::size_t residentFileBytes()
{
    std::ifstream status("/proc/self/status");
    for (std::string line; std::getline(status, line);)
        if (line.rfind("RssFile:", 0) == 0)
            return std::stoull(line.substr(8)) * 1024;
    return 0;
}

std::string fixturePath(const QString &name)
{
    return std::string(KFX_TEST_DATA_DIR) + "/rows/" + name.toStdString();
}

std::string fixtureText(const QString &name)
{
    std::ifstream in(fixturePath(name), std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

std::vector<std::string> fixtureLines(const QString &name)
{
    std::istringstream text(fixtureText(name));
    std::vector<std::string> lines;
    for (std::string line; std::getline(text, line);)
        lines.push_back(line);
    return lines;
}

std::string firstLine(const QString &name)
{
    return fixtureLines(name).at(0);
}

LoadedFile readRowsFrom(const std::string &text, DataFormat format)
{
    JsonLinesFile file;
    file.setText(text, "rows.jsonl");
    LoadedFile out;
    readRows(file, format, out);
    return out;
}

LoadedFile readFixture(const QString &name, DataFormat format)
{
    JsonLinesFile file;
    LoadedFile out;
    if (file.open(fixturePath(name), out.diagnostics))
        readRows(file, format, out);
    return out;
}

// Which lines ended up as records, whatever vector holds them.
std::vector<std::int64_t> loadedLines(const LoadedFile &out)
{
    std::vector<std::int64_t> lines;
    for (const auto &pair : out.pairs)
        lines.push_back(pair.line);
    for (const auto &prediction : out.predictions)
        lines.push_back(prediction.line);
    for (const auto &summary : out.summaries)
        lines.push_back(summary.line);
    return lines;
}

QString diagnosticsText(const Diagnostics &diagnostics)
{
    QString text;
    for (const auto &diagnostic : diagnostics)
        text += QStringLiteral("%1:%2: %3\n")
                    .arg(QString::fromStdString(diagnostic.file))
                    .arg(diagnostic.line)
                    .arg(QString::fromStdString(diagnostic.message));
    return text;
}

std::optional<LeaderboardEntry> readLeaderboardText(const std::string &text)
{
    JsonLinesFile file;
    file.setText(text, "leaderboard.json");
    std::optional<LeaderboardEntry> entry;
    file.wholeObject([&](const json::Object &document, std::int64_t) {
        LoadedFile out;
        readLeaderboard(document, out);
        entry = out.leaderboard;
        return false;
    });
    return entry;
}

} // namespace

class TestRowReaders : public QObject {
    Q_OBJECT

private Q_SLOTS:
    // A log read from start to end gives its pages back as it goes: a gigabyte search otherwise stayed resident
    // beside the population built from it (issue 11's peak RSS). Every line is still read, and in order.
    void readingAFileDoesNotKeepItResident()
    {
        QTemporaryDir dir;
        const std::string path = dir.filePath(QStringLiteral("large.jsonl")).toStdString();
        constexpr int kLines = 96 * 1024;
        const std::string payload(1000, 'x');
        {
            std::ofstream out(path);
            for (int i = 0; i < kLines; ++i)
                out << "{\"i\":" << i << ",\"code\":\"" << payload << "\"}\n";
        } // about 100 MB
        JsonLinesFile file;
        Diagnostics diagnostics;
        QVERIFY(file.open(path, diagnostics));
        const auto before = residentFileBytes();
        std::size_t mostResident = 0;
        std::int64_t expected = 0;
        bool inOrder = true;
        file.forEachObject(
            [&](const json::Object &object, std::int64_t) {
                inOrder = inOrder && json::requiredInteger(object, "i") == expected++;
                if (expected % 4096 == 0)
                    mostResident = std::max(mostResident, residentFileBytes() - std::min(before, residentFileBytes()));
                return true;
            },
            diagnostics);
        QVERIFY(diagnostics.empty());
        QVERIFY(inOrder);
        QCOMPARE(expected, std::int64_t(kLines));
        // The file is ~100 MB; what stays is at most the stretch between two releases and the readahead.
        QVERIFY2(mostResident < std::size_t(64) << 20, qPrintable(QStringLiteral("%1 MB").arg(mostResident >> 20)));
    }

    void evalSetRows()
    {
        const auto out = readFixture(QStringLiteral("eval_set.jsonl"), DataFormat::EvalSet);
        QVERIFY2(out.diagnostics.empty(), qPrintable(diagnosticsText(out.diagnostics)));
        QCOMPARE(out.rows, std::size_t(2));
        QCOMPARE(out.pairs.size(), std::size_t(2));
        const auto &pair = out.pairs[0];
        QCOMPARE(int(pair.origin), int(PairOrigin::EvalSet));
        QCOMPARE(pair.id.c_str(), "trimul/a73b91f58c89__d33207a806f3");
        QCOMPARE(pair.sourceId.c_str(), "binfiller/SEVERE_SLOWDOWN/5324eb50e4cb");
        QCOMPARE(pair.pack.c_str(), "trimul");
        QCOMPARE(pair.sourceSearch.c_str(), "eval_dataset_builders/trimul__e0090.json");
        QCOMPARE(pair.internalExperiment.c_str(), "e0090_trimul_eval_dataset");
        QCOMPARE(pair.referenceCode.c_str(), "import torch\n\ndef custom_kernel(data):\n    return data[0]\n");
        QCOMPARE(pair.candidateCode.c_str(), "import torch\n\ndef custom_kernel(data):\n    return data[0].clone()\n");
        QCOMPARE(pair.hardwareName.c_str(), "NVIDIA A100-SXM4-80GB");
        QVERIFY(pair.hardware.has_value());
        QCOMPARE(pair.hardware->multiprocessorCount, 108);
        QCOMPARE(pair.speedup, 0.350631);
        QCOMPARE(pair.trueBin, 1);
        QCOMPARE(pair.line, std::int64_t(1));
        QCOMPARE(out.pairs[1].trueBin, 5);
        QCOMPARE(out.pairs[1].line, std::int64_t(2));
    }

    void predictionRow()
    {
        const auto out = readFixture(QStringLiteral("predictions.jsonl"), DataFormat::Predictions);
        QVERIFY2(out.diagnostics.empty(), qPrintable(diagnosticsText(out.diagnostics)));
        QCOMPARE(out.rows, std::size_t(3));
        QCOMPARE(out.predictions.size(), std::size_t(3));
        const auto &row = out.predictions[0];
        QCOMPARE(row.comparisonId.c_str(), "trimul/a73b91f58c89__d33207a806f3");
        QCOMPARE(row.pack.c_str(), "trimul");
        QCOMPARE(row.surrogateLabel.c_str(), "gpt_oss_20b_untrained");
        QCOMPARE(row.repeat, 0);
        QVERIFY(!row.parseFailed);
        QVERIFY(row.parseError.empty());
        QVERIFY(row.usage.has_value());
        QCOMPARE(row.usage->inputTokens, std::int64_t(1834));
        QCOMPARE(row.usage->outputTokens, std::int64_t(412));
        QCOMPARE(row.elapsedSeconds, 3.25);
        QCOMPARE(row.line, std::int64_t(1));
        QVERIFY(row.forecast.has_value());
        const auto &forecast = *row.forecast;
        QCOMPARE(forecast.predictedBin, 2);
        QCOMPARE(forecast.probabilityOf(1), 0.5);
        QCOMPARE(forecast.probabilityOf(2), 0.3);
        QCOMPARE(forecast.probabilityOf(8), 0.0);
        QCOMPARE(forecast.reasoning.c_str(), "The clone adds a copy.");
        // The row's recorded raw sum wins over the (already normalised) sum of its list.
        QCOMPARE(forecast.rawProbabilitySum, 1.25);
        QCOMPARE(forecast.source.c_str(), "gpt_oss_20b_untrained");
        QCOMPARE(forecast.repeat, 0);
    }

    // A workspace keeps each forecast kfx made as the text of a prediction row and reads it back one row at a time.
    void predictionRowFromText()
    {
        const auto fromFile = readFixture(QStringLiteral("predictions.jsonl"), DataFormat::Predictions);
        std::size_t index = 0;
        for (const auto &line : fixtureLines(QStringLiteral("predictions.jsonl"))) {
            const auto row = readPredictionRowText(line);
            const auto &expected = fromFile.predictions.at(index++);
            QCOMPARE(row.comparisonId, expected.comparisonId);
            QCOMPARE(row.parseFailed, expected.parseFailed);
            QCOMPARE(row.forecast.has_value(), expected.forecast.has_value());
            if (row.forecast) {
                QCOMPARE(row.forecast->predictedBin, expected.forecast->predictedBin);
                QVERIFY(row.forecast->probabilities == expected.forecast->probabilities);
                QCOMPARE(row.forecast->reasoning, expected.forecast->reasoning);
                QCOMPARE(row.forecast->rawProbabilitySum, expected.forecast->rawProbabilitySum);
            }
        }
        QCOMPARE(index, fromFile.predictions.size());
        const auto refusal = [](std::string_view text) -> std::string {
            try {
                readPredictionRowText(text);
            } catch (const json::FieldError &error) {
                return error.what();
            }
            return "read";
        };
        QVERIFY(refusal("{\"comparison_id\": ").starts_with("invalid JSON"));
        QVERIFY(refusal("[1, 2]").starts_with("expected a JSON object"));
        QVERIFY(refusal("{\"pack\": \"x\"}").find("comparison_id") != std::string::npos);
    }

    void parseFailedPrediction()
    {
        const auto out = readFixture(QStringLiteral("predictions.jsonl"), DataFormat::Predictions);
        const auto &row = out.predictions.at(1);
        QCOMPARE(row.repeat, 1);
        QVERIFY(row.parseFailed);
        QVERIFY(!row.forecast.has_value());
        QCOMPARE(row.parseError.c_str(), "ValueError: no tool call in the response");
        QCOMPARE(row.usage->outputTokens, std::int64_t(0));
        QCOMPARE(row.line, std::int64_t(2));
    }

    void unnormalisedPredictionIsRenormalised()
    {
        const auto out = readFixture(QStringLiteral("predictions.jsonl"), DataFormat::Predictions);
        const auto &row = out.predictions.at(2);
        QVERIFY(!row.usage.has_value());
        QVERIFY(row.forecast.has_value());
        QCOMPARE(row.forecast->predictedBin, 5);
        QCOMPARE(row.forecast->probabilityOf(5), 0.5);
        QCOMPARE(row.forecast->probabilityOf(6), 0.25);
        QCOMPARE(row.forecast->probabilityOf(1), 0.0);
        QVERIFY(qFuzzyCompare(row.forecast->rawProbabilitySum, 0.8));
    }

    void predictionWithoutDeclaredBinHasNoForecast()
    {
        auto line = firstLine(QStringLiteral("predictions.jsonl"));
        line.replace(line.find("\"predicted_bin\":2"), 17, "\"predicted_bin\":null");
        const auto out = readRowsFrom(line + "\n", DataFormat::Predictions);
        QVERIFY2(out.diagnostics.empty(), qPrintable(diagnosticsText(out.diagnostics)));
        QVERIFY(out.predictions.at(0).parseFailed);
        QVERIFY(!out.predictions.at(0).forecast.has_value());
    }

    void rlPoolRow()
    {
        const auto out = readFixture(QStringLiteral("rl_pool.jsonl"), DataFormat::RlPool);
        QVERIFY2(out.diagnostics.empty(), qPrintable(diagnosticsText(out.diagnostics)));
        QCOMPARE(out.rows, std::size_t(1));
        const auto &pair = out.pairs.at(0);
        QCOMPARE(int(pair.origin), int(PairOrigin::RlPoolRow));
        QCOMPARE(pair.id.c_str(), "fp8_quant/3f9a1c2b7d4e__0b1c2d3e4f5a");
        QCOMPARE(pair.sourceId.c_str(), "fp8_quant__e0101/01HZX3K4M5N6P7Q8R9S0T1V2W4");
        QCOMPARE(pair.pack.c_str(), "fp8_quant");
        QCOMPARE(pair.pairType.c_str(), "parent_edit");
        QCOMPARE(pair.speedup, 2.4);
        QCOMPARE(pair.trueBin, 6);
        QCOMPARE(pair.referenceCode.c_str(), "def custom_kernel(x):\n    return x\n");
        QVERIFY(pair.hardware.has_value());
    }

    // The reference never reads relative_bin, so a value that disagrees with the speedup is kept, not refused.
    void rlPoolRelativeBinIsNotCheckedAgainstSpeedup()
    {
        auto line = firstLine(QStringLiteral("rl_pool.jsonl"));
        line.replace(line.find("\"relative_bin\":6"), 16, "\"relative_bin\":3");
        const auto out = readRowsFrom(line + "\n", DataFormat::RlPool);
        QVERIFY2(out.diagnostics.empty(), qPrintable(diagnosticsText(out.diagnostics)));
        QCOMPARE(out.pairs.at(0).trueBin, 3);
    }

    void discoveryPairs()
    {
        const auto out = readFixture(QStringLiteral("discovery_pairs.jsonl"), DataFormat::DiscoveryPairs);
        QVERIFY2(out.diagnostics.empty(), qPrintable(diagnosticsText(out.diagnostics)));
        QCOMPARE(out.rows, std::size_t(2));
        const auto &pair = out.pairs.at(0);
        QCOMPARE(int(pair.origin), int(PairOrigin::DiscoveryPair));
        QCOMPARE(pair.id.c_str(),
                 "kernelbench_l3/level3_task12/01HZY00000000000000000000A__01HZY00000000000000000000B");
        QCOMPARE(pair.sourceId, pair.id);
        QCOMPARE(pair.pack.c_str(), "level3_task12");
        QCOMPARE(pair.benchmarkFamily.c_str(), "kernelbench_l3");
        QCOMPARE(pair.referenceCode.c_str(), "class Model:\n    pass\n");
        QCOMPARE(pair.candidateCode.c_str(), "class ModelNew:\n    pass\n");
        QCOMPARE(pair.speedup, 1.05);
        QCOMPARE(pair.trueBin, 4);
        QCOMPARE(pair.hardwareName.c_str(), "NVIDIA L40S");
        QCOMPARE(pair.hardware->multiprocessorCount, 142);
        QCOMPARE(pair.parentNodeId.c_str(), "01HZY00000000000000000000A");
        QCOMPARE(pair.childNodeId.c_str(), "01HZY00000000000000000000B");
        QCOMPARE(out.pairs.at(1).benchmarkFamily.c_str(), "gpu_mode");
        QCOMPARE(out.pairs.at(1).trueBin, 2);
    }

    void unknownHardwareIsKeptWithoutContext()
    {
        auto line = firstLine(QStringLiteral("discovery_pairs.jsonl"));
        line.replace(line.find("NVIDIA L40S"), 11, "NVIDIA H100 80GB HBM3");
        const auto out = readRowsFrom(line + "\n", DataFormat::DiscoveryPairs);
        QVERIFY2(out.diagnostics.empty(), qPrintable(diagnosticsText(out.diagnostics)));
        QCOMPARE(out.pairs.at(0).hardwareName.c_str(), "NVIDIA H100 80GB HBM3");
        QVERIFY(!out.pairs.at(0).hardware.has_value());
    }

    void scoredComparisons()
    {
        const auto out = readFixture(QStringLiteral("scored_eval.jsonl"), DataFormat::ScoredComparisons);
        QVERIFY2(out.diagnostics.empty(), qPrintable(diagnosticsText(out.diagnostics)));
        QCOMPARE(out.rows, std::size_t(2));
        QCOMPARE(out.pairs.size(), std::size_t(2));
        QCOMPARE(out.predictions.size(), std::size_t(2));

        const auto &pair = out.pairs[0];
        QCOMPARE(int(pair.origin), int(PairOrigin::ScoredComparison));
        QCOMPARE(pair.id.c_str(), "binfiller/MINOR_SLOWDOWN/aa11bb22cc33");
        QCOMPARE(pair.pack.c_str(), "cross_entropy");
        QCOMPARE(pair.speedup, 1.2);
        QCOMPARE(pair.trueBin, 4);
        QCOMPARE(pair.hardwareName.c_str(), "NVIDIA A100-SXM4-80GB");
        QCOMPARE(pair.hardware->memoryClockRateGhz, 1.512);

        const auto &answered = out.predictions[0];
        QCOMPARE(answered.comparisonId, pair.id);
        QCOMPARE(answered.pack.c_str(), "cross_entropy");
        QVERIFY(!answered.parseFailed);
        QCOMPARE(answered.forecast->predictedBin, 5);
        QCOMPARE(answered.forecast->probabilityOf(5), 0.6);
        QCOMPARE(answered.usage->inputTokens, std::int64_t(2100));
        QCOMPARE(answered.elapsedSeconds, 4.5);
        QCOMPARE(answered.line, std::int64_t(1));

        const auto &failed = out.predictions[1];
        QVERIFY(failed.parseFailed);
        QVERIFY(!failed.forecast.has_value());
        QVERIFY(!failed.usage.has_value());
        QCOMPARE(failed.parseError.c_str(), "ValidationError: bin_probabilities must sum to 1");
        QCOMPARE(out.pairs[1].trueBin, 7);
        QCOMPARE(failed.line, std::int64_t(2));
    }

    void evalDatasetRows()
    {
        const auto out = readFixture(QStringLiteral("eval_dataset.jsonl"), DataFormat::EvalDataset);
        QVERIFY2(out.diagnostics.empty(), qPrintable(diagnosticsText(out.diagnostics)));
        QCOMPARE(out.rows, std::size_t(2));
        const auto &pair = out.pairs.at(0);
        QCOMPARE(int(pair.origin), int(PairOrigin::EvalDataset));
        QCOMPARE(pair.id.c_str(), "binfiller/SEVERE_SLOWDOWN/5324eb50e4cb");
        QCOMPARE(pair.sourceId, pair.id);
        QCOMPARE(pair.speedup, 0.350631);
        QCOMPARE(pair.trueBin, 1);
        QCOMPARE(pair.hardwareName.c_str(), "NVIDIA A100-SXM4-80GB");
        const auto &hardware = *pair.hardware;
        QCOMPARE(hardware.computeCapabilityMajor, 8);
        QCOMPARE(hardware.computeCapabilityMinor, 0);
        QCOMPARE(hardware.totalGlobalMemoryGb, 80.0);
        QCOMPARE(hardware.maxThreadsPerMultiprocessor, 2048);
        QCOMPARE(hardware.clockRateGhz, 1.41);
        QCOMPARE(hardware.memoryBusWidthBits, 5120);
        QCOMPARE(out.pairs.at(1).trueBin, 8);
    }

    void summaryRows()
    {
        const auto out = readFixture(QStringLiteral("summaries.jsonl"), DataFormat::HfSummaries);
        QVERIFY2(out.diagnostics.empty(), qPrintable(diagnosticsText(out.diagnostics)));
        QCOMPARE(out.rows, std::size_t(2));
        const auto &summary = out.summaries.at(0);
        QCOMPARE(summary.sourceSearch.c_str(), "puct_runs/cross_entropy__e0091");
        QCOMPARE(summary.internalExperiment.c_str(), "e0091_cross_entropy_puct");
        QCOMPARE(summary.steps, 40);
        QCOMPARE(summary.evaluations, 80);
        QCOMPARE(summary.correct, 61);
        QCOMPARE(summary.bestSpeedup.value_or(0.0), 2.73);
        QCOMPARE(summary.archiveSizeFinal, 57);
        QCOMPARE(summary.configSnapshotJson.c_str(),
                 R"({"experiment":"e0091","search_config":{"k_per_parent":2,"archive_capacity":1000}})");
        QCOMPARE(summary.line, std::int64_t(1));
        QVERIFY(!out.summaries.at(1).bestSpeedup.has_value());
        QVERIFY(out.summaries.at(1).configSnapshotJson.empty());
    }

    void blankLinesAreNotRows()
    {
        const auto rows = fixtureLines(QStringLiteral("eval_set.jsonl"));
        const auto out = readRowsFrom("\n" + rows.at(0) + "\n   \n\n" + rows.at(1) + "\n", DataFormat::EvalSet);
        QVERIFY2(out.diagnostics.empty(), qPrintable(diagnosticsText(out.diagnostics)));
        QCOMPARE(out.rows, std::size_t(2));
        QCOMPARE(loadedLines(out), (std::vector<std::int64_t>{2, 5}));
    }

    void malformedLinesInAFile()
    {
        const auto out = readFixture(QStringLiteral("eval_set_malformed.jsonl"), DataFormat::EvalSet);
        QCOMPARE(loadedLines(out), (std::vector<std::int64_t>{1, 4, 10}));
        QCOMPARE(out.pairs.back().trueBin, 8);
        // Every line that held a JSON object was a record, refused or not; the unparsable line was not.
        QCOMPARE(out.rows, std::size_t(8));
        const std::vector<std::pair<std::int64_t, std::string>> expected{
            {2, "invalid JSON"},
            {3, "missing field \"candidate_code\""},
            {6, "\"true_bin\": 9 is not a bin 1..8"},
            {7, "true_bin 5 disagrees with aggregated_speedup 0.35 (bin 1)"},
            {8, "\"aggregated_speedup\": 0.0 is not a positive speedup"},
            {9, "\"aggregated_speedup\": expected a number, found a string"},
        };
        QCOMPARE(out.diagnostics.size(), expected.size());
        for (std::size_t i = 0; i < expected.size(); ++i) {
            const auto &diagnostic = out.diagnostics[i];
            QCOMPARE(diagnostic.line, expected[i].first);
            QVERIFY2(diagnostic.file.ends_with("eval_set_malformed.jsonl"), diagnostic.file.c_str());
            QVERIFY2(diagnostic.message.find(expected[i].second) != std::string::npos, diagnostic.message.c_str());
        }
    }

    // A fixture's first row is changed by one text replacement and placed between two good copies: the bad line
    // must yield exactly one diagnostic naming line 2 and the field, and both good lines must still load.
    void malformedRow_data()
    {
        QTest::addColumn<DataFormat>("format");
        QTest::addColumn<QString>("fixture");
        QTest::addColumn<QString>("from");
        QTest::addColumn<QString>("to");
        QTest::addColumn<QString>("message");
        const auto row = [](const char *name, DataFormat format, const char *fixture, const char *from, const char *to,
                            const char *message) {
            QTest::newRow(name) << format << QString::fromUtf8(fixture) << QString::fromUtf8(from)
                                << QString::fromUtf8(to) << QString::fromUtf8(message);
        };

        const auto evalSet = DataFormat::EvalSet;
        const char *evalSetFile = "eval_set.jsonl";
        row("invalid JSON", evalSet, evalSetFile, R"("synthetic":true})", R"("synthetic":tru})", "invalid JSON");
        row("eval set: missing pack", evalSet, evalSetFile, R"("pack":"trimul",)", "", R"(missing field "pack")");
        row("eval set: true_bin as text", evalSet, evalSetFile, R"("true_bin":1)", R"("true_bin":"1")",
            R"("true_bin": expected an integer, found a string)");
        row("eval set: fractional true_bin", evalSet, evalSetFile, R"("true_bin":1)", R"("true_bin":1.5)",
            R"("true_bin": expected an integer, found a number)");
        row("eval set: bin 0", evalSet, evalSetFile, R"("true_bin":1)", R"("true_bin":0)",
            R"("true_bin": 0 is not a bin 1..8)");
        row("eval set: true_bin disagrees", evalSet, evalSetFile, R"("aggregated_speedup":0.350631,"true_bin":1)",
            R"("aggregated_speedup":0.35,"true_bin":5)", "true_bin 5 disagrees with aggregated_speedup 0.35 (bin 1)");
        row("eval set: negative speedup", evalSet, evalSetFile, "0.350631", "-0.35",
            R"("aggregated_speedup": -0.35 is not a positive speedup)");
        row("eval set: hardware as number", evalSet, evalSetFile, R"("NVIDIA A100-SXM4-80GB")", "80",
            R"("hardware": expected a string, found a number)");

        const auto predictions = DataFormat::Predictions;
        const char *predictionsFile = "predictions.jsonl";
        row("predictions: negative p", predictions, predictionsFile, R"({"bin":1,"p":0.5})", R"({"bin":1,"p":-0.5})",
            "p of bin 1 is -0.5, outside [0, 1]");
        row("predictions: p above 1", predictions, predictionsFile, R"({"bin":1,"p":0.5})", R"({"bin":1,"p":1.5})",
            "p of bin 1 is 1.5, outside [0, 1]");
        row("predictions: bin missing", predictions, predictionsFile, R"(,{"bin":8,"p":0.0})", "", "bin 8 is missing");
        row("predictions: duplicate bin", predictions, predictionsFile, R"({"bin":8,)", R"({"bin":7,)",
            "bin 7 appears twice");
        row("predictions: bin 9", predictions, predictionsFile, R"({"bin":8,)", R"({"bin":9,)",
            "bin 9 is not one of 1..8");
        row("predictions: p missing", predictions, predictionsFile, R"({"bin":8,"p":0.0})", R"({"bin":8})",
            R"(missing field "p")");
        row("predictions: predicted bin 0", predictions, predictionsFile, R"("predicted_bin":2)",
            R"("predicted_bin":0)", "predicted bin 0 is not one of 1..8");
        row("predictions: raw sum as text", predictions, predictionsFile, R"("raw_probability_sum":1.25)",
            R"("raw_probability_sum":"1.25")", R"("raw_probability_sum": expected a number, found a string)");
        row("predictions: missing parse_failed", predictions, predictionsFile, R"("parse_failed":false,)", "",
            R"(missing field "parse_failed")");
        row("predictions: negative repeat", predictions, predictionsFile, R"("repeat":0)", R"("repeat":-1)",
            R"("repeat": -1 is negative)");
        row("predictions: elapsed_s as text", predictions, predictionsFile, R"("elapsed_s":3.25)",
            R"("elapsed_s":"3.25")", R"("elapsed_s": expected a number, found a string)");

        const auto rlPool = DataFormat::RlPool;
        const char *rlPoolFile = "rl_pool.jsonl";
        row("rl pool: relative_bin 9", rlPool, rlPoolFile, R"("relative_bin":6)", R"("relative_bin":9)",
            R"("relative_bin": 9 is not a bin 1..8)");
        row("rl pool: missing pair_type", rlPool, rlPoolFile, R"("pair_type":"parent_edit",)", "",
            R"(missing field "pair_type")");
        row("rl pool: zero speedup", rlPool, rlPoolFile, R"("aggregated_speedup":2.4)", R"("aggregated_speedup":0)",
            R"("aggregated_speedup": 0.0 is not a positive speedup)");

        const auto discovery = DataFormat::DiscoveryPairs;
        const char *discoveryFile = "discovery_pairs.jsonl";
        row("discovery: true_bin disagrees", discovery, discoveryFile, R"("true_bin":4)", R"("true_bin":6)",
            "true_bin 6 disagrees with g_speedup 1.05 (bin 4)");
        row("discovery: negative g_speedup", discovery, discoveryFile, R"("g_speedup":1.05)", R"("g_speedup":-2)",
            R"("g_speedup": -2.0 is not a positive speedup)");
        row("discovery: missing child_node_id", discovery, discoveryFile, R"("child_node_id")", R"("child_node")",
            R"(missing field "child_node_id")");

        const auto scored = DataFormat::ScoredComparisons;
        const char *scoredFile = "scored_eval.jsonl";
        row("scored: comparison true_bin disagrees", scored, scoredFile, R"("aggregated_speedup":1.2,"true_bin":4)",
            R"("aggregated_speedup":1.2,"true_bin":5)", "true_bin 5 disagrees with aggregated_speedup 1.2 (bin 4)");
        row("scored: hardware incomplete", scored, scoredFile, R"(,"memory_bus_width_bits":5120)", "",
            R"(missing field "memory_bus_width_bits")");
        row("scored: probability key 9", scored, scoredFile, R"("8":0.0})", R"("9":0.0})",
            R"(key "9" is not a bin 1..8)");
        row("scored: negative probability", scored, scoredFile, R"("3":0.05)", R"("3":-0.05)",
            "p of bin 3 is -0.05, outside [0, 1]");
        row("scored: comparison as text", scored, scoredFile, R"("comparison":{)", R"("comparison":"x","unused":{)",
            R"("comparison": expected an object, found a string)");

        const auto evalDataset = DataFormat::EvalDataset;
        const char *evalDatasetFile = "eval_dataset.jsonl";
        row("eval dataset: compute capability", evalDataset, evalDatasetFile, "[8,0]", "[8]",
            "expected [major, minor]");
        row("eval dataset: hardware as name", evalDataset, evalDatasetFile, R"("hardware":{)",
            R"("hardware":"NVIDIA A100-SXM4-80GB","unused":{)", R"("hardware": expected an object, found a string)");
        row("eval dataset: true_bin disagrees", evalDataset, evalDatasetFile, R"("true_bin":1)", R"("true_bin":2)",
            "true_bin 2 disagrees with aggregated_speedup 0.350631 (bin 1)");

        const auto summaries = DataFormat::HfSummaries;
        const char *summariesFile = "summaries.jsonl";
        row("summaries: n_steps as text", summaries, summariesFile, R"("n_steps":40)", R"("n_steps":"40")",
            R"("n_steps": expected an integer, found a string)");
        row("summaries: missing archive size", summaries, summariesFile, R"("archive_size_final":57,)", "",
            R"(missing field "archive_size_final")");
    }

    void malformedRow()
    {
        QFETCH(DataFormat, format);
        QFETCH(QString, fixture);
        QFETCH(QString, from);
        QFETCH(QString, to);
        QFETCH(QString, message);

        const auto good = firstLine(fixture);
        auto bad = good;
        const auto at = bad.find(from.toStdString());
        QVERIFY2(at != std::string::npos, "the replaced text is not in the fixture's first row");
        bad.replace(at, std::size_t(from.size()), to.toStdString());

        // The last good row is the fixture's last, so that it is no repeat of the first where rows must be unique.
        const auto out = readRowsFrom(good + "\n" + bad + "\n" + fixtureLines(fixture).back() + "\n", format);
        QCOMPARE(out.diagnostics.size(), std::size_t(1));
        const auto &diagnostic = out.diagnostics[0];
        QCOMPARE(diagnostic.file.c_str(), "rows.jsonl");
        QCOMPARE(diagnostic.line, std::int64_t(2));
        QVERIFY2(QString::fromStdString(diagnostic.message).contains(message), diagnostic.message.c_str());

        // A refused row leaves nothing behind, not even half of a scored comparison.
        const auto expected = format == DataFormat::ScoredComparisons ? std::vector<std::int64_t>{1, 3, 1, 3}
                                                                      : std::vector<std::int64_t>{1, 3};
        QCOMPARE(loadedLines(out), expected);
    }

    void leaderboard()
    {
        const auto entry = readLeaderboardText(fixtureText(QStringLiteral("leaderboard_ttt.json")));
        QVERIFY(entry.has_value());
        QCOMPARE(entry->name.c_str(), "ttt");
        QCOMPARE(entry->leaderboardId.c_str(), "trimul");
        QCOMPARE(entry->sourceSha256.c_str(), "9f2c4e6a8b0d1f3e5a7c9b1d3f5e7a9c0b2d4f6e8a0c2e4f6a8b0d2f4e6a8c0b");
        QCOMPARE(entry->measuredAt.c_str(), "2026-03-02T10:15:00+00:00");
        QCOMPARE(entry->publishedGeomeanUs.value_or(0.0), 2.05);
        QCOMPARE(entry->cases.size(), std::size_t(7));
        QCOMPARE(entry->cases[2].caseIndex, 2);
        QVERIFY(!entry->cases[2].nomask);
        QVERIFY(entry->cases[2].correct);
        QCOMPARE(entry->cases[4].runtimeNs.value_or(0.0), 8000.0);
        QVERIFY(entry->cases[4].failureKind.empty());
        QVERIFY(qFuzzyCompare(entry->rankingGeomeanNs().value_or(0.0), 2000.0));
    }

    void failedLeaderboardIsUnranked()
    {
        const auto entry = readLeaderboardText(fixtureText(QStringLiteral("leaderboard_failed.json")));
        QVERIFY(entry.has_value());
        QVERIFY(!entry->publishedGeomeanUs.has_value());
        QCOMPARE(entry->cases.size(), std::size_t(3));
        QVERIFY(!entry->cases[1].correct);
        QVERIFY(!entry->cases[1].runtimeNs.has_value());
        QCOMPARE(entry->cases[1].failureKind.c_str(), "incorrect");
        QVERIFY(!entry->rankingGeomeanNs().has_value());
    }

    void rankingGeomean_data()
    {
        QTest::addColumn<QVector<double>>("runtimes"); // a negative value stands for a null runtime
        QTest::addColumn<bool>("allCorrect");
        QTest::addColumn<double>("geomean"); // 0 where the entry is unranked

        QTest::newRow("one case") << QVector<double>{1234.5} << true << 1234.5;
        QTest::newRow("two cases") << QVector<double>{1000.0, 4000.0} << true << 2000.0;
        QTest::newRow("no cases") << QVector<double>{} << true << 0.0;
        QTest::newRow("one incorrect") << QVector<double>{1000.0, 4000.0} << false << 0.0;
        QTest::newRow("a null runtime") << QVector<double>{1000.0, -1.0} << true << 0.0;
        QTest::newRow("a zero runtime") << QVector<double>{1000.0, 0.0} << true << 0.0;
    }

    void rankingGeomean()
    {
        QFETCH(QVector<double>, runtimes);
        QFETCH(bool, allCorrect);
        QFETCH(double, geomean);

        LeaderboardEntry entry;
        for (double runtime : runtimes) {
            LeaderboardCase result;
            result.correct = true;
            if (runtime >= 0.0)
                result.runtimeNs = runtime;
            entry.cases.push_back(result);
        }
        if (!allCorrect)
            entry.cases.back().correct = false;
        const auto ranked = entry.rankingGeomeanNs();
        QCOMPARE(ranked.has_value(), geomean > 0.0);
        if (ranked)
            QVERIFY(qFuzzyCompare(*ranked, geomean));
    }

    void malformedLeaderboard_data()
    {
        QTest::addColumn<QString>("from");
        QTest::addColumn<QString>("to");
        QTest::addColumn<QString>("message");
        const auto row = [](const char *name, const char *from, const char *to, const char *message) {
            QTest::newRow(name) << QString::fromUtf8(from) << QString::fromUtf8(to) << QString::fromUtf8(message);
        };

        row("missing name", R"("name": "ttt",)", "", R"(missing field "name")");
        row("correct as text", R"("correct": true, "runtime_ns": 4000.0)", R"("correct": "yes", "runtime_ns": 4000.0)",
            R"(case_results[1]: "correct": expected a boolean, found a string)");
        row("case not an object", R"({"case_index": 0,)", R"(7, {"case_index": 0,)",
            "case_results[0]: expected an object, found a number");
        row("case_results not a list", R"("case_results": [)", R"("case_results": {}, "unused": [)",
            R"("case_results": expected an array, found an object)");
        row("runtime as text", R"("runtime_ns": 500.0)", R"("runtime_ns": "500")",
            R"(case_results[5]: "runtime_ns": expected a number, found a string)");
    }

    void malformedLeaderboard()
    {
        QFETCH(QString, from);
        QFETCH(QString, to);
        QFETCH(QString, message);

        auto text = fixtureText(QStringLiteral("leaderboard_ttt.json"));
        const auto at = text.find(from.toStdString());
        QVERIFY2(at != std::string::npos, "the replaced text is not in the fixture");
        text.replace(at, std::size_t(from.size()), to.toStdString());
        try {
            readLeaderboardText(text);
            QFAIL("a malformed leaderboard was accepted");
        } catch (const json::FieldError &error) {
            QVERIFY2(QString::fromUtf8(error.what()).contains(message), error.what());
        }
    }

    // A cut-off last line (no newline, not valid JSON) is skipped with a warning naming it: never silently.
    void truncatedLastRowIsAWarning()
    {
        const auto rows = fixtureLines(QStringLiteral("predictions.jsonl"));
        const auto cut = rows.at(0) + "\n" + rows.at(1) + "\n" + rows.at(2).substr(0, rows.at(2).size() / 2);
        const auto out = kfx::loadText(cut, "cut.jsonl");
        QCOMPARE(out.predictions.size(), std::size_t(2));
        QCOMPARE(out.diagnostics.size(), std::size_t(1));
        QVERIFY(out.diagnostics[0].isWarning());
        QCOMPARE(out.diagnostics[0].file.c_str(), "cut.jsonl");
        QCOMPARE(out.diagnostics[0].line, std::int64_t(3));
        QVERIFY2(out.diagnostics[0].message.find("unfinished") != std::string::npos,
                 out.diagnostics[0].message.c_str());
        QCOMPARE(out.damagedLines, std::size_t(1));
    }

    // A repeated row would be counted twice by every metric: the first is kept, each repeat ignored and warned.
    void duplicateRows_data()
    {
        QTest::addColumn<QString>("fixture");
        QTest::addColumn<QString>("key");
        QTest::newRow("prediction") << QStringLiteral("predictions.jsonl")
                                    << QStringLiteral("surrogate \"gpt_oss_20b_untrained\", repeat 1");
        QTest::newRow("eval row") << QStringLiteral("eval_set.jsonl")
                                  << QStringLiteral("comparison_id \"trimul/a73b91f58c89__d33207a806f3\"");
    }

    void duplicateRows()
    {
        QFETCH(QString, fixture);
        QFETCH(QString, key);
        const auto rows = fixtureLines(fixture);
        const auto repeated = rows.size() > 2 ? rows.at(1) : rows.at(0);
        std::string text;
        for (const auto &row : rows)
            text += row + "\n";
        // Twice: each repeat names the row that came first.
        const auto out = kfx::loadText(text + repeated + "\n" + repeated + "\n", "dup.jsonl");
        QCOMPARE(out.rows, rows.size() + 2);
        QCOMPARE(loadedLines(out).size(), rows.size());
        QCOMPARE(out.diagnostics.size(), std::size_t(2));
        for (std::size_t i = 0; i < 2; ++i) {
            const auto &warning = out.diagnostics[i];
            QVERIFY(warning.isWarning());
            QCOMPARE(warning.line, std::int64_t(rows.size() + 1 + i));
            const auto message = QString::fromStdString(warning.message);
            QVERIFY2(message.contains(key), qPrintable(message));
            QVERIFY2(message.contains(QStringLiteral("line %1").arg(rows.size() > 2 ? 2 : 1)), qPrintable(message));
        }
        QCOMPARE(out.damagedLines, std::size_t(0));
    }

    // Lines that could not be loaded, each counted once however many problems it had.
    void damagedLinesAreCounted()
    {
        const auto out = kfx::loadFile(fixturePath(QStringLiteral("eval_set_malformed.jsonl")));
        QCOMPARE(out.damagedLines, std::size_t(6));
        QCOMPARE(kfx::loadFile(fixturePath(QStringLiteral("eval_set.jsonl"))).damagedLines, std::size_t(0));
    }

    // A file with no records says why: empty, binary, or text that is not JSON lines.
    void fileWithoutRecords_data()
    {
        QTest::addColumn<QByteArray>("content");
        QTest::addColumn<QString>("message");
        QTest::newRow("empty") << QByteArray() << QStringLiteral("the file is empty");
        QTest::newRow("blank lines") << QByteArray("\n  \n\n") << QStringLiteral("the file is empty");
        QTest::newRow("binary") << QByteArray("PK\x03\x04\x00\x00{\"a\":1}\n", 14)
                                << QStringLiteral("not a JSON-lines file: binary data at byte offset 2");
        QTest::newRow("text") << QByteArray("name,speedup\nx,1.5\n")
                              << QStringLiteral("not a JSON-lines file: line 1: invalid JSON");
        QTest::newRow("arrays") << QByteArray(
            "[1, 2]\n[3]\n") << QStringLiteral("not a JSON-lines file: line 1: expected a JSON object, found an array");
    }

    void fileWithoutRecords()
    {
        QFETCH(QByteArray, content);
        QFETCH(QString, message);
        const auto out = kfx::loadText(std::string_view(content.constData(), std::size_t(content.size())), "x.jsonl");
        QVERIFY(!out.readable);
        QCOMPARE(out.diagnostics.size(), std::size_t(1));
        QCOMPARE(out.diagnostics[0].file.c_str(), "x.jsonl");
        const auto actual = QString::fromStdString(out.diagnostics[0].message);
        QVERIFY2(actual.startsWith(message), qPrintable(actual));
    }

    void searchLogIsNotARowFormat()
    {
        const auto out = readRowsFrom(firstLine(QStringLiteral("eval_set.jsonl")) + "\n", DataFormat::PuctV2);
        QCOMPARE(out.diagnostics.size(), std::size_t(1));
        QCOMPARE(out.diagnostics[0].line, std::int64_t(0));
        QCOMPARE(out.rows, std::size_t(0));
    }

    // The same files through format detection, as the application opens them.
    void loadText_data()
    {
        QTest::addColumn<QString>("fixture");
        QTest::addColumn<DataFormat>("format");
        QTest::addColumn<int>("rows");
        QTest::addColumn<int>("pairs");
        QTest::addColumn<int>("predictions");
        QTest::addColumn<int>("summaries");
        QTest::addColumn<int>("diagnostics");

        const auto row = [](const char *fixture, DataFormat format, int rows, int pairs, int predictions, int summaries,
                            int diagnostics) {
            QTest::newRow(fixture) << QString::fromUtf8(fixture) << format << rows << pairs << predictions << summaries
                                   << diagnostics;
        };
        row("eval_set.jsonl", DataFormat::EvalSet, 2, 2, 0, 0, 0);
        row("predictions.jsonl", DataFormat::Predictions, 3, 0, 3, 0, 0);
        row("rl_pool.jsonl", DataFormat::RlPool, 1, 1, 0, 0, 0);
        row("discovery_pairs.jsonl", DataFormat::DiscoveryPairs, 2, 2, 0, 0, 0);
        row("scored_eval.jsonl", DataFormat::ScoredComparisons, 2, 2, 2, 0, 0);
        row("eval_dataset.jsonl", DataFormat::EvalDataset, 2, 2, 0, 0, 0);
        row("summaries.jsonl", DataFormat::HfSummaries, 2, 0, 0, 2, 0);
        row("eval_set_malformed.jsonl", DataFormat::EvalSet, 8, 3, 0, 0, 6);
        row("leaderboard_ttt.json", DataFormat::TrimulLeaderboard, 7, 0, 0, 0, 0);
    }

    void loadText()
    {
        QFETCH(QString, fixture);
        QFETCH(DataFormat, format);
        QFETCH(int, rows);
        QFETCH(int, pairs);
        QFETCH(int, predictions);
        QFETCH(int, summaries);
        QFETCH(int, diagnostics);

        const auto out = kfx::loadText(fixtureText(fixture), fixture.toStdString());
        QCOMPARE(int(out.format), int(format));
        QVERIFY(out.readable);
        QCOMPARE(int(out.rows), rows);
        QCOMPARE(int(out.pairs.size()), pairs);
        QCOMPARE(int(out.predictions.size()), predictions);
        QCOMPARE(int(out.summaries.size()), summaries);
        QCOMPARE(int(out.diagnostics.size()), diagnostics);
        QCOMPARE(out.leaderboard.has_value(), format == DataFormat::TrimulLeaderboard);
    }

    void loadFileReadsALeaderboardFromDisk()
    {
        const auto out = kfx::loadFile(fixturePath(QStringLiteral("leaderboard_failed.json")));
        QVERIFY2(out.diagnostics.empty(), qPrintable(diagnosticsText(out.diagnostics)));
        QCOMPARE(int(out.format), int(DataFormat::TrimulLeaderboard));
        QCOMPARE(out.rows, std::size_t(3));
        QCOMPARE(out.leaderboard->name.c_str(), "waqar");
    }
};

KFX_TEST_GUILESS_MAIN(TestRowReaders)

} // namespace
} // namespace tst_rowreaders

#include "tst_rowreaders.moc"
