#pragma once

#include <QString>

// What this build of kfx is, for --version and the About box.

// The Qt kfx runs on and the Qt and KSyntaxHighlighting it was compiled against, one a line.
QString libraryVersions();
// What --version prints: kfx's version, then the library versions.
QString versionText();
