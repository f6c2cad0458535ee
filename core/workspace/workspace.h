#pragma once

#include "datafingerprint.h"
#include "gate/gatepolicy.h"
#include "sqlitedatabase.h"
#include "surrogate/surrogate.h"

#include <filesystem>
#include <map>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace kfx::workspace {

// The schema this build writes. Older files are migrated on open; newer ones are refused.
// 2 added the forecast cache and the embedded model.
inline constexpr int kSchemaVersion = 3;

// How a data file compares with what the workspace recorded when it was saved.
enum class DataStatus {
    Unchanged,
    Changed,     // size or content hash differ: decisions may refer to kernels that are gone or different
    Missing,     // the file cannot be read any more
    NotRecorded, // the workspace never saw this file
};
std::string_view dataStatusName(DataStatus status);

struct DataCheck {
    std::string path;
    DataStatus status = DataStatus::NotRecorded;
    std::optional<DataFingerprint> recorded;
    std::optional<DataFingerprint> current;
};

// The gate bar's state, restored when the data is reopened.
struct StoredGateSettings {
    gate::GateSettings gate;
    std::optional<double> targetCoverage;
    std::optional<double> riskAlpha;
    std::optional<double> riskDelta;
    // Settings the file held that are not settings (text where a number belongs, a score kfx does not know), one
    // line each naming the workspace file and the setting and saying what was used instead, for the caller to show.
    std::vector<std::string> unreadable;
};

// The threshold a fresh gate starts at: the middle of its score's range rather than trusting everything.
double defaultGateThreshold(metrics::ConfidenceScore score);

// A forecast or a measurement a person added, as JSON text in the published row formats.
struct StoredRecord {
    std::string nodeId;
    std::string source; // who produced it: a surrogate label, "manual", a GPU worker
    std::string json;
};

// The embedded surrogate's model as trained on this data, so reopening does not retrain it.
struct StoredModel {
    int featureVersion = 0;   // a model saved under another feature version is not to be used
    std::string calibration;  // the calibration method, informative (the bytes hold the calibration itself)
    std::string trainingHash; // digest of the examples it learnt from: unchanged examples need no retraining
    std::int64_t trainingRows = 0;
    std::vector<std::uint8_t> bytes; // EmbeddedModel::save()
};

// A file that is not a workspace this build can use. Opening it again fails the same way, so the window offers to set
// it aside (Workspace::setAside) and start afresh. The message names the file and says which case it is, in a line.
class UnusableWorkspace : public SqliteError {
public:
    enum class Reason {
        Damaged, // not an SQLite database, failing pages, or a schema version or tables that make no sense
        Foreign, // some other program's database
        Newer,   // a later kfx's schema
    };
    UnusableWorkspace(Reason reason, const std::string &message) : SqliteError(message), m_reason(reason) {}
    Reason reason() const { return m_reason; }

private:
    Reason m_reason;
};

// Everything a person adds to some data, in an SQLite file beside it: overrides and notes, gate settings,
// imported or new forecasts, new measurements, and which data (paths + fingerprints) it belongs to.
// WAL mode with synchronous=FULL and one transaction per action: a crash at any moment loses at most the
// action in flight, and the data files themselves are only ever read.
class Workspace {
public:
    // Opens (creating if needed) and migrates to kSchemaVersion. Before writing anything it checks the pages
    // (PRAGMA quick_check), that the file is ours, and that its schema version is a whole number this build knows:
    // a file failing any of these throws UnusableWorkspace and is left as it was. Other failures (a folder that
    // cannot be written, a full disk) throw SqliteError.
    explicit Workspace(const std::string &path);

    // Where the workspace of a data file lives by default: beside it, with a suffix, so it travels with the data.
    static std::string pathFor(const std::string &dataPath);
    // Where it lives when it cannot or should not be beside the data: in `directory` (the user's data folder),
    // named after the data file and a digest of its absolute path, so same-named files in different folders keep
    // apart. The key leaves out the data's fingerprint on purpose: a growing log changes it at every step, and
    // would lose its overrides; the fingerprint is recorded inside instead (recordData), so data replaced under
    // the same path is reported as changed, as beside the data.
    static std::string pathIn(const std::string &directory, const std::string &dataPath);
    // Renames an unusable workspace, with its -wal, -shm and -journal files, to `path`.broken-<UTC time>, so a
    // fresh one can take its place and the old one can still be looked at. Returns the new path; throws
    // SqliteError when it cannot be renamed.
    static std::string setAside(const std::string &path);

    int schemaVersion();

    // Records the data this workspace belongs to (replacing what was recorded), fingerprinted now.
    void recordData(std::span<const std::string> dataPaths);
    // Compares every recorded file (and any of `dataPaths` not recorded) with the disk as it is now.
    std::vector<DataCheck> checkData(std::span<const std::string> dataPaths = {});
    // True when some recorded file changed or went missing: the one-line answer the window shows.
    static bool dataChanged(std::span<const DataCheck> checks);

    // Auto without a note removes the override. One person's action on many kernels (Select All, then D) is one
    // call and one transaction: a crash keeps all of it or none (issue 27: a kill during a 497-kernel Defer left
    // 248 deferred), and one commit is far faster than one per kernel.
    void setOverrides(const std::map<std::string, gate::GateOverride> &overrides);
    void setOverride(const std::string &nodeId, const gate::GateOverride &override)
    {
        setOverrides({{nodeId, override}});
    }
    std::map<std::string, gate::GateOverride> overrides();

    void saveGateSettings(const StoredGateSettings &settings);
    std::optional<StoredGateSettings> gateSettings();

    // Whose forecasts the views show (kfx::forecastSources names them); none until a person chose.
    void saveShownForecastSource(const std::string &source);
    std::optional<std::string> shownForecastSource();

    void addForecast(const StoredRecord &forecast);
    // A forecast run's records in one transaction: all or none, and one sync of the log for all of them (one each
    // took 20 s for the 80,000 of a large search).
    void addForecasts(std::span<const StoredRecord> forecasts);
    std::vector<StoredRecord> forecasts();
    void addMeasurement(const StoredRecord &measurement);
    std::vector<StoredRecord> measurements();

    // Surrogate answers under their cache keys (surrogate, model, prompt template hash, query hash), encoded by
    // surrogate::encodeResult. Looking many up at once is one statement run per key in one read transaction;
    // storing many is one write transaction. A key stored again replaces its answer.
    std::vector<std::optional<std::string>> cachedResults(std::span<const surrogate::CacheKey> keys);
    void cacheResults(std::span<const std::pair<surrogate::CacheKey, std::string>> entries);
    std::int64_t cachedResultCount();

    // One embedded model per workspace: saving replaces the previous one.
    void saveEmbeddedModel(const StoredModel &model);
    std::optional<StoredModel> embeddedModel();

    // PRAGMA integrity_check's verdict: "ok" for a sound file.
    std::string integrityCheck();

private:
    void checkPages();
    std::int64_t recordedVersion();
    std::int64_t applicationId();
    void checkOwnership(std::int64_t version);
    void migrate(int version);
    [[noreturn]] void unusable(UnusableWorkspace::Reason reason, const std::string &why) const;
    void addRecords(std::string_view table, std::span<const StoredRecord> records);
    std::vector<StoredRecord> records(std::string_view table);
    std::string storedPath(const std::string &dataPath) const;

    std::string m_path;
    Database m_db;
    std::filesystem::path m_directory;
};

} // namespace kfx::workspace
