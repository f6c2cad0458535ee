#pragma once

#include <QWidget>

class QComboBox;
class Session;

// "Search:" above the tree, when the session holds several search logs (a selective search and its baseline):
// which of them the tree shows. It lists the session's searches after every load and follows the one shown.
class SearchSelector : public QWidget {
    Q_OBJECT
public:
    SearchSelector(Session *session, QWidget *parent);

    QComboBox *comboBox() const { return m_choices; }

Q_SIGNALS:
    // The person chose the search loaded as file `fileIndex` of the session.
    void searchChosen(int fileIndex);

private:
    void fill();
    void followShown();

    Session *m_session;
    QComboBox *m_choices;
};
