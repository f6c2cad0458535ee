#pragma once

#include <QFile>
#include <QString>
#include <QTemporaryDir>

namespace slowlaunch {

// Writes a launch prefix into `dir` that holds each request to the worker behind it back `seconds` (0.2 s by
// default), as a GPU takes its time: a search on the stand-in worker then runs long enough for a pause or a close to
// land mid-run. Empty when it could not be written.
inline QString writePrefix(const QTemporaryDir &dir, const char *seconds = "0.2")
{
    const auto path = dir.filePath(QStringLiteral("slow-gpu.sh"));
    QFile script(path);
    if (!script.open(QIODevice::WriteOnly))
        return {};
    script.write("#!/bin/sh\nwhile IFS= read -r line; do sleep ");
    script.write(seconds);
    script.write("; printf '%s\\n' \"$line\"; done | \"$@\"\n");
    script.close();
    if (!script.setPermissions(script.permissions() | QFileDevice::ExeOwner))
        return {};
    return path;
}

} // namespace slowlaunch
