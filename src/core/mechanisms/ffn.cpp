#include "ffn.hpp"

namespace tally::mech {

namespace {

// gate and up d → f, down f → d.
void add_swiglu(std::vector<WeightTensor>& out, const std::string& prefix, const std::string& label, ParamCategory c, u64 d,
                u64 f, u64 count) {
    out.push_back(matrix(prefix + "_gate", label + " gate", c, d, f, count));
    out.push_back(matrix(prefix + "_up", label + " up", c, d, f, count));
    out.push_back(matrix(prefix + "_down", label + " down", c, f, d, count));
}

LineItem swiglu_item(std::string id, std::string label, const std::string& rows_symbol, u128 rows, u64 d, u64 f, u64 layers) {
    LineItem it = projection(std::move(id), std::move(label), "ffn", rows, d, f, 3, layers);
    it.shape = rows_symbol + "×" + num(d) + " → " + rows_symbol + "×" + num(f) + " → " + rows_symbol + "×" + num(d);
    it.weight = render(msg::weight_swiglu, {{"d", num(d)}, {"f", num(f)}});
    it.formula = "6×" + rows_symbol + "×" + num(d) + "×" + num(f);
    it.substituted = "6×" + num(rows) + "×" + num(d) + "×" + num(f);
    return it;
}

}  // namespace

void add_tensors(const DenseFfn& f, const ModelSpec& m, u64 layers, std::vector<WeightTensor>& out) {
    add_swiglu(out, "ffn", "FFN", ParamCategory::DenseSharedFfn, m.hidden, f.intermediate, layers);
}

void add_forward(const DenseFfn& f, const ModelSpec& m, const CallShape& c, u64 layers, Items& out) {
    out.push_back(swiglu_item("ffn", render(msg::row_ffn_swiglu), "m", c.rows(), m.hidden, f.intermediate, layers));
}

void add_state(const DenseFfn&, const ModelSpec&, u64, u128, const StateOptions&, StateResult&) {}

namespace {
// Width the routed experts read and write: the latent space when there is one.
u64 expert_width(const MoeFfn& f, const ModelSpec& m) { return f.latent != 0 ? f.latent : m.hidden; }
}  // namespace

u128 expert_params(const MoeFfn& f, const ModelSpec& m) { return mul(3, expert_width(f, m), f.expert_intermediate); }

void add_tensors(const MoeFfn& f, const ModelSpec& m, u64 layers, std::vector<WeightTensor>& out) {
    const u64 d = m.hidden;
    out.push_back(matrix("router", render(msg::label_router), ParamCategory::Other, d, f.experts, layers));
    if (f.router_bias) out.push_back(vec("router_bias", render(msg::label_router_bias), f.experts, layers));
    if (f.latent != 0) {
        out.push_back(matrix("latent_in", render(msg::label_latent_in), ParamCategory::Other, d, f.latent, layers));
        out.push_back(matrix("latent_out", render(msg::label_latent_out), ParamCategory::Other, f.latent, d, layers));
        if (f.latent_norm) out.push_back(vec("latent_norm", render(msg::label_latent_norm), f.latent, layers));
    }
    add_swiglu(out, "experts", render(msg::label_routed_experts), ParamCategory::RoutedExperts, expert_width(f, m),
               f.expert_intermediate, layers * f.experts);
    if (f.shared_intermediate != 0) {
        add_swiglu(out, "shared", render(msg::label_shared_expert), ParamCategory::DenseSharedFfn, d, f.shared_intermediate,
                   layers);
        if (f.shared_gate)
            out.push_back(matrix("shared_gate", render(msg::label_shared_gate), ParamCategory::Other, d, 1, layers));
    }
}

void add_forward(const MoeFfn& f, const ModelSpec& m, const CallShape& c, u64 layers, Items& out) {
    const u64 d = m.hidden;
    const u128 rows = c.rows();
    out.push_back(projection("router", render(msg::row_router), "ffn", rows, d, f.experts, 1, layers));
    const u64 w = expert_width(f, m);
    if (f.latent != 0) out.push_back(projection("latent_in", render(msg::label_latent_in), "ffn", rows, d, w, 1, layers));
    // Without dropped tokens Σ t_e = m·k_top, whatever the dispatch.
    LineItem routed =
        swiglu_item("routed_experts", f.latent != 0 ? render(msg::row_routed_latent) : render(msg::row_routed_selected), "Σt_e",
                    mul(rows, f.top_k), w, f.expert_intermediate, layers);
    routed.substituted = "6×(" + num(rows) + "×" + num(f.top_k) + ")×" + num(w) + "×" + num(f.expert_intermediate);
    out.push_back(routed);
    if (f.latent != 0) out.push_back(projection("latent_out", render(msg::row_latent_out), "ffn", rows, w, d, 1, layers));
    if (f.shared_intermediate != 0) {
        out.push_back(swiglu_item("shared_expert", render(msg::row_shared_expert), "m", rows, d, f.shared_intermediate, layers));
        if (f.shared_gate) out.push_back(projection("shared_gate", render(msg::label_shared_gate), "ffn", rows, d, 1, 1, layers));
    }
}

void add_state(const MoeFfn&, const ModelSpec&, u64, u128, const StateOptions&, StateResult&) {}

}  // namespace tally::mech
