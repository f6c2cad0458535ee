#include "comparison/codeview.h"

#include "common/darkpalette.h"

#include <KSyntaxHighlighting/Definition>
#include <KSyntaxHighlighting/Repository>
#include <KSyntaxHighlighting/SyntaxHighlighter>
#include <KSyntaxHighlighting/Theme>

#include <QFontDatabase>
#include <QFontInfo>
#include <QPainter>
#include <QScrollBar>
#include <QTextBlock>

namespace {

// Loading the definitions reads hundreds of files: once per process, shared by every view.
KSyntaxHighlighting::Repository &repository()
{
    static KSyntaxHighlighting::Repository instance;
    return instance;
}

// Platforms without a configured fixed font (offscreen, minimal desktops) answer with a proportional one.
QFont fixedFont()
{
    auto font = QFontDatabase::systemFont(QFontDatabase::FixedFont);
    if (!QFontInfo(font).fixedPitch()) {
        font.setFamily(QStringLiteral("monospace"));
        font.setStyleHint(QFont::TypeWriter);
    }
    return font;
}

KSyntaxHighlighting::Theme themeFor(const QPalette &palette)
{
    return repository().defaultTheme(isDarkPalette(palette) ? KSyntaxHighlighting::Repository::DarkTheme
                                                            : KSyntaxHighlighting::Repository::LightTheme);
}

// A diff tint (red for the old side, green for the new) with the saturation and value of the palette's own
// highlight, laid over the base at a given strength: light on a light base, dark on a dark one, so the text
// keeps its contrast in both themes.
QColor diffTint(const QPalette &palette, CodeView::DiffSide side, double strength)
{
    const auto base = palette.color(QPalette::Base);
    const auto highlight = palette.color(QPalette::Highlight);
    const auto mark = QColor::fromHsv(side == CodeView::DiffSide::Old ? 0 : 120, highlight.hsvSaturation(),
                                      highlight.value());
    auto mix = [strength](int a, int b) { return qRound(a + (b - a) * strength); };
    return QColor(mix(base.red(), mark.red()), mix(base.green(), mark.green()), mix(base.blue(), mark.blue()));
}

} // namespace

class LineNumberArea : public QWidget {
public:
    explicit LineNumberArea(CodeView *view) : QWidget(view), m_view(view) {}

    QSize sizeHint() const override { return {m_view->lineNumberAreaWidth(), 0}; }

protected:
    void paintEvent(QPaintEvent *event) override { m_view->paintLineNumbers(event); }

private:
    CodeView *m_view;
};

CodeView::CodeView(QWidget *parent) : QPlainTextEdit(parent), m_lineNumberArea(new LineNumberArea(this))
{
    replaceText({}, {});
    setReadOnly(true);
    setLineWrapMode(QPlainTextEdit::NoWrap);
    setTextInteractionFlags(Qt::TextSelectableByMouse | Qt::TextSelectableByKeyboard);
    setFont(fixedFont());
    setTabStopDistance(4 * fontMetrics().horizontalAdvance(QLatin1Char(' ')));
    setPlaceholderText(tr("Select a kernel to see its code."));
    setAccessibleName(tr("Kernel code"));

    connect(this, &QPlainTextEdit::blockCountChanged, this, &CodeView::updateLineNumberAreaWidth);
    connect(this, &QPlainTextEdit::updateRequest, this, &CodeView::updateLineNumberArea);
    updateLineNumberAreaWidth();
}

CodeView::~CodeView() = default;

QString CodeView::definitionName(kfx::SourceSyntax syntax)
{
    switch (syntax) {
    case kfx::SourceSyntax::Cpp:
        // KSyntaxHighlighting has no CUDA definition; C++ covers the syntax, less the launch brackets.
        return QStringLiteral("C++");
    case kfx::SourceSyntax::Python:
        return QStringLiteral("Python");
    case kfx::SourceSyntax::Plain:
        break;
    }
    return {};
}

QString CodeView::definitionName(kfx::KernelLanguage language)
{
    // Without code to read, the label is all there is.
    return definitionName(kfx::detectSourceSyntax({}, language));
}

void CodeView::setCode(const QString &code, kfx::KernelLanguage label)
{
    replaceText(code, definitionName(kfx::detectSourceSyntax(code.toStdString(), label)));
}

void CodeView::clearCode()
{
    replaceText({}, {});
}

void CodeView::replaceText(const QString &text, const QString &definition)
{
    // KSyntaxHighlighting queues re-highlights of single lines (the next one, whenever a line's state changes, as
    // it does when the definition or theme changes). A queued re-highlight of a line whose text has since been
    // replaced reads a freed block (QTextBlock::position): a crash, or a loop at full CPU. Deleting the
    // highlighter drops what it queued, so each text gets a highlighter of its own, attached once the text is in.
    delete m_highlighter;
    m_marks.clear();
    setPlainText(text);
    m_highlighter = newHighlighter(definition);
    applyChangeMarks();
}

KSyntaxHighlighting::SyntaxHighlighter *CodeView::newHighlighter(const QString &definition) const
{
    auto *highlighter = new KSyntaxHighlighting::SyntaxHighlighter(document());
    highlighter->setTheme(themeFor(palette()));
    highlighter->setDefinition(definition.isEmpty() ? KSyntaxHighlighting::Definition()
                                                    : repository().definitionForName(definition));
    return highlighter;
}

QString CodeView::definitionInUse() const
{
    const auto definition = m_highlighter->definition();
    return definition.isValid() ? definition.name() : QString();
}

void CodeView::setChangeMarks(std::vector<ChangeMark> marks, DiffSide side)
{
    m_marks = std::move(marks);
    m_side = side;
    applyChangeMarks();
}

void CodeView::applyChangeMarks()
{
    QList<QTextEdit::ExtraSelection> selections;
    // Faint enough that a kernel changed throughout still reads as code, not as a coloured block.
    const auto lineColor = diffTint(palette(), m_side, isDarkPalette(palette()) ? 0.15 : 0.12);
    const auto rangeColor = diffTint(palette(), m_side, isDarkPalette(palette()) ? 0.38 : 0.32);
    for (const auto &mark : m_marks) {
        const auto block = document()->findBlockByNumber(mark.line);
        if (!block.isValid())
            continue;
        QTextEdit::ExtraSelection line;
        line.format.setBackground(lineColor);
        line.format.setProperty(QTextFormat::FullWidthSelection, true);
        line.cursor = QTextCursor(block);
        selections << line;
        for (const auto &[start, length] : mark.ranges) {
            QTextEdit::ExtraSelection range;
            range.format.setBackground(rangeColor);
            range.cursor = QTextCursor(block);
            range.cursor.setPosition(block.position() + qMin(start, block.length() - 1));
            range.cursor.setPosition(block.position() + qMin(start + length, block.length() - 1),
                                     QTextCursor::KeepAnchor);
            selections << range;
        }
    }
    setExtraSelections(selections);
}

int CodeView::firstVisibleLine() const
{
    // Without line wrapping the vertical scroll bar counts blocks, which are the code's lines.
    return verticalScrollBar()->value();
}

void CodeView::scrollToLine(int line)
{
    verticalScrollBar()->setValue(line);
}

QString CodeView::themeName() const
{
    return m_highlighter->theme().name();
}

int CodeView::lineNumberAreaWidth() const
{
    int digits = 1;
    for (int lines = qMax(1, blockCount()); lines >= 10; lines /= 10)
        ++digits;
    // At least three digits, so the margin does not jump while scrolling through kernels of different lengths.
    digits = qMax(digits, 3);
    const int padding = fontMetrics().horizontalAdvance(QLatin1Char(' '));
    return 2 * padding + digits * fontMetrics().horizontalAdvance(QLatin1Char('9'));
}

void CodeView::changeEvent(QEvent *event)
{
    QPlainTextEdit::changeEvent(event);
    if (event->type() == QEvent::PaletteChange)
        applyTheme();
}

void CodeView::resizeEvent(QResizeEvent *event)
{
    QPlainTextEdit::resizeEvent(event);
    const auto area = contentsRect();
    m_lineNumberArea->setGeometry(QRect(area.left(), area.top(), lineNumberAreaWidth(), area.height()));
}

void CodeView::updateLineNumberAreaWidth()
{
    setViewportMargins(lineNumberAreaWidth(), 0, 0, 0);
}

void CodeView::updateLineNumberArea(const QRect &rect, int dy)
{
    if (dy != 0)
        m_lineNumberArea->scroll(0, dy);
    else
        m_lineNumberArea->update(0, rect.y(), m_lineNumberArea->width(), rect.height());
    if (rect.contains(viewport()->rect()))
        updateLineNumberAreaWidth();
}

void CodeView::paintLineNumbers(QPaintEvent *event)
{
    QPainter painter(m_lineNumberArea);
    painter.fillRect(event->rect(), palette().color(QPalette::Window));
    painter.setPen(palette().color(QPalette::Disabled, QPalette::Text));
    painter.setFont(font());

    const int padding = fontMetrics().horizontalAdvance(QLatin1Char(' '));
    const int width = m_lineNumberArea->width() - padding;
    auto block = firstVisibleBlock();
    int top = qRound(blockBoundingGeometry(block).translated(contentOffset()).top());
    while (block.isValid() && top <= event->rect().bottom()) {
        const int height = qRound(blockBoundingRect(block).height());
        if (block.isVisible() && top + height >= event->rect().top())
            painter.drawText(0, top, width, fontMetrics().height(), Qt::AlignRight,
                             QString::number(block.blockNumber() + 1));
        block = block.next();
        top += height;
    }
}

void CodeView::applyTheme()
{
    m_highlighter->setTheme(themeFor(palette()));
    m_highlighter->rehighlight();
    applyChangeMarks();
}
