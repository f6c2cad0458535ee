#pragma once

#include "common/textneedle.h"

#include <QObject>
#include <QTimer>

#include <cstdint>
#include <memory>
#include <unordered_map>
#include <vector>

namespace kfx {
class Population;
class SharedText;
}

// Which kernels of a population hold a filter's text in their id or code. A large search holds a gigabyte of code,
// more than a keystroke may spend on the UI thread, so the scan runs there in slices of a few milliseconds between
// events: the window keeps painting and taking keys, and a newer text simply starts a new scan. No thread reads the
// population while the UI thread may replace it.
class TextMatchScan : public QObject {
    Q_OBJECT
public:
    explicit TextMatchScan(QObject *parent = nullptr);

    // Starts over for `needle`. `narrowFrom`, when not empty, holds one flag per node: the matches of a text that
    // `needle` contains, outside which `needle` cannot match, so only those are scanned.
    void start(std::shared_ptr<const kfx::Population> population, const TextNeedle &needle,
               std::vector<std::uint8_t> narrowFrom);
    void cancel();
    // Scans what is left at once: for populations small enough that a slice would only delay the answer.
    void finishNow();
    // How many nodes are still to be scanned.
    std::size_t remaining() const { return m_remaining; }

    const TextNeedle &needle() const { return m_needle; }
    const std::shared_ptr<const kfx::Population> &population() const { return m_population; }
    // One flag per node, valid after finished().
    std::vector<std::uint8_t> takeMatches() { return std::move(m_matches); }

    // How long one slice may hold the UI thread.
    static constexpr int kSliceMilliseconds = 8;

Q_SIGNALS:
    void finished();

private:
    void scanSlice();
    bool foundInCode(const kfx::SharedText &code);
    // Scans nodes until `deadlineReached` says stop or none are left; returns whether none are left.
    template<class Deadline>
    bool scanUntil(Deadline deadlineReached);

    std::shared_ptr<const kfx::Population> m_population;
    TextNeedle m_needle;
    std::vector<std::uint8_t> m_matches;
    // Whether the needle is in a code, by the code's text: the reader keeps each distinct code once, and a search
    // repeats its kernels (the generated 80,000-node log holds 3,682 distinct codes), so each is scanned once.
    std::unordered_map<const char *, bool> m_foundInCode;
    bool m_narrowing = false;
    std::size_t m_next = 0;
    std::size_t m_remaining = 0;
    QTimer m_nextSlice;
};
