#pragma once

#include <QDockWidget>

class DiagnosticsModel;
class QTableView;

// The load errors, each naming its file and line. An empty list would only take the code panes' room: the dock
// shows itself when a load has errors and hides when one has none.
class ErrorsDock : public QDockWidget {
    Q_OBJECT
public:
    ErrorsDock(DiagnosticsModel *errors, QWidget *parent);

private:
    QTableView *m_view;
};
