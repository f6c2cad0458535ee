#include "darkpalette.h"

#include <QPalette>

bool isDarkPalette(const QPalette &palette)
{
    return palette.color(QPalette::Base).lightness() < 128;
}
