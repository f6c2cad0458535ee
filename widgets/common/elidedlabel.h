#pragma once

#include <QLabel>

// A one-line label that shows as much of its text as fits, with an ellipsis in the middle (ids differ at their
// ends), and the whole text in its tooltip. It asks for the whole text's width but can be given less, so a long
// title never forces its window wider and is never cut off mid-letter.
class ElidedLabel : public QLabel {
    Q_OBJECT
public:
    explicit ElidedLabel(QWidget *parent = nullptr);

    void setFullText(const QString &text);
    const QString &fullText() const { return m_fullText; }

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

protected:
    void resizeEvent(QResizeEvent *event) override;
    void changeEvent(QEvent *event) override;

private:
    void elide();

    QString m_fullText;
};
