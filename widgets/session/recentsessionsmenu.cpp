#include "recentsessionsmenu.h"

#include "recentsessions.h"
#include "session.h"

RecentSessionsMenu::RecentSessionsMenu(Session *session, QWidget *parent)
    : QMenu(tr("Open &Recent"), parent)
    , m_session(session)
{
    connect(this, &QMenu::aboutToShow, this, &RecentSessionsMenu::fill);
    connect(session, &Session::loaded, this, &RecentSessionsMenu::fill);
    fill();
}

void RecentSessionsMenu::fill()
{
    const auto sessions = RecentSessions().sessions();
    clear();
    for (const auto &files : sessions) {
        auto *entry = addAction(RecentSessions::label(files), this, [this, files] { m_session->open(files); });
        entry->setToolTip(files.join(QLatin1Char('\n')));
        entry->setStatusTip(files.join(QStringLiteral(", ")));
    }
    setEnabled(!sessions.isEmpty());
    if (!sessions.isEmpty()) {
        addSeparator();
        addAction(tr("&Clear List"), this, [this] {
            RecentSessions().clear();
            fill();
        });
    }
}
