#include "scrollable.h"

#include <QResizeEvent>
#include <QScrollArea>
#include <QScrollBar>

namespace {

// Qt's scroll area asks for its content's height alone: when it is narrower than its content, the horizontal scroll
// bar then covers the content's last row (the German filter bar lost its third, issue 23). This one asks for the
// bar's height too, whenever it shows one.
class ScrollAreaWhenNarrow : public QScrollArea {
public:
    using QScrollArea::QScrollArea;

    QSize sizeHint() const override
    {
        auto hint = QScrollArea::sizeHint();
        if (needsHorizontalBar())
            hint.rheight() += horizontalScrollBar()->sizeHint().height();
        return hint;
    }

protected:
    void resizeEvent(QResizeEvent *event) override
    {
        const bool before = m_horizontalBar;
        QScrollArea::resizeEvent(event);
        m_horizontalBar = needsHorizontalBar();
        if (m_horizontalBar != before)
            updateGeometry(); // only a change of width can change it: the new height settles it
    }

private:
    bool needsHorizontalBar() const { return widget() && widget()->minimumSizeHint().width() > width(); }

    bool m_horizontalBar = false;
};

} // namespace

QScrollArea *scrollableWhenNarrow(QWidget *content)
{
    auto *area = new ScrollAreaWhenNarrow(content->parentWidget());
    area->setWidget(content);
    area->setWidgetResizable(true);
    area->setFrameShape(QFrame::NoFrame);
    area->setHorizontalScrollBarPolicy(Qt::ScrollBarAsNeeded);
    area->setVerticalScrollBarPolicy(Qt::ScrollBarAsNeeded);
    // As tall as the content wants when there is room: the scroll area itself would otherwise ask for little.
    area->setSizePolicy(content->sizePolicy());
    return area;
}
