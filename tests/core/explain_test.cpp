// "How was this computed?" strings (explain: true) for the chapter's
// defaults, and Table 2-D's stages of the V4.1 forward call.  The strings
// are asserted whole: a page shows them verbatim next to the number.
#include <doctest/doctest.h>

#include "core/format.hpp"
#include "support.hpp"

using namespace tally;
using namespace tally::test;

namespace {

// how[key] of a result as "formula || substituted".
std::string how(const Json& r, const std::string& key) {
    const Json& h = r.at("how").at(key);
    return h.at("formula").get<std::string>() + " || " + h.at("substituted").get<std::string>();
}

const Json& stage(const Json& r, const std::string& id) {
    const Json& stages = r.at("stages");
    for (std::size_t i = 0; i < stages.size(); ++i) {  // by index: the JSON oracle iterates by copy
        if (stages[i].at("id") == id) return stages[i];
    }
    FAIL("no stage " << id);
    return r;
}

// A stage's FLOPs in TFLOPs with the book's three decimals.
std::string tflops(const Json& s) {
    const Json& v = s.at("flops");
    const u128 flops = v.is_string() ? u128(std::stoull(v.get<std::string>())) : u128(v.get<std::uint64_t>());
    return fixed(Ratio(flops, 1000000000000ULL), 3);
}

Json v41_prefill(const char* execution) {
    return result({{"op", "forward"}, {"model", "deepseek-v4.1-flash"}, {"input", 8192}, {"execution", execution}});
}

}  // namespace

TEST_CASE("Table 2-D: forward returns V4.1's stages, reproducing the printed values on both paths") {
    const Json ref = v41_prefill("reference");
    CHECK(tflops(stage(ref, "encoder")) == "142.139");
    CHECK(tflops(stage(ref, "decoder_kv")) == "0.044");
    CHECK(tflops(stage(ref, "decoder_rest")) == "140.202");
    CHECK(tflops(stage(ref, "head")) == "0.001");
    CHECK(tflops(stage(ref, "total")) == "282.386");
    CHECK(stage(ref, "total").at("flops") == ref.at("total"));

    const Json ced = v41_prefill("ced");
    CHECK(tflops(stage(ced, "encoder")) == "141.727");
    CHECK(tflops(stage(ced, "decoder_kv")) == "0.044");
    CHECK(tflops(stage(ced, "decoder_rest")) == "2.175");
    CHECK(tflops(stage(ced, "head")) == "0.001");
    CHECK(tflops(stage(ced, "total")) == "143.947");
    CHECK(stage(ced, "total").at("flops") == ced.at("total"));

    // Stages in the book's order, each explained by the lines it sums.
    std::vector<std::string> ids;
    for (const auto& s : ced.at("stages")) ids.push_back(s.at("id").get<std::string>());
    CHECK(ids == std::vector<std::string>{"encoder", "decoder_kv", "decoder_rest", "head", "total"});
    const Json& kv = stage(ced, "decoder_kv");
    CHECK(kv.at("label") == "解碼器共用的全域 KV 與索引鍵投影");
    CHECK(kv.at("display") == "44.02 GFLOPs");
    CHECK(kv.at("formula") == "解碼器：全域 KV 投影（輸入為編碼器輸出，u = P） + 解碼器：全域索引鍵投影（本次新完成的條目）");
    CHECK(kv.at("substituted") == "42.95 GFLOPs + 1.07 GFLOPs = 44.02 GFLOPs");
    // Past three terms, one term per line: line i of formula and substitution match.
    CHECK(stage(ced, "total").at("formula") ==
          "20 層編碼器\n+ 解碼器共用的全域 KV 與索引鍵投影\n+ 20 層解碼器的查詢、注意力與前饋等\n+ 末尾 token 的詞表頭");
    CHECK(stage(ced, "total").at("substituted") ==
          "141.73 TFLOPs\n+ 44.02 GFLOPs\n+ 2.17 TFLOPs\n+ 1.32 GFLOPs\n= 143.95 TFLOPs");
    CHECK(stage(ref, "encoder").at("label") == "20 層編碼器");

    // A model without an encoder/decoder split has no stages.
    CHECK_FALSE(result({{"op", "forward"}, {"model", "qwen3-8b"}, {"input", 8192}}).contains("stages"));
}

TEST_CASE("explain is opt-in: without it no op adds how") {
    for (const char* op : {"params", "forward"}) {
        CHECK_FALSE(result({{"op", op}, {"model", "qwen3-8b"}}).contains("how"));
    }
    CHECK_FALSE(result({{"op", "kv"}, {"model", "qwen3-8b"}, {"tokens", 8192}}).contains("how"));
    CHECK(error_of({{"op", "forward"}, {"model", "qwen3-8b"}, {"explain", "yes"}})["field"] == "explain");
}

TEST_CASE("explain: params totals, categories, weight bytes and one tensor (Table 2-B, Example 2-1)") {
    const Json r = result({{"op", "params"}, {"model", "qwen3-8b"}, {"explain", true}});
    CHECK(how(r, "display") ==
          "N = 嵌入與輸出頭\n+ 注意力投影\n+ 稠密／共享 FFN\n+ 路由專家\n+ Engram\n+ 其他 || "
          "1,244,659,712\n+ 1,509,949,440\n+ 5,435,817,984\n+ 0\n+ 0\n+ 308,224\n= 8,190,735,360");
    CHECK(how(r, "groups.attention") ==
          "各張量 in×out×份數：Q 投影\n+ K 投影\n+ V 投影\n+ 輸出投影 || "
          "4,096×4,096×36\n+ 4,096×1,024×36\n+ 4,096×1,024×36\n+ 4,096×4,096×36\n= 1,509,949,440");
    CHECK(how(r, "groups.routed_experts") == "此類沒有張量 || 0");
    CHECK(how(r, "weight_display") == "N × 位元數 ÷ 8 || 8,190,735,360 × 16 ÷ 8 = 16,381,470,720 B = 16.381 GB");
    const Json* q = nullptr;
    const Json& items = r.at("items");
    for (std::size_t i = 0; i < items.size(); ++i) {
        if (items[i].at("id") == "q_proj") q = &items[i];
    }
    REQUIRE(q != nullptr);
    CHECK(how(*q, "per_copy") == "in × out || 4,096×4,096 = 16,777,216");
    CHECK(how(*q, "params") == "in × out × 份數 || 4,096×4,096×36 = 603,979,776");

    const Json moe = result({{"op", "params"}, {"model", "qwen3.6-35b-a3b"}, {"explain", true}});
    // Two MoE layer groups (linear and full attention), one term each.
    CHECK(how(moe, "selected_expert_display") ==
          "Σ_MoE 層組 層數×k_top×N_e，再 × 位元數 ÷ 8 || (10×8×3,145,728 + 30×8×3,145,728) × 16 ÷ 8 = "
          "1,006,632,960 × 16 ÷ 8 = 2,013,265,920 B = 1.875 GiB");
    CHECK(moe.at("selected_expert_display") == "1.875 GiB");
}

TEST_CASE("explain: forward total, context interaction, rows and pairs (Table 2-1)") {
    const Json r = result({{"op", "forward"}, {"model", "qwen3-8b"}, {"input", 8192}, {"explain", true}});
    CHECK(how(r, "display") ==
          "合計 = Q 投影：形成查詢\n+ K、V 投影：形成可複用上下文\n+ QKᵀ 與 AV：按內容彙總上下文\n+ 輸出投影：合併各頭\n"
          "+ SwiGLU：逐 token 特徵變換\n+ 詞表頭：轉為 token 分數 || "
          "9.90 TFLOPs\n+ 4.95 TFLOPs\n+ 19.79 TFLOPs\n+ 9.90 TFLOPs\n+ 89.06 TFLOPs\n+ 1.24 GFLOPs\n= 133.59 TFLOPs");
    CHECK(how(r, "interaction_display") == "上下文互動 = QKᵀ 與 AV：按內容彙總上下文 || 19.79 TFLOPs = 19.79 TFLOPs");
    CHECK(how(r, "rows") == "B × P || 1 × 8,192 = 8,192");
    CHECK(how(r, "n_pair") == "B × (P×S + P(P+1)/2) || 1 × (8,192×0 + 8,192×8,193/2) = 33,558,528");
}

TEST_CASE("explain: kv and state (section 2.3.6, pitfalls 2 and 3)") {
    const Json kv = result({{"op", "kv"}, {"model", "qwen3-8b"}, {"tokens", 8192}, {"explain", true}});
    CHECK(how(kv, "display") == "c_KV × N || 147,456 B × 8,192 = 1,207,959,552 B = 1.125 GiB");
    CHECK(how(kv, "bytes_per_token") == "每多一個位置（每層位元組 × 層數） = K、V 快取 || 4,096 B×36 = 147,456 B");

    const Json k3 = result({{"op", "state"}, {"model", "kimi-k3"}, {"tokens", 8192}, {"explain", true}});
    CHECK(how(k3, "fixed_display") ==
          "固定狀態 = KDA 遞推狀態（FP32） + KDA 短卷積槽位（BF16） || 414 MiB + 19.406 MiB = 433.406 MiB");
    CHECK(how(k3, "history_display") == "全域歷史 = MLA 潛變數＋額外分支快取（緊湊路徑） || 216 MiB = 216 MiB");
    CHECK(how(k3, "decode_read_display") ==
          "一步 decode 讀取 = KDA 遞推狀態讀＋寫 + 讀取 MLA 潛變數 || 828 MiB + 216 MiB = 1.02 GiB");
    CHECK(how(k3, "h_star_display") == "H* = 固定狀態 ÷ 每 token 位元組 || 454,459,392 B ÷ 27,648 B = 16,437.33");
    CHECK(k3.at("h_star_display") == "16,437.33 個 token");

    // Compressed entries grow one per r tokens: the slope is fractional.
    const Json v4 =
        result({{"op", "state"}, {"model", "deepseek-v4-flash"}, {"tokens", 8192}, {"layout", "production"}, {"explain", true}});
    CHECK(how(v4, "bytes_per_token") ==
          "每多一個位置（每層位元組 × 層數，壓縮條目再 ÷ 壓縮比 r） = CSA 壓縮條目（主注意力） + CSA 索引條目 + HCA "
          "壓縮條目（主注意力） || "
          "584 B×21÷4 + 68 B×21÷4 + 584 B×20÷128 = 3,514.25 B");
    // V4.1: the token-id history (Engram) grows with N but is not KV.
    const Json v41 = result(
        {{"op", "state"}, {"model", "deepseek-v4.1-flash"}, {"tokens", 8192}, {"layout", "production"}, {"explain", true}});
    CHECK(v41.at("how").at("bytes_per_token").at("substituted").get<std::string>().find("= 890 B") != std::string::npos);
    CHECK(v41.at("bytes_per_token") == 890);
}

TEST_CASE("explain: a request, the crossover batch and capacity (Examples 2-2, 2-3, section 2.6.2)") {
    const Json rq = result({{"op", "request"}, {"model", "qwen3-8b"}, {"input", 8192}, {"generated", 1025}, {"explain", true}});
    CHECK(how(rq, "decode_steps") == "n_d = G − 1 || 1,025 − 1 = 1,024");
    CHECK(how(rq, "kv_read_tokens") == "n_d·H + n_d(n_d−1)/2，H = S + P || 1,024×8,192 + 1,024×1,023/2 = 8,912,384");
    CHECK(how(rq, "kv_read_display") == "c_KV × 讀取位置數 || 147,456 B × 8,912,384 = 1,314,184,495,104 B = 1.195 TiB");
    CHECK(how(rq, "final_kv_display") == "c_KV × (H + n_d) || 147,456 B × (8,192 + 1,024) = 1,358,954,496 B = 1.266 GiB");
    CHECK(how(rq, "display") == "prefill ＋ 全部 decode || 133.59 TFLOPs + 20.76 TFLOPs = 154.35 TFLOPs");

    const Json x = result({{"op", "crossover"}, {"model", "qwen3-8b"}, {"context", 8192}, {"explain", true}});
    CHECK(how(x, "display") == "B* = ⌈R_W ÷ (c_KV·H)⌉（至少 1） || ⌈15,136,811,008 B ÷ 1,207,959,552 B⌉ = ⌈12.53⌉ = 13");

    const Json c = result({{"op", "capacity"}, {"model", "qwen3-8b"}, {"gpu", "rtx-4090"}, {"context", 8192}, {"explain", true}});
    CHECK(how(c, "display") ==
          "B_max = ⌊(M_device − M_weight − M_workspace) ÷ M_state⌋ || "
          "⌊(24,000,000,000 B − 16,381,470,720 B − 2,147,483,648 B) ÷ 1,207,959,552 B⌋ = ⌊4.53⌋ = 4");
    CHECK(how(c, "items[id=kv].display") == "B_max × M_state || 4 × 1,207,959,552 B = 4,831,838,208 B = 4.832 GB");
    CHECK(how(c, "items[id=free].display") ==
          "M_device − M_weight − M_workspace − B_max × M_state || 24,000,000,000 B − 16,381,470,720 B − 2,147,483,648 B − "
          "4,831,838,208 B = 639,207,424 B = 639.207 MB");

    const Json b = result({{"op", "param_budget"},
                           {"model", "qwen3-8b"},
                           {"gpu", "rtx-4090"},
                           {"requests", 4},
                           {"context", 8192},
                           {"explain", true}});
    CHECK(how(b, "display") ==
          "N_max = ⌊(C − M_0 − B·K) ÷ b_W⌋ || "
          "⌊(24,000,000,000 B − 2,147,483,648 B − 4 × 1,207,959,552 B) ÷ 2 B⌋ = 8,510,339,072");
}

TEST_CASE("explain: routing a batch (Example 2-4) and the five-model comparison") {
    const Json u = result({{"op", "routing"}, {"model", "qwen3.6-35b-a3b"}, {"batch", 64}, {"explain", true}});
    CHECK(how(u, "assignments") == "Σt_e = B × k_top || 64 × 8 = 512");
    CHECK(how(u, "distinct_display") == "U = min(E, B×k_top) || min(256, 512) = 256");
    CHECK(how(u, "display") == "b_W × N_e × U || 2 B × 3,145,728 × 256 = 1.5 GiB");
    CHECK(how(u, "bytes_all_layers_display") == "每層讀取 × MoE 層數 || 1.5 GiB × 40 = 60 GiB");
    const Json c =
        result({{"op", "routing"}, {"model", "qwen3.6-35b-a3b"}, {"batch", 64}, {"dispatch", "concentrated"}, {"explain", true}});
    CHECK(how(c, "display") == "b_W × N_e × U || 2 B × 3,145,728 × 8 = 48 MiB");

    const Json cmp = result({{"op", "compare"}, {"input", 8192}, {"generated", 1025}, {"explain", true}});
    const Json& row = cmp.at("rows")[0];
    CHECK(row.at("model") == "deepseek-v4.1-flash");
    CHECK(how(row, "request_display") ==
          "prefill ＋ 全部 decode（G − 1 步） || 143.95 TFLOPs + 36.81 TFLOPs = " + row.at("request_display").get<std::string>());
    CHECK(how(row, "prefill_display") == "一次前向的各列之和（B、S、P） || B = 1、S = 0、P = 8,192 → 143.95 TFLOPs");
}

TEST_CASE("explain: dependency chains, a turn and the candidate pool (Exercise 2-1, Figures 2-1/2-2, 2-35, 2-22)") {
    const Json chain = result({{"op", "dependency_chain"}, {"layers", 4}, {"tokens", 5}, {"explain", true}});
    CHECK(how(chain, "nodes") == "L × T（每層每個位置一個節點） || 4 × 5 = 20");
    CHECK(how(chain, "rnn_chain") == "L + T − 1（同層等前一位置、同位置等下一層：階梯） || 4 + 5 − 1 = 8");
    CHECK(how(chain, "transformer_chain") == "L（每層只等下一層，各位置同時算） || L = 4");

    const Json turn = result(
        {{"op", "turn"}, {"model", "qwen3-8b"}, {"total_input", 8192}, {"cached", 6144}, {"generated", 513}, {"explain", true}});
    CHECK(how(turn, "decode_steps") == "n_d = G − 1（第一個輸出 token 由 prefill 產生） || 513 − 1 = 512");
    CHECK(how(turn, "final_context") == "輸入 token 數 + n_d || 8,192 + 512 = 8,704");

    // The book's pool: 2,048 blocks × 8 = 16,384 candidates, top-k 512, at 1M cached positions.
    const Json pool =
        result({{"op", "candidate_pool"}, {"model", "deepseek-v4.1-flash"}, {"tokens", 1048576}, {"explain", true}});
    CHECK(how(pool, "entries_display") == "⌊N ÷ r⌋（已完成的壓縮條目） || ⌊1,048,576 ÷ 1⌋ = 1,048,576");
    CHECK(how(pool, "blocks_display") ==
          "min(⌈條目 ÷ 每塊條目⌉, 候選塊上限) || min(⌈1,048,576 ÷ 8⌉, 2,048) = min(131,072, 2,048) = 2,048");
    CHECK(how(pool, "pool_entries_display") == "候選塊上限 × 每塊條目 || 2,048 × 8 = 16,384");
    CHECK(how(pool, "candidates_display") == "min(條目, 候選池容量) || min(1,048,576, 16,384) = 16,384");
    CHECK(how(pool, "selected_display") == "min(候選, top-k) || min(16,384, 512) = 512");
    // Short contexts: fewer entries than the pool holds.
    const Json short_pool =
        result({{"op", "candidate_pool"}, {"model", "deepseek-v4.1-flash"}, {"tokens", 100}, {"explain", true}});
    CHECK(how(short_pool, "candidates_display") == "min(條目, 候選池容量) || min(100, 16,384) = 100");
}

TEST_CASE("explain: each kind of state sums its rows (Figure 2-14), and the budget's segments (Figure 2-34)") {
    const Json v4 = result({{"op", "state"}, {"model", "deepseek-v4-flash"}, {"tokens", 8192}, {"explain", true}});
    CHECK(how(v4, "by_kind_display.window") == "min(N, 128)×e × 層數 || 128×1024×43 B = 5.375 MiB");
    CHECK(how(v4, "by_kind_display.compressed") ==
          "這類狀態 = CSA 壓縮條目（主注意力） + HCA 壓縮條目（主注意力） || 42 MiB + 1.25 MiB = 43.25 MiB");
    CHECK(how(v4, "by_kind_display.index") == "⌊N/4⌋×e × 層數 || 2048×256×21 B = 10.5 MiB");
    CHECK(how(v4, "by_kind_display.buffer") ==
          "這類狀態 = CSA 壓縮緩衝（FP32，kv 與分數） + HCA 壓縮緩衝（FP32，kv 與分數） || 1.641 MiB + 10 MiB = 11.641 MiB");
    // The kinds' sums are state_curve's by-kind values at the same length.
    const Json curve = result({{"op", "state_curve"}, {"model", "deepseek-v4-flash"}, {"lengths", Json::array({8192})}});
    CHECK(curve.at("by_kind_display").at("compressed").at(0) == "43.25 MiB");
    CHECK(curve.at("by_kind_display").at("buffer").at(0) == "11.641 MiB");

    const Json budget = result({{"op", "param_budget"},
                                {"model", "qwen3-8b"},
                                {"gpu", "rtx-4090"},
                                {"requests", 4},
                                {"context", 8192},
                                {"explain", true}});
    CHECK(how(budget, "items[id=kv].display") == "B·K = 請求數 × 一條請求的狀態 || 4 × 1,207,959,552 B = 4.832 GB");
    CHECK(how(budget, "items[id=weights].display") == how(budget, "available_display"));
    CHECK_FALSE(budget.at("how").contains("items[id=workspace].display"));
}
