#include "reproduce.hpp"

#include <iostream>

#include "api/json_out.hpp"

#include "api/api.hpp"
#include "api/ledger.hpp"
#include "core/messages.hpp"
#include "ledger_data.hpp"

namespace tally::cli {

namespace {

using Json = tally::api::Json;

struct Table {
    std::string id;
    std::string title;
    std::vector<std::string> columns;
    std::vector<std::vector<std::string>> rows;
};

const char* const kFive[] = {"deepseek-v4.1-flash", "qwen3-8b", "qwen3.6-35b-a3b", "deepseek-v4-flash", "kimi-k3"};

// The result of one request, or an object with "error" when the core refuses.
Json ask(const Json& request) {
    const Json response = Json::parse(api::evaluate(request.dump()));
    if (response.value("ok", false)) return response["result"];
    return Json{{"error", response["error"]["message"]}};
}

std::string text(const Json& result, const char* key) {
    if (result.contains("error")) return render(msg::repro_error_cell, {{"error", result["error"].get<std::string>()}});
    if (!result.contains(key)) return "—";
    const Json& v = result[key];
    return v.is_string() ? v.get<std::string>() : v.dump();
}

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

// The tables a chapter recomputes besides its ledger, by chapter id. A
// chapter without an entry (a new one) reproduces its ledger alone: its
// printed numbers and their requests are content (tests/ledger/).
std::vector<Table> chapter_tables(const std::string& id) {
    if (id == "ch02") return chapter2_tables();
    return {};
}

const BookChapter* find_chapter(const std::string& id) {
    for (std::size_t i = 0; i < kBookChapterCount; ++i) {
        if (id == kBookChapters[i].id) return &kBookChapters[i];
    }
    return nullptr;
}

std::string chapter_ids() {
    std::string ids;
    for (std::size_t i = 0; i < kBookChapterCount; ++i)
        ids += (i ? render(msg::list_separator) : "") + std::string(kBookChapters[i].id);
    return ids;
}

// The chapter's datasets by name ({"vllm-replay": {…}}): what its measured,
// published and assumed ledger entries read.
Json chapter_datasets(const BookChapter& chapter) {
    Json datasets = Json::object();
    for (std::size_t i = 0; i < chapter.dataset_count; ++i)
        datasets[chapter.dataset_names[i]] = Json::parse(chapter.dataset_files[i]);
    return datasets;
}

api::LedgerReport ledger_report(const BookChapter& chapter) {
    Json entries = Json::array();
    for (std::size_t i = 0; i < chapter.ledger_file_count; ++i) {
        const Json file = Json::parse(chapter.ledger_files[i]);  // kept alive for the loop
        for (const auto& e : file.at("entries")) entries.push_back(e);
    }
    return api::check_ledger(entries, chapter_datasets(chapter));
}

bool is_sourced(const api::LedgerLine& line) {
    return line.kind == "measured" || line.kind == "published" || line.kind == "assumed";
}

std::string cell(std::string s) {
    for (auto pos = s.find('|'); pos != std::string::npos; pos = s.find('|', pos + 2)) s.replace(pos, 1, "\\|");
    return s;
}

void print_markdown(const BookChapter& chapter, const std::vector<Table>& tables, const api::LedgerReport& ledger) {
    std::cout << render(msg::repro_md_title, {{"number", std::to_string(chapter.number)}}) << "\n";
    for (const auto& t : tables) {
        std::cout << "\n## " << t.title << "\n\n|";
        for (const auto& c : t.columns) std::cout << " " << c << " |";
        std::cout << "\n|";
        for (size_t i = 0; i < t.columns.size(); ++i) std::cout << "---|";
        std::cout << "\n";
        for (const auto& row : t.rows) {
            std::cout << "|";
            for (const auto& v : row) std::cout << " " << cell(v) << " |";
            std::cout << "\n";
        }
    }
    std::cout << "\n" << render(msg::repro_md_ledger) << "\n\n";
    std::cout << render(msg::repro_md_counts, {{"reproduced", std::to_string(ledger.reproduced)},
                                               {"derivable", std::to_string(ledger.derivable)},
                                               {"total", std::to_string(ledger.total)}})
              << "\n";
    // Only a chapter with measured, published or assumed entries has this
    // line, so chapter 2's report stays as it was.
    if (ledger.sourced() > 0) {
        std::cout << render(msg::repro_md_sources, {{"measured", std::to_string(ledger.measured)},
                                                    {"published", std::to_string(ledger.published)},
                                                    {"assumed", std::to_string(ledger.assumed)},
                                                    {"matched", std::to_string(ledger.matched)},
                                                    {"sourced", std::to_string(ledger.sourced())}})
                  << "\n";
    }
    for (const auto& line : ledger.lines) {
        if (is_sourced(line)) {
            if (!line.matched) {
                std::cout << render(msg::repro_md_source_mismatch, {{"id", line.id},
                                                                    {"where", line.where},
                                                                    {"printed", line.printed},
                                                                    {"unit", line.unit},
                                                                    {"computed", line.computed},
                                                                    {"source", line.source}})
                          << "\n";
            }
            continue;
        }
        if (line.derivable && !line.reproduced) {
            std::cout << render(msg::repro_md_not_reproduced, {{"id", line.id},
                                                               {"where", line.where},
                                                               {"printed", line.printed},
                                                               {"unit", line.unit},
                                                               {"computed", line.computed}})
                      << "\n";
        }
        if (!line.derivable) {
            std::cout << render(msg::repro_md_not_derivable, {{"id", line.id}, {"where", line.where}, {"missing", line.missing}})
                      << "\n";
        }
    }
}

void print_json(const std::vector<Table>& tables, const api::LedgerReport& ledger) {
    Json out;
    out["tables"] = Json::array();
    for (const auto& t : tables)
        out["tables"].push_back({{"id", t.id}, {"title", t.title}, {"columns", t.columns}, {"rows", t.rows}});
    Json lines = Json::array();
    for (const auto& l : ledger.lines) {
        Json line = {{"id", l.id},
                     {"where", l.where},
                     {"printed", l.printed},
                     {"unit", l.unit},
                     {"computed", l.computed},
                     {"derivable", l.derivable},
                     {"reproduced", l.reproduced},
                     {"missing", l.missing}};
        if (is_sourced(l)) {
            line["kind"] = l.kind;
            line["source"] = l.source;
            line["matched"] = l.matched;
        }
        lines.push_back(line);
    }
    out["ledger"] = {
        {"reproduced", ledger.reproduced}, {"derivable", ledger.derivable}, {"total", ledger.total}, {"entries", lines}};
    // As in the Markdown: only a chapter with sourced entries reports them.
    if (ledger.sourced() > 0) {
        out["ledger"]["missing"] = ledger.total - ledger.derivable - ledger.sourced();
        out["ledger"]["measured"] = ledger.measured;
        out["ledger"]["published"] = ledger.published;
        out["ledger"]["assumed"] = ledger.assumed;
        out["ledger"]["matched"] = ledger.matched;
    }
    std::cout << out.dump(2) << "\n";
}

}  // namespace

int run_reproduce(const std::vector<std::string>& args) {
    std::string format = "md";
    const BookChapter* chapter = args.empty() ? nullptr : find_chapter(args[0]);
    if (!chapter) {
        std::cerr << render(msg::cli_reproduce_usage, {{"chapters", chapter_ids()}}) << "\n";
        return 2;
    }
    for (size_t i = 1; i < args.size(); ++i) {
        if (args[i] == "--format" && i + 1 < args.size() && (args[i + 1] == "md" || args[i + 1] == "json")) {
            format = args[++i];
        } else {
            std::cerr << render(msg::cli_reproduce_format, {{"argument", args[i]}}) << "\n";
            return 2;
        }
    }
    const auto tables = chapter_tables(chapter->id);
    const auto ledger = ledger_report(*chapter);
    if (format == "json") {
        print_json(tables, ledger);
    } else {
        print_markdown(*chapter, tables, ledger);
    }
    return ledger.reproduced == ledger.derivable && ledger.matched == ledger.sourced() ? 0 : 1;
}

}  // namespace tally::cli
