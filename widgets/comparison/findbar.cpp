#include "findbar.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QShortcut>
#include <QStyle>
#include <QTextBlock>
#include <QToolButton>

FindBar::FindBar(QWidget *parent)
    : QWidget(parent)
    , m_edit(new QLineEdit(this))
    , m_pane(new QLabel(this))
    , m_status(new QLabel(this))
{
    auto *layout = new QHBoxLayout(this);
    layout->setContentsMargins(4, 2, 4, 2);

    m_edit->setPlaceholderText(tr("Find in code"));
    m_edit->setClearButtonEnabled(true);
    m_edit->setAccessibleName(tr("Find in code"));
    m_edit->setToolTip(tr("Enter: next match · Shift+Enter: previous match · Escape: close"));
    connect(m_edit, &QLineEdit::textEdited, this, [this] { find(false, true); });
    connect(m_edit, &QLineEdit::returnPressed, this, &FindBar::findNext);

    auto *previous = new QToolButton(this);
    previous->setArrowType(Qt::UpArrow);
    previous->setAutoRaise(true);
    previous->setToolTip(tr("Previous match (Shift+Enter)"));
    previous->setAccessibleName(tr("Previous match"));
    connect(previous, &QToolButton::clicked, this, &FindBar::findPrevious);
    auto *next = new QToolButton(this);
    next->setArrowType(Qt::DownArrow);
    next->setAutoRaise(true);
    next->setToolTip(tr("Next match (Enter)"));
    next->setAccessibleName(tr("Next match"));
    connect(next, &QToolButton::clicked, this, &FindBar::findNext);
    auto *closeButton = new QToolButton(this);
    closeButton->setIcon(style()->standardIcon(QStyle::SP_DialogCloseButton));
    closeButton->setAutoRaise(true);
    closeButton->setToolTip(tr("Close the find bar (Escape)"));
    closeButton->setAccessibleName(tr("Close find bar"));
    connect(closeButton, &QToolButton::clicked, this, &FindBar::close);

    auto *backward = new QShortcut(QKeySequence(QStringLiteral("Shift+Return")), m_edit);
    backward->setContext(Qt::WidgetShortcut);
    connect(backward, &QShortcut::activated, this, &FindBar::findPrevious);
    auto *escape = new QShortcut(QKeySequence(Qt::Key_Escape), this);
    escape->setContext(Qt::WidgetWithChildrenShortcut);
    connect(escape, &QShortcut::activated, this, &FindBar::close);

    layout->addWidget(m_pane);
    layout->addWidget(m_edit, 1);
    layout->addWidget(previous);
    layout->addWidget(next);
    layout->addWidget(m_status);
    layout->addWidget(closeButton);
    hide();
}

void FindBar::setTarget(QPlainTextEdit *target, const QString &paneName)
{
    m_target = target;
    m_pane->setText(tr("In %1:").arg(paneName));
}

void FindBar::activate()
{
    show();
    if (m_target && m_target->textCursor().hasSelection()
        && !m_target->textCursor().selectedText().contains(QChar::ParagraphSeparator))
        m_edit->setText(m_target->textCursor().selectedText());
    m_edit->setFocus();
    m_edit->selectAll();
}

QString FindBar::text() const
{
    return m_edit->text();
}

void FindBar::setText(const QString &text)
{
    m_edit->setText(text);
}

bool FindBar::findNext()
{
    return find(false, false);
}

bool FindBar::findPrevious()
{
    return find(true, false);
}

bool FindBar::find(bool backward, bool fromCurrent)
{
    m_status->clear();
    if (!m_target || m_edit->text().isEmpty())
        return false;
    auto cursor = m_target->textCursor();
    // Typing refines the match under the cursor instead of jumping past it.
    if (fromCurrent)
        cursor.setPosition(cursor.selectionStart());
    const QTextDocument::FindFlags flags = backward ? QTextDocument::FindBackward : QTextDocument::FindFlags();
    auto found = m_target->document()->find(m_edit->text(), cursor, flags);
    if (found.isNull()) {
        QTextCursor wrapped(m_target->document());
        if (backward)
            wrapped.movePosition(QTextCursor::End);
        found = m_target->document()->find(m_edit->text(), wrapped, flags);
        if (!found.isNull())
            m_status->setText(tr("Wrapped around"));
    }
    if (found.isNull()) {
        m_status->setText(tr("Not found"));
        return false;
    }
    m_target->setTextCursor(found);
    m_target->ensureCursorVisible();
    return true;
}

void FindBar::close()
{
    hide();
    if (m_target)
        m_target->setFocus();
}
