#include "elidedlabel.h"

#include <QEvent>
#include <QTextLayout>

ElidedLabel::ElidedLabel(QWidget *parent) : QLabel(parent)
{
    setTextFormat(Qt::PlainText);
    setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Preferred);
}

void ElidedLabel::setFullText(const QString &text)
{
    m_fullText = text;
    setToolTip(text);
    updateGeometry();
    elide();
}

void ElidedLabel::setMaximumLineCount(int lines)
{
    if (qMax(1, lines) == m_maximumLines)
        return; // asked again on every resize of the pane that holds it
    m_maximumLines = qMax(1, lines);
    QSizePolicy policy = sizePolicy();
    policy.setHeightForWidth(m_maximumLines > 1);
    setSizePolicy(policy);
    updateGeometry();
    elide();
}

void ElidedLabel::setElideMode(Qt::TextElideMode mode)
{
    m_elideMode = mode;
    elide();
}

bool ElidedLabel::showsFullText() const
{
    return QString(text()).replace(QLatin1Char('\n'), QLatin1Char(' ')) == m_fullText;
}

QSize ElidedLabel::sizeHint() const
{
    const auto margins = contentsMargins();
    return {fontMetrics().horizontalAdvance(m_fullText) + margins.left() + margins.right() + 2 * margin(),
            QLabel::sizeHint().height()};
}

QSize ElidedLabel::minimumSizeHint() const
{
    // Room for the ellipsis and a few letters either side of it.
    const auto margins = contentsMargins();
    return {fontMetrics().horizontalAdvance(QStringLiteral("abc…xyz")) + margins.left() + margins.right(),
            QLabel::minimumSizeHint().height()};
}

bool ElidedLabel::hasHeightForWidth() const
{
    return m_maximumLines > 1;
}

int ElidedLabel::heightForWidth(int width) const
{
    const auto margins = contentsMargins();
    const int textWidth = width - margins.left() - margins.right() - 2 * margin();
    const int lines = static_cast<int>(fittedLines(textWidth).size());
    return qMax(1, lines) * fontMetrics().lineSpacing() + margins.top() + margins.bottom() + 2 * margin();
}

void ElidedLabel::resizeEvent(QResizeEvent *event)
{
    QLabel::resizeEvent(event);
    elide();
}

void ElidedLabel::changeEvent(QEvent *event)
{
    QLabel::changeEvent(event);
    if (event->type() == QEvent::FontChange)
        elide();
}

void ElidedLabel::elide()
{
    setText(fittedLines(contentsRect().width() - 2 * margin()).join(QLatin1Char('\n')));
}

QStringList ElidedLabel::fittedLines(int textWidth) const
{
    const auto metrics = fontMetrics();
    if (m_maximumLines == 1 || metrics.horizontalAdvance(m_fullText) <= textWidth)
        return {metrics.elidedText(m_fullText, m_elideMode, textWidth)};
    QTextLayout layout(m_fullText, font());
    QTextOption option;
    option.setWrapMode(QTextOption::WrapAtWordBoundaryOrAnywhere);
    layout.setTextOption(option);
    QStringList lines;
    layout.beginLayout();
    for (auto line = layout.createLine(); line.isValid(); line = layout.createLine()) {
        line.setLineWidth(textWidth);
        if (static_cast<int>(lines.size()) == m_maximumLines - 1) {
            // The last line allowed takes the rest, elided if it does not fit.
            lines << metrics.elidedText(m_fullText.mid(line.textStart()), m_elideMode, textWidth);
            break;
        }
        lines << m_fullText.mid(line.textStart(), line.textLength()).trimmed();
    }
    layout.endLayout();
    return lines;
}
