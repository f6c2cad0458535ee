#pragma once

// A chat-completions server on 127.0.0.1 for tests: HTTP/1.1 with keep-alive over plain POSIX sockets, replying
// to each POST in arrival order from a script (status, headers, body, a delay that stalls the reply, or dropping
// the connection). The misbehaving servers kfx must survive are scripts too: one that echoes the request's
// headers (its Authorization among them) into the body, one that streams a huge body without holding it.
// Bounded everywhere: a stop flag checked at least every 50 ms, socket time-outs, and caps on connections and
// on requests per connection.

#include <arpa/inet.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <deque>
#include <mutex>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

struct ScriptedReply {
    int status = 200;
    std::string body;
    std::vector<std::string> headers;
    int delayMs = 0;
    bool drop = false;            // close the connection without answering
    bool echoRequestHead = false; // append the request line and headers, as received, to the body
    std::size_t bodyRepeats = 1;  // send the body this many times over, streamed
    bool chunked = false;         // no Content-Length: the client learns the size only by reading
};

struct ReceivedRequest {
    std::string head;
    std::string body;
};

class ScriptedChatServer {
public:
    ScriptedChatServer(std::vector<ScriptedReply> script, ScriptedReply fallback)
        : m_script(script.begin(), script.end())
        , m_fallback(std::move(fallback))
    {
        m_listener = ::socket(AF_INET, SOCK_STREAM, 0);
        const int yes = 1;
        ::setsockopt(m_listener, SOL_SOCKET, SO_REUSEADDR, &yes, sizeof yes);
        sockaddr_in address{};
        address.sin_family = AF_INET;
        address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
        address.sin_port = 0;
        ::bind(m_listener, reinterpret_cast<sockaddr *>(&address), sizeof address);
        ::listen(m_listener, 128);
        socklen_t length = sizeof address;
        ::getsockname(m_listener, reinterpret_cast<sockaddr *>(&address), &length);
        m_port = ntohs(address.sin_port);
        m_acceptor = std::thread([this] { acceptLoop(); });
    }

    ~ScriptedChatServer()
    {
        m_stop = true;
        m_acceptor.join();
        std::vector<std::thread> workers;
        {
            std::lock_guard lock(m_mutex);
            workers.swap(m_workers);
        }
        for (auto &worker : workers)
            worker.join();
        ::close(m_listener);
    }

    std::string url() const { return "http://127.0.0.1:" + std::to_string(m_port) + "/v1"; }

    std::vector<ReceivedRequest> requests() const
    {
        std::lock_guard lock(m_mutex);
        return m_requests;
    }
    int connections() const { return m_connections; }
    int peakInFlight() const { return m_peakInFlight; }

private:
    static constexpr int kMaxConnections = 256;
    static constexpr int kMaxRequestsPerConnection = 1000;

    void acceptLoop()
    {
        while (!m_stop) {
            pollfd waiting{m_listener, POLLIN, 0};
            if (::poll(&waiting, 1, 50) <= 0)
                continue;
            const int client = ::accept(m_listener, nullptr, nullptr);
            if (client < 0)
                continue;
            std::lock_guard lock(m_mutex);
            if (++m_connections > kMaxConnections) {
                ::close(client);
                continue;
            }
            m_workers.emplace_back([this, client] { serve(client); });
        }
    }

    // Reads until `needed` bytes are buffered, polling so the stop flag is seen; false on close or stop.
    bool readAtLeast(int client, std::string &buffer, std::size_t needed)
    {
        const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(30);
        while (buffer.size() < needed && !m_stop && std::chrono::steady_clock::now() < deadline) {
            pollfd waiting{client, POLLIN, 0};
            if (::poll(&waiting, 1, 50) <= 0)
                continue;
            char chunk[65536];
            const auto got = ::recv(client, chunk, sizeof chunk, 0);
            if (got <= 0)
                return false;
            buffer.append(chunk, std::size_t(got));
        }
        return buffer.size() >= needed;
    }

    bool readRequest(int client, std::string &buffer, ReceivedRequest &request)
    {
        const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(30);
        std::size_t headEnd;
        while ((headEnd = buffer.find("\r\n\r\n")) == std::string::npos) {
            if (m_stop || std::chrono::steady_clock::now() > deadline
                || !readAtLeast(client, buffer, buffer.size() + 1))
                return false;
        }
        request.head = buffer.substr(0, headEnd);
        std::string lower = request.head;
        std::transform(lower.begin(), lower.end(), lower.begin(),
                       [](unsigned char c) { return char(std::tolower(c)); });
        std::size_t length = 0;
        if (const auto at = lower.find("content-length:"); at != std::string::npos)
            length = std::stoul(lower.substr(at + 15));
        if (!readAtLeast(client, buffer, headEnd + 4 + length))
            return false;
        request.body = buffer.substr(headEnd + 4, length);
        buffer.erase(0, headEnd + 4 + length);
        return true;
    }

    ScriptedReply nextReply()
    {
        std::lock_guard lock(m_mutex);
        if (m_script.empty())
            return m_fallback;
        auto reply = std::move(m_script.front());
        m_script.pop_front();
        return reply;
    }

    void serve(int client)
    {
        // A client that stops reading must not hold the destructor: sends give up after a while.
        const timeval sendTimeout{2, 0};
        ::setsockopt(client, SOL_SOCKET, SO_SNDTIMEO, &sendTimeout, sizeof sendTimeout);
        std::string buffer;
        for (int served = 0; served < kMaxRequestsPerConnection && !m_stop; ++served) {
            ReceivedRequest request;
            if (!readRequest(client, buffer, request))
                break;
            const int now = ++m_inFlight;
            for (int peak = m_peakInFlight; now > peak && !m_peakInFlight.compare_exchange_weak(peak, now);) {}
            {
                std::lock_guard lock(m_mutex);
                m_requests.push_back(request);
            }
            const auto reply = nextReply();
            const auto until = std::chrono::steady_clock::now() + std::chrono::milliseconds(reply.delayMs);
            while (!m_stop && std::chrono::steady_clock::now() < until)
                std::this_thread::sleep_for(std::chrono::milliseconds(10));
            --m_inFlight;
            if (reply.drop || m_stop || !sendReply(client, reply, request))
                break;
        }
        ::close(client);
    }

    static bool sendAll(int client, const std::string &data)
    {
        return ::send(client, data.data(), data.size(), MSG_NOSIGNAL) == ssize_t(data.size());
    }

    bool sendReply(int client, const ScriptedReply &reply, const ReceivedRequest &request)
    {
        const std::string body = reply.echoRequestHead ? reply.body + request.head : reply.body;
        std::string head = "HTTP/1.1 " + std::to_string(reply.status) + " Scripted\r\n";
        head += "Content-Type: application/json\r\nConnection: keep-alive\r\n";
        head += reply.chunked ? std::string("Transfer-Encoding: chunked\r\n")
                              : "Content-Length: " + std::to_string(body.size() * reply.bodyRepeats) + "\r\n";
        for (const auto &header : reply.headers)
            head += header + "\r\n";
        if (!sendAll(client, head + "\r\n"))
            return false;
        std::ostringstream chunkSize;
        chunkSize << std::hex << body.size();
        const std::string piece = reply.chunked ? chunkSize.str() + "\r\n" + body + "\r\n" : body;
        // A client that gives up mid-body closes the connection; the send then fails and the loop ends.
        for (std::size_t i = 0; i < reply.bodyRepeats && !m_stop; ++i) {
            if (!body.empty() && !sendAll(client, piece))
                return false;
        }
        return !reply.chunked || sendAll(client, "0\r\n\r\n");
    }

    int m_listener = -1;
    int m_port = 0;
    std::atomic<bool> m_stop{false};
    std::atomic<int> m_connections{0};
    std::atomic<int> m_inFlight{0};
    std::atomic<int> m_peakInFlight{0};
    mutable std::mutex m_mutex;
    std::deque<ScriptedReply> m_script;
    ScriptedReply m_fallback;
    std::vector<ReceivedRequest> m_requests;
    std::vector<std::thread> m_workers;
    std::thread m_acceptor;
};

#include "io/jsonwriter.h"

// A chat completion carrying the given tool calls (name, arguments JSON) and, when given, reasoning_content.
inline std::string chatCompletionWithTools(const std::vector<std::pair<std::string, std::string>> &calls,
                                           const std::string &reasoning = {})
{
    kfx::JsonWriter writer;
    writer.beginObject().field("id", "chatcmpl-test").field("object", "chat.completion").key("choices").beginArray();
    writer.beginObject().field("index", 0).key("message").beginObject().field("role", "assistant");
    writer.key("content").null();
    if (!reasoning.empty())
        writer.field("reasoning_content", reasoning);
    writer.key("tool_calls").beginArray();
    for (std::size_t i = 0; i < calls.size(); ++i) {
        writer.beginObject().field("id", "call_" + std::to_string(i)).field("type", "function");
        writer.key("function").beginObject().field("name", calls[i].first).field("arguments", calls[i].second);
        writer.endObject().endObject();
    }
    writer.endArray().endObject().field("finish_reason", "tool_calls").endObject().endArray();
    writer.key("usage").beginObject().field("prompt_tokens", 1200).field("completion_tokens", 340).endObject();
    writer.endObject();
    return writer.take();
}

inline const std::string kValidEstimateArguments =
    R"({"predicted_bin":6,"p_severe_slowdown":0.0,"p_significant_slowdown":0.0,"p_moderate_slowdown":0.05,)"
    R"("p_minor_slowdown":0.05,"p_minor_speedup":0.2,"p_significant_speedup":0.5,"p_high_speedup":0.15,)"
    R"("p_extreme_speedup":0.05,"reasoning":"Warp shuffles replace a shared-memory reduction."})";
