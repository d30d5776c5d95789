#include "forward_stages.hpp"
#include "messages.hpp"

namespace tally {

namespace {

bool ends_with(const std::string& s, const char* tail) {
    const std::string t(tail);
    return s.size() >= t.size() && s.compare(s.size() - t.size(), t.size(), t) == 0;
}

// The decoder's shared global KV: the projections that build the entries
// every decoder layer reads (the global KV, its compression gate, the index
// keys), as opposed to the decoder's own per-layer work.
bool builds_shared_kv(const LineItem& it) {
    return ends_with(it.id, "global_kv") || ends_with(it.id, "compress_gate") || ends_with(it.id, "index_key");
}

void add_part(ForwardStage& s, const LineItem& it) {
    if (it.value == Ratio(0)) return;
    s.value = s.value + it.value;
    for (auto& p : s.parts) {
        if (p.id == it.id) {
            p.value = p.value + it.value;
            p.layers = add(p.layers, it.layers);
            return;
        }
    }
    s.parts.push_back(it);
}

}  // namespace

StageTally::StageTally(const ModelSpec& m) {
    u64 enc = 0, dec = 0;
    for (const auto& g : m.groups) {
        if (g.role == "encoder") enc += g.layers;
        if (g.role == "decoder") dec += g.layers;
    }
    active_ = enc != 0 && dec != 0;
    encoder_ = {"encoder", render(msg::stage_encoder, {{"layers", std::to_string(enc)}}), {}, {}};
    decoder_kv_ = {"decoder_kv", render(msg::stage_decoder_kv), {}, {}};
    decoder_rest_ = {"decoder_rest", render(msg::stage_decoder_rest, {{"layers", std::to_string(dec)}}), {}, {}};
    head_ = {"head", render(msg::stage_head), {}, {}};
}

void StageTally::add(const LayerGroup& g, const LineItem& item) {
    if (!active_) return;
    if (g.role == "encoder")
        add_part(encoder_, item);
    else if (builds_shared_kv(item))
        add_part(decoder_kv_, item);
    else
        add_part(decoder_rest_, item);
}

void StageTally::add_head(const LineItem& head) {
    if (active_) add_part(head_, head);
}

std::vector<ForwardStage> StageTally::finish(const Ratio& total) const {
    if (!active_) return {};
    std::vector<ForwardStage> out{encoder_, decoder_kv_, decoder_rest_, head_};
    Ratio staged;
    for (const auto& s : out) staged = staged + s.value;
    if (staged != total) {
        LineItem rest;
        rest.id = "other";
        rest.label = render(msg::stage_other);
        rest.value = total - staged;
        out.push_back({"other", render(msg::stage_other), {rest}, rest.value});
    }
    ForwardStage sum{"total", render(msg::stage_total), {}, total};
    for (const auto& s : out) {
        LineItem part;
        part.id = s.id;
        part.label = s.label;
        part.value = s.value;
        sum.parts.push_back(part);
    }
    out.push_back(sum);
    return out;
}

}  // namespace tally
