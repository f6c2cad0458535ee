#pragma once

#include <QLabel>

// A label that shows as much of its text as fits, with an ellipsis (in the middle unless told otherwise: ids differ
// at their ends), and the whole text in its tooltip. It asks for the whole text's width but can be given less, so a
// long title never forces its window wider and is never cut off mid-letter. One line by default; given more, it wraps
// at spaces first and elides only what the last line cannot hold ("Candidate …ured 1.49×" becomes two whole lines in a
// narrow pane).
class ElidedLabel : public QLabel {
    Q_OBJECT
public:
    explicit ElidedLabel(QWidget *parent = nullptr);

    void setFullText(const QString &text);
    const QString &fullText() const { return m_fullText; }
    void setMaximumLineCount(int lines);
    // Where the ellipsis goes: the middle by default, the end where a line's start is what it says.
    void setElideMode(Qt::TextElideMode mode);
    // Whether the text shown is all of it.
    bool showsFullText() const;

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;
    bool hasHeightForWidth() const override;
    int heightForWidth(int width) const override;

protected:
    void resizeEvent(QResizeEvent *event) override;
    void changeEvent(QEvent *event) override;

private:
    void elide();
    QStringList fittedLines(int textWidth) const;

    QString m_fullText;
    int m_maximumLines = 1;
    Qt::TextElideMode m_elideMode = Qt::ElideMiddle;
};
