#pragma once

#include <initializer_list>

#include <string>
#include <string_view>
#include <vector>

namespace kfx::surrogate {

inline constexpr std::string_view kRedacted = "***";

// What kfx reports about a server's reply (error bodies, parse errors, the model's reasoning) goes into rows and
// messages that users share, and a server may echo the request's headers back. Every text taken from a reply
// passes through here, and so does every line that kfx writes from LLM traffic: each known secret (the API key),
// as it is or JSON-escaped, percent-encoded or base64-encoded, and the value of any Authorization or api-key
// header, in "Name: value" or JSON form, becomes ***.
class SecretRedactor {
public:
    explicit SecretRedactor(std::vector<std::string> secrets = {});

    std::string redact(std::string_view text) const;

private:
    std::vector<std::string> m_forms; // each secret as written: plain and base64 (secretredactor.cpp)
};

// The values of the named environment variables that are set: the API keys that a run's LLM settings name, for
// the redactor of what the run writes. An empty name or an empty value is none.
std::vector<std::string> apiKeysNamedBy(std::initializer_list<std::string_view> variables);

} // namespace kfx::surrogate
