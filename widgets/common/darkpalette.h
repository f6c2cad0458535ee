#pragma once

class QPalette;

// Whether views drawn on `palette`'s base colour (charts, code) need their dark theme. One answer for every view,
// so a chart and the code beside it never pick different themes.
bool isDarkPalette(const QPalette &palette);
