#include "ffn.hpp"

namespace tally::mech {

namespace {

// gate and up d → f, down f → d.
void add_swiglu(std::vector<WeightTensor>& out, const std::string& prefix, const std::string& label,
                ParamCategory c, u64 d, u64 f, u64 count) {
    out.push_back(matrix(prefix + "_gate", label + " gate", c, d, f, count));
    out.push_back(matrix(prefix + "_up", label + " up", c, d, f, count));
    out.push_back(matrix(prefix + "_down", label + " down", c, f, d, count));
}

LineItem swiglu_item(std::string id, std::string label, const std::string& rows_symbol, u128 rows, u64 d, u64 f,
                     u64 layers) {
    LineItem it = projection(std::move(id), std::move(label), "ffn", rows, d, f, 3, layers);
    it.shape = rows_symbol + "×" + num(d) + " → " + rows_symbol + "×" + num(f) + " → " + rows_symbol + "×" + num(d);
    it.weight = num(d) + "×" + num(f) + " 兩個；" + num(f) + "×" + num(d) + " 一個";
    it.formula = "6×" + rows_symbol + "×" + num(d) + "×" + num(f);
    it.substituted = "6×" + num(rows) + "×" + num(d) + "×" + num(f);
    return it;
}

}  // namespace

void add_tensors(const DenseFfn& f, const ModelSpec& m, u64 layers, std::vector<WeightTensor>& out) {
    add_swiglu(out, "ffn", "FFN", ParamCategory::DenseSharedFfn, m.hidden, f.intermediate, layers);
}

void add_forward(const DenseFfn& f, const ModelSpec& m, const CallShape& c, u64 layers, Items& out) {
    out.push_back(swiglu_item("ffn", "SwiGLU：逐 token 特徵變換", "m", c.rows(), m.hidden, f.intermediate, layers));
}

void add_state(const DenseFfn&, const ModelSpec&, u64, u128, const StateOptions&, StateResult&) {}

namespace {
// Width the routed experts read and write: the latent space when there is one.
u64 expert_width(const MoeFfn& f, const ModelSpec& m) { return f.latent != 0 ? f.latent : m.hidden; }
}  // namespace

u128 expert_params(const MoeFfn& f, const ModelSpec& m) { return mul(3, expert_width(f, m), f.expert_intermediate); }

void add_tensors(const MoeFfn& f, const ModelSpec& m, u64 layers, std::vector<WeightTensor>& out) {
    const u64 d = m.hidden;
    out.push_back(matrix("router", "路由器", ParamCategory::Other, d, f.experts, layers));
    if (f.router_bias) out.push_back(vec("router_bias", "路由偏置", f.experts, layers));
    if (f.latent != 0) {
        out.push_back(matrix("latent_in", "進入專家潛空間", ParamCategory::Other, d, f.latent, layers));
        out.push_back(matrix("latent_out", "離開專家潛空間", ParamCategory::Other, f.latent, d, layers));
        if (f.latent_norm) out.push_back(vec("latent_norm", "專家潛空間歸一化", f.latent, layers));
    }
    add_swiglu(out, "experts", "路由專家", ParamCategory::RoutedExperts, expert_width(f, m), f.expert_intermediate,
               layers * f.experts);
    if (f.shared_intermediate != 0) {
        add_swiglu(out, "shared", "共享專家", ParamCategory::DenseSharedFfn, d, f.shared_intermediate, layers);
        if (f.shared_gate) out.push_back(matrix("shared_gate", "共享專家門控", ParamCategory::Other, d, 1, layers));
    }
}

void add_forward(const MoeFfn& f, const ModelSpec& m, const CallShape& c, u64 layers, Items& out) {
    const u64 d = m.hidden;
    const u128 rows = c.rows();
    out.push_back(projection("router", "路由評分", "ffn", rows, d, f.experts, 1, layers));
    const u64 w = expert_width(f, m);
    if (f.latent != 0) out.push_back(projection("latent_in", "進入專家潛空間", "ffn", rows, d, w, 1, layers));
    // Without dropped tokens Σ t_e = m·k_top, whatever the dispatch.
    LineItem routed = swiglu_item("routed_experts", f.latent != 0 ? "路由專家：潛空間變換" : "路由專家：選中分支變換",
                                  "Σt_e", mul(rows, f.top_k), w, f.expert_intermediate, layers);
    routed.substituted = "6×(" + num(rows) + "×" + num(f.top_k) + ")×" + num(w) + "×" + num(f.expert_intermediate);
    out.push_back(routed);
    if (f.latent != 0) out.push_back(projection("latent_out", "合併後離開潛空間", "ffn", rows, w, d, 1, layers));
    if (f.shared_intermediate != 0) {
        out.push_back(swiglu_item("shared_expert", "共享專家：所有 token 的共同變換", "m", rows, d,
                                  f.shared_intermediate, layers));
        if (f.shared_gate) out.push_back(projection("shared_gate", "共享專家門控", "ffn", rows, d, 1, 1, layers));
    }
}

void add_state(const MoeFfn&, const ModelSpec&, u64, u128, const StateOptions&, StateResult&) {}

}  // namespace tally::mech
