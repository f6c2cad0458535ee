#pragma once

class QScrollArea;
class QWidget;

// `content` in a frameless scroll area, as tall as the content wants when there is room. The filters, the forecast
// panel and the Calibration charts each need a fair amount of room; on a small screen, with docks beside them, they
// scroll instead of forcing the window past the screen's edges.
QScrollArea *scrollableWhenNarrow(QWidget *content);
