#include "sqlitedatabase.h"

#include <sqlite3.h>

namespace kfx::workspace {

namespace {

SqliteFailure failureOf(int status)
{
    switch (status & 0xff) { // the primary code of an extended one
    case SQLITE_CORRUPT:
    case SQLITE_NOTADB:
        return SqliteFailure::Damaged;
    case SQLITE_ERROR:
        return SqliteFailure::Mismatch;
    default:
        return SqliteFailure::Other;
    }
}

[[noreturn]] void fail(sqlite3 *db, std::string_view what)
{
    if (!db)
        throw SqliteError(std::string(what) + ": out of memory");
    throw SqliteError(std::string(what) + ": " + sqlite3_errmsg(db), failureOf(sqlite3_extended_errcode(db)));
}

} // namespace

Statement::Statement(sqlite3 *db, std::string_view sql) : m_db(db)
{
    if (sqlite3_prepare_v2(db, sql.data(), int(sql.size()), &m_statement, nullptr) != SQLITE_OK)
        fail(db, "preparing a statement");
}

Statement::~Statement()
{
    sqlite3_finalize(m_statement);
}

Statement &Statement::bind(int index, std::string_view text)
{
    if (sqlite3_bind_text(m_statement, index, text.data(), int(text.size()), SQLITE_TRANSIENT) != SQLITE_OK)
        fail(m_db, "binding text");
    return *this;
}

Statement &Statement::bind(int index, std::int64_t number)
{
    if (sqlite3_bind_int64(m_statement, index, number) != SQLITE_OK)
        fail(m_db, "binding an integer");
    return *this;
}

Statement &Statement::bind(int index, double number)
{
    if (sqlite3_bind_double(m_statement, index, number) != SQLITE_OK)
        fail(m_db, "binding a number");
    return *this;
}

Statement &Statement::bind(int index, std::optional<double> number)
{
    if (number)
        return bind(index, *number);
    if (sqlite3_bind_null(m_statement, index) != SQLITE_OK)
        fail(m_db, "binding null");
    return *this;
}

Statement &Statement::bindBlob(int index, std::span<const std::uint8_t> bytes)
{
    if (sqlite3_bind_blob64(m_statement, index, bytes.data(), sqlite3_uint64(bytes.size()), SQLITE_TRANSIENT)
        != SQLITE_OK)
        fail(m_db, "binding a blob");
    return *this;
}

bool Statement::step()
{
    const int status = sqlite3_step(m_statement);
    if (status == SQLITE_ROW)
        return true;
    if (status == SQLITE_DONE)
        return false;
    fail(m_db, "executing a statement");
}

void Statement::run()
{
    while (step()) {}
}

void Statement::reset()
{
    sqlite3_reset(m_statement);
    sqlite3_clear_bindings(m_statement);
}

std::string Statement::text(int column) const
{
    const auto *bytes = reinterpret_cast<const char *>(sqlite3_column_text(m_statement, column));
    return bytes ? std::string(bytes, std::size_t(sqlite3_column_bytes(m_statement, column))) : std::string();
}

std::vector<std::uint8_t> Statement::blob(int column) const
{
    const auto *bytes = static_cast<const std::uint8_t *>(sqlite3_column_blob(m_statement, column));
    return bytes ? std::vector<std::uint8_t>(bytes, bytes + sqlite3_column_bytes(m_statement, column))
                 : std::vector<std::uint8_t>();
}

std::int64_t Statement::integer(int column) const
{
    return sqlite3_column_int64(m_statement, column);
}

double Statement::real(int column) const
{
    return sqlite3_column_double(m_statement, column);
}

bool Statement::isNull(int column) const
{
    return sqlite3_column_type(m_statement, column) == SQLITE_NULL;
}

bool Statement::isInteger(int column) const
{
    return sqlite3_column_type(m_statement, column) == SQLITE_INTEGER;
}

bool Statement::isNumber(int column) const
{
    const int type = sqlite3_column_type(m_statement, column);
    return type == SQLITE_INTEGER || type == SQLITE_FLOAT;
}

Database::Database(const std::string &path)
{
    if (sqlite3_open_v2(path.c_str(), &m_db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, nullptr) != SQLITE_OK) {
        const std::string message = m_db ? sqlite3_errmsg(m_db) : "out of memory";
        sqlite3_close(m_db);
        throw SqliteError("opening " + path + ": " + message);
    }
    // The window and kfx-cli may open the same workspace; wait for a writer instead of failing at once.
    sqlite3_busy_timeout(m_db, 5000);
}

Database::~Database()
{
    sqlite3_close(m_db);
}

Database::Database(Database &&other) noexcept : m_db(other.m_db)
{
    other.m_db = nullptr;
}

void Database::exec(std::string_view sql)
{
    char *error = nullptr;
    const int status = sqlite3_exec(m_db, std::string(sql).c_str(), nullptr, nullptr, &error);
    if (status != SQLITE_OK) {
        const std::string message = error ? error : "unknown error";
        sqlite3_free(error);
        throw SqliteError("executing a statement: " + message, failureOf(status));
    }
}

bool Database::hasTable(std::string_view name)
{
    auto query = prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?1");
    query.bind(1, name);
    return query.step();
}

bool Database::hasAnyTable()
{
    return prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' LIMIT 1").step();
}

Transaction::Transaction(Database &db) : m_db(db)
{
    // IMMEDIATE takes the write lock now, so a concurrent writer waits here rather than failing at COMMIT.
    m_db.exec("BEGIN IMMEDIATE");
}

Transaction::~Transaction()
{
    if (m_open) {
        try {
            m_db.exec("ROLLBACK");
        } catch (const SqliteError &) {
            // Nothing more can be done in a destructor; SQLite rolls back itself when the connection closes.
        }
    }
}

void Transaction::commit()
{
    m_db.exec("COMMIT");
    m_open = false;
}

} // namespace kfx::workspace
