#include "sessionstatus.h"

#include "common/displaytext.h"
#include "diagnostics/diagnosticsmodel.h"
#include "search/searchdriver.h"
#include "session.h"

#include <QStringList>

QString SessionStatus::text(const Session &session, const kfx::Population *shown, const DiagnosticsModel &diagnostics)
{
    QStringList parts;
    if (shown) {
        parts << tr("%n node(s)", nullptr, static_cast<int>(shown->size()));
        parts << tr("archive %1").arg(shown->archive.size());
        if (const auto best = kfx::search::bestMeasuredNode(*shown))
            parts << tr("best measured %1").arg(speedupText(*shown->node(*best).reward()));
        if (const auto best = shown->bestArchiveNode())
            parts << tr("archive best %1").arg(speedupText(*shown->node(*best).reward()));
    } else if (session.pairCount() == 0 && session.predictionCount() == 0) {
        parts << tr("No search loaded — File → Open (Ctrl+O) or drop files here");
    }
    if (const auto pairs = session.pairCount())
        parts << tr("%n pair(s) loaded", nullptr, int(pairs));
    if (const auto predictions = session.predictionCount())
        parts << tr("%n prediction(s) loaded", nullptr, int(predictions));
    if (diagnostics.rowCount() > 0 || !parts.isEmpty())
        parts << diagnostics.summaryText();
    return parts.join(QStringLiteral(" · "));
}
