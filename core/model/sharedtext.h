#pragma once

#include <cstddef>
#include <memory>
#include <ostream>
#include <string>
#include <string_view>

namespace kfx {

// Text that never changes once made, shared by every copy of what holds it. A kernel's code is kilobytes, and the
// window copies a whole search each time it shows it with other forecasts or measurements: on an 80,000-kernel log
// each copy of the code took 2 s and a gigabyte. Copies of a SharedText share one string; assigning new text
// replaces it for this copy only. Reads as a const std::string.
class SharedText {
public:
    SharedText() = default;
    SharedText(std::string text) // NOLINT(google-explicit-constructor): stands where a std::string stood
        : m_text(text.empty() ? nullptr : std::make_shared<const std::string>(std::move(text)))
    {
    }
    SharedText(std::string_view text) : SharedText(std::string(text)) {}
    SharedText(const char *text) : SharedText(std::string(text)) {}

    const std::string &str() const { return m_text ? *m_text : emptyString(); }
    operator const std::string &() const { return str(); } // NOLINT(google-explicit-constructor)
    operator std::string_view() const { return str(); }    // NOLINT(google-explicit-constructor)

    bool empty() const { return !m_text || m_text->empty(); }
    std::size_t size() const { return str().size(); }
    const char *data() const { return str().data(); }
    const char *c_str() const { return str().c_str(); }
    std::string::const_iterator begin() const { return str().begin(); }
    std::string::const_iterator end() const { return str().end(); }
    template<typename... Args>
    std::size_t find(Args &&...args) const
    {
        return str().find(std::forward<Args>(args)...);
    }
    template<typename... Args>
    std::size_t find_first_not_of(Args &&...args) const
    {
        return str().find_first_not_of(std::forward<Args>(args)...);
    }
    bool starts_with(std::string_view prefix) const { return str().starts_with(prefix); }
    std::string substr(std::size_t position, std::size_t count = std::string::npos) const
    {
        return str().substr(position, count);
    }

    friend bool operator==(const SharedText &left, const SharedText &right)
    {
        return left.m_text == right.m_text || left.str() == right.str();
    }
    friend bool operator==(const SharedText &left, std::string_view right) { return left.str() == right; }
    friend bool operator==(const SharedText &left, const std::string &right) { return left.str() == right; }
    friend bool operator==(const SharedText &left, const char *right) { return left.str() == right; }
    friend std::ostream &operator<<(std::ostream &out, const SharedText &text) { return out << text.str(); }

private:
    static const std::string &emptyString()
    {
        static const std::string empty;
        return empty;
    }

    std::shared_ptr<const std::string> m_text;
};

} // namespace kfx
