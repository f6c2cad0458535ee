#pragma once

#include <QPointer>
#include <QWidget>

class QLabel;
class QLineEdit;
class QPlainTextEdit;

// Kate's incremental search bar, reduced to what a read-only code pane needs: find as you type, next and
// previous with wrap-around, Escape to close and hand the focus back to the pane.
class FindBar : public QWidget {
    Q_OBJECT
public:
    explicit FindBar(QWidget *parent = nullptr);

    // The pane searched; the comparison view points it at whichever pane had the focus last.
    void setTarget(QPlainTextEdit *target, const QString &paneName);
    QPlainTextEdit *target() const { return m_target; }
    void activate();
    QString text() const;
    void setText(const QString &text);

    // Selects the next (or previous) match in the target; false when there is none.
    bool findNext();
    bool findPrevious();

private:
    bool find(bool backward, bool fromCurrent);
    void close();

    QPointer<QPlainTextEdit> m_target;
    QLineEdit *m_edit;
    QLabel *m_pane;
    QLabel *m_status;
};
