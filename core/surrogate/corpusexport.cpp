#include "corpusexport.h"

#include "io/jsonwriter.h"
#include "model/speedupbin.h"

namespace kfx::surrogate {

namespace {

struct PoolRow {
    std::string_view pairType;
    const std::string &anchorCode;
    double speedup;
};

void writePoolRow(const ComparisonPair &pair, const PoolRow &row, std::ostream &out)
{
    JsonWriter writer;
    writer.beginObject()
        .field("source_search", pair.sourceSearch)
        .field("internal_experiment", kCorpusExperiment)
        .field("row_id", pair.id + '/' + std::string(row.pairType))
        .field("pack", pair.pack)
        .field("anchor_code", row.anchorCode)
        .field("candidate_code", pair.candidateCode)
        .field("aggregated_speedup", row.speedup)
        .field("relative_bin", speedupBinFor(row.speedup))
        .field("pair_type", row.pairType)
        .field("hardware", pair.hardwareName)
        .field("source_id", pair.sourceId)
        .endObject();
    out << writer.text() << '\n';
}

} // namespace

std::size_t writeEvalSetRows(const Corpus &corpus, std::ostream &out)
{
    for (const auto &pair : corpus.pairs) {
        JsonWriter writer;
        writer.beginObject()
            .field("source_search", pair.sourceSearch)
            .field("internal_experiment", kCorpusExperiment)
            .field("comparison_id", pair.id)
            .field("pack", pair.pack)
            .field("anchor_code", pair.referenceCode)
            .field("candidate_code", pair.candidateCode)
            .field("hardware", pair.hardwareName)
            .field("aggregated_speedup", pair.speedup)
            .field("true_bin", pair.trueBin)
            .field("source_id", pair.sourceId)
            .endObject();
        out << writer.text() << '\n';
    }
    return corpus.pairs.size();
}

std::size_t writeTrainingPoolRows(const Corpus &corpus, std::ostream &out)
{
    std::size_t rows = 0;
    for (std::size_t i = 0; i < corpus.pairs.size(); ++i) {
        const auto &pair = corpus.pairs[i];
        const auto &lineage = corpus.lineage[i];
        writePoolRow(pair, {"pair", pair.referenceCode, pair.speedup}, out);
        ++rows;
        if (lineage.seed && lineage.seed != lineage.parent) {
            const auto &seed = corpus.pairs[*lineage.seed];
            writePoolRow(pair, {"seed", seed.candidateCode, pair.speedup / seed.speedup}, out);
            ++rows;
        }
        if (lineage.parent) {
            const auto &parent = corpus.pairs[*lineage.parent];
            writePoolRow(pair, {"parent_edit", parent.candidateCode, pair.speedup / parent.speedup}, out);
            ++rows;
        }
    }
    return rows;
}

} // namespace kfx::surrogate
