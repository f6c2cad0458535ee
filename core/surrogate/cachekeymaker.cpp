#include "cachekeymaker.h"

#include <cstdio>

namespace kfx::surrogate {

namespace {

// The query's JSON with its codes left out, followed by where their texts lie.
std::string shapeOf(const KernelRuntimeQuery &query)
{
    auto withoutCode = query;
    withoutCode.reference.code = {};
    withoutCode.candidate.code = {};
    auto shape = kernelRuntimeQueryJson(withoutCode);
    char addresses[48];
    std::snprintf(addresses, sizeof addresses, "|%p|%p", static_cast<const void *>(query.reference.code.data()),
                  static_cast<const void *>(query.candidate.code.data()));
    return shape += addresses;
}

} // namespace

CacheKeyMaker::CacheKeyMaker(const Surrogate &surrogate)
    : m_surrogate(surrogate.identity())
    , m_model(surrogate.model())
    , m_promptTemplateHash(surrogate.promptTemplateHash())
{
}

CacheKey CacheKeyMaker::operator()(const KernelRuntimeQuery &query)
{
    auto [entry, inserted] = m_byShape.try_emplace(shapeOf(query));
    if (inserted)
        entry->second = {query.reference.code, query.candidate.code, queryHash(query)};
    return {m_surrogate, m_model, m_promptTemplateHash, entry->second.queryHash};
}

} // namespace kfx::surrogate
