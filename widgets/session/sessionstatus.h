#pragma once

#include "model/population.h"

#include <QCoreApplication>
#include <QString>

class DiagnosticsModel;
class Session;

// The window's status line: the search shown (its size, its best measured and archive best kernels), what else the
// session holds, and what the load could not read.
class SessionStatus {
    Q_DECLARE_TR_FUNCTIONS(SessionStatus)
public:
    static QString text(const Session &session, const kfx::Population *shown, const DiagnosticsModel &diagnostics);
};
