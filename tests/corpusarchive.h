#pragma once

// The H100 corpus's search logs, unpacked from the shipped archive (resources/corpus/searches-h100.tar.xz) as a
// test needs them: real measurements, never a generated stand-in.

#include <QProcess>
#include <QString>
#include <QStringList>

namespace corpusarchive {

// Unpacks the logs whose names match `patterns` (tar wildcards, such as "*/rms_norm-selective.jsonl") into
// `folder`, without the archive's top folder. Returns tar's complaint, empty on success.
inline QString unpack(const QString &archive, const QString &folder, const QStringList &patterns = {})
{
    QStringList arguments{QStringLiteral("-xJf"), archive, QStringLiteral("-C"), folder,
                          QStringLiteral("--strip-components=1")};
    if (!patterns.isEmpty())
        arguments << QStringLiteral("--wildcards") << patterns;
    QProcess tar;
    tar.setProcessChannelMode(QProcess::MergedChannels);
    tar.start(QStringLiteral("tar"), arguments);
    if (!tar.waitForFinished(60000))
        return QStringLiteral("tar did not finish unpacking %1").arg(archive);
    if (tar.exitStatus() != QProcess::NormalExit || tar.exitCode() != 0)
        return QStringLiteral("tar could not unpack %1: %2").arg(archive, QString::fromLocal8Bit(tar.readAll()));
    return {};
}

} // namespace corpusarchive
