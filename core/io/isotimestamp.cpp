#include "io/isotimestamp.h"

#include <cstdio>
#include <ctime>

namespace kfx::io {

std::string isoTimestampUtc(std::chrono::system_clock::time_point when)
{
    const auto us = std::chrono::duration_cast<std::chrono::microseconds>(when.time_since_epoch()).count();
    const auto seconds = std::time_t(us / 1000000);
    std::tm utc{};
    gmtime_r(&seconds, &utc);
    char buffer[64];
    std::snprintf(buffer, sizeof buffer, "%04d-%02d-%02dT%02d:%02d:%02d.%06dZ", utc.tm_year + 1900, utc.tm_mon + 1,
                  utc.tm_mday, utc.tm_hour, utc.tm_min, utc.tm_sec, int(us % 1000000));
    return buffer;
}

} // namespace kfx::io
