#include "secretredactor.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <cstdint>
#include <cstdlib>

namespace kfx::surrogate {

namespace {

// Header names whose value is a credential; "x-api-key" and "proxy-authorization" contain them.
constexpr std::array kCredentialHeaders{std::string_view("authorization"), std::string_view("api-key"),
                                        std::string_view("api_key")};

bool equalsIgnoringCase(std::string_view text, std::size_t at, std::string_view lowerName)
{
    if (at + lowerName.size() > text.size())
        return false;
    for (std::size_t i = 0; i < lowerName.size(); ++i) {
        if (char(std::tolower(static_cast<unsigned char>(text[at + i]))) != lowerName[i])
            return false;
    }
    return true;
}

// The value after a header name, as "Name: value", "name=value" or "\"name\": \"value\"": where it starts and
// ends in `text`, or an empty range when no separator follows the name.
std::pair<std::size_t, std::size_t> headerValue(std::string_view text, std::size_t afterName)
{
    const auto skip = [&](std::size_t at, std::string_view characters) {
        while (at < text.size() && characters.find(text[at]) != std::string_view::npos)
            ++at;
        return at;
    };
    std::size_t at = skip(afterName, "\"'\\ \t");
    if (at >= text.size() || (text[at] != ':' && text[at] != '='))
        return {at, at};
    at = skip(at + 1, " \t\"'\\");
    // A value ends at the end of its line, its JSON string or its list item.
    std::size_t end = at;
    while (end < text.size() && std::string_view("\"'\\\r\n,}&").find(text[end]) == std::string_view::npos)
        ++end;
    while (end > at && (text[end - 1] == ' ' || text[end - 1] == '\t'))
        --end;
    return {at, end};
}

std::string redactHeaderValues(std::string_view text)
{
    std::string result;
    std::size_t copied = 0;
    for (std::size_t at = 0; at < text.size(); ++at) {
        for (const auto name : kCredentialHeaders) {
            if (!equalsIgnoringCase(text, at, name))
                continue;
            const auto [begin, end] = headerValue(text, at + name.size());
            if (begin == end)
                continue;
            result.append(text.substr(copied, begin - copied)).append(kRedacted);
            copied = end;
            at = end - 1;
            break;
        }
    }
    return result.append(text.substr(copied));
}

int hexDigit(char c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    const char lower = char(std::tolower(static_cast<unsigned char>(c)));
    return lower >= 'a' && lower <= 'f' ? lower - 'a' + 10 : -1;
}

// Whether the `digits` hex digits at `at` spell the character `wanted` (either case, as encoders differ).
bool hexSpells(std::string_view text, std::size_t at, std::size_t digits, char wanted)
{
    if (at + digits > text.size())
        return false;
    int value = 0;
    for (std::size_t i = 0; i < digits; ++i) {
        const int digit = hexDigit(text[at + i]);
        if (digit < 0)
            return false;
        value = value * 16 + digit;
    }
    return value == static_cast<unsigned char>(wanted);
}

// Where `form` ends if it is written at `at` with any of its characters encoded, npos if it is not there. A
// server that puts the key into a JSON string may escape any character as \uXXXX and '/' as "\/", and kfx's
// own JSON (a search log line quoting an error body that was JSON) adds a backslash per level of nesting, so any
// run of backslashes is taken as an escape. A URL or form body echoed back percent-encodes it (%2F). A match
// that starts at a backslash takes the whole escape, so a redacted JSON text stays JSON.
std::size_t encodedEnd(std::string_view text, std::size_t at, std::string_view form)
{
    for (const char wanted : form) {
        if (at >= text.size())
            return std::string_view::npos;
        if (text[at] == '%' && hexSpells(text, at + 1, 2, wanted)) {
            at += 3;
        } else if (text[at] == '\\') {
            auto escaped = at;
            while (escaped < text.size() && text[escaped] == '\\')
                ++escaped;
            if (escaped < text.size() && text[escaped] == 'u' && hexSpells(text, escaped + 1, 4, wanted))
                at = escaped + 5;
            else if (wanted == '\\')
                at = escaped;
            else if (escaped < text.size() && text[escaped] == wanted)
                at = escaped + 1;
            else
                return std::string_view::npos;
        } else if (text[at] == wanted) {
            ++at;
        } else {
            return std::string_view::npos;
        }
    }
    return at;
}

std::string base64(std::string_view bytes)
{
    static constexpr std::string_view kAlphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    std::string encoded;
    for (std::size_t at = 0; at < bytes.size(); at += 3) {
        std::uint32_t group = 0;
        for (std::size_t i = 0; i < 3; ++i)
            group = group << 8U | (at + i < bytes.size() ? static_cast<unsigned char>(bytes[at + i]) : 0U);
        for (std::size_t i = 0; i < 4; ++i)
            encoded += kAlphabet[(group >> (18U - 6U * i)) & 63U];
    }
    return encoded;
}

// Shorter runs of base64 turn up in ordinary text by chance; a secret that short is no secret anyway.
constexpr std::size_t kMinBase64Form = 8;

// The secret as it is, and as base64 (a Basic Authorization header, "user:key" encoded, that a server echoes
// back). Inside a longer encoded text the secret's characters depend on where it starts within a 3-byte group,
// so each of the three alignments gives one form: the characters that encode the secret's bits alone, in the
// standard and in the URL-safe alphabet.
std::vector<std::string> writtenForms(const std::string &secret)
{
    std::vector<std::string> forms{secret};
    for (std::size_t offset = 0; offset < 3; ++offset) {
        const auto encoded = base64(std::string(offset, '\0') + secret);
        const auto first = (4 * offset + 2) / 3;
        const auto last = 4 * (offset + secret.size()) / 3;
        if (last < first + kMinBase64Form)
            continue;
        auto form = encoded.substr(first, last - first);
        auto urlSafe = form;
        std::replace(urlSafe.begin(), urlSafe.end(), '+', '-');
        std::replace(urlSafe.begin(), urlSafe.end(), '/', '_');
        forms.push_back(std::move(form));
        if (urlSafe != forms.back())
            forms.push_back(std::move(urlSafe));
    }
    return forms;
}

} // namespace

SecretRedactor::SecretRedactor(std::vector<std::string> secrets)
{
    for (const auto &secret : secrets) {
        if (secret.empty())
            continue;
        for (auto &form : writtenForms(secret))
            m_forms.push_back(std::move(form));
    }
}

std::string SecretRedactor::redact(std::string_view text) const
{
    const std::string unredacted = redactHeaderValues(text);
    std::string result;
    std::size_t copied = 0;
    for (std::size_t at = 0; at < unredacted.size();) {
        auto end = std::string_view::npos;
        for (const auto &form : m_forms) {
            end = encodedEnd(unredacted, at, form);
            if (end != std::string_view::npos)
                break;
        }
        if (end == std::string_view::npos) {
            ++at;
            continue;
        }
        result.append(unredacted, copied, at - copied).append(kRedacted);
        copied = at = end;
    }
    return result.append(unredacted, copied);
}

std::vector<std::string> apiKeysNamedBy(std::initializer_list<std::string_view> variables)
{
    std::vector<std::string> keys;
    for (const auto variable : variables) {
        const char *key = variable.empty() ? nullptr : std::getenv(std::string(variable).c_str());
        if (key && *key)
            keys.emplace_back(key);
    }
    return keys;
}

} // namespace kfx::surrogate
