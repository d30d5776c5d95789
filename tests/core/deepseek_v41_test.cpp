// DeepSeek V4.1 Flash (CED, CSA2, Engram, Single-Pass mHC): the closed forms
// against loops, both execution paths of Table 2-D, the decode steps of
// Table 2-E and section 2.6.1, the state of Figure 2-30 and section 2.3.6,
// and the spec's validation.  Exact values are those of
// docs/derivations/deepseek-v4.1-flash.md.
#include <doctest/doctest.h>

#include <fstream>
#include <map>
#include <sstream>

#include "api/errors.hpp"
#include "api/spec_json.hpp"
#include "core/forward.hpp"
#include "core/mechanisms/deepseek_v41.hpp"
#include "core/params.hpp"
#include "core/request.hpp"
#include "core/state.hpp"
#include "support.hpp"

using namespace tally;
using namespace tally::test;
namespace v41 = tally::mech::v41;

namespace {

const char* const kId = "deepseek-v4.1-flash";

CallShape v41_call(u128 b, u128 s, u128 p, const std::string& execution = "") {
    CallShape c{b, s, p, b};
    c.execution = execution;
    return c;
}

Ratio item_value(const ForwardResult& f, const std::string& id) {
    for (const auto& it : f.items) {
        if (it.id == id) return it.value;
    }
    FAIL("no item " << id);
    return Ratio(0);
}

Ratio item_per_call(const ForwardResult& f, const std::string& id) {
    for (const auto& it : f.items) {
        if (it.id == id) return it.per_call;
    }
    FAIL("no item " << id);
    return Ratio(0);
}

bool is_ffn(const std::string& id) {
    const std::string base = id.substr(0, id.find('@'));
    return base == "router" || base == "routed_experts" || base == "shared_expert";
}

// FFN matrix FLOPs of one query row in one layer: router, 6 routed experts,
// the shared expert.
const u128 kFfnRow = 2ULL * 5120 * 384 + 7ULL * 6 * 5120 * 2304;

// Table 2-D's four stages.  The MoE rows are shared by every group (and
// merge across roles on the reference path), so their FLOPs are attributed
// from the rows each role runs: 20 layers × m_l.
struct Stages {
    Ratio encoder, decoder_kv, decoder_rest, head;
    Ratio total() const { return encoder + decoder_kv + decoder_rest + head; }
};

Stages stages(const ForwardResult& f, u128 p, u128 m_dec) {
    Stages s;
    for (const auto& it : f.items) {
        if (is_ffn(it.id) || it.value == Ratio(0)) continue;
        if (it.id == "lm_head") {
            s.head = s.head + it.value;
        } else if (it.id == "dec_global_kv" || it.id == "dec_index_key") {
            s.decoder_kv = s.decoder_kv + it.value;
        } else if (it.id.rfind("enc_", 0) == 0) {
            s.encoder = s.encoder + it.value;
        } else if (it.id.rfind("dec_", 0) == 0) {
            s.decoder_rest = s.decoder_rest + it.value;
        } else {
            FAIL("unattributed item " << it.id);
        }
    }
    s.encoder = s.encoder + Ratio(mul(20, p, kFfnRow));
    s.decoder_rest = s.decoder_rest + Ratio(mul(20, m_dec, kFfnRow));
    return s;
}

// Per-token loop: attended positions and scanned index entries of one call
// (B = 1), layer by layer, for the model's groups.
struct Brute {
    u128 attended = 0;
    u128 scanned = 0;
};

Brute brute(const ModelSpec& m, u128 S, u128 P, bool reference) {
    Brute b;
    const u128 W = m.ced_replay_window;
    const u128 m_dec = reference ? P : std::min(P, W);
    for (const auto& g : m.groups) {
        const auto& a = std::get<Csa2Attention>(g.attention);
        const bool dec = g.role == "decoder";
        const u128 first = (dec && !reference) ? S + P - m_dec : S;  // 0-based position of the first query
        for (u64 l = 0; l < g.layers; ++l) {
            for (u128 t = first; t < S + P; ++t) {
                const u128 v = t + 1;
                const bool replay = dec && !reference && P > W;
                b.attended += replay ? std::min<u128>(t - first + 1, a.window) : std::min<u128>(v, a.window);
                if (a.reads_global()) b.attended += std::min<u128>(v / a.cache_ratio, a.top_k);
                if (a.runs_indexer() && !reference) {
                    const u128 seen = v / a.cache_ratio;
                    b.scanned += a.mode == Csa2Mode::Reindex ? std::min<u128>(seen, a.pool_entries()) : seen;
                }
            }
            if (a.runs_indexer() && reference) b.scanned += P * ((S + P) / a.cache_ratio);
        }
    }
    return b;
}

Ratio state_sum(const StateResult& s, std::initializer_list<const char*> ids, bool reads = false) {
    Ratio total;
    for (const auto& it : reads ? s.reads : s.items) {
        for (const char* id : ids) {
            if (it.id == id) total = total + it.value;
        }
    }
    return total;
}

Ratio reads_only(const StateResult& s) {
    Ratio total;
    for (const auto& it : s.reads) {
        if (it.section != "write") total = total + it.value;
    }
    return total;
}

StateOptions layout(const std::string& l) {
    StateOptions o{dtype("bf16")};
    o.layout = l;
    return o;
}

api::Json model_json() {
    std::ifstream in(std::string(TALLY_SOURCE_DIR) + "/content/models/deepseek-v4.1-flash.json");
    std::stringstream text;
    text << in.rdbuf();
    return api::Json::parse(text.str());
}

// The field a spec error names, or "" when the spec parses.  (Numbers set
// in these tests are unsigned, as parsed JSON numbers are.)
std::string spec_error(const api::Json& j) {
    try {
        api::parse_model(j, "model");
    } catch (const api::FieldError& e) {
        return e.field;
    }
    return "";
}

}  // namespace

TEST_CASE("V4.1 closed-form sums equal their loops") {
    for (u128 n = 0; n < 300; ++n) {
        for (u128 r : {1, 2, 3, 8}) {
            u128 floor_loop = 0;
            for (u128 v = 1; v <= n; ++v) floor_loop += v / r;
            CHECK(v41::sum_floor(n, r) == floor_loop);
            for (u128 c : {0, 1, 5, 17, 128, 512}) {
                u128 cap_loop = 0;
                for (u128 v = 1; v <= n; ++v) cap_loop += std::min<u128>(v / r, c);
                CHECK(v41::sum_floor_cap(n, r, c) == cap_loop);
            }
        }
        for (u128 c : {1, 7, 128}) {
            u128 min_loop = 0;
            for (u128 v = 1; v <= n; ++v) min_loop += std::min(v, c);
            CHECK(v41::sum_min(n, c) == min_loop);
        }
    }
    for (u128 a = 1; a < 60; a += 7) {
        for (u128 b = 0; b < 90; b += 5) {
            u128 mins = 0, floors = 0, caps = 0, mult = 0;
            for (u128 v = a; v <= b; ++v) {
                mins += std::min<u128>(v, 16);
                floors += v / 3;
                caps += std::min<u128>(v / 2, 9);
                mult += v % 4 == 0 ? 1 : 0;
            }
            CHECK(v41::range_min(a, b, 16) == mins);
            CHECK(v41::range_floor(a, b, 3) == floors);
            CHECK(v41::range_floor_cap(a, b, 2, 9) == caps);
            CHECK(v41::multiples(a, b, 4) == mult);
        }
    }
    // 1M-scale values, closed form against the formulas of the derivation.
    CHECK(v41::sum_floor(1048576, 2) == (u128{1048576} * 1048576) / 4);
    CHECK(v41::sum_floor(1048576, 1) == v41::triangle(1048576));
    CHECK(v41::sum_floor_cap(8192, 2, 512) == 261632 + 512 * (8192 - 1023));
}

TEST_CASE("V4.1 parameters: Table 2-A backbone, Table 2-B categories, Table 2-C selected experts") {
    const ModelSpec& m = model(kId);
    CHECK(m.total_layers() == 40);
    std::map<ParamCategory, u128> by;
    for (const auto& t : weight_tensors(m)) by[t.category] += t.params();
    CHECK(dec(by[ParamCategory::EmbeddingHead]) == "1323827200");
    CHECK(dec(by[ParamCategory::Attention]) == "5126488064");
    CHECK(dec(by[ParamCategory::DenseSharedFfn]) == "1415577600");
    CHECK(dec(by[ParamCategory::RoutedExperts]) == "543581798400");
    // Router and mHC projections, the RMSNorm vectors the generic code adds
    // (40·2·5120 + 5120 = 414,720) and the checkpoint's other vectors
    // (109,680; the book's calculator): 118,489,200.
    CHECK(dec(by[ParamCategory::Other]) == dec(117964800 + 414720 + 109680));
    // Projections 314,572,800 + lookup tables and gates 196,613,931,520.
    CHECK(dec(by[ParamCategory::Engram]) == "196928504320");
    const u128 backbone = total_params(m) - by[ParamCategory::Engram];
    CHECK(dec(backbone) == "551566180464");                          // 551.57B
    CHECK(dec(mul(selected_expert_params(m), 2)) == "16986931200");  // 15.820 GiB
}

TEST_CASE("V4.1 Table 2-D: the 8K prefill on the reference and CED paths") {
    const ModelSpec& m = model(kId);
    const ForwardResult ref = forward(m, v41_call(1, 0, 8192, "reference"));
    const ForwardResult ced = forward(m, v41_call(1, 0, 8192, "ced"));
    const Stages r = stages(ref, 8192, 8192), c = stages(ced, 8192, 128);
    CHECK(dec(r.encoder.num()) == "142138889207808");
    CHECK(dec(r.decoder_kv.num()) == "44023414784");
    CHECK(dec(r.decoder_rest.num()) == "140201993175040");
    CHECK(dec(r.head.num()) == "1323827200");
    CHECK(dec(ref.total.num()) == "282386229624832");
    CHECK(r.total() == ref.total);
    CHECK(dec(c.encoder.num()) == "141726572347392");
    CHECK(dec(c.decoder_kv.num()) == "44023414784");
    CHECK(dec(c.decoder_rest.num()) == "2174707302400");
    CHECK(dec(c.head.num()) == "1323827200");
    CHECK(dec(ced.total.num()) == "143946626891776");  // Table 2-C 143.95
    CHECK(c.total() == ced.total);
    // The default path of a CED model is "ced".
    CHECK(forward(m, v41_call(1, 0, 8192)).total == ced.total);
    // Rows of each stage: the CED decoder runs the last 128 positions but
    // projects global KV and index keys for all 8192.
    CHECK(item_per_call(ced, "dec_global_kv") == Ratio(2ULL * 8192 * 5120 * 512));
    CHECK(item_per_call(ced, "dec_index_key") == Ratio(2ULL * 8192 * 512 * 128));
    CHECK(item_per_call(ced, "enc_index_key") == Ratio(2ULL * 4096 * 512 * 128));
    CHECK(item_per_call(ced, "dec_q_down") == Ratio(2ULL * 128 * 5120 * 1280));
    // The replayed tail sees only replayed window entries: Σ_{i≤128} i.
    CHECK(item_per_call(ced, "dec_attn_window") == Ratio(131072ULL * 8256));
    CHECK(item_per_call(ref, "dec_attn_window") == Ratio(131072ULL * (8256 + 128 * (8192 - 128))));
    // Index scans: causal on CED, the rectangle before masking on reference.
    CHECK(item_per_call(ced, "enc_index_scan") == Ratio(8192ULL * 8192 * 8192 / 4));
    CHECK(item_per_call(ref, "enc_index_scan") == Ratio(8192ULL * 8192 * 4096));
    CHECK(item_value(ced, "enc_engram_kv") == Ratio(2ULL * 8192 * 314572800));
}

TEST_CASE("V4.1 interaction equals a per-token loop on both paths") {
    const ModelSpec& m = model(kId);
    for (const auto& shape : std::vector<std::pair<u128, u128>>{
             {0, 1}, {0, 7}, {0, 128}, {0, 129}, {0, 300}, {5, 3}, {200, 50}, {1000, 1}, {16383, 3}, {0, 2000}, {17, 140}}) {
        const u128 S = shape.first;  // not a structured binding: CAPTURE's lambda captures these (C++17, clang)
        const u128 P = shape.second;
        for (bool reference : {true, false}) {
            CAPTURE(dec(S));
            CAPTURE(dec(P));
            CAPTURE(reference);
            const ForwardResult f = forward(m, v41_call(1, S, P, reference ? "reference" : "ced"));
            Ratio attention, scan;
            for (const auto& it : f.items) {
                if (!it.interaction) continue;
                if (it.id.find("scan") != std::string::npos) {
                    scan = scan + it.value;
                } else {
                    attention = attention + it.value;
                }
            }
            const Brute b = brute(m, S, P, reference);
            CHECK(attention == Ratio(mul(131072, b.attended)));
            CHECK(scan == Ratio(mul(8192, b.scanned)));
            CHECK(f.interaction == attention + scan);
        }
    }
}

TEST_CASE("V4.1 decode steps: Table 2-E interaction and section 2.6.1 full steps") {
    const ModelSpec& m = model(kId);
    const ForwardResult d8k = forward(m, v41_call(1, 8192, 1));
    CHECK(dec(d8k.interaction.num()) == "3657474048");  // 3.66 GFLOPs
    CHECK(dec(d8k.total.num()) == "35917045760");       // Figure 2-29
    const ForwardResult d200k = forward(m, v41_call(1, 204800, 1));
    CHECK(dec(d200k.total.num()) == "40211980288");  // 40.21 GFLOPs
    const ForwardResult d1m = forward(m, v41_call(1, 1048575, 1));
    CHECK(dec(d1m.interaction.num()) == "25232932864");  // 25.23 GFLOPs
    CHECK(dec(d1m.total.num()) == "57492897792");        // 57.49 GFLOPs
    // One decode query: the paths coincide while the Reindex cap is not
    // reached; past it the reference rectangle scans the whole cache.
    for (u128 S : {0, 1, 100, 8192, 16383}) {
        CHECK(forward(m, v41_call(1, S, 1, "reference")).total == forward(m, v41_call(1, S, 1, "ced")).total);
    }
    CHECK(forward(m, v41_call(1, 16384, 1, "reference")).total != forward(m, v41_call(1, 16384, 1, "ced")).total);
    CHECK(dec(forward(m, v41_call(1, 1048575, 1, "reference")).total.num()) == "91315765248");
    // B requests: B times the work of one (head on B rows).
    CHECK(forward(m, v41_call(3, 8192, 1)).total == d8k.total * Ratio(3));
    CHECK(forward(m, v41_call(2, 0, 300)).total == forward(m, v41_call(1, 0, 300)).total * Ratio(2));
}

TEST_CASE("V4.1 section 2.6.3 request: S=0, P=128, G=4 is 4.14 TFLOPs") {
    const ModelSpec& m = model(kId);
    RequestShape r;
    r.input = 128;
    r.generated = 4;
    const RequestResult ced = request(m, layout("reference"), r);
    CHECK(dec(forward(m, v41_call(1, 0, 128)).total.num()) == "4036154621952");
    CHECK(dec(ced.total.num()) == "4136447803392");
    CHECK(dec(forward(m, v41_call(1, 128, 1)).total.num()) == "33426677760");
    CHECK(dec(forward(m, v41_call(1, 129, 1)).total.num()) == "33432117248");
    CHECK(dec(forward(m, v41_call(1, 130, 1)).total.num()) == "33434386432");
    r.execution = "reference";
    CHECK(dec(request(m, layout("reference"), r).total.num()) == "4136881389568");
}

TEST_CASE("V4.1 decode_growth equals the loop of forward() differences") {
    const ModelSpec& m = model(kId);
    for (u128 B : {1, 3}) {
        for (u128 H : {0, 1, 2, 100, 127, 128, 511, 512, 1022, 1023, 1024, 8191, 8192, 16380, 16383, 16384, 300001}) {
            for (u128 n : {1, 2, 3, 5, 8, 40}) {
                CAPTURE(dec(B));
                CAPTURE(dec(H));
                CAPTURE(dec(n));
                Ratio loop;
                for (u128 j = 0; j < n; ++j) loop = loop + forward(m, v41_call(B, H + j, 1)).total;
                const Ratio first = forward(m, v41_call(B, H, 1)).total * Ratio(n);
                // The signed closed form is exact everywhere.
                const v41::DecodeGrowth parts = v41::decode_growth_parts(m, B, H, n);
                CHECK(first + parts.plus - parts.minus == loop);
                // Steps may also shrink (the 2:1 owners' index keys stop on
                // odd steps): the generic sum carries both parts.
                CHECK(decode_flops_sum(m, B, H, n) == loop);
            }
        }
    }
}

TEST_CASE("V4.1 decode sums follow the execution path: the reference path's scan is not capped by the pool") {
    // Past 2 × 16,384 positions a Reindex layer scans at most the candidate
    // pool on the CED path but every stored entry on the reference path, so
    // the two paths' decode sums must differ there and each equal its own loop.
    const ModelSpec& m = model(kId);
    for (const std::string execution : {"reference", "ced"}) {
        for (u128 H : {0, 1000, 32766, 32767, 32768, 40000, 300001}) {
            for (u128 n : {1, 2, 7, 40}) {
                CAPTURE(execution);
                CAPTURE(dec(H));
                CAPTURE(dec(n));
                Ratio loop;
                for (u128 j = 0; j < n; ++j) loop = loop + forward(m, v41_call(2, H + j, 1, execution)).total;
                CHECK(decode_flops_sum(m, 2, H, n, execution) == loop);
            }
        }
    }
    CHECK(decode_flops_sum(m, 1, 40000, 40, "reference") != decode_flops_sum(m, 1, 40000, 40, "ced"));
}

TEST_CASE("V4.1 state: Figure 2-30 / Table 2-E reference layout") {
    const ModelSpec& m = model(kId);
    const StateResult s8k = state(m, 8192, layout("reference"));
    CHECK(dec(s8k.total.num()) == "31547392");  // 0.029 GiB
    CHECK(state_sum(s8k, {"enc_global_main", "dec_global_main"}) == Ratio(20971520));
    CHECK(state_sum(s8k, {"enc_global_index", "dec_global_index"}) == Ratio(5242880));
    CHECK(state_sum(s8k, {"window"}) == Ratio(5242880));
    CHECK(state_sum(s8k, {"enc_compressor"}) == Ratio(24576));
    CHECK(state_sum(s8k, {"token_history"}) == Ratio(65536));
    CHECK(s8k.per_token == Ratio(3200));
    CHECK(dec(state(m, 1048575, layout("reference")).total.num()) == "3369094136");  // 3.138 GiB
    CHECK(reads_only(s8k) == Ratio(38797312));
}

TEST_CASE("V4.1 section 2.3.6: production layout, growth per step, window writes") {
    const ModelSpec& m = model(kId);
    const StateOptions prod = layout("production");
    const StateResult s = state(m, 8192, prod);
    CHECK(s.per_token == Ratio(890));
    const auto global = {"enc_global_main", "enc_global_index", "dec_global_main", "dec_global_index"};
    CHECK(state_sum(s, global) == Ratio(7290880));      // 6.953 MiB
    CHECK(state_sum(s, {"window"}) == Ratio(2703360));  // 2.578 MiB
    CHECK(reads_only(s) == Ratio(11927552));            // 11.375 MiB exactly
    CHECK(reads_only(state(m, 8193, prod)) == Ratio(11927892));
    // Entry sizes: 288, 68 and 528 B.
    const StateResult one = state(m, 1, prod);
    CHECK(state_sum(one, {"dec_global_main"}) == Ratio(288));
    CHECK(state_sum(one, {"dec_global_index"}) == Ratio(68));
    CHECK(state_sum(one, {"write_window"}, true) == Ratio(40 * 528));
    // Global cache growth: 356 B onto an odd length, 1,424 B onto an even one.
    for (u128 N : {2, 8192, 1048576}) {
        CAPTURE(dec(N));
        const Ratio even = state_sum(state(m, N, prod), global);
        const Ratio odd = state_sum(state(m, N + 1, prod), global);
        const Ratio next_even = state_sum(state(m, N + 2, prod), global);
        CHECK(odd - even == Ratio(356));
        CHECK(next_even - odd == Ratio(1424));
        CHECK(state_sum(state(m, N + 1, prod), {"enc_write_global", "dec_write_global"}, true) == Ratio(356));
        CHECK(state_sum(state(m, N + 2, prod), {"enc_write_global", "dec_write_global"}, true) == Ratio(1424));
    }
    // Once full, every step still writes one window entry per layer.
    CHECK(state_sum(s, {"write_window"}, true) == Ratio(21120));
    CHECK(state_sum(state(m, 8193, prod), {"window"}) == Ratio(2703360));
}

TEST_CASE("V4.1 section 2.3.6: the candidate pool example") {
    const ModelSpec& m = model(kId);
    const Csa2Attention* builder = nullptr;
    for (const auto& g : m.groups) {
        const auto& a = std::get<Csa2Attention>(g.attention);
        if (a.builds_pool()) builder = &a;
    }
    REQUIRE(builder != nullptr);
    const v41::CandidatePool p = v41::candidate_pool(*builder, 131072);
    CHECK(p.blocks == 16384);
    CHECK(p.kept_blocks == 2048);
    CHECK(p.candidates == 16384);
    CHECK(p.selected == 512);
    CHECK(v41::candidate_pool(*builder, 1000).candidates == 1000);
    // A query facing 131,072 decoder entries: the Full layer scans them
    // all, each Reindex layer only the 16,384 candidates, and every global
    // layer reads 512.
    const ForwardResult f = forward(m, v41_call(1, 131071, 1));
    CHECK(item_per_call(f, "dec_index_scan") == Ratio(8192ULL * 131072));
    CHECK(item_per_call(f, "dec_reindex_scan") == Ratio(8192ULL * 16384));
    CHECK(item_per_call(f, "dec_attn_global") == Ratio(131072ULL * 512));
}

TEST_CASE("V4.1 DSpark / MTP is named, not silently zero") {
    CallShape c = v41_call(1, 8192, 1);
    c.mtp_steps = 1;
    const ForwardResult f = forward(model(kId), c);
    bool found = false;
    for (const auto& it : f.items) {
        if (it.id == "dspark") {
            found = true;
            CHECK(it.value == Ratio(0));
            CHECK(it.formula.find("未給出") != std::string::npos);
        }
    }
    CHECK(found);
    CHECK(f.total == forward(model(kId), v41_call(1, 8192, 1)).total);
}

TEST_CASE("V4.1 spec validation names the JSON path") {
    const api::Json base = model_json();
    CHECK(spec_error(base) == "");

    api::Json j = base;  // a Reindex group before the pool-building Full group
    std::swap(j["groups"][4], j["groups"][5]);
    CHECK(spec_error(j) == "model.groups[4].attention.mode");

    j = base;  // decoder Reuse of a 1:1 cache listed before its owner
    std::swap(j["groups"][4], j["groups"][6]);
    CHECK(spec_error(j) == "model.groups[4].attention.cache_ratio");

    j = base;  // Reuse of a ratio nobody owns
    j["groups"][2]["attention"]["cache_ratio"] = 4u;
    CHECK(spec_error(j) == "model.groups[2].attention.cache_ratio");

    j = base;
    j["groups"][0]["attention"]["mode"] = "hca";
    CHECK(spec_error(j) == "model.groups[0].attention.mode");

    j = base;  // an SWA-only layer has no global cache
    j["groups"][0]["attention"]["cache_ratio"] = 2u;
    CHECK(spec_error(j) == "model.groups[0].attention.cache_ratio");

    j = base;
    j["groups"][5]["attention"].erase("candidate_pool");
    CHECK(spec_error(j) == "model.groups[5].attention.candidate_pool");

    j = base;
    j["groups"][5]["attention"]["candidate_pool"]["blocks"] = 1024u;
    CHECK(spec_error(j) == "model.groups[5].attention.candidate_pool");

    j = base;  // a second pool builder
    j["groups"][1]["attention"]["candidate_pool"] = {{"blocks", 2048u}, {"block_size", 8u}};
    CHECK(spec_error(j) == "model.groups[4].attention.candidate_pool");

    j = base;
    j["groups"][5]["attention"]["top_k"] = 20000u;
    CHECK(spec_error(j) == "model.groups[5].attention.top_k");

    j = base;
    j["groups"][1]["attention"]["output_groups"] = 7u;
    CHECK(spec_error(j) == "model.groups[1].attention.output_groups");

    j = base;  // only Full layers store global entries
    j["groups"][2]["attention"]["production"]["main"] = {{"bits", 4u}};
    CHECK(spec_error(j) == "model.groups[2].attention.production.main");

    j = base;
    j["groups"][1]["attention"]["production"]["main"]["group_size"] = 0u;
    CHECK(spec_error(j) == "model.groups[1].attention.production.main.scale_bytes");

    j = base;
    j["groups"][3]["engram"]["n_gram"] = 3u;
    CHECK(spec_error(j) == "model.groups[3].engram.n_gram");

    j = base;
    j["groups"][0]["connection"]["streams"] = 0u;
    CHECK(spec_error(j) == "model.groups[0].connection.streams");

    // Parsed again after a failure, the model is checked afresh.
    CHECK(spec_error(base) == "");
}

TEST_CASE("V4.1 through the API: execution and layout fields") {
    Json f = result({{"op", "forward"}, {"model", kId}, {"input", 8192}, {"execution", "reference"}});
    CHECK(f["total"] == 282386229624832ULL);
    Json s = result({{"op", "state"}, {"model", kId}, {"tokens", 8192}, {"layout", "production"}});
    CHECK(s["bytes_per_token"] == 890);
    Json q = result({{"op", "request"}, {"model", kId}, {"input", 128}, {"generated", 4}});
    CHECK(q["total"] == 4136447803392ULL);
}
