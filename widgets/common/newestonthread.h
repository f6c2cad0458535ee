#pragma once

#include <QObject>

#include <functional>
#include <optional>
#include <thread>
#include <utility>

// Runs work that would stall the GUI thread on a thread of its own, for an owner that only ever wants the result
// of the newest work it asked for: one job at a time, at background priority (kfx::lowerThisThreadsPriority); a
// job given while another runs waits for it, only the newest waiting job runs, and only the newest job's result
// is delivered, on the owner's thread. The composition of the search shown and the Calibration view's inputs
// share it.
class NewestOnThread {
public:
    // What a job gives back: what to do with its result on the owner's thread, if the job is still the newest.
    using Delivery = std::function<void()>;
    using Job = std::function<Delivery()>;

    // Deliveries are made through `owner`'s event loop, which must outlive this.
    explicit NewestOnThread(QObject *owner) : m_owner(owner) {}
    NewestOnThread(const NewestOnThread &) = delete;
    NewestOnThread &operator=(const NewestOnThread &) = delete;
    // Waits for the job running, whose result then goes undelivered.
    ~NewestOnThread();

    // Runs `job` once the job under way (if any) is done; no earlier job's result is delivered any more.
    void run(Job job);
    // No result of a job given so far is delivered: the owner has what it needs without them.
    void forget();
    // Whether a job runs; a delivery may still come.
    bool isBusy() const { return m_thread.joinable(); }

private:
    void startNext();
    void onDone(int request, const Delivery &delivery);

    QObject *m_owner;
    int m_request = 0;
    std::optional<std::pair<int, Job>> m_waiting; // the newest job, not started yet
    std::thread m_thread;
};
