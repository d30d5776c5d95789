// DeepSeek V4-Flash: closed-form position sums against loops, block
// boundaries, window / CSA / HCA entries, index scans, both state layouts,
// decode growth against step-by-step forward calls, mHC, MTP and the spec
// parser's errors.  The printed numbers themselves are in
// tests/ledger/ch02-deepseek-v4-flash.json.
#include <doctest/doctest.h>

#include <algorithm>
#include <array>
#include <fstream>
#include <functional>
#include <sstream>
#include <vector>

#include "api/errors.hpp"
#include "api/spec_json.hpp"
#include "core/forward.hpp"
#include "core/mechanisms/deepseek_v4.hpp"
#include "core/params.hpp"
#include "core/request.hpp"
#include "core/state.hpp"
#include "support.hpp"

using namespace tally;
using namespace tally::test;
namespace v4 = tally::mech::v4;

namespace {

const ModelSpec& flash() { return model("deepseek-v4-flash"); }

StateOptions reference() { return StateOptions{dtype("bf16"), "reference"}; }
StateOptions production() { return StateOptions{dtype("bf16"), "production"}; }

// The model's attention layers as (spec, layer count).
std::vector<std::pair<V4Attention, u64>> attention_groups(const ModelSpec& m) {
    std::vector<std::pair<V4Attention, u64>> out;
    for (const auto& g : m.groups) out.emplace_back(std::get<V4Attention>(g.attention), g.layers);
    return out;
}

// Brute force: main-attention positions and index entries of the queries
// t = S+1 … S+T of one request, summed over layers.
u128 loop_attended(const ModelSpec& m, u128 S, u128 T) {
    u128 total = 0;
    for (const auto& [x, layers] : attention_groups(m)) {
        for (u128 t = S + 1; t <= S + T; ++t) {
            u128 a = std::min<u128>(t, x.window);
            if (x.ratio != 0) a += x.top_k == 0 ? t / x.ratio : std::min<u128>(t / x.ratio, x.top_k);
            total += a * layers;
        }
    }
    return total;
}

u128 loop_index_rectangle(const ModelSpec& m, u128 S, u128 T) {
    u128 total = 0;
    for (const auto& [x, layers] : attention_groups(m)) {
        if (x.index_heads == 0) continue;
        for (u128 t = S + 1; t <= S + T; ++t) total += ((S + T) / x.ratio) * layers;  // every query scores all entries
    }
    return total;
}

Ratio item_value(const Items& items, const std::string& id) {
    for (const auto& it : items) {
        if (it.id == id) return it.value;
    }
    FAIL("no item " << id);
    return Ratio(0);
}

bool has_item(const Items& items, const std::string& id) {
    return std::any_of(items.begin(), items.end(), [&](const LineItem& it) { return it.id == id; });
}

Ratio items_total(const Items& items) {
    Ratio t;
    for (const auto& it : items) t = t + it.value;
    return t;
}

Json flash_json() {
    std::ifstream in(std::string(TALLY_SOURCE_DIR) + "/content/models/deepseek-v4-flash.json");
    std::stringstream text;
    text << in.rdbuf();
    return Json::parse(text.str());
}

// Parses the model after `edit` and returns the error's field ("" if none).
std::string parse_error(const std::function<void(Json&)>& edit, std::string* message = nullptr) {
    Json j = flash_json();
    edit(j);
    try {
        api::parse_model(j, "models/deepseek-v4-flash.json");
    } catch (const api::FieldError& e) {
        if (message != nullptr) *message = e.what();
        return e.field;
    }
    return "";
}

}  // namespace

TEST_CASE("V4 closed-form sums equal their loops") {
    for (u128 w : {1, 2, 3, 4, 128}) {
        u128 loop = 0;
        for (u128 n = 0; n <= 700; ++n) {
            if (n > 0) loop += std::min(n, w);
            REQUIRE(v4::sum_min(n, w) == loop);
        }
    }
    for (u128 r : {1, 2, 3, 4, 7, 128}) {
        u128 loop = 0;
        for (u128 n = 0; n <= 1100; ++n) {
            loop += n / r;
            REQUIRE(v4::sum_floor(n, r) == loop);
        }
    }
    for (auto [r, c] : {std::pair<u128, u128>{4, 512}, {4, 3}, {1, 5}, {3, 1}, {128, 2}, {4, 0}}) {
        u128 loop = 0;
        for (u128 n = 0; n <= 2300; ++n) {
            loop += std::min(n / r, c);
            REQUIRE(v4::sum_floor_cap(n, r, c) == loop);
        }
    }
    // The derivation's anchors: Wn(8192), C(8192), F128(8192), F4(2047).
    CHECK(dec(v4::sum_min(8192, 128)) == "1040448");
    CHECK(dec(v4::sum_floor_cap(8192, 4, 512)) == "3669504");
    CHECK(dec(v4::sum_floor(8192, 128)) == "258112");
    CHECK(dec(v4::sum_floor(2047, 4)) == "523264");
    // Runs over t = S+1 … S+T.
    for (u128 S : {0, 1, 126, 127, 128, 2045, 2047, 2048, 5000}) {
        for (u128 T : {0, 1, 2, 3, 130, 600}) {
            u128 w = 0, f = 0, fc = 0;
            for (u128 t = S + 1; t <= S + T; ++t) {
                w += std::min<u128>(t, 128);
                f += t / 4;
                fc += std::min<u128>(t / 4, 512);
            }
            CHECK(v4::run_min(S, T, 128) == w);
            CHECK(v4::run_floor(S, T, 4) == f);
            CHECK(v4::run_floor_cap(S, T, 4, 512) == fc);
        }
    }
    // 1M is exact in 128 bits.
    CHECK(dec(v4::sum_floor(1048576, 4)) == dec(u128{2} * 262144 * 262143 + 262144));
}

TEST_CASE("V4-Flash shape: 2 window + 21 CSA + 20 HCA layers, per-query counts") {
    const ModelSpec& m = flash();
    u64 window = 0, csa = 0, hca = 0;
    for (const auto& [x, layers] : attention_groups(m)) {
        if (x.kind == V4Attention::Kind::Window) window += layers;
        if (x.kind == V4Attention::Kind::Csa) csa += layers;
        if (x.kind == V4Attention::Kind::Hca) hca += layers;
    }
    CHECK(window == 2);
    CHECK(csa == 21);
    CHECK(hca == 20);
    CHECK(m.total_layers() == 43);

    const auto groups = attention_groups(m);
    const V4Attention& c = groups[1].first;
    const V4Attention& h = groups[3].first;
    REQUIRE(c.kind == V4Attention::Kind::Csa);
    REQUIRE(h.kind == V4Attention::Kind::Hca);
    // Exercise 2-4: at 8192 and 16384 stored positions, entries grow but the selection is capped.
    CHECK(v4::stored_entries(c, 8192) == 2048);
    CHECK(v4::stored_entries(c, 16384) == 4096);
    CHECK(v4::selected_entries(c, 16384) == 512);
    CHECK(v4::selected_entries(c, 2047) == 511);
    CHECK(v4::selected_entries(c, 2048) == 512);
    CHECK(v4::index_scan_pairs(c, 16383, 1) == 4096);
    // HCA reads every completed entry, without a cap.
    CHECK(v4::selected_entries(h, 8192) == 64);
    CHECK(v4::selected_entries(h, 1048576) == 8192);
    CHECK(v4::index_scan_pairs(h, 8192, 1) == 0);
    // A window never holds more than 128 positions.
    CHECK(v4::window_positions(c, 1) == 1);
    CHECK(v4::window_positions(c, 128) == 128);
    CHECK(v4::window_positions(c, 129) == 128);
}

TEST_CASE("V4-Flash forward: attention cores and the index rectangle against loops") {
    const ModelSpec& m = flash();
    for (u128 B : {1, 3}) {
        for (const auto& shape : {std::pair<u128, u128>{0, 1},
                                  {0, 5},
                                  {0, 128},
                                  {0, 129},
                                  {3, 200},
                                  {127, 2},
                                  {2040, 100},
                                  {2046, 3},
                                  {0, 3000},
                                  {5000, 1},
                                  {8192, 1},
                                  {1048575, 1}}) {
            const u128 S = shape.first;  // not a structured binding: CAPTURE's lambda captures these (C++17, clang)
            const u128 T = shape.second;
            CAPTURE(dec(B));
            CAPTURE(dec(S));
            CAPTURE(dec(T));
            const ForwardResult f = forward(m, CallShape{B, S, T, B});
            const u128 attended = loop_attended(m, S, T);
            const u128 scanned = loop_index_rectangle(m, S, T);
            CHECK(f.interaction == Ratio(B * (131072 * attended + 16384 * scanned)));
            // Everything else is linear in the rows: 25,477,382,144 per row plus the head.
            CHECK(f.total == f.interaction + Ratio(B * T * u128{25477382144ULL} + B * u128{1059061760ULL}));
        }
    }
    // The 8K prefill's attended positions (derivation §2.2).
    CHECK(dec(loop_attended(m, 0, 8192)) == "126961088");
    const ForwardResult prefill = forward(m, CallShape{1, 0, 8192, 1});
    CHECK(dec(prefill.total.num()) == "231125253357568");
    // The scan counts the rectangle T·⌊(S+T)/4⌋, not the causal Σ⌊t/4⌋.
    CHECK(item_value(prefill.items, "index_scan") == Ratio(u128{21} * 16384 * 8192 * 2048));
}

TEST_CASE("V4-Flash decode steps: 8K, 200K and 1M") {
    const ModelSpec& m = flash();
    const ForwardResult d8k = forward(m, CallShape{1, 8192, 1, 1});
    CHECK(dec(d8k.total.num()) == "29539565568");
    CHECK(dec(d8k.interaction.num()) == "3003121664");
    const ForwardResult d200k = forward(m, CallShape{1, 204800, 1, 1});
    CHECK(dec(d200k.total.num()) == "50477531136");
    CHECK(dec(d200k.interaction.num()) == "23941087232");
    const ForwardResult d1m = forward(m, CallShape{1, 1048575, 1, 1});
    CHECK(dec(d1m.total.num()) == "140336300032");
    CHECK(dec(d1m.interaction.num()) == "113799856128");
    // At 1M the index scan is 90,194,313,216 of the interaction.
    CHECK(dec(item_value(d1m.items, "index_scan").num()) == "90194313216");
    // The router runs in all 43 layers, the 3 hash-routed ones included.
    CHECK(item_named(d1m.items, "router").layers == 43);
}

TEST_CASE("V4 decode_growth equals the loop of forward() differences") {
    const ModelSpec& m = flash();
    for (u128 B : {1, 2}) {
        for (u128 H : {0, 1, 2, 3, 4, 125, 126, 127, 128, 2040, 2046, 2047, 2048, 8190, 1048570}) {
            for (u128 n : {0, 1, 2, 3, 5, 9, 130}) {
                CAPTURE(dec(B));
                CAPTURE(dec(H));
                CAPTURE(dec(n));
                // The whole model: n decodes through decode_flops_sum …
                Ratio loop;
                for (u128 j = 0; j < n; ++j) loop = loop + forward(m, CallShape{B, H + j, 1, B}).total;
                CHECK(decode_flops_sum(m, B, H, n) == loop);
                // … and each attention group's own growth term.
                for (const auto& group : attention_groups(m)) {
                    const auto& x = group.first;  // a lambda below captures these (C++17, clang)
                    const auto& layers = group.second;
                    auto F = [&](u128 S) {
                        Items items;
                        mech::add_forward(x, m, CallShape{B, S, 1, B}, layers, items);
                        return items_total(items);
                    };
                    const Ratio f0 = F(H);
                    Ratio growth;
                    for (u128 j = 0; j < n; ++j) growth = growth + (F(H + j) - f0);
                    CHECK(mech::decode_growth(x, m, B, H, n, layers) == growth);
                }
            }
        }
    }
}

TEST_CASE("V4-Flash request: prefill plus decodes, closed form against the loop") {
    const ModelSpec& m = flash();
    for (auto [B, S, P, G] : std::vector<std::array<u128, 4>>{
             {1, 0, 128, 4}, {2, 5, 300, 9}, {1, 0, 1, 1}, {1, 1000, 7, 40}, {1, 2040, 3, 12}, {3, 120, 4, 140}}) {
        const RequestResult r = request(m, reference(), RequestShape{B, S, P, G});
        Ratio loop = forward(m, CallShape{B, S, P, B}).total;
        for (u128 j = 0; j + 1 < G; ++j) loop = loop + forward(m, CallShape{B, S + P + j, 1, B}).total;
        CHECK(r.total == loop);
    }
    const RequestResult chapter = request(m, reference(), RequestShape{1, 0, 128, 4});
    CHECK(dec(chapter.prefill_flops.num()) == "3315656556544");
    CHECK(chapter.decode_flops == Ratio(u128{3} * 27359576064ULL));
    CHECK(dec(chapter.total.num()) == "3397735284736");
}

TEST_CASE("V4-Flash state: block boundaries of the reference layout") {
    const ModelSpec& m = flash();
    // Fixed FP32 compressor buffers exist before any position is stored.
    CHECK(dec(state(m, 0, reference()).total.num()) == "12206080");
    for (u128 N = 1; N <= 600; ++N) {
        CAPTURE(dec(N));
        const Ratio step = state(m, N, reference()).total - state(m, N - 1, reference()).total;
        u128 expected = 0;
        if (N <= 128) expected += 43 * 1024;      // the window is still filling
        if (N % 4 == 0) expected += 21 * 1280;    // a CSA block completes: main + index entry
        if (N % 128 == 0) expected += 20 * 1024;  // an HCA block completes
        CHECK(step == Ratio(expected));
    }
    // §2.3.3: at the 128th position both kinds of block can complete at once.
    CHECK(state(m, 128, reference()).total - state(m, 127, reference()).total == Ratio(43 * 1024 + 21 * 1280 + 20 * 1024));

    const StateResult s = state(m, 8192, reference());
    CHECK(item_value(s.items, "window") == Ratio(5636096));
    CHECK(item_value(s.items, "csa_main") == Ratio(44040192));
    CHECK(item_value(s.items, "csa_index") == Ratio(11010048));
    CHECK(item_value(s.items, "hca_main") == Ratio(1310720));
    CHECK(item_value(s.items, "csa_buffer") + item_value(s.items, "hca_buffer") == Ratio(12206080));
    CHECK(s.total == Ratio(74203136));
    CHECK(s.per_token == Ratio(6880));
    // One row per kind: the window of all 43 layers merges across groups.
    CHECK(std::count_if(s.items.begin(), s.items.end(), [](const LineItem& it) { return it.id == "window"; }) == 1);
    CHECK(item_named(s.items, "window").layers == 43);
    CHECK(item_named(s.items, "csa_main").layers == 21);
    const StateResult big = state(m, 1048575, reference());
    CHECK(dec(big.total.num()) == "7231997696");
}

TEST_CASE("V4-Flash decode reads: reference and production layouts against per-query loops") {
    const ModelSpec& m = flash();
    for (const StateOptions& o : {reference(), production()}) {
        const bool prod = o.layout == "production";
        const u128 e = prod ? 584 : 1024, idx = prod ? 68 : 256;
        for (u128 t : {1, 3, 4, 127, 128, 129, 2047, 2048, 2052, 8192, 8193, 1048576}) {
            CAPTURE(dec(t));
            const u128 expected =
                43 * std::min<u128>(t, 128) * e + 21 * std::min<u128>(t / 4, 512) * e + 20 * (t / 128) * e + 21 * (t / 4) * idx;
            CHECK(state(m, t, o).decode_read_bytes == Ratio(expected));
        }
    }
    CHECK(state(m, 8192, reference()).decode_read_bytes == Ratio(28966912));
    CHECK(state(m, 8192, production()).decode_read_bytes == Ratio(13165568));
}

TEST_CASE("V4-Flash production layout: 584 B entries, 68 B MXFP4 index entries") {
    const ModelSpec& m = flash();
    const auto groups = attention_groups(m);
    const V4Attention& c = groups[1].first;
    CHECK(v4::main_entry_bytes(c, production()) == Ratio(584));
    CHECK(v4::index_entry_bytes(c, production()) == Ratio(68));
    CHECK(v4::main_entry_bytes(c, reference()) == Ratio(1024));
    CHECK(v4::index_entry_bytes(c, reference()) == Ratio(256));
    // The reference layout follows the history dtype: FP8 halves the entries.
    CHECK(v4::main_entry_bytes(c, StateOptions{dtype("fp8"), "reference"}) == Ratio(512));

    const StateResult p = state(m, 8192, production());
    CHECK(p.per_token == Ratio(14057, 4));  // 3,514.25 B/token
    const Ratio history = item_value(p.items, "csa_main") + item_value(p.items, "csa_index") + item_value(p.items, "hca_main");
    CHECK(history == Ratio(28788736));
    // Equal to 3514.25·N only when 128 divides N.
    CHECK(history == p.per_token * Ratio(8192));
    const StateResult q = state(m, 8200, production());
    CHECK(item_value(q.items, "csa_main") + item_value(q.items, "csa_index") + item_value(q.items, "hca_main") !=
          q.per_token * Ratio(8200));
    // The production window also uses 584 B entries; the buffers stay FP32.
    CHECK(item_value(p.items, "window") == Ratio(43 * 128 * 584));
    CHECK(item_value(p.items, "csa_buffer") + item_value(p.items, "hca_buffer") == Ratio(12206080));
}

TEST_CASE("V4-Flash parameters by Table 2-B category; MTP weights excluded") {
    const ModelSpec& m = flash();
    CHECK(dec(total_params(m)) == "284332240471");
    u128 by[6] = {};
    u128 vectors = 0;
    for (const auto& t : weight_tensors(m)) {
        by[static_cast<int>(t.category)] += t.params();
        if (t.in == 1) vectors += t.params();
        CHECK(t.id.rfind("mtp", 0) != 0);
    }
    CHECK(dec(by[static_cast<int>(ParamCategory::EmbeddingHead)]) == "1059061760");
    CHECK(dec(by[static_cast<int>(ParamCategory::Attention)]) == "5084807168");
    CHECK(dec(by[static_cast<int>(ParamCategory::DenseSharedFfn)]) == "1082130432");
    CHECK(dec(by[static_cast<int>(ParamCategory::RoutedExperts)]) == "277025390592");
    CHECK(by[static_cast<int>(ParamCategory::Engram)] == 0);
    CHECK(dec(by[static_cast<int>(ParamCategory::Other)]) == "80850519");
    CHECK(dec(vectors) == "1879639");
    CHECK(dec(weight_bytes(m, dtype("bf16")).num()) == "568664480942");
    CHECK(dec(selected_expert_params(m) * 2) == "12985565184");
}

TEST_CASE("mHC: 67,764,224 matrix FLOPs per row, head mixing on every row") {
    const ModelSpec& m = flash();
    for (u128 T : {1, 8192}) {
        const ForwardResult f = forward(m, CallShape{1, 0, T, 1});
        CHECK(item_value(f.items, "mhc_mix") + item_value(f.items, "mhc_head") == Ratio(u128{67764224} * T));
    }
    const ForwardResult f = forward(m, CallShape{1, 0, 8192, 1});
    CHECK(dec((item_value(f.items, "mhc_mix") + item_value(f.items, "mhc_head")).num()) == "555124523008");
    // Sinkhorn and the stream mixing are scalar work: a zero-valued row.
    CHECK(item_value(f.items, "mhc_scalar") == Ratio(0));
}

TEST_CASE("MTP: only when asked, 1.80 GFLOPs at S=0, steps add up") {
    const ModelSpec& m = flash();
    const ForwardResult plain = forward(m, CallShape{1, 0, 1, 1});
    for (const auto& it : plain.items) CHECK(it.id.rfind("mtp_", 0) != 0);
    CHECK_FALSE(has_item(plain.items, "mtp_lm_head"));

    CallShape one{1, 0, 1, 1};
    one.mtp_steps = 1;
    const ForwardResult with = forward(m, one);
    const Ratio mtp = with.total - plain.total;
    CHECK(dec(mtp.num()) == "1796997120");
    CHECK(item_value(with.items, "mtp_lm_head") == Ratio(1059061760));
    CHECK(item_value(with.items, "mtp_hidden_proj") == Ratio(u128{4} * 2 * 4096 * 4096));
    int mtp_rows = 0;
    for (const auto& it : with.items) {
        if (it.id.rfind("mtp_", 0) != 0) continue;
        ++mtp_rows;
        CHECK(it.section == "output");
    }
    CHECK(mtp_rows >= 2);

    // With a full window (S ≥ 127) the same step costs 1.81 GFLOPs.
    CallShape full{1, 127, 1, 1};
    full.mtp_steps = 1;
    const Ratio at_full = forward(m, full).total - forward(m, CallShape{1, 127, 1, 1}).total;
    CHECK(at_full == mtp + Ratio(u128{131072} * 127));

    // Two steps: every row twice, the second step's window one position longer.
    CallShape two{2, 10, 3, 2};
    two.mtp_steps = 2;
    CallShape base{2, 10, 3, 2};
    CallShape s0 = base, s1 = base;
    s0.mtp_steps = 1;
    s1.context = 11;
    s1.mtp_steps = 1;
    const Ratio step0 = forward(m, s0).total - forward(m, base).total;
    const Ratio step1 = forward(m, s1).total - forward(m, CallShape{2, 11, 3, 2}).total;
    CHECK(forward(m, two).total - forward(m, base).total == step0 + step1);
    CHECK(step1 - step0 == Ratio(u128{131072} * 2 * 3));  // 3 queries per request, each one more position
    // MTP adds nothing to the parameters or the state.
    CHECK(state(m, 8192, reference()).total == Ratio(74203136));
}

TEST_CASE("V4 spec: contradictions and missing fields name their JSON path") {
    CHECK(parse_error([](Json&) {}).empty());
    std::string message;
    CHECK(parse_error([](Json& j) { j["groups"][0]["attention"]["ratio"] = 4u; }, &message) ==
          "models/deepseek-v4-flash.json.groups[0].attention.ratio");
    CHECK(message.find("v4_window") != std::string::npos);
    CHECK(parse_error([](Json& j) { j["groups"][3]["attention"]["top_k"] = 512u; }) ==
          "models/deepseek-v4-flash.json.groups[3].attention.top_k");
    CHECK(parse_error([](Json& j) { j["groups"][3]["attention"]["index_heads"] = 64u; }) ==
          "models/deepseek-v4-flash.json.groups[3].attention.index_heads");
    CHECK(parse_error([](Json& j) { j["groups"][1]["attention"].erase("index_heads"); }) ==
          "models/deepseek-v4-flash.json.groups[1].attention.index_heads");
    CHECK(parse_error([](Json& j) { j["groups"][1]["attention"].erase("ratio"); }) ==
          "models/deepseek-v4-flash.json.groups[1].attention.ratio");
    CHECK(parse_error([](Json& j) { j["groups"][1]["attention"]["ratio"] = 0u; }) ==
          "models/deepseek-v4-flash.json.groups[1].attention.ratio");
    CHECK(parse_error([](Json& j) { j["groups"][1]["attention"]["out_groups"] = 7u; }) ==
          "models/deepseek-v4-flash.json.groups[1].attention.out_groups");
    CHECK(parse_error([](Json& j) { j["groups"][1]["attention"]["windw"] = 128u; }) ==
          "models/deepseek-v4-flash.json.groups[1].attention.windw");
    CHECK(parse_error([](Json& j) { j["groups"][2]["attention"].erase("production"); }) ==
          "models/deepseek-v4-flash.json.groups[2].attention.production");
    CHECK(parse_error([](Json& j) { j["groups"][2]["attention"]["production"].erase("index_bits"); }) ==
          "models/deepseek-v4-flash.json.groups[2].attention.production.index_bits");
    CHECK(parse_error([](Json& j) { j["groups"][2]["attention"]["production"]["index_scale_bytes"] = 0u; }) ==
          "models/deepseek-v4-flash.json.groups[2].attention.production.index_scale_bytes");
    CHECK(parse_error([](Json& j) { j["groups"][0]["attention"]["production"]["index_bits"] = 4u; }) ==
          "models/deepseek-v4-flash.json.groups[0].attention.production.index_bits");
    CHECK(parse_error([](Json& j) { j["groups"][0]["connection"]["streams"] = 0u; }) ==
          "models/deepseek-v4-flash.json.groups[0].connection.streams");
    CHECK(parse_error([](Json& j) { j["groups"][0]["connection"]["mix"] = 24u; }) ==
          "models/deepseek-v4-flash.json.groups[0].connection.mix");
    CHECK(parse_error([](Json& j) { j["parts"][0].erase("streams"); }) == "models/deepseek-v4-flash.json.parts[0].streams");
    CHECK(parse_error([](Json& j) { j["parts"][1]["head"]["streams"] = 2u; }) ==
          "models/deepseek-v4-flash.json.parts[1].head.streams");
    CHECK(parse_error([](Json& j) { j["parts"][1]["hidden_proj"] = "twice"; }) ==
          "models/deepseek-v4-flash.json.parts[1].hidden_proj");
    CHECK(parse_error([](Json& j) { j["parts"][1]["attention"]["kind"] = "gqa"; }) ==
          "models/deepseek-v4-flash.json.parts[1].attention.kind");
    CHECK(parse_error([](Json& j) { j["parts"][1]["ffn"]["top_k"] = 300u; }) ==
          "models/deepseek-v4-flash.json.parts[1].ffn.top_k");
    // The MTP block's attention may omit the production formats (it holds no counted state).
    CHECK(parse_error([](Json& j) { j["parts"][1]["attention"]["production"]["entry_bytes"] = 584u; }).empty());
    // Numbers out of range are named too.
    CHECK(parse_error([](Json& j) { j["groups"][1]["attention"]["overlap"] = 17u; }, &message) ==
          "models/deepseek-v4-flash.json.groups[1].attention.overlap");
    CHECK(message.find("超出範圍") != std::string::npos);
}
