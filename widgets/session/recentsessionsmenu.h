#pragma once

#include <QMenu>

class Session;

// File → Open Recent: the sessions opened lately (RecentSessions), each opening all its files again in `session`;
// kept current as loads finish, and refilled whenever it is shown.
class RecentSessionsMenu : public QMenu {
    Q_OBJECT
public:
    RecentSessionsMenu(Session *session, QWidget *parent);

private:
    void fill();

    Session *m_session;
};
