#include "newestonthread.h"

#include "io/threadpriority.h"

NewestOnThread::~NewestOnThread()
{
    if (m_thread.joinable())
        m_thread.join();
}

void NewestOnThread::run(Job job)
{
    m_waiting.emplace(++m_request, std::move(job));
    if (!m_thread.joinable())
        startNext();
}

void NewestOnThread::forget()
{
    ++m_request;
    m_waiting.reset();
}

void NewestOnThread::startNext()
{
    auto [request, job] = std::move(*m_waiting);
    m_waiting.reset();
    m_thread = std::thread([this, request, job = std::move(job)] {
        kfx::lowerThisThreadsPriority();
        auto delivery = job();
        QMetaObject::invokeMethod(
            m_owner, [this, request, delivery = std::move(delivery)] { onDone(request, delivery); },
            Qt::QueuedConnection);
    });
}

void NewestOnThread::onDone(int request, const Delivery &delivery)
{
    m_thread.join();
    if (request == m_request && delivery)
        delivery();
    if (m_waiting)
        startNext();
}
