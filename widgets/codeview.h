#pragma once

#include "model/language.h"

#include <QPlainTextEdit>

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

    void setCode(const QString &code, kfx::KernelLanguage language);
    void clearCode();

    // The KSyntaxHighlighting definition used for a language ("C++", "Python", or none).
    static QString definitionName(kfx::KernelLanguage language);
    // The name of the theme in use, for tests.
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
    void applyTheme();

    QWidget *m_lineNumberArea;
    KSyntaxHighlighting::SyntaxHighlighter *m_highlighter;
};
