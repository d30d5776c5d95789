#include "result_parts.hpp"

#include "core/messages.hpp"
#include "core/format.hpp"

namespace tally::api {

Json item_json(const LineItem& it, bool flops) {
    Json j;
    j["id"] = it.id;
    j["label"] = it.label;
    j["section"] = it.section;
    if (!it.shape.empty()) j["shape"] = it.shape;
    if (!it.weight.empty()) j["weight"] = it.weight;
    j["formula"] = it.formula;
    j["substituted"] = it.substituted;
    j["layers"] = exact_json(it.layers);
    j["per_call"] = exact_json(it.per_call);
    j[flops ? "flops" : "bytes"] = exact_json(it.value);
    j["display"] = flops ? flops_text(it.value) : bytes_binary_text(it.value);
    return j;
}

Json context_notes(const ModelSpec& m, u128 positions) {
    Json notes = Json::array();
    if (m.released_context != 0 && positions > m.released_context) {
        notes.push_back(render(
            msg::note_extrapolated,
            {{"model", m.name}, {"released", group_thousands(m.released_context)}, {"positions", group_thousands(positions)}}));
    }
    return notes;
}

}  // namespace tally::api
