#include "api/ops/ch10/dense_shape.hpp"

#include <variant>

#include "api/errors.hpp"
#include "core/messages.hpp"

namespace tally::api {

ch10::DenseShape dense_shape_of(const ModelSpec& m) {
    ch10::DenseShape sh;
    sh.layers = m.total_layers();
    sh.hidden = m.hidden;
    sh.vocab = m.vocab;
    bool dense_gqa = !m.groups.empty();
    for (const LayerGroup& g : m.groups) {
        const auto* a = std::get_if<GqaAttention>(&g.attention);
        const auto* ffn = std::get_if<DenseFfn>(&g.ffn);
        if (!a || !ffn) {
            dense_gqa = false;
            break;
        }
        sh.query_heads = a->q_heads;
        sh.kv_heads = a->kv_heads;
        sh.head_dim = a->head_dim;
        sh.ffn = ffn->intermediate;
    }
    if (!dense_gqa)
        throw FieldError("model", msg::field_needs_layer_kind,
                         {{"field", std::string("model")}, {"kind", std::string("dense GQA")}, {"model", m.name}});
    return sh;
}

}  // namespace tally::api
