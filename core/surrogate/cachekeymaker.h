#pragma once

#include "surrogate.h"

#include <string>
#include <unordered_map>

namespace kfx::surrogate {

// Makes a surrogate's cache key for each of many queries, hashing each distinct query once. A search proposes
// the same kernel again and again (3,682 distinct codes in the 80,009 kernels of issue 23's generated log), and
// its queries share each distinct code's text: hashing every query's JSON took seconds there. Queries whose code
// texts are the same shared strings and whose other fields are equal take one key.
class CacheKeyMaker {
public:
    explicit CacheKeyMaker(const Surrogate &surrogate);

    CacheKey operator()(const KernelRuntimeQuery &query);

private:
    struct Hashed {
        // Held so that no other text can take their addresses while this maker keys by them.
        SharedText reference;
        SharedText candidate;
        std::string queryHash;
    };

    std::string m_surrogate;
    std::string m_model;
    std::string m_promptTemplateHash;
    std::unordered_map<std::string, Hashed> m_byShape; // the query without its codes, and the codes' addresses
};

} // namespace kfx::surrogate
