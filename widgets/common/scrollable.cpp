#include "scrollable.h"

#include <QScrollArea>

QScrollArea *scrollableWhenNarrow(QWidget *content)
{
    auto *area = new QScrollArea(content->parentWidget());
    area->setWidget(content);
    area->setWidgetResizable(true);
    area->setFrameShape(QFrame::NoFrame);
    area->setHorizontalScrollBarPolicy(Qt::ScrollBarAsNeeded);
    area->setVerticalScrollBarPolicy(Qt::ScrollBarAsNeeded);
    // As tall as the content wants when there is room: the scroll area itself would otherwise ask for little.
    area->setSizePolicy(content->sizePolicy());
    return area;
}
