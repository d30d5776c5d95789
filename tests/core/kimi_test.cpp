// Kimi K3 and DeepSeek-V3: MLA on the compact and expanded paths, KDA's
// chunked prefill (full and partial chunks), AttnRes, closed-form decode sums
// against explicit loops, and spec validation.  Reference values are exact
// integers from docs/derivations/kimi-k3.md.
#include "core/mechanisms/kimi.hpp"

#include <doctest/doctest.h>
#include <utility>

#include "api/errors.hpp"
#include "api/spec_json.hpp"
#include "core/format.hpp"
#include "core/forward.hpp"
#include "core/params.hpp"
#include "core/request.hpp"
#include "core/state.hpp"
#include "support.hpp"

using namespace tally;
using namespace tally::test;

namespace {

const u128 MiB = u128{1} << 20;
const u128 GiB = u128{1} << 30;
const u128 kOneM = 1048575;  // "1M": stored positions before the query

std::string printed(const Ratio& value, u128 unit, unsigned places) {
    std::string s = fixed(value / Ratio(unit), places), out;
    for (char c : s) {
        if (c != ',') out.push_back(c);
    }
    return out;
}

CallShape kimi_call(u128 b, u128 s, u128 p) { return CallShape{b, s, p, b}; }
StateOptions bf16() { return StateOptions{dtype("bf16")}; }

Ratio item_value(const Items& items, const std::string& id) {
    Ratio v;
    for (const auto& it : items) {
        if (it.id == id) v = v + it.value;
    }
    return v;
}

const LineItem* find_item(const Items& items, const std::string& id) {
    for (const auto& it : items) {
        if (it.id == id) return &it;
    }
    return nullptr;
}

u128 category(const ModelSpec& m, ParamCategory c) {
    u128 n = 0;
    for (const auto& t : weight_tensors(m)) {
        if (t.category == c) n += t.params();
    }
    return n;
}

// The catalog model with AttnRes replaced by a plain residual: the values the
// chapter and COUNTING.md determine without the assumed block layout.
ModelSpec without_attn_res(const ModelSpec& m) {
    ModelSpec copy = m;
    for (auto& g : copy.groups) g.connection = PlainResidual{};
    return copy;
}

ModelSpec with_mla_path(const ModelSpec& m, MlaPath path) {
    ModelSpec copy = m;
    for (auto& g : copy.groups) {
        if (auto* a = std::get_if<MlaAttention>(&g.attention)) a->path = path;
    }
    return copy;
}

// A small model of one group, for formulas checked term by term.
ModelSpec tiny(Attention attention, u64 layers = 2) {
    ModelSpec m;
    m.id = "tiny";
    m.hidden = 16;
    m.vocab = 32;
    LayerGroup g;
    g.layers = layers;
    g.attention = attention;
    g.ffn = DenseFfn{8};
    m.groups.push_back(g);
    return m;
}

MlaAttention tiny_mla(MlaPath path) {
    MlaAttention a;
    a.heads = 2;
    a.q_lora_rank = 4;
    a.kv_lora_rank = 3;
    a.rope_dim = 2;
    a.qk_nope_dim = 4;
    a.v_head_dim = 5;
    a.output_gate = true;
    a.path = path;
    return a;
}

KdaAttention tiny_kda() {
    KdaAttention k;
    k.heads = 2;
    k.key_dim = 3;
    k.value_dim = 5;
    k.decay_rank = 2;
    k.conv_kernel = 4;
    k.chunk = 4;
    return k;
}

// KDA chunk FLOPs with the pair counts taken by enumeration.
u128 chunk_by_enumeration(u128 c, u128 dk, u128 dv) {
    u128 lower = 0, causal = 0;
    for (u128 i = 0; i < c; ++i) {
        for (u128 j = 0; j <= i; ++j) {
            causal += 1;
            if (j < i) lower += 1;
        }
    }
    return 2 * lower * dk + 2 * lower * (dk + dv) + 6 * c * dk * dv + 2 * causal * (dk + dv);
}

}  // namespace

TEST_CASE("MLA rows on a small case: compact absorbs the up-projections, expanded caches every head") {
    const ModelSpec compact = tiny(tiny_mla(MlaPath::Compact));
    const ModelSpec expanded = tiny(tiny_mla(MlaPath::Expanded));
    const CallShape c = kimi_call(2, 3, 5);  // m = 10 rows, N_pair = 2·(5·3 + 15) = 60
    const Items ic = forward(compact, c).items, ie = forward(expanded, c).items;
    CHECK(item_value(ic, "mla_q_down") == Ratio(2 * 2 * 10 * 16 * 4));
    CHECK(item_value(ic, "mla_q_up") == Ratio(2 * 2 * 10 * 4 * (2 * 6)));
    CHECK(item_value(ic, "mla_kv_down") == Ratio(2 * 2 * 10 * 16 * 5));
    CHECK(item_value(ic, "mla_k_absorb") == Ratio(2 * 2 * 2 * 10 * 4 * 3));  // heads × 2·m·d_nope·c
    CHECK(item_value(ic, "mla_v_up") == Ratio(2 * 2 * 2 * 10 * 3 * 5));      // heads × 2·m·c·d_v
    CHECK(item_value(ic, "mla_attn") == Ratio(2 * 2 * 2 * ((3 + 2) + 3) * 60));
    CHECK(item_value(ie, "mla_kv_up") == Ratio(2 * 2 * 10 * 3 * (2 * (4 + 5))));
    CHECK(item_value(ie, "mla_attn") == Ratio(2 * 2 * 2 * ((4 + 2) + 5) * 60));
    CHECK(item_value(ic, "mla_out_gate") == Ratio(2 * 2 * 10 * 16 * 10));
    CHECK(item_value(ic, "mla_o_proj") == Ratio(2 * 2 * 10 * 10 * 16));
    CHECK(find_item(ie, "mla_k_absorb") == nullptr);
    CHECK(find_item(ic, "mla_kv_up") == nullptr);
    CHECK(find_item(ic, "mla_attn")->interaction);

    // The same up-projection weights either way; per-row work is the same too.
    CHECK(total_params(compact) == total_params(expanded));
    CHECK(item_value(ic, "mla_k_absorb") + item_value(ic, "mla_v_up") == item_value(ie, "mla_kv_up"));

    // Cache per position and layer: c + r values, or heads·(d_nope + r + d_v).
    CHECK(state(compact, 1, bf16()).per_token == Ratio(2 * (3 + 2) * 2));
    CHECK(state(expanded, 1, bf16()).per_token == Ratio(2 * 2 * (4 + 2 + 5) * 2));
    CHECK(state(expanded, 7, bf16()).decode_read_bytes == Ratio(7 * 2 * 2 * (4 + 2 + 5) * 2));

    // Without a query latent the query is one d → heads·(d_nope + r) matrix.
    MlaAttention direct = tiny_mla(MlaPath::Compact);
    direct.q_lora_rank = 0;
    const Items id = forward(tiny(direct), c).items;
    CHECK(find_item(id, "mla_q_down") == nullptr);
    CHECK(item_value(id, "mla_q_proj") == Ratio(2 * 2 * 10 * 16 * 12));
}

TEST_CASE("Kimi K3 MLA paths: 27,648 vs 1,474,560 B/token, 216 MiB vs 11.25 GiB at 8K") {
    const ModelSpec& k3 = model("kimi-k3");
    const ModelSpec expanded = with_mla_path(k3, MlaPath::Expanded);
    CHECK(state(k3, 1, bf16()).per_token == Ratio(27648));
    CHECK(state(expanded, 1, bf16()).per_token == Ratio(1474560));
    const StateResult sc = state(k3, 8192, bf16()), se = state(expanded, 8192, bf16());
    CHECK(item_value(sc.items, "mla_latent") == Ratio(24 * 8192 * 576 * 2));
    CHECK(printed(item_value(sc.items, "mla_latent"), MiB, 0) == "216");
    CHECK(item_value(se.items, "mla_kv") == Ratio(u128{12079595520}));
    CHECK(printed(item_value(se.items, "mla_kv"), GiB, 2) == "11.25");
    CHECK(printed(item_value(sc.reads, "mla_latent_read"), MiB, 0) == "216");

    // Same parameters and per-row FLOPs; only interaction and cache differ.
    const ModelSpec plain = without_attn_res(k3), plain_expanded = with_mla_path(plain, MlaPath::Expanded);
    CHECK(total_params(k3) == total_params(expanded));
    const ForwardResult dc = forward(plain, kimi_call(1, 8192, 1)), de = forward(plain_expanded, kimi_call(1, 8192, 1));
    CHECK(dc.interaction == Ratio(5013504) * Ratio(8193));
    CHECK(de.interaction == Ratio(1474560) * Ratio(8193));
    CHECK(dc.total - dc.interaction == de.total - de.interaction);
    CHECK(de.total == Ratio(u128{220429254656}));
    CHECK(forward(plain_expanded, kimi_call(1, kOneM, 1)).total == Ratio(u128{1754536411136}));
    CHECK(forward(plain_expanded, kimi_call(1, 0, 8192)).total == Ratio(u128{1744583335608320}));
}

TEST_CASE("KDA chunk FLOPs: COUNTING's 8,904,704 for a full chunk, partial tail chunks, S does not enter") {
    const ModelSpec& k3 = model("kimi-k3");
    const KdaAttention& kda = std::get<KdaAttention>(k3.groups[0].attention);
    for (u128 c = 0; c <= 64; ++c) {
        CAPTURE(dec(c));
        CHECK(mech::kda_chunk_flops(kda, c) == 640 * c * c + 98176 * c);
        CHECK(mech::kda_chunk_flops(kda, c) == chunk_by_enumeration(c, 128, 128));
    }
    CHECK(mech::kda_chunk_flops(kda, 64) == 8904704);
    CHECK(mech::kda_chunk_flops(kda, 36) == 4363776);
    CHECK(mech::kda_prefill_flops_per_head(kda, 100) == 8904704 + 4363776);
    CHECK(mech::kda_prefill_flops_per_head(kda, 8192) == 128 * u128{8904704});

    // A small KDA (d_k ≠ d_v, chunk 4) against an explicit walk over chunks.
    const KdaAttention small = tiny_kda();
    const ModelSpec m = tiny(small, 3);
    for (u128 p : {2, 3, 4, 5, 8, 11}) {
        for (u128 s : {0, 1, 9}) {
            CAPTURE(dec(p));
            CAPTURE(dec(s));
            u128 walk = 0;
            for (u128 start = 0; start < p; start += 4) walk += chunk_by_enumeration(std::min<u128>(4, p - start), 3, 5);
            const ForwardResult r = forward(m, kimi_call(2, s, p));  // keep the items alive
            const LineItem* rec = find_item(r.items, "kda_recurrence");
            REQUIRE(rec != nullptr);
            CHECK(rec->value == Ratio(3 * 2 * 2 * walk));  // layers × B × heads × chunks
        }
    }
    // Decode is the recurrent path: scalar work, as is the short convolution.
    const Items decode = forward(m, kimi_call(2, 9, 1)).items;
    CHECK(find_item(decode, "kda_recurrence")->value == Ratio(0));
    CHECK(find_item(decode, "kda_conv")->value == Ratio(0));
    // Separate Q/K and V rows when d_k ≠ d_v.
    CHECK(item_value(decode, "kda_qk") == Ratio(3 * 2 * 2 * 2 * 16 * 6));
    CHECK(item_value(decode, "kda_v") == Ratio(3 * 2 * 2 * 16 * 10));
}

TEST_CASE("KDA state: 6 MiB per layer, 414 MiB, 828 MiB read+write, 19.4 MiB conv, one row across groups") {
    const StateResult s = state(model("kimi-k3"), 8192, bf16());
    const LineItem* rec = find_item(s.items, "kda_recurrent");
    REQUIRE(rec != nullptr);
    CHECK(rec->layers == 69);  // layer 0 (dense FFN) and the 68 MoE KDA layers fold into one row
    CHECK(rec->per_call == Ratio(6 * MiB));
    CHECK(rec->value == Ratio(414 * MiB));
    CHECK(item_value(s.reads, "kda_recurrent_rw") == Ratio(828 * MiB));
    CHECK(item_value(s.items, "kda_conv") == Ratio(20348928));
    CHECK(printed(item_value(s.items, "kda_conv"), MiB, 1) == "19.4");
    CHECK(s.total == Ratio(680951808));
    CHECK(printed(s.total, MiB, 1) == "649.4");
    size_t kda_rows = 0;
    for (const auto& it : s.items) kda_rows += it.id == "kda_recurrent" ? 1 : 0;
    CHECK(kda_rows == 1);
}

TEST_CASE("Kimi K3 exact totals without AttnRes (docs §5) and with the book's calculator's AttnRes") {
    const ModelSpec& k3 = model("kimi-k3");
    const ModelSpec plain = without_attn_res(k3);
    CHECK(forward(plain, kimi_call(1, 0, 100)).total == Ratio(u128{20715494850560}));
    CHECK(forward(plain, kimi_call(1, 4096, 4096)).total == Ratio(u128{973730037628928}));
    CHECK(forward(plain, kimi_call(4, 1000, 65)).total == Ratio(u128{55154316738560}));
    CHECK(forward(plain, kimi_call(2, 8192, 1)).total == Ratio(u128{498847645696}));

    // Without AttnRes the chapter's 1863.46 and 5465.40 are one digit off.
    const Ratio prefill = forward(plain, kimi_call(1, 0, 8192)).total;
    const Ratio decode = forward(plain, kimi_call(1, kOneM, 1)).total;
    CHECK(prefill == Ratio(u128{1863345086922752}));
    CHECK(printed(prefill, 1000000000000ULL, 2) == "1863.35");
    CHECK(decode == Ratio(u128{5465388154880}));
    CHECK(printed(decode, 1000000000, 2) == "5465.39");

    // AttnRes per sublayer (the book's calculator): 2·7168·1,002 =
    // 14,364,672 FLOPs per token position give the printed 1863.46 and 5465.40.
    const Ratio prefill_x = forward(k3, kimi_call(1, 0, 8192)).total;
    const Ratio decode_x = forward(k3, kimi_call(1, kOneM, 1)).total;
    CHECK(prefill_x - prefill == Ratio(u128{8192} * 14364672));
    CHECK(prefill_x == Ratio(u128{1863462762315776}));
    CHECK(printed(prefill_x, 1000000000000ULL, 2) == "1863.46");
    CHECK(decode_x - decode == Ratio(14364672));
    CHECK(decode_x == Ratio(u128{5465402519552}));
    CHECK(printed(decode_x, 1000000000, 2) == "5465.40");

    // Interaction (Table 2-E): compact MLA only; 41.08 and 5257.04 GFLOPs.
    CHECK(forward(k3, kimi_call(1, 8192, 1)).interaction == Ratio(u128{41075638272}));
    CHECK(forward(k3, kimi_call(1, kOneM, 1)).interaction == Ratio(u128{5257039970304}));

    // §2.6.3: 27.16 TFLOPs with or without the AttnRes term.
    const RequestShape r{1, 0, 128, 4};
    CHECK(request(plain, bf16(), r).total == Ratio(u128{27156629553152}));
    CHECK(request(k3, bf16(), r).total == Ratio(u128{27158511325184}));
    CHECK(printed(request(plain, bf16(), r).total, 1000000000000ULL, 2) == "27.16");
}

namespace {

// AttnRes as a walk over sublayers with an explicit list of saved candidates:
// the stack the book's calculator describes, written independently of
// attn_res_mixing().  Returns {mixings, candidates}.
std::pair<u128, u128> attn_res_walk(u64 block, bool embedding, u128 L) {
    u128 saved = embedding ? 1 : 0;  // the embedding, then each completed block
    bool partial = false;            // the block being filled holds something
    u128 mixings = 0, candidates = 0;
    auto mix = [&]() {
        const u128 n = saved + (partial ? 1 : 0);
        if (n >= 2) {
            ++mixings;
            candidates += n;
        }
    };
    for (u128 j = 0; j < L; ++j) {
        if (j != 0 && j % block == 0) {  // this layer starts a new block: save the full one
            ++saved;
            partial = false;
        }
        mix();  // before attention
        partial = true;
        mix();  // before the FFN
    }
    if (L != 0) mix();  // before the output
    return {mixings, candidates};
}

}  // namespace

TEST_CASE("AttnRes per sublayer: 186 mixings over 1,002 candidates, one row for the whole stack") {
    for (u64 b = 1; b <= 13; ++b) {
        for (bool e : {true, false}) {
            AttnResConnection a;
            a.block_layers = b;
            a.embedding_source = e;
            for (u128 L = 0; L <= 40; ++L) {
                CAPTURE(b);
                CAPTURE(dec(L));
                const auto walk = attn_res_walk(b, e, L);
                const mech::AttnResMixing mix = mech::attn_res_mixing(a, L);
                CHECK(mix.mixings == walk.first);
                CHECK(mix.candidates == walk.second);
            }
        }
    }
    AttnResConnection twelve;
    twelve.block_layers = 12;
    twelve.key_norm = true;
    const mech::AttnResMixing k3_mix = mech::attn_res_mixing(twelve, 93);
    CHECK(k3_mix.mixings == 186);  // 92 before attention (layer 0 sees only the embedding), 93 before the FFN, 1 final
    CHECK(k3_mix.candidates == 1002);

    // Three groups (1 + 68 + 24 layers) give one row of 1,002 candidates, the
    // same as one group of 93 layers: 2·d per candidate and row.
    const Items items = forward(model("kimi-k3"), kimi_call(1, 0, 8)).items;
    const LineItem* row = find_item(items, "attn_res");
    REQUIRE(row != nullptr);
    CHECK(row->layers == 1002);
    CHECK(row->per_call == Ratio(2 * 8 * 7168));
    CHECK(forward(model("kimi-k3"), kimi_call(1, 0, 1)).total -
              forward(without_attn_res(model("kimi-k3")), kimi_call(1, 0, 1)).total ==
          Ratio(14364672));
    size_t rows = 0;
    for (const auto& it : items) rows += it.id.rfind("attn_res", 0) == 0 ? 1 : 0;
    CHECK(rows == 1);
    ModelSpec one = tiny(tiny_kda(), 93);
    one.hidden = 7168;
    one.groups[0].connection = twelve;
    CHECK(item_value(forward(one, kimi_call(1, 0, 8)).items, "attn_res") == row->value);
    // Parameters: a query and a candidate norm before each sublayer, and one
    // pair before the output: (4·93 + 2)·7168 = 2,680,832.
    u128 attn_res_params = 0;
    for (const auto& t : weight_tensors(one)) {
        if (t.id.rfind("attn_res", 0) == 0) attn_res_params += t.params();
    }
    CHECK(attn_res_params == 2680832);
    // Depth mixing keeps no context state and does not grow with context.
    CHECK(state(one, 100, bf16()).total == state(tiny(tiny_kda(), 93), 100, bf16()).total);
}

TEST_CASE("decode_flops_sum equals an explicit loop of forward() calls") {
    const ModelSpec& k3 = model("kimi-k3");
    const ModelSpec& v3 = model("deepseek-v3");
    const ModelSpec k3_expanded = with_mla_path(k3, MlaPath::Expanded);
    const ModelSpec small_mla = tiny(tiny_mla(MlaPath::Compact)), small_kda = tiny(tiny_kda(), 3);
    for (const ModelSpec* m : {&k3, &v3, &k3_expanded, &small_mla, &small_kda}) {
        for (u128 batch : {1, 3}) {
            for (u128 H : {0, 5, 8192}) {
                for (u128 n : {0, 1, 2, 5, 8}) {
                    CAPTURE(m->id);
                    CAPTURE(dec(H));
                    CAPTURE(dec(n));
                    Ratio loop;
                    for (u128 j = 0; j < n; ++j) loop = loop + forward(*m, kimi_call(batch, H + j, 1)).total;
                    CHECK(decode_flops_sum(*m, batch, H, n) == loop);
                }
            }
        }
    }
    // The MLA module alone: Σ_{j<n} [F(H+j) − F(H)] of its attention row.
    const MlaAttention& mla = std::get<MlaAttention>(k3.groups[2].attention);
    const Ratio f0 = item_value(forward(k3, kimi_call(2, 100, 1)).items, "mla_attn");
    Ratio growth;
    for (u128 j = 0; j < 6; ++j) growth = growth + item_value(forward(k3, kimi_call(2, 100 + j, 1)).items, "mla_attn") - f0;
    CHECK(mech::decode_growth(mla, k3, 2, 100, 6, 24) == growth);
}

TEST_CASE("Kimi K3 parameters: Table 2-B, 90.562 GiB selected, 97–98 % routed") {
    const ModelSpec& k3 = model("kimi-k3");
    CHECK(category(k3, ParamCategory::EmbeddingHead) == 2348810240);
    CHECK(category(k3, ParamCategory::Attention) == 36179705856);
    CHECK(category(k3, ParamCategory::DenseSharedFfn) == 12881756160);
    CHECK(category(k3, ParamCategory::RoutedExperts) == 2722740830208);
    CHECK(category(k3, ParamCategory::Engram) == 0);
    // Matrices 5,317,853,184 + RMSNorms 1,340,416 + conv kernels 10,174,464 +
    // the vectors the book's calculator sizes (4,005,472): Table 2-B's 5.333.
    CHECK(category(k3, ParamCategory::Other) == 5333373536);
    CHECK(printed(Ratio(category(k3, ParamCategory::Other)), 1000000000, 3) == "5.333");
    CHECK(total_params(k3) == u128{2779484476000});
    const u128 total = total_params(k3);
    CHECK(printed(Ratio(total), 1000000000000ULL, 2) == "2.78");
    const Ratio share = Ratio(category(k3, ParamCategory::RoutedExperts) * 100) / Ratio(total);
    CHECK(printed(share, 1, 2) == "97.96");
    const Ratio selected(selected_expert_params(k3) * 2);
    CHECK(selected == Ratio(97240743936));
    CHECK(printed(selected, GiB, 3) == "90.562");  // 90.5625: ties to even
}

TEST_CASE("Kimi K3 state growth: 0.634 / 27.423 GiB, H* = 49,312/3, Exercise 2-5") {
    const ModelSpec& k3 = model("kimi-k3");
    CHECK(printed(state(k3, 8192, bf16()).total, GiB, 3) == "0.634");
    CHECK(state(k3, kOneM, bf16()).total == Ratio(29445460992));
    CHECK(printed(state(k3, kOneM, bf16()).total, GiB, 3) == "27.423");
    const StateResult one = state(k3, 1, bf16());
    const Ratio fixed_bytes = one.total - one.per_token;
    CHECK(fixed_bytes == Ratio(454459392));
    CHECK(printed(fixed_bytes, MiB, 3) == "433.406");
    CHECK(fixed_bytes / one.per_token == Ratio(49312, 3));
    CHECK(state(k3, 32768, bf16()).total == Ratio(1360429056));
    CHECK(state(k3, 131072, bf16()).total == Ratio(4078338048));
    CHECK(fixed_bytes > Ratio(256 * MiB));  // a 256 MiB budget holds no context at all
    // Final state of the P=128, G=4 request: 131 positions.
    CHECK(request(k3, bf16(), RequestShape{1, 0, 128, 4}).final_kv_bytes == Ratio(131 * 27648));
}

TEST_CASE("DeepSeek-V3 (Table 2-3): expanded MLA widths, 81,920 FLOPs per pair and layer") {
    const ModelSpec& v3 = model("deepseek-v3");
    CHECK(v3.total_layers() == 61);
    const Items items = forward(v3, kimi_call(1, 0, 1)).items;  // m = 1, N_pair = 1
    CHECK(find_item(items, "mla_attn")->per_call == Ratio(2 * 128 * (192 + 128)));
    CHECK(find_item(items, "mla_kv_up")->per_call == Ratio(2 * 512 * 32768));
    CHECK(find_item(items, "mla_q_up")->per_call == Ratio(2 * 1536 * 24576));
    CHECK(find_item(items, "mla_o_proj")->per_call == Ratio(2 * 16384 * 7168));
    CHECK(find_item(items, "mla_attn")->layers == 61);
    CHECK(find_item(items, "ffn")->layers == 3);
    CHECK(find_item(items, "routed_experts")->per_call == Ratio(6 * 8 * 7168 * 2048));
    CHECK(state(v3, 1, bf16()).per_token == Ratio(61 * 128 * (192 + 128) * 2));
    // Not a chapter number: the public total (671B without MTP) as a sanity check.
    CHECK(total_params(v3) == 671026419200);
}

TEST_CASE("MLA, KDA and AttnRes specs: bad fields are rejected with their JSON path") {
    const Json mla = {{"kind", "mla"},  {"heads", 4u},        {"q_lora_rank", 64u}, {"kv_lora_rank", 32u},
                      {"rope_dim", 8u}, {"qk_nope_dim", 16u}, {"v_head_dim", 16u}};
    const Json kda = {{"kind", "kda"}, {"heads", 4u}, {"key_dim", 16u}, {"value_dim", 16u}, {"decay_rank", 8u}};
    auto spec = [](const Json& attention, const Json& connection) {
        Json g = {{"layers", 2u}, {"attention", attention}, {"ffn", {{"kind", "dense"}, {"intermediate", 64u}}}};
        if (!connection.is_null()) g["connection"] = connection;
        return Json{{"id", "t"}, {"hidden", 64u}, {"vocab", 100u}, {"groups", Json::array({g})}};
    };
    auto field_of = [](const Json& j) -> std::string {
        try {
            api::parse_model(j, "");
        } catch (const api::FieldError& e) {
            CHECK(std::string(e.what()).find(e.field) != std::string::npos);  // the message names the path
            return e.field;
        }
        return "";
    };
    // The valid specs parse, with the defaults the chapter uses.
    const ModelSpec ok = api::parse_model(spec(mla, nullptr), "");
    CHECK(std::get<MlaAttention>(ok.groups[0].attention).path == MlaPath::Compact);
    CHECK(std::get<MlaAttention>(ok.groups[0].attention).rope);
    const ModelSpec ok_kda = api::parse_model(spec(kda, {{"kind", "attn_res"}, {"block_layers", 2u}}), "");
    CHECK(std::get<KdaAttention>(ok_kda.groups[0].attention).chunk == 64);
    CHECK(std::get<AttnResConnection>(ok_kda.groups[0].connection).embedding_source);

    auto with = [](Json j, const std::string& key, const Json& value) {
        j[key] = value;
        return j;
    };
    CHECK(field_of(spec(with(mla, "kv_rank", 32u), nullptr)) == "groups[0].attention.kv_rank");
    CHECK(field_of(spec(with(mla, "path", "sideways"), nullptr)) == "groups[0].attention.path");
    CHECK(field_of(spec(with(with(mla, "rope_dim", 0u), "rope", false), nullptr)) == "groups[0].attention.rope");
    CHECK(field_of(spec(with(mla, "kv_lora_rank", 128u), nullptr)) == "groups[0].attention.kv_lora_rank");
    CHECK(field_of(spec(with(mla, "q_lora_rank", 96u), nullptr)) == "groups[0].attention.q_lora_rank");
    CHECK(field_of(spec(with(mla, "heads", 0u), nullptr)) == "groups[0].attention.heads");
    CHECK(field_of(spec(with(with(mla, "heads", 65536u), "qk_nope_dim", 1000u), nullptr)) == "groups[0].attention.heads");
    Json no_v = mla;
    no_v.erase("v_head_dim");
    CHECK(field_of(spec(no_v, nullptr)) == "groups[0].attention.v_head_dim");

    CHECK(field_of(spec(with(kda, "decay_rank", 64u), nullptr)) == "groups[0].attention.decay_rank");
    CHECK(field_of(spec(with(kda, "chunk", 0u), nullptr)) == "groups[0].attention.chunk");
    CHECK(field_of(spec(with(kda, "conv", 4u), nullptr)) == "groups[0].attention.conv");
    Json no_rank = kda;
    no_rank.erase("decay_rank");
    CHECK(field_of(spec(no_rank, nullptr)) == "groups[0].attention.decay_rank");

    CHECK(field_of(spec(kda, {{"kind", "attn_res"}, {"block_layers", 0u}})) == "groups[0].connection.block_layers");
    CHECK(field_of(spec(kda, {{"kind", "attn_res"}})) == "groups[0].connection.block_layers");
    CHECK(field_of(spec(kda, {{"kind", "attn_res"}, {"block_layers", 2u}, {"blocks", 4u}})) == "groups[0].connection.blocks");
    CHECK(field_of(spec(kda, {{"kind", "attn_res"}, {"block_layers", 2u}, {"key_norm", "yes"}})) ==
          "groups[0].connection.key_norm");
}

TEST_CASE("API: Kimi K3 rows carry their formulas and the AttnRes layout is no longer an assumption") {
    Json f = result({{"op", "forward"}, {"model", "kimi-k3"}, {"input", 8192}});
    CHECK(f["display"] == "1.86 PFLOPs");
    const Json& attn_res = json_item_named(f["items"], "attn_res");
    CHECK(attn_res["label"].get<std::string>().find("假設") == std::string::npos);
    CHECK(attn_res["substituted"] == "2×8192×7168×1002");
    CHECK(attn_res["shape"].get<std::string>().find("186 次混合") != std::string::npos);
    CHECK(json_item_named(f["items"], "mla_attn")["substituted"] == "2×96×(576+512)×33558528");
    CHECK(json_item_named(f["items"], "kda_recurrence")["substituted"] == "1×96×(128×8904704+0)");
    Json s = result({{"op", "state"}, {"model", "kimi-k3"}, {"tokens", 8192}});
    CHECK(s["display"] == "649.406 MiB");
    CHECK(s["bytes_per_token"] == 27648);
}
