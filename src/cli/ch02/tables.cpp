// Chapter 2's tables for `tally reproduce ch02`: the forward passes of
// Tables 2-1 … 2-6 and the book's other tables of parameters, state,
// routing, requests and capacity, recomputed by the core (its printed
// numbers are in tests/ledger/ch02*.json).
#include "cli/reproduce_tables.hpp"

#include "core/messages.hpp"

namespace tally::cli {

namespace {

using Json = api::Json;

const char* const kFive[] = {"deepseek-v4.1-flash", "qwen3-8b", "qwen3.6-35b-a3b", "deepseek-v4-flash", "kimi-k3"};

Table forward_table(const std::string& id, const std::string& title, const std::string& model) {
    Table t{id,
            title,
            {render(msg::repro_col_module), render(msg::repro_col_substituted), render(msg::repro_col_layers_calls),
             render(msg::repro_col_matrix_flops)},
            {}};
    const Json r = ask({{"op", "forward"}, {"model", model}, {"input", 8192}});
    if (r.contains("error")) {
        t.rows.push_back({text(r, "error"), "", "", ""});
        return t;
    }
    for (const auto& item : r["items"]) {
        t.rows.push_back({item["label"], item["substituted"], item["layers"].dump(), item["display"]});
    }
    t.rows.push_back({render(msg::repro_row_total_prefill), "", "", r["display"]});
    return t;
}

// Chapter 2's tables, recomputed (the book's other numbers are in its ledger).
std::vector<Table> chapter2_tables() {
    std::vector<Table> tables;
    tables.push_back(
        forward_table("tab-2-1", render(msg::repro_title_forward, {{"table", "2-1"}, {"model", "Qwen3-8B"}}), "qwen3-8b"));
    tables.push_back(forward_table("tab-2-2", render(msg::repro_title_forward, {{"table", "2-2"}, {"model", "Qwen3.6-35B-A3B"}}),
                                   "qwen3.6-35b-a3b"));
    tables.push_back(
        forward_table("tab-2-3", render(msg::repro_title_forward, {{"table", "2-3"}, {"model", "DeepSeek-V3"}}), "deepseek-v3"));
    tables.push_back(forward_table(
        "tab-2-4", render(msg::repro_title_forward, {{"table", "2-4"}, {"model", "DeepSeek V4-Flash"}}), "deepseek-v4-flash"));
    tables.push_back(
        forward_table("tab-2-5", render(msg::repro_title_forward, {{"table", "2-5"}, {"model", "Kimi K3"}}), "kimi-k3"));
    tables.push_back(forward_table("tab-2-6",
                                   render(msg::repro_title_forward_ced, {{"table", "2-6"}, {"model", "DeepSeek V4.1 Flash"}}),
                                   "deepseek-v4.1-flash"));

    Table b{"tab-2-B",
            render(msg::repro_title_params),
            {render(msg::repro_col_model), render(msg::repro_col_total), render(msg::category_embedding_head),
             render(msg::category_attention), render(msg::category_dense_shared_ffn), render(msg::category_routed_experts),
             "Engram", render(msg::category_other)},
            {}};
    Table c{"tab-2-C",
            render(msg::repro_title_selected),
            {render(msg::repro_col_model), "8K prefill", render(msg::repro_col_selected_weights)},
            {}};
    Table e{"tab-2-E",
            render(msg::repro_title_interaction),
            {render(msg::repro_col_model), render(msg::repro_col_interaction_8k), render(msg::repro_col_interaction_1m),
             render(msg::repro_col_state_8k), render(msg::repro_col_state_1m)},
            {}};
    for (const char* model : kFive) {
        const Json p = ask({{"op", "params"}, {"model", model}});
        std::vector<std::string> row{model, text(p, "display")};
        for (const char* key : {"embedding_head", "attention", "dense_shared_ffn", "routed_experts", "engram", "other"}) {
            row.push_back(p.contains("groups") ? text(p["groups"], key) : "—");
        }
        b.rows.push_back(row);
        const Json prefill = ask({{"op", "forward"}, {"model", model}, {"input", 8192}});
        c.rows.push_back({model, text(prefill, "display"), text(p, "selected_expert_display")});
        const Json d8 = ask({{"op", "forward"}, {"model", model}, {"context", 8192}});
        const Json d1m = ask({{"op", "forward"}, {"model", model}, {"context", 1048575}});
        const Json s8 = ask({{"op", "state"}, {"model", model}, {"tokens", 8192}});
        const Json s1m = ask({{"op", "state"}, {"model", model}, {"tokens", 1048575}});
        e.rows.push_back({model, text(d8, "interaction_display"), text(d1m, "interaction_display"), text(s8, "display"),
                          text(s1m, "display")});
    }
    tables.push_back(b);
    tables.push_back(c);

    Table d{"tab-2-D", render(msg::repro_title_paths), {render(msg::repro_col_path), render(msg::how_name_total)}, {}};
    for (const char* path : {"reference", "ced"}) {
        const Json r = ask({{"op", "forward"}, {"model", "deepseek-v4.1-flash"}, {"input", 8192}, {"execution", path}});
        d.rows.push_back({path, text(r, "display")});
    }
    tables.push_back(d);
    tables.push_back(e);

    Table s{"sec-2-3-6",
            render(msg::repro_title_state),
            {render(msg::repro_col_model), render(msg::repro_col_format), "B/token", render(msg::repro_col_history_8k),
             render(msg::repro_col_decode_read)},
            {}};
    const std::pair<const char*, const char*> kRows[] = {
        {"qwen3-8b", "reference"},        {"qwen3-32b", "reference"},          {"qwen3-30b-a3b", "reference"},
        {"qwen3-235b-a22b", "reference"}, {"qwen3.5-397b-a17b", "reference"},  {"qwen3.6-35b-a3b", "reference"},
        {"kimi-k3", "reference"},         {"deepseek-v4-flash", "production"}, {"deepseek-v4.1-flash", "production"}};
    for (const auto& [model, layout] : kRows) {
        const Json r = ask({{"op", "state"}, {"model", model}, {"tokens", 8192}, {"layout", layout}});
        s.rows.push_back({model, layout, text(r, "bytes_per_token"), text(r, "history_display"), text(r, "decode_read_display")});
    }
    tables.push_back(s);

    Table routing{"sec-2-4-2",
                  render(msg::repro_title_routing),
                  {render(msg::repro_col_dispatch), render(msg::repro_col_distinct), render(msg::repro_col_tokens_per_expert),
                   render(msg::repro_col_read_per_layer)},
                  {}};
    for (const char* dispatch : {"uniform", "concentrated"}) {
        const Json r = ask({{"op", "routing"}, {"model", "qwen3.6-35b-a3b"}, {"batch", 64}, {"dispatch", dispatch}});
        routing.rows.push_back({dispatch, text(r, "distinct_display"), text(r, "max_tokens_per_expert"), text(r, "display")});
    }
    tables.push_back(routing);

    Table req{
        "sec-2-6-3", render(msg::repro_title_request), {render(msg::repro_col_model), render(msg::repro_col_request_flops)}, {}};
    const Json cmp = ask({{"op", "compare"}, {"input", 128}, {"generated", 4}});
    if (cmp.contains("rows")) {
        for (const auto& row : cmp["rows"]) req.rows.push_back({row["model"], text(row, "request_display")});
    }
    tables.push_back(req);

    Table cap{"sec-2-6-2",
              render(msg::repro_title_capacity),
              {render(msg::repro_col_model), "GPU", render(msg::repro_col_weights), render(msg::repro_col_context),
               render(msg::repro_col_requests)},
              {}};
    const struct {
        const char* model;
        const char* gpu;
        const char* dtype;
        int context;
    } kCapacity[] = {{"qwen3-8b", "rtx-4090", "bf16", 4096},
                     {"qwen3-8b", "rtx-4090", "bf16", 8192},
                     {"qwen3-8b", "rtx-4090", "bf16", 16384},
                     {"deepseek-r1-distill-llama-70b", "h100-sxm", "int8", 8192},
                     {"deepseek-r1-distill-llama-70b", "h100-sxm", "int4", 8192},
                     {"deepseek-r1-distill-llama-70b", "h100-sxm", "int4", 32768}};
    for (const auto& k : kCapacity) {
        const Json r =
            ask({{"op", "capacity"}, {"model", k.model}, {"gpu", k.gpu}, {"weight_dtype", k.dtype}, {"context", k.context}});
        cap.rows.push_back({k.model, k.gpu, k.dtype, std::to_string(k.context), text(r, "requests")});
    }
    tables.push_back(cap);
    return tables;
}

const bool registered = register_reproduce_tables("ch02", chapter2_tables);

}  // namespace

}  // namespace tally::cli
