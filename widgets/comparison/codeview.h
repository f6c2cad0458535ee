#pragma once

#include "model/language.h"

#include <QPlainTextEdit>

#include <vector>

namespace KSyntaxHighlighting {
class SyntaxHighlighter;
}

// A read-only view of a kernel's code: line numbers in a margin, highlighting for the kernel's language, and a
// highlighting theme that follows the palette (light or dark).
class CodeView : public QPlainTextEdit {
    Q_OBJECT
public:
    explicit CodeView(QWidget *parent = nullptr);
    ~CodeView() override;

    // Shows code highlighted as what the code itself reads as; `label` (the log's or the detected language)
    // decides only when the code could be either (kfx::detectSourceSyntax).
    void setCode(const QString &code, kfx::KernelLanguage label);
    void clearCode();

    // A changed line of a comparison (0-based) and its changed characters as (start, length) in QString units.
    struct ChangeMark {
        int line = 0;
        std::vector<std::pair<int, int>> ranges;
    };
    // Which side of a comparison the marks are on: the old side is tinted red, the new green, each in the
    // palette's highlight strength laid over its base, so both themes stay readable.
    enum class DiffSide { Old, New };
    // Marks changed lines and in-line ranges; cleared by setCode().
    void setChangeMarks(std::vector<ChangeMark> marks, DiffSide side);
    const std::vector<ChangeMark> &changeMarks() const { return m_marks; }
    // The 0-based line at the top of the view, and scrolling so that a line is at the top.
    int firstVisibleLine() const;
    void scrollToLine(int line);

    // The KSyntaxHighlighting definition for a syntax ("C++", "Python", or none), and for a label alone.
    static QString definitionName(kfx::SourceSyntax syntax);
    static QString definitionName(kfx::KernelLanguage language);
    // The names of the definition and the theme in use, for tests.
    QString definitionInUse() const;
    QString themeName() const;

    int lineNumberAreaWidth() const;

protected:
    void changeEvent(QEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;

private:
    friend class LineNumberArea;
    void paintLineNumbers(QPaintEvent *event);
    void updateLineNumberAreaWidth();
    void updateLineNumberArea(const QRect &rect, int dy);
    void replaceText(const QString &text, const QString &definition);
    KSyntaxHighlighting::SyntaxHighlighter *newHighlighter(const QString &definition) const;
    void applyTheme();
    void applyChangeMarks();

    QWidget *m_lineNumberArea;
    // One highlighter per text shown: see replaceText().
    KSyntaxHighlighting::SyntaxHighlighter *m_highlighter = nullptr;
    std::vector<ChangeMark> m_marks;
    DiffSide m_side = DiffSide::New;
};
