#pragma once

#include <QString>

#include <string>
#include <string_view>

// Text a person typed into a filter, searched for in the UTF-8 ids and code of kernels without converting them
// to QString (a search log holds hundreds of megabytes of code). ASCII letters match without regard to case; the
// bytes of other characters match exactly, which is what a search for an identifier or a number needs.
class TextNeedle {
public:
    // Returns false when the text is what was set already.
    bool set(const QString &text);
    const QString &text() const { return m_text; }
    bool isEmpty() const { return m_lowerUtf8.empty(); }
    bool foundIn(std::string_view haystack) const;
    // Whether every text this one is found in also holds `other`: what a filter typed further can narrow from.
    bool contains(const TextNeedle &other) const;

private:
    QString m_text;
    std::string m_lowerUtf8;
};
