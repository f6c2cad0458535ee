#pragma once

#include "commands.h"

#include <charconv>
#include <map>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

namespace kfx::cli {

// Reads "--name value" options, "--flag" switches and positional arguments for the surrogate commands,
// reporting the first unknown option or missing value. `speaker` starts each message ("kfx-cli metrics",
// "kfx --report").
class OptionReader {
public:
    explicit OptionReader(std::string speaker) : m_speaker(std::move(speaker)) {}

    void value(const std::string &name, std::string *target) { m_values[name] = target; }
    void repeated(const std::string &name, std::vector<std::string> *target) { m_repeated[name] = target; }
    void flag(const std::string &name, bool *target) { m_flags[name] = target; }

    bool parse(const Arguments &args, std::ostream &err, std::vector<std::string> *positional = nullptr) const
    {
        for (std::size_t i = 0; i < args.size(); ++i) {
            const auto &arg = args[i];
            if (auto found = m_flags.find(arg); found != m_flags.end()) {
                *found->second = true;
                continue;
            }
            const auto single = m_values.find(arg);
            const auto many = m_repeated.find(arg);
            if (single == m_values.end() && many == m_repeated.end()) {
                if (positional && !arg.starts_with("--")) {
                    positional->push_back(arg);
                    continue;
                }
                err << m_speaker << ": unexpected argument '" << arg << "'\n";
                return false;
            }
            if (i + 1 >= args.size()) {
                err << m_speaker << ": " << arg << " needs a value\n";
                return false;
            }
            if (single != m_values.end())
                *single->second = args[++i];
            else
                many->second->push_back(args[++i]);
        }
        return true;
    }

private:
    std::string m_speaker;
    std::map<std::string, std::string *> m_values;
    std::map<std::string, std::vector<std::string> *> m_repeated;
    std::map<std::string, bool *> m_flags;
};

// A number option's text as T, or nothing when it is not one entirely.
template<typename T>
std::optional<T> numberOption(const std::string &text)
{
    T value{};
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (text.empty() || error != std::errc() || end != text.data() + text.size())
        return std::nullopt;
    return value;
}

} // namespace kfx::cli
