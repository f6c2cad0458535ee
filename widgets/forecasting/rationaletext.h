#pragma once

#include <QString>

// The built-in surrogates write their rationales in English: search logs and workspaces keep them so, and core/
// has no Qt to translate with. The forecast panel shows them in the window's language. Each sentence is matched
// against the sentences those surrogates make (the embedded model's "Bin 4 (minor slowdown (0.71x–1.0x)) at
// p=0.38. For it: …", the search-aware forecaster's "The parent measured bin 4. …") and said again from the
// catalogue, its numbers written as the locale writes them. A rationale with a sentence it does not know (an LLM's
// own words) is shown as written, never half translated.
QString translatedRationale(const QString &rationale);
