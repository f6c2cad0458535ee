#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace kfx::surrogate {

inline constexpr std::string_view kRedacted = "***";

// What kfx reports about a server's reply (error bodies, parse errors, the model's reasoning) goes into rows and
// messages that users share, and a server may echo the request's headers back. Every text taken from a reply
// passes through here: each known secret (the API key) and the value of any Authorization or api-key header,
// in "Name: value" or JSON form, becomes ***.
class SecretRedactor {
public:
    explicit SecretRedactor(std::vector<std::string> secrets = {});

    std::string redact(std::string_view text) const;

private:
    std::vector<std::string> m_secrets;
};

} // namespace kfx::surrogate
