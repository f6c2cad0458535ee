#include "rationaletext.h"

#include "common/displaytext.h"
#include "model/speedupbin.h"
#include "surrogate/kernelfeatures.h"
#include "surrogate/searchawareforecaster.h"

#include <QCoreApplication>
#include <QLocale>
#include <QRegularExpression>
#include <QStringList>

#include <algorithm>
#include <optional>
#include <string_view>
#include <vector>

namespace {

constexpr char kContext[] = "Rationale";

// What a placeholder of a sentence stands for: how it is recognised, and how it is said again.
enum class Part {
    Number,     // written as the locale writes decimals
    Index,      // a kernel's index or a bin's number, kept as written
    Trait,      // one of the embedded model's traits ("warp shuffles")
    Bin,        // a bin's label and range ("minor slowdown (0.71x–1.0x)")
    Component,  // one of the search-aware forecaster's components ("neighbours")
    Reasons,    // the embedded model's reasons, "; " between them
    Neighbours, // the nearest measured kernels, a space between them
    Weights,    // the components' weights, a space between them
};

struct Sentence {
    const char *english; // %1, %2 and %3 where the parts go
    std::vector<Part> parts;
};

// The sentences of a rationale (core/surrogate/embeddedsurrogate.cpp, searchawareforecaster.cpp).
const std::vector<Sentence> kSentences = {
    {QT_TRANSLATE_NOOP("Rationale", "Bin %1 (%2) at p=%3"), {Part::Index, Part::Bin, Part::Number}},
    {QT_TRANSLATE_NOOP("Rationale", "For it: %1"), {Part::Reasons}},
    {QT_TRANSLATE_NOOP("Rationale", "Against it: %1"), {Part::Reasons}},
    {QT_TRANSLATE_NOOP("Rationale", "The parent failed"), {}},
    {QT_TRANSLATE_NOOP("Rationale", "The parent measured bin %1"), {Part::Index}},
    {QT_TRANSLATE_NOOP("Rationale", "Edits like this one, on other tasks, would take it to bin %1 (%2 %)"),
     {Part::Index, Part::Number}},
    {QT_TRANSLATE_NOOP("Rationale", "Nearest measured: %1"), {Part::Neighbours}},
    {QT_TRANSLATE_NOOP("Rationale", "Similar earlier edits: %1 of %2 failed (the closest %3 % alike)"),
     {Part::Index, Part::Index, Part::Number}},
    {QT_TRANSLATE_NOOP("Rationale", "Failure %1 %"), {Part::Number}},
    {QT_TRANSLATE_NOOP("Rationale", "Failure %1 % (mixed %2 %, then calibrated)"), {Part::Number, Part::Number}},
    {QT_TRANSLATE_NOOP("Rationale", "Weights for failure: %1"), {Part::Weights}},
    {QT_TRANSLATE_NOOP("Rationale", "Weights for the bin: %1"), {Part::Weights}},
    // A search's own forecast before its model could train (core/search/candidateforecaster.cpp).
    {QT_TRANSLATE_NOOP("Rationale", "no model yet: %1 of the %2 measurements training needs"),
     {Part::Index, Part::Index}},
};

// The embedded model's reasons (kfx::surrogate::describeGroup).
const std::vector<Sentence> kReasons = {
    {QT_TRANSLATE_NOOP("Rationale", "%1 lines added"), {Part::Number}},
    {QT_TRANSLATE_NOOP("Rationale", "%1 lines removed"), {Part::Number}},
    {QT_TRANSLATE_NOOP("Rationale", "%1% of lines changed"), {Part::Number}},
    {QT_TRANSLATE_NOOP("Rationale", "compute capability %1"), {Part::Number}},
    {QT_TRANSLATE_NOOP("Rationale", "%1 multiprocessors"), {Part::Number}},
    {QT_TRANSLATE_NOOP("Rationale", "memory bandwidth %1 GB/s"), {Part::Number}},
    {QT_TRANSLATE_NOOP("Rationale", "hardware context given"), {}},
    {QT_TRANSLATE_NOOP("Rationale", "no hardware context"), {}},
    {QT_TRANSLATE_NOOP("Rationale", "candidate is written in %1"), {Part::Trait}},
    {QT_TRANSLATE_NOOP("Rationale", "candidate moves away from %1"), {Part::Trait}},
    {QT_TRANSLATE_NOOP("Rationale", "both kernels are %1"), {Part::Trait}},
    {QT_TRANSLATE_NOOP("Rationale", "neither kernel is %1"), {Part::Trait}},
    {QT_TRANSLATE_NOOP("Rationale", "candidate %1 %2× the reference's"), {Part::Trait, Part::Number}},
    {QT_TRANSLATE_NOOP("Rationale", "candidate adds %1 (%2 → %3)"), {Part::Trait, Part::Number, Part::Number}},
    {QT_TRANSLATE_NOOP("Rationale", "candidate has more %1 (%2 → %3)"), {Part::Trait, Part::Number, Part::Number}},
    {QT_TRANSLATE_NOOP("Rationale", "candidate removes %1 (%2 → %3)"), {Part::Trait, Part::Number, Part::Number}},
    {QT_TRANSLATE_NOOP("Rationale", "candidate has fewer %1 (%2 → %3)"), {Part::Trait, Part::Number, Part::Number}},
    {QT_TRANSLATE_NOOP("Rationale", "neither kernel uses %1"), {Part::Trait}},
    {QT_TRANSLATE_NOOP("Rationale", "both kernels use %1 (%2 → %3)"), {Part::Trait, Part::Number, Part::Number}},
};

// The search-aware forecaster's nearest measured kernels and its components' weights.
const std::vector<Sentence> kNeighbours = {
    {QT_TRANSLATE_NOOP("Rationale", "#%1 (%2 % alike, bin %3)"), {Part::Index, Part::Number, Part::Index}},
    {QT_TRANSLATE_NOOP("Rationale", "#%1 (%2 % alike, failed)"), {Part::Index, Part::Number}},
};
const std::vector<Sentence> kWeights = {
    {QT_TRANSLATE_NOOP("Rationale", "%1 %2 %"), {Part::Component, Part::Number}},
};

// The words core/ writes for the parts, to be found in the catalogue (lupdate reads these; the regular expressions
// below take core's own words, so a trait renamed there is shown in English until it is added here).
[[maybe_unused]] constexpr const char *kPartWords[] = {
    QT_TRANSLATE_NOOP("Rationale", "source size"),
    QT_TRANSLATE_NOOP("Rationale", "line count"),
    QT_TRANSLATE_NOOP("Rationale", "CUDA C++"),
    QT_TRANSLATE_NOOP("Rationale", "Triton"),
    QT_TRANSLATE_NOOP("Rationale", "plain PyTorch"),
    QT_TRANSLATE_NOOP("Rationale", "shared-memory staging"),
    QT_TRANSLATE_NOOP("Rationale", "warp shuffles"),
    QT_TRANSLATE_NOOP("Rationale", "vectorised loads"),
    QT_TRANSLATE_NOOP("Rationale", "tensor-core instructions (mma/wgmma/tl.dot)"),
    QT_TRANSLATE_NOOP("Rationale", "atomics"),
    QT_TRANSLATE_NOOP("Rationale", "__syncthreads barriers"),
    QT_TRANSLATE_NOOP("Rationale", "autotune configs"),
    QT_TRANSLATE_NOOP("Rationale", "block/tile size"),
    QT_TRANSLATE_NOOP("Rationale", "threads per block"),
    QT_TRANSLATE_NOOP("Rationale", "num_warps"),
    QT_TRANSLATE_NOOP("Rationale", "pipeline stages"),
    QT_TRANSLATE_NOOP("Rationale", "explicit fp32 dtypes such as float32 or tf32"),
    QT_TRANSLATE_NOOP("Rationale", "bf16 arithmetic"),
    QT_TRANSLATE_NOOP("Rationale", "fp16 arithmetic"),
    QT_TRANSLATE_NOOP("Rationale", "fp8 arithmetic"),
    QT_TRANSLATE_NOOP("Rationale", "library matmul/einsum/cuBLAS calls"),
    QT_TRANSLATE_NOOP("Rationale", "loops"),
    QT_TRANSLATE_NOOP("Rationale", "kernel definitions"),
    QT_TRANSLATE_NOOP("Rationale", "global-memory loads/stores"),
    QT_TRANSLATE_NOOP("Rationale", "async copies"),
    QT_TRANSLATE_NOOP("Rationale", "cache hints"),
    QT_TRANSLATE_NOOP("Rationale", "loop unrolling"),
    QT_TRANSLATE_NOOP("Rationale", "torch.compile"),
    QT_TRANSLATE_NOOP("Rationale", "reductions"),
    QT_TRANSLATE_NOOP("Rationale", "model"),
    QT_TRANSLATE_NOOP("Rationale", "parent"),
    QT_TRANSLATE_NOOP("Rationale", "edits"),
    QT_TRANSLATE_NOOP("Rationale", "neighbours"),
    QT_TRANSLATE_NOOP("Rationale", "prior"),
};

QString fromCore(std::string_view text)
{
    return QString::fromUtf8(text.data(), static_cast<int>(text.size()));
}

QString translated(const QString &english)
{
    return QCoreApplication::translate(kContext, english.toUtf8().constData());
}

// One of the words given, longest first so that no word stops at another's start.
QString oneOf(QStringList words)
{
    std::sort(words.begin(), words.end(), [](const auto &a, const auto &b) { return a.size() > b.size(); });
    for (auto &word : words)
        word = QRegularExpression::escape(word);
    return words.join(QLatin1Char('|'));
}

QString partPattern(Part part)
{
    switch (part) {
    case Part::Number:
        return QStringLiteral("-?[0-9]+(?:\\.[0-9]+)?(?:e[-+]?[0-9]+)?");
    case Part::Index:
        return QStringLiteral("[0-9]+");
    case Part::Trait: {
        QStringList phrases;
        for (std::size_t trait = 0; trait < kfx::surrogate::kTraitCount; ++trait)
            phrases << fromCore(kfx::surrogate::traitPhrase(kfx::surrogate::Trait(trait)));
        return oneOf(phrases);
    }
    case Part::Bin: {
        QStringList labels;
        for (int bin = 0; bin <= kfx::kLastBin; ++bin)
            labels << fromCore(kfx::binLabel(bin));
        return oneOf(labels);
    }
    case Part::Component: {
        QStringList names;
        for (std::size_t component = 0; component < kfx::surrogate::kSearchAwareComponents; ++component)
            names << fromCore(
                kfx::surrogate::searchAwareComponentName(kfx::surrogate::SearchAwareComponent(component)));
        return oneOf(names);
    }
    case Part::Reasons:
    case Part::Neighbours:
    case Part::Weights:
        break;
    }
    return QStringLiteral(".+");
}

// The sentence as a whole-text pattern, each part a group.
QRegularExpression pattern(const Sentence &sentence)
{
    auto text = QRegularExpression::escape(QString::fromUtf8(sentence.english));
    for (std::size_t i = 0; i < sentence.parts.size(); ++i)
        text.replace(QStringLiteral("\\%%1").arg(i + 1),
                     QLatin1Char('(') + partPattern(sentence.parts[i]) + QLatin1Char(')'));
    return QRegularExpression(QLatin1Char('^') + text + QLatin1Char('$'));
}

// Decimals as the locale writes them ("0,38" in German); whole numbers stay as written, without grouping.
QString localised(const QString &text)
{
    static const QRegularExpression decimal(QStringLiteral("[0-9]+\\.[0-9]+"));
    QString result;
    qsizetype from = 0;
    for (auto it = decimal.globalMatch(text); it.hasNext();) {
        const auto match = it.next();
        const auto number = match.captured();
        const auto decimals = number.size() - number.indexOf(QLatin1Char('.')) - 1;
        result += text.mid(from, match.capturedStart() - from);
        result += QLocale().toString(number.toDouble(), 'f', static_cast<int>(decimals));
        from = match.capturedEnd();
    }
    return result + text.mid(from);
}

std::optional<QString> said(const QString &text, const std::vector<Sentence> &choices);

// A list of items, each one of the choices, the separator between them.
std::optional<QString> saidList(const QString &text, const QRegularExpression &separator, const QString &joiner,
                                const std::vector<Sentence> &choices)
{
    QStringList items;
    for (const auto &item : text.split(separator)) {
        const auto itemSaid = said(item, choices);
        if (!itemSaid)
            return std::nullopt;
        items << *itemSaid;
    }
    return items.join(joiner);
}

std::optional<QString> saidPart(Part part, const QString &text)
{
    switch (part) {
    case Part::Number:
        return localised(text);
    case Part::Index:
        return text;
    case Part::Trait:
    case Part::Component:
        return translated(text);
    case Part::Bin: {
        for (int bin = 0; bin <= kfx::kLastBin; ++bin) {
            if (text != fromCore(kfx::binLabel(bin)))
                continue;
            const auto range = text.indexOf(QLatin1Char('('));
            return range < 0 ? binDescription(bin)
                             : binDescription(bin) + QLatin1Char(' ') + localised(text.mid(range));
        }
        return std::nullopt;
    }
    case Part::Reasons: {
        static const QRegularExpression semicolon(QStringLiteral("; "));
        return saidList(text, semicolon, QStringLiteral("; "), kReasons);
    }
    case Part::Neighbours: {
        static const QRegularExpression betweenKernels(QStringLiteral(" (?=#[0-9])"));
        return saidList(text, betweenKernels, QStringLiteral(" "), kNeighbours);
    }
    case Part::Weights: {
        static const QRegularExpression afterPercent(QStringLiteral("(?<=%) "));
        return saidList(text, afterPercent, QStringLiteral(" "), kWeights);
    }
    }
    return std::nullopt;
}

std::optional<QString> said(const QString &text, const std::vector<Sentence> &choices)
{
    for (const auto &sentence : choices) {
        const auto match = pattern(sentence).match(text);
        if (!match.hasMatch())
            continue;
        QStringList parts;
        for (std::size_t i = 0; i < sentence.parts.size(); ++i) {
            const auto part = saidPart(sentence.parts[i], match.captured(static_cast<int>(i) + 1));
            if (!part)
                return std::nullopt;
            parts << *part;
        }
        auto result = QCoreApplication::translate(kContext, sentence.english);
        switch (parts.size()) {
        case 0:
            return result;
        case 1:
            return result.arg(parts[0]);
        case 2:
            return result.arg(parts[0], parts[1]);
        default:
            return result.arg(parts[0], parts[1], parts[2]);
        }
    }
    return std::nullopt;
}

} // namespace

QString translatedRationale(const QString &rationale)
{
    // Sentences end at a full stop before a space or the end; "9.0" and "tl.dot" stay whole.
    static const QRegularExpression sentenceEnd(QStringLiteral("\\.(?:\\s+|$)"));
    const auto text = rationale.trimmed();
    if (text.isEmpty())
        return rationale;
    QStringList sentences;
    for (const auto &sentence : text.split(sentenceEnd, Qt::SkipEmptyParts)) {
        const auto translatedSentence = said(sentence, kSentences);
        if (!translatedSentence)
            return rationale;
        sentences << *translatedSentence;
    }
    return sentences.join(QStringLiteral(". ")) + (text.endsWith(QLatin1Char('.')) ? QStringLiteral(".") : QString());
}
