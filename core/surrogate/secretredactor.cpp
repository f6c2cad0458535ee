#include "secretredactor.h"

#include <algorithm>
#include <array>
#include <cctype>

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

} // namespace

SecretRedactor::SecretRedactor(std::vector<std::string> secrets) : m_secrets(std::move(secrets))
{
    std::erase_if(m_secrets, [](const std::string &secret) { return secret.empty(); });
}

std::string SecretRedactor::redact(std::string_view text) const
{
    std::string result = redactHeaderValues(text);
    for (const auto &secret : m_secrets) {
        for (auto at = result.find(secret); at != std::string::npos; at = result.find(secret, at + kRedacted.size()))
            result.replace(at, secret.size(), kRedacted);
    }
    return result;
}

} // namespace kfx::surrogate
