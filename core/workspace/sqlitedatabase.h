#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

struct sqlite3;
struct sqlite3_stmt;

namespace kfx::workspace {

// What a failure says about the file: callers treat a file that cannot be one of ours (damaged, or whose tables do
// not fit what was asked of them) differently from a disk that is full, locked or read-only.
enum class SqliteFailure {
    Damaged,  // SQLite's "malformed" or "not a database"
    Mismatch, // a statement that does not fit the file's tables
    Other,
};

// Messages carry SQLite's own short reason, never the statement's text: they reach the window and the terminal.
class SqliteError : public std::runtime_error {
public:
    explicit SqliteError(const std::string &message, SqliteFailure failure = SqliteFailure::Other)
        : std::runtime_error(message)
        , m_failure(failure)
    {
    }
    SqliteFailure failure() const { return m_failure; }

private:
    SqliteFailure m_failure;
};

// One prepared statement; binds are 1-based as in SQLite, columns 0-based.
class Statement {
public:
    Statement(sqlite3 *db, std::string_view sql);
    ~Statement();
    Statement(const Statement &) = delete;
    Statement &operator=(const Statement &) = delete;

    Statement &bind(int index, std::string_view text);
    Statement &bind(int index, std::int64_t number);
    Statement &bind(int index, double number);
    Statement &bind(int index, std::optional<double> number);
    Statement &bindBlob(int index, std::span<const std::uint8_t> bytes);
    // Returns true while a row is available; false when done. Throws on error.
    bool step();
    void run();   // step() a statement that returns no rows
    void reset(); // ready to run again with new binds

    std::string text(int column) const;
    std::int64_t integer(int column) const;
    double real(int column) const;
    bool isNull(int column) const;
    bool isInteger(int column) const; // stored as an integer, not as text or a real that looks like one
    bool isNumber(int column) const;  // an integer or a real: not text, which real() would read as 0
    std::vector<std::uint8_t> blob(int column) const;

private:
    sqlite3 *m_db;
    sqlite3_stmt *m_statement = nullptr;
};

// An open SQLite connection, closed on destruction.
class Database {
public:
    explicit Database(const std::string &path);
    ~Database();
    Database(Database &&other) noexcept;
    Database &operator=(Database &&) = delete;
    Database(const Database &) = delete;

    void exec(std::string_view sql);
    Statement prepare(std::string_view sql) { return Statement(m_db, sql); }
    bool hasTable(std::string_view name);
    bool hasAnyTable();

private:
    sqlite3 *m_db = nullptr;
};

// BEGIN IMMEDIATE … COMMIT; rolled back if destroyed before commit(), so an action is all or nothing.
class Transaction {
public:
    explicit Transaction(Database &db);
    ~Transaction();
    Transaction(const Transaction &) = delete;
    Transaction &operator=(const Transaction &) = delete;
    void commit();

private:
    Database &m_db;
    bool m_open = true;
};

} // namespace kfx::workspace
