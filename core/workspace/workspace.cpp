#include "workspace.h"

#include "surrogate/kernelquery.h"

#include <algorithm>
#include <charconv>
#include <chrono>
#include <cstdio>
#include <ctime>
#include <filesystem>
#include <limits>

namespace kfx::workspace {

namespace {

// kMigrations[v] takes a file from version v to v + 1. Version 0 is a file without our tables (new, or
// created by hand); each migration runs in its own transaction together with the version bump.
constexpr std::string_view kMigrations[] = {
    R"sql(
CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL);
CREATE TABLE data_files (
    path TEXT PRIMARY KEY,         -- relative to the workspace's folder, so moving the folder keeps it valid
    size INTEGER NOT NULL,
    hash TEXT NOT NULL,            -- 16 hex digits: FNV-1a 64 of the first and last MiB
    modified_ns INTEGER NOT NULL   -- informative only
);
CREATE TABLE overrides (
    node_id TEXT PRIMARY KEY,
    mode TEXT NOT NULL CHECK (mode IN ('auto', 'trust', 'defer')),
    note TEXT NOT NULL DEFAULT '',
    updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
CREATE TABLE gate_settings (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    score TEXT NOT NULL,
    threshold REAL,                -- NULL stands for -inf, the reference's "trust everything parsed"
    target_coverage REAL,
    risk_alpha REAL,
    risk_delta REAL
);
CREATE TABLE forecasts (id INTEGER PRIMARY KEY, node_id TEXT NOT NULL, source TEXT NOT NULL, json TEXT NOT NULL);
CREATE TABLE measurements (id INTEGER PRIMARY KEY, node_id TEXT NOT NULL, source TEXT NOT NULL, json TEXT NOT NULL);
)sql",
    R"sql(
CREATE TABLE forecast_cache (
    surrogate TEXT NOT NULL,       -- "embedded", "llm"
    model TEXT NOT NULL,           -- the LLM's name, or the embedded model's content hash
    prompt_hash TEXT NOT NULL,     -- '' where no prompt is involved
    query_hash TEXT NOT NULL,
    result TEXT NOT NULL,          -- surrogate::encodeResult's JSON
    created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    PRIMARY KEY (surrogate, model, prompt_hash, query_hash)
) WITHOUT ROWID;
CREATE TABLE embedded_model (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    feature_version INTEGER NOT NULL,
    calibration TEXT NOT NULL,
    training_hash TEXT NOT NULL,
    training_rows INTEGER NOT NULL,
    model BLOB NOT NULL,           -- EmbeddedModel::save(): header, calibration, XGBoost's UBJSON
    saved_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
)sql",
    R"sql(
CREATE TABLE shown_forecast_source (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    source TEXT NOT NULL           -- "search log", "embedded", "llm:<model>": whose forecasts every view shows
);
)sql",
};
static_assert(std::size(kMigrations) == kSchemaVersion);

// A table each migration adds: a file claiming version v holds the first v of them, or it is not what it claims.
constexpr std::string_view kTableAddedBy[] = {"overrides", "forecast_cache", "shown_forecast_source"};
static_assert(std::size(kTableAddedBy) == kSchemaVersion);

// "kfxW" in the header's application_id: tells our files from other programs' databases at a glance. Files from
// before it was set read 0 and get it on their next open.
constexpr std::int64_t kApplicationId = 0x6b667857;

std::string hexHash(std::uint64_t hash)
{
    char text[17];
    std::snprintf(text, sizeof text, "%016llx", static_cast<unsigned long long>(hash));
    return text;
}

// The shortest text that reads back as `value` ("0.5", "4.5").
std::string shortest(double value)
{
    char text[32];
    return {text, std::to_chars(text, text + sizeof text, value).ptr};
}

std::uint64_t parseHexHash(const std::string &text)
{
    std::uint64_t hash = 0;
    std::from_chars(text.data(), text.data() + text.size(), hash, 16);
    return hash;
}

} // namespace

std::string_view dataStatusName(DataStatus status)
{
    switch (status) {
    case DataStatus::Unchanged:
        return "unchanged";
    case DataStatus::Changed:
        return "changed";
    case DataStatus::Missing:
        return "missing";
    case DataStatus::NotRecorded:
        return "not_recorded";
    }
    return "";
}

Workspace::Workspace(const std::string &path)
    : m_path(path)
    , m_db(path)
    , m_directory(std::filesystem::absolute(path).parent_path())
{
    try {
        // Everything is checked before the first write, so a file refused here is left exactly as it was.
        checkPages();
        const auto version = recordedVersion();
        checkOwnership(version);
        // WAL keeps readers and the writer apart and makes each commit one append; FULL syncs the WAL on every
        // commit, so a committed action survives even a power cut, not only a killed process.
        m_db.exec("PRAGMA journal_mode = WAL");
        m_db.exec("PRAGMA synchronous = FULL");
        migrate(int(version));
    } catch (const UnusableWorkspace &) {
        throw;
    } catch (const SqliteError &error) {
        if (error.failure() != SqliteFailure::Damaged)
            throw;
        unusable(UnusableWorkspace::Reason::Damaged, "SQLite cannot read it as a database");
    }
}

std::string Workspace::pathFor(const std::string &dataPath)
{
    return dataPath + ".kfx-workspace";
}

std::string Workspace::pathIn(const std::string &directory, const std::string &dataPath)
{
    const auto absolute = std::filesystem::absolute(dataPath).lexically_normal();
    const auto name = absolute.filename().string() + "-" + surrogate::stableHash(absolute.string()) + ".kfx-workspace";
    return (std::filesystem::path(directory) / name).string();
}

std::string Workspace::setAside(const std::string &path)
{
    const auto now = std::chrono::system_clock::to_time_t(std::chrono::system_clock::now());
    std::tm utc{};
    gmtime_r(&now, &utc);
    char stamp[32];
    std::strftime(stamp, sizeof stamp, "%Y%m%dT%H%M%SZ", &utc);
    std::string target = path + ".broken-" + stamp;
    // Two set aside within a second keep apart too.
    for (int n = 2; std::filesystem::exists(target); ++n)
        target = path + ".broken-" + stamp + "-" + std::to_string(n);
    // The journal files go along: SQLite would otherwise apply the old file's WAL or hot journal to the fresh one.
    for (const char *suffix : {"", "-wal", "-shm", "-journal"}) {
        std::error_code error;
        if (!std::filesystem::exists(path + suffix, error))
            continue;
        std::filesystem::rename(path + suffix, target + suffix, error);
        if (error)
            throw SqliteError("cannot set " + path + suffix + " aside: " + error.message());
    }
    return target;
}

void Workspace::unusable(UnusableWorkspace::Reason reason, const std::string &why) const
{
    switch (reason) {
    case UnusableWorkspace::Reason::Damaged:
        throw UnusableWorkspace(reason, m_path + " is damaged: " + why);
    case UnusableWorkspace::Reason::Foreign:
        throw UnusableWorkspace(reason, m_path + " is not a kfx workspace: " + why);
    case UnusableWorkspace::Reason::Newer:
        throw UnusableWorkspace(reason, m_path + " was written by a newer kfx: " + why);
    }
    throw UnusableWorkspace(reason, m_path + ": " + why);
}

void Workspace::checkPages()
{
    // quick_check reads every page and b-tree but skips index contents: damage found now, at open, rather than as
    // "malformed" in the middle of some later action. One problem is enough to refuse the file.
    auto query = m_db.prepare("PRAGMA quick_check(1)");
    if (query.step() && query.text(0) != "ok")
        unusable(UnusableWorkspace::Reason::Damaged, "its pages fail SQLite's check");
}

std::int64_t Workspace::recordedVersion()
{
    if (!m_db.hasTable("schema_version"))
        return 0;
    std::int64_t version = 0;
    auto query = m_db.prepare("SELECT version FROM schema_version");
    while (query.step()) {
        // Checked before it is used to index kMigrations or narrowed to an int.
        if (!query.isInteger(0))
            unusable(UnusableWorkspace::Reason::Damaged, "its schema version is not a whole number");
        if (query.integer(0) < 0)
            unusable(UnusableWorkspace::Reason::Damaged,
                     "its schema version " + std::to_string(query.integer(0)) + " is negative");
        version = std::max(version, query.integer(0));
    }
    return version;
}

std::int64_t Workspace::applicationId()
{
    auto query = m_db.prepare("PRAGMA application_id");
    return query.step() ? query.integer(0) : 0;
}

void Workspace::checkOwnership(std::int64_t version)
{
    const auto id = applicationId();
    if (id != 0 && id != kApplicationId)
        unusable(UnusableWorkspace::Reason::Foreign, "another program marked it as its own");
    if (!m_db.hasTable("schema_version")) {
        // Version 0 is a new, empty file; tables without our version table are somebody else's.
        if (m_db.hasAnyTable())
            unusable(UnusableWorkspace::Reason::Foreign, "it holds another program's tables");
        return;
    }
    const auto known = std::min<std::int64_t>(version, kSchemaVersion);
    for (std::int64_t v = 0; v < known; ++v) {
        if (m_db.hasTable(kTableAddedBy[v]))
            continue;
        if (id == kApplicationId)
            unusable(UnusableWorkspace::Reason::Damaged,
                     "tables of its schema version " + std::to_string(version) + " are missing");
        unusable(UnusableWorkspace::Reason::Foreign, "it holds another program's tables");
    }
    if (version > kSchemaVersion)
        unusable(UnusableWorkspace::Reason::Newer,
                 "schema " + std::to_string(version) + ", this build reads up to " + std::to_string(kSchemaVersion));
}

int Workspace::schemaVersion()
{
    return int(recordedVersion()); // in [0, kSchemaVersion] once the constructor accepted the file
}

void Workspace::migrate(int version)
{
    if (applicationId() == 0)
        m_db.exec("PRAGMA application_id = " + std::to_string(kApplicationId));
    for (int from = version; from < kSchemaVersion; ++from) {
        try {
            Transaction transaction(m_db);
            m_db.exec(kMigrations[from]);
            m_db.exec("DELETE FROM schema_version");
            m_db.prepare("INSERT INTO schema_version (version) VALUES (?1)").bind(1, std::int64_t(from + 1)).run();
            transaction.commit();
        } catch (const SqliteError &error) {
            // A table the migration creates exists already, or one it changes is missing: the file is not the
            // version it says. Anything else (a full disk, a lock) is not the file's fault.
            if (error.failure() != SqliteFailure::Mismatch)
                throw;
            unusable(UnusableWorkspace::Reason::Damaged,
                     "its tables do not match its schema version " + std::to_string(version));
        }
    }
}

std::string Workspace::storedPath(const std::string &dataPath) const
{
    return std::filesystem::absolute(dataPath).lexically_normal().lexically_relative(m_directory).generic_string();
}

void Workspace::recordData(std::span<const std::string> dataPaths)
{
    Transaction transaction(m_db);
    m_db.exec("DELETE FROM data_files");
    auto insert = m_db.prepare(
        "INSERT OR REPLACE INTO data_files (path, size, hash, modified_ns) VALUES (?1, ?2, ?3, ?4)");
    for (const auto &path : dataPaths) {
        const auto fingerprint = fingerprintFile(path);
        if (!fingerprint)
            throw SqliteError("cannot read " + path + " to fingerprint it");
        insert.bind(1, storedPath(path))
            .bind(2, std::int64_t(fingerprint->size))
            .bind(3, hexHash(fingerprint->hash))
            .bind(4, fingerprint->modifiedNs)
            .run();
        insert.reset();
    }
    transaction.commit();
}

std::vector<DataCheck> Workspace::checkData(std::span<const std::string> dataPaths)
{
    std::vector<DataCheck> checks;
    auto query = m_db.prepare("SELECT path, size, hash, modified_ns FROM data_files ORDER BY path");
    while (query.step()) {
        DataCheck check;
        check.path = (m_directory / query.text(0)).lexically_normal().string();
        check.recorded = DataFingerprint{std::uint64_t(query.integer(1)), parseHexHash(query.text(2)),
                                         query.integer(3)};
        check.current = fingerprintFile(check.path);
        check.status = !check.current                     ? DataStatus::Missing
            : check.current->sameContent(*check.recorded) ? DataStatus::Unchanged
                                                          : DataStatus::Changed;
        checks.push_back(std::move(check));
    }
    for (const auto &path : dataPaths) {
        const auto stored = storedPath(path);
        const bool known = std::any_of(checks.begin(), checks.end(),
                                       [&](const DataCheck &check) { return storedPath(check.path) == stored; });
        if (!known)
            checks.push_back({path, DataStatus::NotRecorded, std::nullopt, fingerprintFile(path)});
    }
    return checks;
}

bool Workspace::dataChanged(std::span<const DataCheck> checks)
{
    return std::any_of(checks.begin(), checks.end(), [](const DataCheck &check) {
        return check.status == DataStatus::Changed || check.status == DataStatus::Missing;
    });
}

void Workspace::setOverrides(const std::map<std::string, gate::GateOverride> &overrides)
{
    Transaction transaction(m_db);
    auto remove = m_db.prepare("DELETE FROM overrides WHERE node_id = ?1");
    auto store = m_db.prepare("INSERT OR REPLACE INTO overrides (node_id, mode, note) VALUES (?1, ?2, ?3)");
    for (const auto &[nodeId, override] : overrides) {
        if (override.mode == gate::OverrideMode::Auto && override.note.empty()) {
            remove.bind(1, nodeId).run();
            remove.reset();
        } else {
            store.bind(1, nodeId).bind(2, gate::overrideModeName(override.mode)).bind(3, override.note).run();
            store.reset();
        }
    }
    transaction.commit();
}

std::map<std::string, gate::GateOverride> Workspace::overrides()
{
    std::map<std::string, gate::GateOverride> result;
    auto query = m_db.prepare("SELECT node_id, mode, note FROM overrides");
    while (query.step()) {
        const auto mode = gate::overrideModeFromName(query.text(1)).value_or(gate::OverrideMode::Auto);
        result[query.text(0)] = {mode, query.text(2)};
    }
    return result;
}

void Workspace::saveGateSettings(const StoredGateSettings &settings)
{
    Transaction transaction(m_db);
    const double threshold = settings.gate.threshold;
    m_db.prepare("INSERT OR REPLACE INTO gate_settings (id, score, threshold, target_coverage, risk_alpha, risk_delta) "
                 "VALUES (1, ?1, ?2, ?3, ?4, ?5)")
        .bind(1, metrics::confidenceScoreName(settings.gate.score))
        .bind(2, threshold == -std::numeric_limits<double>::infinity() ? std::nullopt : std::optional(threshold))
        .bind(3, settings.targetCoverage)
        .bind(4, settings.riskAlpha)
        .bind(5, settings.riskDelta)
        .run();
    transaction.commit();
}

void Workspace::saveShownForecastSource(const std::string &source)
{
    Transaction transaction(m_db);
    m_db.prepare("INSERT OR REPLACE INTO shown_forecast_source (id, source) VALUES (1, ?1)").bind(1, source).run();
    transaction.commit();
}

std::optional<std::string> Workspace::shownForecastSource()
{
    auto query = m_db.prepare("SELECT source FROM shown_forecast_source WHERE id = 1");
    if (!query.step())
        return std::nullopt;
    return query.text(0);
}

double defaultGateThreshold(metrics::ConfidenceScore score)
{
    return score == metrics::ConfidenceScore::ExpectedBin ? 4.5 : 0.5;
}

std::optional<StoredGateSettings> Workspace::gateSettings()
{
    static constexpr std::string_view kColumns[] = {"score", "threshold", "target_coverage", "risk_alpha",
                                                    "risk_delta"};
    auto query = m_db.prepare(
        "SELECT score, threshold, target_coverage, risk_alpha, risk_delta FROM gate_settings WHERE id = 1");
    if (!query.step())
        return std::nullopt;
    StoredGateSettings settings;
    // A file edited by hand or by another program may hold text where a number belongs, which SQLite reads as 0:
    // a threshold of 0 trusts nearly everything (issue 27: 448 of 450). Such a setting is named, and not used.
    auto unreadable = [&](int column, const std::string &instead) {
        settings.unreadable.push_back(m_path + ": the gate setting " + std::string(kColumns[column]) + " is '"
                                      + query.text(column).substr(0, 40) + "', which kfx cannot read; " + instead);
    };
    auto optionalReal = [&](int column) -> std::optional<double> {
        if (query.isNull(column))
            return std::nullopt;
        if (!query.isNumber(column)) {
            unreadable(column, "it is left unset");
            return std::nullopt;
        }
        return query.real(column);
    };
    const auto score = metrics::confidenceScoreFromName(query.text(0));
    settings.gate.score = score.value_or(metrics::ConfidenceScore::MaxProb);
    if (!score)
        unreadable(0, "the score " + std::string(metrics::confidenceScoreName(settings.gate.score)) + " is used");
    if (query.isNull(1) || query.isNumber(1)) {
        settings.gate.threshold = optionalReal(1).value_or(-std::numeric_limits<double>::infinity());
    } else {
        settings.gate.threshold = defaultGateThreshold(settings.gate.score);
        unreadable(1, "the default threshold " + shortest(settings.gate.threshold) + " is used");
    }
    settings.targetCoverage = optionalReal(2);
    settings.riskAlpha = optionalReal(3);
    settings.riskDelta = optionalReal(4);
    return settings;
}

void Workspace::addRecords(std::string_view table, std::span<const StoredRecord> records)
{
    Transaction transaction(m_db);
    auto insert = m_db.prepare("INSERT INTO " + std::string(table) + " (node_id, source, json) VALUES (?1, ?2, ?3)");
    for (const auto &record : records) {
        insert.reset();
        insert.bind(1, record.nodeId).bind(2, record.source).bind(3, record.json).run();
    }
    transaction.commit();
}

std::vector<StoredRecord> Workspace::records(std::string_view table)
{
    std::vector<StoredRecord> result;
    auto query = m_db.prepare("SELECT node_id, source, json FROM " + std::string(table) + " ORDER BY id");
    while (query.step())
        result.push_back({query.text(0), query.text(1), query.text(2)});
    return result;
}

void Workspace::addForecast(const StoredRecord &forecast)
{
    addRecords("forecasts", {&forecast, 1});
}

void Workspace::addForecasts(std::span<const StoredRecord> forecasts)
{
    addRecords("forecasts", forecasts);
}

std::vector<StoredRecord> Workspace::forecasts()
{
    return records("forecasts");
}

void Workspace::addMeasurement(const StoredRecord &measurement)
{
    addRecords("measurements", {&measurement, 1});
}

std::vector<StoredRecord> Workspace::measurements()
{
    return records("measurements");
}

std::vector<std::optional<std::string>> Workspace::cachedResults(std::span<const surrogate::CacheKey> keys)
{
    std::vector<std::optional<std::string>> results(keys.size());
    // One read transaction: a consistent view, and no lock taken and released per key.
    m_db.exec("BEGIN");
    try {
        auto query = m_db.prepare("SELECT result FROM forecast_cache WHERE surrogate = ?1 AND model = ?2 AND "
                                  "prompt_hash = ?3 AND query_hash = ?4");
        for (std::size_t i = 0; i < keys.size(); ++i) {
            query.bind(1, keys[i].surrogate)
                .bind(2, keys[i].model)
                .bind(3, keys[i].promptTemplateHash)
                .bind(4, keys[i].queryHash);
            if (query.step())
                results[i] = query.text(0);
            query.reset();
        }
    } catch (...) {
        m_db.exec("ROLLBACK");
        throw;
    }
    m_db.exec("COMMIT");
    return results;
}

void Workspace::cacheResults(std::span<const std::pair<surrogate::CacheKey, std::string>> entries)
{
    Transaction transaction(m_db);
    auto insert = m_db.prepare("INSERT OR REPLACE INTO forecast_cache (surrogate, model, prompt_hash, query_hash, "
                               "result) VALUES (?1, ?2, ?3, ?4, ?5)");
    for (const auto &[key, result] : entries) {
        insert.bind(1, key.surrogate)
            .bind(2, key.model)
            .bind(3, key.promptTemplateHash)
            .bind(4, key.queryHash)
            .bind(5, result)
            .run();
        insert.reset();
    }
    transaction.commit();
}

std::int64_t Workspace::cachedResultCount()
{
    auto query = m_db.prepare("SELECT COUNT(*) FROM forecast_cache");
    return query.step() ? query.integer(0) : 0;
}

void Workspace::saveEmbeddedModel(const StoredModel &model)
{
    Transaction transaction(m_db);
    m_db.prepare("INSERT OR REPLACE INTO embedded_model (id, feature_version, calibration, training_hash, "
                 "training_rows, model) VALUES (1, ?1, ?2, ?3, ?4, ?5)")
        .bind(1, std::int64_t(model.featureVersion))
        .bind(2, model.calibration)
        .bind(3, model.trainingHash)
        .bind(4, model.trainingRows)
        .bindBlob(5, model.bytes)
        .run();
    transaction.commit();
}

std::optional<StoredModel> Workspace::embeddedModel()
{
    auto query = m_db.prepare(
        "SELECT feature_version, calibration, training_hash, training_rows, model FROM embedded_model WHERE id = 1");
    if (!query.step())
        return std::nullopt;
    return StoredModel{int(query.integer(0)), query.text(1), query.text(2), query.integer(3), query.blob(4)};
}

std::string Workspace::integrityCheck()
{
    auto query = m_db.prepare("PRAGMA integrity_check");
    return query.step() ? query.text(0) : std::string("no answer");
}

} // namespace kfx::workspace
