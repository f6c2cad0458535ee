#include "workspacerecords.h"

#include "io/jsonfields.h"

#include <exception>
#include <iterator>
#include <thread>
#include <type_traits>
#include <utility>

namespace {

// Past this many records, the second half is read on a thread of its own.
constexpr std::size_t kRecordsReadOnTwoThreads = 4096;

// The records `read` makes of records[begin, end), in order; one it cannot read (kfx::json::FieldError) is left
// out and counted in `unreadable`.
template<typename Read>
auto readRecordRange(const std::vector<kfx::workspace::StoredRecord> &records, std::size_t begin, std::size_t end,
                     Read read, UnreadableRecords &unreadable)
{
    using Record = typename std::invoke_result_t<Read, const kfx::workspace::StoredRecord &>::value_type;
    std::vector<Record> made;
    made.reserve(end - begin);
    for (std::size_t i = begin; i < end; ++i) {
        try {
            if (auto one = read(records[i]))
                made.push_back(std::move(*one));
        } catch (const kfx::json::FieldError &error) {
            if (unreadable.count++ == 0) {
                unreadable.firstNode = QString::fromStdString(records[i].nodeId);
                unreadable.firstFault = QString::fromStdString(error.what());
            }
        }
    }
    return made;
}

// The records `read` makes of the workspace's (a record that holds none gives nothing), as one batch; null when
// there are none. A record it cannot read is left out and counted in `unreadable`, the first one named.
template<typename Read>
auto readRecords(const std::vector<kfx::workspace::StoredRecord> &records, Read read, UnreadableRecords &unreadable)
{
    using Record = typename std::invoke_result_t<Read, const kfx::workspace::StoredRecord &>::value_type;
    const std::size_t middle = records.size() < kRecordsReadOnTwoThreads ? records.size() : records.size() / 2;
    std::vector<Record> secondHalf;
    UnreadableRecords secondUnreadable;
    std::exception_ptr secondFailure;
    std::thread second;
    if (middle < records.size()) {
        second = std::thread([&] {
            try {
                secondHalf = readRecordRange(records, middle, records.size(), read, secondUnreadable);
            } catch (...) {
                secondFailure = std::current_exception();
            }
        });
    }
    std::vector<Record> made;
    try {
        made = readRecordRange(records, 0, middle, read, unreadable);
    } catch (...) {
        if (second.joinable())
            second.join();
        throw;
    }
    if (second.joinable())
        second.join();
    if (secondFailure)
        std::rethrow_exception(secondFailure);
    made.insert(made.end(), std::make_move_iterator(secondHalf.begin()), std::make_move_iterator(secondHalf.end()));
    if (unreadable.count == 0)
        unreadable = secondUnreadable;
    else
        unreadable.count += secondUnreadable.count;
    return made.empty() ? nullptr : std::make_shared<const std::vector<Record>>(std::move(made));
}

} // namespace

ReadSearchRecords readSearchRecords(const StoredSearchRecords &stored)
{
    ReadSearchRecords read;
    try {
        read.forecasts = readRecords(stored.forecasts, forecastrecords::forecastFromRecord, read.unreadableForecasts);
    } catch (const std::exception &error) {
        read.forecastsError = error.what();
    }
    try {
        read.measurements = readRecords(stored.measurements, measurementrecords::measurementFromRecord,
                                        read.unreadableMeasurements);
    } catch (const std::exception &error) {
        read.measurementsError = error.what();
    }
    return read;
}
