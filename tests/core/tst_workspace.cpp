// The workspace: round trip, migration from a version-0 file, data-changed detection, refusing files it cannot use
// (damaged, foreign, newer) without a crash or SQL in the message, where it lives when not beside the data, and
// crash safety under kill -9 during a burst of overrides.

#include "workspace/workspace.h"
#include "workspacekills.h"

#include <QTemporaryDir>
#include <QTest>

#include <sqlite3.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <memory>
#include <sstream>

#include "testmain.h"

namespace tst_workspace {
namespace {

using namespace kfx;
using namespace kfx::workspace;

namespace {

std::string readAll(const std::string &path)
{
    std::ifstream in(path, std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

void writeFile(const std::string &path, const std::string &text, std::ios::openmode mode = std::ios::trunc)
{
    std::ofstream(path, std::ios::binary | mode) << text;
}

// An SQLite file written by hand, for the files kfx must refuse.
void writeDatabase(const std::string &path, const char *sql)
{
    sqlite3 *db = nullptr;
    QCOMPARE(sqlite3_open(path.c_str(), &db), SQLITE_OK);
    QCOMPARE(sqlite3_exec(db, sql, nullptr, nullptr, nullptr), SQLITE_OK);
    sqlite3_close(db);
}

// A workspace of many pages, closed (its WAL folded in), then one page in the middle overwritten.
void writeDamagedWorkspace(const std::string &path)
{
    {
        Workspace workspace(path);
        for (int i = 0; i < 300; ++i)
            workspace.addForecast({"N" + std::to_string(i), "manual", std::string(1000, char('a' + i % 26))});
    }
    std::string bytes = readAll(path);
    QVERIFY(bytes.size() > 32 * 4096);
    const std::size_t page = 4096 * (bytes.size() / 4096 / 2);
    std::fill_n(bytes.begin() + std::ptrdiff_t(page), 4096, '\xab');
    writeFile(path, bytes);
}

} // namespace

class TestWorkspace : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void init()
    {
        // A fresh folder per test: each starts without a workspace.
        m_dir = std::make_unique<QTemporaryDir>();
        QVERIFY(m_dir->isValid());
        m_data = m_dir->filePath(QStringLiteral("events.jsonl")).toStdString();
        writeFile(m_data, "{\"kind\":\"step_completed\",\"step\":0}\n");
    }

    void roundTrip()
    {
        const std::string dataBefore = readAll(m_data);
        const auto path = Workspace::pathFor(m_data);
        {
            Workspace workspace(path);
            QCOMPARE(workspace.schemaVersion(), kSchemaVersion);
            workspace.recordData(std::vector{m_data});
            workspace.setOverride("N1", {gate::OverrideMode::Trust, "fast on H100 too"});
            workspace.setOverride("N2", {gate::OverrideMode::Defer, ""});
            workspace.setOverride("N3", {gate::OverrideMode::Trust, ""});
            workspace.setOverride("N3", {gate::OverrideMode::Auto, ""}); // back to the gate: forgotten
            StoredGateSettings settings;
            settings.gate = {metrics::ConfidenceScore::NegEntropy, 0.45};
            settings.targetCoverage = 0.9;
            settings.riskAlpha = 0.1;
            settings.riskDelta = 0.05;
            workspace.saveGateSettings(settings);
            workspace.addForecast({"N4", "manual", R"({"predicted_bin":5})"});
            workspace.addMeasurement({"N4", "gpu-worker", R"({"aggregated_speedup":1.7})"});
        }
        Workspace reopened(path);
        const auto overrides = reopened.overrides();
        QCOMPARE(overrides.size(), std::size_t(2));
        QCOMPARE(overrides.at("N1").mode, gate::OverrideMode::Trust);
        QCOMPARE(overrides.at("N1").note, std::string("fast on H100 too"));
        QCOMPARE(overrides.at("N2").mode, gate::OverrideMode::Defer);
        const auto settings = reopened.gateSettings();
        QVERIFY(settings);
        QCOMPARE(settings->gate.score, metrics::ConfidenceScore::NegEntropy);
        QCOMPARE(settings->gate.threshold, 0.45);
        QCOMPARE(settings->targetCoverage, std::optional(0.9));
        QCOMPARE(settings->riskDelta, std::optional(0.05));
        QCOMPARE(reopened.forecasts().at(0).json, std::string(R"({"predicted_bin":5})"));
        QCOMPARE(reopened.measurements().at(0).source, std::string("gpu-worker"));
        const auto checks = reopened.checkData(std::vector{m_data});
        QCOMPARE(checks.size(), std::size_t(1));
        QCOMPARE(checks[0].status, DataStatus::Unchanged);
        QVERIFY(!Workspace::dataChanged(checks));
        QCOMPARE(reopened.integrityCheck(), std::string("ok"));
        QCOMPARE(readAll(m_data), dataBefore); // the data is only ever read
    }

    void infiniteThresholdsSurvive()
    {
        Workspace workspace(Workspace::pathFor(m_data));
        for (double threshold : {-std::numeric_limits<double>::infinity(), std::numeric_limits<double>::infinity()}) {
            workspace.saveGateSettings({{metrics::ConfidenceScore::MaxProb, threshold}, {}, {}, {}, {}});
            QCOMPARE(workspace.gateSettings()->gate.threshold, threshold);
        }
    }

    void unreadableGateSettingsAreNamedAndNotUsed()
    {
        // Issue 27: text where the threshold belongs was read as 0, and the gate trusted 448 of 450 kernels.
        const auto path = Workspace::pathFor(m_data);
        {
            Workspace workspace(path);
            workspace.saveGateSettings({{metrics::ConfidenceScore::ExpectedBin, 5.5}, 0.9, 0.1, {}, {}});
        }
        writeDatabase(path, "UPDATE gate_settings SET threshold = 'high', risk_alpha = x'00ff'");
        {
            Workspace reopened(path);
            const auto settings = reopened.gateSettings();
            QVERIFY(settings);
            QCOMPARE(settings->gate.score, metrics::ConfidenceScore::ExpectedBin);
            QCOMPARE(settings->gate.threshold, 4.5);
            QCOMPARE(settings->targetCoverage, std::optional(0.9));
            QVERIFY(!settings->riskAlpha);
            QCOMPARE(settings->unreadable.size(), std::size_t(2));
            QCOMPARE(settings->unreadable[0],
                     path
                         + ": the gate setting threshold is 'high', which kfx cannot read; the default threshold 4.5 "
                           "is used");
            QVERIFY(settings->unreadable[1].starts_with(path + ": the gate setting risk_alpha is "));
            QVERIFY(settings->unreadable[1].ends_with("; it is left unset"));
        }
        writeDatabase(path, "UPDATE gate_settings SET score = 'confidence', threshold = '0.7x'");
        Workspace reopened(path);
        const auto settings = reopened.gateSettings();
        QCOMPARE(settings->gate.score, metrics::ConfidenceScore::MaxProb);
        QCOMPARE(settings->gate.threshold, 0.5);
        QCOMPARE(settings->unreadable.at(0),
                 path + ": the gate setting score is 'confidence', which kfx cannot read; the score max_prob is used");
        QVERIFY(settings->unreadable.at(1).ends_with("the default threshold 0.5 is used"));
        // What the window saves is read back without complaint.
        reopened.saveGateSettings(*settings);
        QVERIFY(reopened.gateSettings()->unreadable.empty());
    }

    void dataChangedIsReported()
    {
        const auto path = Workspace::pathFor(m_data);
        const auto other = m_dir->filePath(QStringLiteral("predictions.jsonl")).toStdString();
        writeFile(other, "{}\n");
        Workspace workspace(path);
        workspace.recordData(std::vector{m_data, other});

        writeFile(m_data, "{\"kind\":\"step_completed\",\"step\":1}\n", std::ios::app); // the log grew
        std::remove(other.c_str());
        const auto unknown = m_dir->filePath(QStringLiteral("unknown.jsonl")).toStdString();
        writeFile(unknown, "{}\n");
        const auto checks = workspace.checkData(std::vector{m_data, unknown});
        QCOMPARE(checks.size(), std::size_t(3));
        for (const auto &check : checks) {
            const auto expected = check.path == m_data ? DataStatus::Changed
                : check.path == other                  ? DataStatus::Missing
                                                       : DataStatus::NotRecorded;
            QCOMPARE(check.status, expected);
        }
        QVERIFY(Workspace::dataChanged(checks));

        // Same bytes, new modification time (a copy, a checkout): not a change.
        workspace.recordData(std::vector{m_data});
        const std::string text = readAll(m_data);
        writeFile(m_data, text);
        QVERIFY(!Workspace::dataChanged(workspace.checkData()));
    }

    void fingerprintSeesHeadAndTailOfLargeFiles()
    {
        std::string big(5 * 1024 * 1024, 'x');
        writeFile(m_data, big);
        const auto before = fingerprintFile(m_data);
        big[big.size() - 10] = 'y'; // in the last MiB
        writeFile(m_data, big);
        const auto tail = fingerprintFile(m_data);
        big[10] = 'y'; // in the first MiB
        writeFile(m_data, big);
        const auto head = fingerprintFile(m_data);
        QVERIFY(before && tail && head);
        QVERIFY(!before->sameContent(*tail));
        QVERIFY(!tail->sameContent(*head));
        QCOMPARE(before->size, std::uint64_t(big.size()));
    }

    void migratesAVersionZeroFile()
    {
        const auto path = Workspace::pathFor(m_data);
        // Version 0: a version table saying 0, and a table of someone else's that must survive the upgrade.
        writeDatabase(path,
                      "CREATE TABLE schema_version (version INTEGER NOT NULL);"
                      "INSERT INTO schema_version VALUES (0);"
                      "CREATE TABLE scratch (x TEXT); INSERT INTO scratch VALUES ('kept');");

        Workspace workspace(path);
        QCOMPARE(workspace.schemaVersion(), kSchemaVersion);
        workspace.setOverride("N1", {gate::OverrideMode::Defer, "slow"});
        QCOMPARE(workspace.overrides().at("N1").note, std::string("slow"));
        QCOMPARE(workspace.integrityCheck(), std::string("ok"));

        Database raw(path);
        auto scratch = raw.prepare("SELECT x FROM scratch");
        QVERIFY(scratch.step());
        QCOMPARE(scratch.text(0), std::string("kept"));
        auto journal = raw.prepare("PRAGMA journal_mode");
        QVERIFY(journal.step());
        QCOMPARE(journal.text(0), std::string("wal"));
    }

    // A file as kfx wrote it at schema 1 (the DDL below is that version's, frozen here), with something in every
    // table: opening it migrates to the present schema in place and every row is still there, beside the new, usable
    // tables.
    void migratesAVersionOneFile()
    {
        const auto path = Workspace::pathFor(m_data);
        {
            Database raw(path);
            raw.exec(R"sql(
CREATE TABLE schema_version (version INTEGER NOT NULL);
INSERT INTO schema_version VALUES (1);
CREATE TABLE data_files (path TEXT PRIMARY KEY, size INTEGER NOT NULL, hash TEXT NOT NULL,
                         modified_ns INTEGER NOT NULL);
CREATE TABLE overrides (node_id TEXT PRIMARY KEY, mode TEXT NOT NULL CHECK (mode IN ('auto', 'trust', 'defer')),
                        note TEXT NOT NULL DEFAULT '', updated_at TEXT NOT NULL DEFAULT 'then');
CREATE TABLE gate_settings (id INTEGER PRIMARY KEY CHECK (id = 1), score TEXT NOT NULL, threshold REAL,
                            target_coverage REAL, risk_alpha REAL, risk_delta REAL);
CREATE TABLE forecasts (id INTEGER PRIMARY KEY, node_id TEXT NOT NULL, source TEXT NOT NULL, json TEXT NOT NULL);
CREATE TABLE measurements (id INTEGER PRIMARY KEY, node_id TEXT NOT NULL, source TEXT NOT NULL, json TEXT NOT NULL);
INSERT INTO data_files VALUES ('events.jsonl', 37, '0123456789abcdef', 0);
INSERT INTO overrides (node_id, mode, note) VALUES ('N1', 'trust', 'kept across the upgrade');
INSERT INTO gate_settings VALUES (1, 'neg_entropy', 0.25, 0.8, NULL, NULL);
INSERT INTO forecasts (node_id, source, json) VALUES ('N2', 'embedded', '{"predicted_bin":6}');
INSERT INTO measurements (node_id, source, json) VALUES ('N2', 'gpu-worker', '{"aggregated_speedup":2.5}');
)sql");
        }
        Workspace workspace(path);
        QCOMPARE(workspace.schemaVersion(), kSchemaVersion);
        QCOMPARE(workspace.overrides().at("N1").note, std::string("kept across the upgrade"));
        QCOMPARE(workspace.gateSettings()->gate.threshold, 0.25);
        QCOMPARE(workspace.gateSettings()->targetCoverage, std::optional(0.8));
        QCOMPARE(workspace.forecasts().at(0).json, std::string(R"({"predicted_bin":6})"));
        QCOMPARE(workspace.measurements().at(0).json, std::string(R"({"aggregated_speedup":2.5})"));
        const auto checks = workspace.checkData();
        QCOMPARE(checks.size(), std::size_t(1));
        QCOMPARE(checks[0].recorded->size, std::uint64_t(37));
        QCOMPARE(workspace.cachedResultCount(), std::int64_t(0));
        QVERIFY(!workspace.embeddedModel());
        workspace.cacheResults(std::vector{std::pair{surrogate::CacheKey{"llm", "m", "t", "q"}, std::string("{}")}});
        QCOMPARE(workspace.cachedResultCount(), std::int64_t(1));
        QVERIFY(!workspace.shownForecastSource());
        workspace.saveShownForecastSource("embedded");
        QCOMPARE(workspace.shownForecastSource(), std::optional<std::string>("embedded"));
        QCOMPARE(workspace.integrityCheck(), std::string("ok"));
    }

    // Whose forecasts the views show is the person's choice, kept with the data: it outlives a reopen, and the
    // last choice wins.
    void keepsTheShownForecastSource()
    {
        const auto path = Workspace::pathFor(m_data);
        {
            Workspace workspace(path);
            QVERIFY(!workspace.shownForecastSource());
            workspace.saveShownForecastSource("embedded");
            workspace.saveShownForecastSource("llm:gpt-oss-20b");
        }
        QCOMPARE(Workspace(path).shownForecastSource(), std::optional<std::string>("llm:gpt-oss-20b"));
    }

    void cachesResultsUnderTheirFourPartKey()
    {
        const auto path = Workspace::pathFor(m_data);
        const surrogate::CacheKey key{"llm", "gpt-oss-20b", "t1", "q1"};
        {
            Workspace workspace(path);
            workspace.cacheResults(std::vector{
                std::pair{key, std::string(R"({"a":1})")},
                std::pair{surrogate::CacheKey{"llm", "gpt-oss-20b", "t1", "q2"}, std::string(R"({"a":2})")}});
            workspace.cacheResults(std::vector{std::pair{key, std::string(R"({"a":3})")}}); // replaces
        }
        Workspace reopened(path);
        // Each part of the key matters: changing any one of them misses.
        const std::vector<surrogate::CacheKey> keys{key,
                                                    {"embedded", "gpt-oss-20b", "t1", "q1"},
                                                    {"llm", "other-model", "t1", "q1"},
                                                    {"llm", "gpt-oss-20b", "t2", "q1"},
                                                    {"llm", "gpt-oss-20b", "t1", "q3"},
                                                    {"llm", "gpt-oss-20b", "t1", "q2"}};
        const auto found = reopened.cachedResults(keys);
        QCOMPARE(found.size(), keys.size());
        QCOMPARE(found[0], std::optional<std::string>(R"({"a":3})"));
        for (std::size_t i = 1; i < 5; ++i)
            QVERIFY(!found[i]);
        QCOMPARE(found[5], std::optional<std::string>(R"({"a":2})"));
        QCOMPARE(reopened.cachedResultCount(), std::int64_t(2));
    }

    void keepsOneEmbeddedModel()
    {
        const auto path = Workspace::pathFor(m_data);
        std::vector<std::uint8_t> bytes(100000);
        for (std::size_t i = 0; i < bytes.size(); ++i)
            bytes[i] = std::uint8_t(i * 7 + i / 251); // every byte value, NULs included
        {
            Workspace workspace(path);
            QVERIFY(!workspace.embeddedModel());
            workspace.saveEmbeddedModel({1, "temperature", "old", 10, {1, 2, 3}});
            workspace.saveEmbeddedModel({3, "isotonic-max-prob", "abc123", 240, bytes});
        }
        Workspace reopened(path);
        const auto model = reopened.embeddedModel();
        QVERIFY(model);
        QCOMPARE(model->featureVersion, 3);
        QCOMPARE(model->calibration, std::string("isotonic-max-prob"));
        QCOMPARE(model->trainingHash, std::string("abc123"));
        QCOMPARE(model->trainingRows, std::int64_t(240));
        QVERIFY(model->bytes == bytes);
    }

    // Each file is refused before anything is written to it, with a one-line message that names it and its case:
    // no crash (negative versions indexed the migrations), no wrap (2^32), no SQL (a re-run migration's text).
    void refusesAFileItCannotUse_data()
    {
        QTest::addColumn<QString>("kind");
        QTest::addColumn<int>("reason");
        const auto damaged = int(UnusableWorkspace::Reason::Damaged);
        QTest::newRow("version -1000000") << "version:-1000000" << damaged;
        QTest::newRow("version -1") << "version:-1" << damaged;
        QTest::newRow("version 2^32") << "version:4294967296" << int(UnusableWorkspace::Reason::Newer);
        QTest::newRow("version 2^32 + 1") << "version:4294967297" << int(UnusableWorkspace::Reason::Newer);
        QTest::newRow("version 'abc'") << "version:'abc'" << damaged;
        QTest::newRow("version 1.5") << "version:1.5" << damaged;
        QTest::newRow("newer version") << "version:4" << int(UnusableWorkspace::Reason::Newer);
        QTest::newRow("version 1 without its tables") << "claims" << int(UnusableWorkspace::Reason::Foreign);
        QTest::newRow("another program's database") << "foreign" << int(UnusableWorkspace::Reason::Foreign);
        QTest::newRow("another program's application id")
            << "application_id" << int(UnusableWorkspace::Reason::Foreign);
        QTest::newRow("not a database") << "text" << damaged;
        QTest::newRow("damaged page") << "page" << damaged;
    }

    void refusesAFileItCannotUse()
    {
        QFETCH(QString, kind);
        QFETCH(int, reason);
        const auto path = Workspace::pathFor(m_data);
        if (kind.startsWith(QLatin1String("version:"))) {
            // Version 1's tables are there (migration 0 run by a real kfx), then the version is edited.
            {
                Workspace(path).saveGateSettings({});
            }
            const auto value = kind.mid(8).toStdString();
            writeDatabase(path, ("UPDATE schema_version SET version = " + value).c_str());
        } else if (kind == QLatin1String("claims")) {
            writeDatabase(path,
                          "CREATE TABLE schema_version (version INTEGER); INSERT INTO schema_version VALUES (1);"
                          "CREATE TABLE migrations (name TEXT);");
        } else if (kind == QLatin1String("foreign")) {
            writeDatabase(
                path, "CREATE TABLE photos (id INTEGER PRIMARY KEY, name TEXT); INSERT INTO photos VALUES (1, 'a');");
        } else if (kind == QLatin1String("application_id")) {
            writeDatabase(path, "PRAGMA application_id = 1234;");
        } else if (kind == QLatin1String("text")) {
            writeFile(path, std::string(10000, 'x'));
        } else {
            writeDamagedWorkspace(path);
        }
        const std::string before = readAll(path);

        try {
            Workspace workspace(path);
            QFAIL("the file was accepted");
        } catch (const UnusableWorkspace &error) {
            const std::string message = error.what();
            QCOMPARE(int(error.reason()), reason);
            QVERIFY2(message.starts_with(path + " "), message.c_str());
            QVERIFY2(message.size() < path.size() + 100, message.c_str());
            QVERIFY2(message.find('\n') == std::string::npos, message.c_str());
            for (const char *sql : {"CREATE", "SELECT", "INSERT", "PRAGMA", "TABLE"})
                QVERIFY2(message.find(sql) == std::string::npos, message.c_str());
        }
        QVERIFY(readAll(path) == before); // refused before anything was written
    }

    // Setting a refused file aside moves it, its WAL included, out of the way: the next open starts afresh and the
    // old file can still be looked at.
    void setsAnUnusableFileAside()
    {
        const auto path = Workspace::pathFor(m_data);
        {
            Workspace workspace(path);
            workspace.setOverride("N1", {gate::OverrideMode::Trust, ""});
        }
        writeDatabase(path, "UPDATE schema_version SET version = -1");
        QVERIFY_EXCEPTION_THROWN(Workspace{path}, UnusableWorkspace);
        writeFile(path + "-wal", "stale"); // as a killed kfx may leave one
        const std::string before = readAll(path);

        const auto aside = Workspace::setAside(path);
        QVERIFY2(aside.starts_with(path + ".broken-"), aside.c_str());
        QCOMPARE(readAll(aside), before);
        QCOMPARE(readAll(aside + "-wal"), std::string("stale"));
        QVERIFY(!std::filesystem::exists(path + "-wal"));

        {
            Workspace fresh(path);
            QCOMPARE(fresh.schemaVersion(), kSchemaVersion);
            QVERIFY(fresh.overrides().empty());
        }
        // A second set-aside (within the same second, most likely) keeps the first.
        const auto second = Workspace::setAside(path);
        QVERIFY(second != aside);
        QCOMPARE(readAll(aside), before);
        QVERIFY(std::filesystem::exists(second));
    }

    // A workspace kept out of the data's folder: named by the data's absolute path, so the same name in another
    // folder gets another workspace, and the data's fingerprint is recorded inside as for one beside the data.
    void keepsAWorkspaceInAnotherFolder()
    {
        QTemporaryDir store;
        const auto directory = store.path().toStdString();
        const auto path = Workspace::pathIn(directory, m_data);
        QCOMPARE(std::filesystem::path(path).parent_path().string(), directory);
        QVERIFY2(std::filesystem::path(path).filename().string().starts_with("events.jsonl-"), path.c_str());
        QCOMPARE(Workspace::pathIn(directory, m_dir->path().toStdString() + "/./events.jsonl"), path);
        QVERIFY(Workspace::pathIn(directory, m_dir->path().toStdString() + "/other/events.jsonl") != path);
        {
            Workspace workspace(path);
            workspace.recordData(std::vector{m_data});
        }
        writeFile(m_data, "{}\n", std::ios::app);
        Workspace reopened(path);
        QVERIFY(Workspace::dataChanged(reopened.checkData(std::vector{m_data})));
        QVERIFY(!std::filesystem::exists(Workspace::pathFor(m_data)));
    }

    void survivesKillDuringABurst()
    {
        const auto tally = workspacekills::killDuringBursts(Workspace::pathFor(m_data), 20, 20261122);
        QCOMPARE(tally.kills, 20);
        QCOMPARE(tally.lostCommits, 0);
        QCOMPARE(tally.failedIntegrityChecks, 0);
        QCOMPARE(tally.unopenable, 0);
        QCOMPARE(tally.beyondInFlight, 0);
        QVERIFY2(tally.committed >= 10, "the bursts committed almost nothing: the kills test little");
        qInfo("%d overrides committed across 20 killed bursts", tally.committed);
    }

    void killedActionIsAllOrNothing()
    {
        // Issue 27: Select All, then D on 497 kernels, killed during the ~1.9 s write: 6 of 12 kills left 248 of them
        // deferred. One action is one transaction: every kill leaves all of it or none.
        const auto tally = workspacekills::killDuringActions(m_dir->path().toStdString(), 12, 497, 20261127);
        QCOMPARE(tally.kills.kills, 12);
        QCOMPARE(tally.halfApplied, 0);
        QCOMPARE(tally.lostActions, 0);
        QCOMPARE(tally.kills.unopenable, 0);
    }

    void overridesOfOneActionTakeOneCommit()
    {
        // The time for 497 overrides, as the window wrote them before issue 27 (a transaction each) and as one action
        // now writes them: printed for the record, not asserted (disks differ).
        std::map<std::string, gate::GateOverride> overrides;
        for (int i = 0; i < 497; ++i)
            overrides["N" + std::to_string(i)] = {gate::OverrideMode::Defer, ""};
        Workspace workspace(Workspace::pathFor(m_data));
        auto start = std::chrono::steady_clock::now();
        for (const auto &[id, override] : overrides)
            workspace.setOverride(id, override);
        const double each = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        for (auto &entry : overrides)
            entry.second.mode = gate::OverrideMode::Trust;
        start = std::chrono::steady_clock::now();
        workspace.setOverrides(overrides);
        const double once = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        QCOMPARE(workspace.overrides().size(), std::size_t(497));
        QCOMPARE(workspace.overrides().at("N496").mode, gate::OverrideMode::Trust);
        qInfo("497 overrides: %.3f s one transaction each, %.3f s in one", each, once);
    }

private:
    std::unique_ptr<QTemporaryDir> m_dir;
    std::string m_data;
};

KFX_TEST_GUILESS_MAIN(TestWorkspace)

} // namespace
} // namespace tst_workspace

#include "tst_workspace.moc"
