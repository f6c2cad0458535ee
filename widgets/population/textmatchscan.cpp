#include "population/textmatchscan.h"

#include "model/population.h"

#include <QElapsedTimer>

#include <algorithm>

TextMatchScan::TextMatchScan(QObject *parent) : QObject(parent)
{
    m_nextSlice.setSingleShot(true);
    m_nextSlice.setInterval(0);
    connect(&m_nextSlice, &QTimer::timeout, this, &TextMatchScan::scanSlice);
}

void TextMatchScan::start(std::shared_ptr<const kfx::Population> population, const TextNeedle &needle,
                          std::vector<std::uint8_t> narrowFrom)
{
    m_population = std::move(population);
    m_needle = needle;
    const std::size_t size = m_population ? m_population->size() : 0;
    m_narrowing = narrowFrom.size() == size && size > 0;
    m_matches = m_narrowing ? std::move(narrowFrom) : std::vector<std::uint8_t>(size, 0);
    m_foundInCode.clear();
    m_next = 0;
    m_remaining = m_narrowing ? static_cast<std::size_t>(std::count(m_matches.begin(), m_matches.end(), 1)) : size;
    m_nextSlice.start();
}

void TextMatchScan::cancel()
{
    m_nextSlice.stop();
    m_population.reset();
    m_matches.clear();
    m_foundInCode.clear();
    m_remaining = 0;
}

void TextMatchScan::finishNow()
{
    if (!m_population)
        return;
    m_nextSlice.stop();
    scanUntil([] { return false; });
    Q_EMIT finished();
}

void TextMatchScan::scanSlice()
{
    if (!m_population)
        return;
    QElapsedTimer clock;
    clock.start();
    if (!scanUntil([&clock] { return clock.elapsed() >= kSliceMilliseconds; })) {
        m_nextSlice.start();
        return;
    }
    Q_EMIT finished();
}

bool TextMatchScan::foundInCode(const kfx::SharedText &code)
{
    const auto [known, added] = m_foundInCode.try_emplace(code.data(), false);
    if (added)
        known->second = m_needle.foundIn(code);
    return known->second;
}

template<class Deadline>
bool TextMatchScan::scanUntil(Deadline deadlineReached)
{
    // The clock is read every few nodes: a node's code is a few kilobytes, scanned in microseconds.
    constexpr std::size_t kNodesBetweenClockReads = 16;
    const std::size_t size = m_matches.size();
    std::size_t sinceClockRead = 0;
    for (; m_next < size; ++m_next) {
        if (m_narrowing && !m_matches[m_next])
            continue;
        const auto &node = m_population->node(m_next);
        m_matches[m_next] = m_needle.foundIn(node.id) || foundInCode(node.code);
        --m_remaining;
        if (++sinceClockRead == kNodesBetweenClockReads) {
            sinceClockRead = 0;
            if (deadlineReached()) {
                ++m_next;
                return m_next >= size;
            }
        }
    }
    return true;
}
