// Chapter 8's memory ops (§8.1.2, §8.3.1, §8.4.2, §8.4.3):
//   kv_admission    blocks a request allocates, with a shared prefix, in BF16 / q8_0 / q4_0,
//                   and how many requests a KV budget admits (Table 8.1.2-a, Exercises 8-1, 8-3, 8-6)
//   paging_layout   pages, unused tail slots and block-table entries of sequences (Exercise 8-3)
//   weight_offload  memory freed by keeping FFN weights in host memory and the copies each step
//                   then needs (Exercise 8-5)
#include "api/ops/ch08/ops.hpp"
#include "kv_bytes.hpp"
#include "rates.hpp"
#include "read.hpp"

#include "api/catalog.hpp"
#include "api/errors.hpp"
#include "api/positive_decimal.hpp"
#include "api/ops/request_readers.hpp"
#include "core/ch08/kv_admission.hpp"
#include "core/ch08/paging.hpp"
#include "core/ch08/weight_offload.hpp"
#include "core/format.hpp"
#include "core/messages.hpp"
#include "core/units.hpp"

namespace tally::api {

namespace {

// ---- kv_admission ------------------------------------------------------------

// Bytes in MiB as the chapter prints them ("1,188 MiB", "631.125 MiB"): Table 8.1.2-a
// and the planner compare requests in MiB, where the binary-prefix text says "1.16 GiB".
std::string mib_text(const Ratio& bytes) { return trimmed(bytes / kMiB, 3) + " MiB"; }

constexpr FieldDecl kKvAdmissionFields[] = {
    fields::kModel,
    field::integer("input", 1, kMaxPositions),
    field::integer("generated", 1, kMaxPositions),
    field::integer("block", 1, 1 << 16, "16"),
    field::integer("shared_prefix", 0, kMaxPositions, "0"),
    field::of_kind("budget_gib", FieldKind::Decimal, "12"),
    field::of_kind("extra_mib", FieldKind::Decimal, "0"),
    field::integer("requests", 1, kMaxRequests, "1"),
    field::of_kind("kv_format", FieldKind::Text, "bf16"),
};

Json op_kv_admission(const Json& req) {
    RequestFields f(req, kKvAdmissionFields);
    const ModelSpec m = model_of(f);
    ch08::KvAdmissionInput in;
    in.input = f.integer("input");
    in.outputs = f.integer("generated");
    in.block = f.integer_or("block");
    in.shared_prefix = f.integer_or("shared_prefix");
    // A prefix as long as the input would leave a request nothing of its own.
    if (in.shared_prefix >= in.input) {
        throw FieldError("shared_prefix", msg::ch08_prefix_below_input, {{"label", ch08_fields::label("shared_prefix")}});
    }
    in.budget_bytes = ch08_fields::positive_or(f, "budget_gib", "12") * kGiB;
    in.extra_bytes = ch08_fields::nonnegative_or(f, "extra_mib", "0") * kMiB;
    in.requests = f.integer_or("requests");
    const std::string format = ch08_kv::format_of(f);
    in.bytes_per_token = ch08_kv::bytes_per_position(m, format);
    const ch08::KvAdmission a = ch08::kv_admission(in);
    Json r;
    r["model"] = m.id;
    r["kv_format"] = format;
    r["bytes_per_token"] = exact_json(in.bytes_per_token);
    r["written_positions"] = exact_json(Ratio(a.written_positions));
    r["allocated_positions"] = exact_json(Ratio(a.allocated_positions));
    r["shared_positions"] = exact_json(Ratio(a.shared_positions));
    r["private_positions"] = exact_json(Ratio(a.private_positions));
    r["prefill_bytes"] = exact_json(a.prefill_bytes);
    r["prefill_mib_display"] = mib_text(a.prefill_bytes);
    r["allocated_bytes"] = exact_json(a.allocated_bytes);
    r["allocated_display"] = bytes_binary_text(a.allocated_bytes);
    r["allocated_mib_display"] = mib_text(a.allocated_bytes);
    r["shared_bytes"] = exact_json(a.shared_bytes);
    r["private_bytes"] = exact_json(a.private_bytes);
    r["total_bytes"] = exact_json(a.total_bytes);
    r["total_display"] = bytes_binary_text(a.total_bytes);
    r["total_mib_display"] = mib_text(a.total_bytes);
    r["independent_total_bytes"] = exact_json(a.independent_total_bytes);
    r["budget_bytes"] = exact_json(in.budget_bytes);
    r["budget_display"] = bytes_binary_text(in.budget_bytes);  // "12 GiB", where the bytes read 12,884,901,888
    r["fits"] = a.fits;
    r["max_requests"] = exact_json(Ratio(a.max_requests));
    r["prefill_sized_requests"] = exact_json(Ratio(a.prefill_sized_requests));
    r["prefill_sized_final_bytes"] = exact_json(a.prefill_sized_final_bytes);
    return r;
}

constexpr ResultDecl kKvAdmissionResult[] = {
    result::text("model"),
    result::text("kv_format"),
    result::exact("bytes_per_token"),
    result::exact("written_positions"),
    result::exact("allocated_positions"),
    result::exact("shared_positions"),
    result::exact("private_positions"),
    result::exact("prefill_bytes"),
    result::display("prefill_mib_display"),
    result::exact("allocated_bytes"),
    result::display("allocated_display"),
    result::display("allocated_mib_display"),
    result::exact("shared_bytes"),
    result::exact("private_bytes"),
    result::exact("total_bytes"),
    result::display("total_display"),
    result::display("total_mib_display"),
    result::exact("independent_total_bytes"),
    result::exact("budget_bytes"),
    result::display("budget_display"),
    result::flag("fits"),
    result::exact("max_requests"),
    result::exact("prefill_sized_requests"),
    result::exact("prefill_sized_final_bytes"),
};
constexpr const char* kKvAdmissionSamples[] = {
    R"({"op":"kv_admission","model":"qwen3-8b","input":2048,"generated":256})",
    R"({"op":"kv_admission","model":"qwen3-8b","input":8192,"generated":256,"shared_prefix":6144,"requests":16})",
    R"({"op":"kv_admission","model":"qwen3-8b","input":8192,"generated":256,"kv_format":"q8_0","requests":16})",
    R"({"op":"kv_admission","model":"qwen3-8b","input":8192,"generated":256,"shared_prefix":6144,"requests":16,"extra_mib":"3188","budget_gib":"6"})",
};

// ---- paging_layout -----------------------------------------------------------

constexpr std::size_t kMaxSequences = 64;

constexpr FieldDecl kPagingFields[] = {
    field::of_kind("lengths", FieldKind::List),
    field::integer("page_tokens", 1, 1 << 16, "16"),
};

std::vector<u128> lengths_of(const Json& req) {
    if (!req.contains("lengths") || !req["lengths"].is_array() || req["lengths"].empty() ||
        req["lengths"].size() > kMaxSequences) {
        throw FieldError("lengths", msg::ch08_list_size,
                         {{"label", ch08_fields::label("lengths")}, {"max", std::to_string(kMaxSequences)}});
    }
    std::vector<u128> out;
    const Json& list = req["lengths"];
    for (std::size_t i = 0; i < list.size(); ++i) {
        const std::string path = "lengths[" + std::to_string(i) + "]";
        const Json& v = list[i];
        if (!v.is_number_unsigned() || v.get<std::uint64_t>() < 1 || v.get<std::uint64_t>() > kMaxPositions) {
            throw FieldError(path, msg::ch08_count_range,
                             {{"label", path}, {"min", "1"}, {"max", to_decimal(kMaxPositions)}, {"received", received_text(v)}});
        }
        out.push_back(v.get<std::uint64_t>());
    }
    return out;
}

Json op_paging_layout(const Json& req) {
    RequestFields f(req, kPagingFields);
    const std::vector<u128> lengths = lengths_of(req);
    const ch08::Paging p = ch08::paging(lengths, f.integer_or("page_tokens"));
    Json sequences = Json::array();
    for (std::size_t i = 0; i < p.sequences.size(); ++i) {
        const ch08::PagedSequence& s = p.sequences[i];
        sequences.push_back({{"id", std::to_string(i)},
                             {"length", exact_json(Ratio(s.length))},
                             {"pages", exact_json(Ratio(s.pages))},
                             {"slots", exact_json(Ratio(s.slots))},
                             {"unused", exact_json(Ratio(s.unused))}});
    }
    Json r;
    r["sequences"] = sequences;
    r["slots"] = exact_json(Ratio(p.slots));
    r["unused"] = exact_json(Ratio(p.unused));
    r["entries"] = exact_json(Ratio(p.entries));
    return r;
}

constexpr ResultDecl kPagedSequenceItems[] = {
    result::text("id"), result::exact("length"), result::exact("pages"), result::exact("slots"), result::exact("unused"),
};
constexpr ResultDecl kPagingResult[] = {
    result::list("sequences", kPagedSequenceItems),
    result::exact("slots"),
    result::exact("unused"),
    result::exact("entries"),
};
constexpr const char* kPagingSamples[] = {
    R"({"op":"paging_layout","lengths":[9,13,5,15],"page_tokens":4})",
    R"({"op":"paging_layout","lengths":[2303]})",
};

// ---- weight_offload ----------------------------------------------------------

constexpr FieldDecl kWeightOffloadFields[] = {
    fields::kModel,
    field::integer("layers", 1, 4096),
    field::integer("buffers", 1, 4096, "1"),
    field::of_kind("link_gbps", FieldKind::Decimal),
    fields::kGpu,
    field::integer("decode_steps", 1, kMaxPositions, "255"),
    field::of_kind("copy_budget_seconds", FieldKind::Decimal),
    field::integer("input", 1, kMaxPositions, "8192"),
    field::integer("generated", 1, kMaxPositions, "256"),
    field::integer("block", 1, 1 << 16, "16"),
};

// One layer's SwiGLU FFN in BF16: gate, up and down, 3·d·f values of 2 bytes.
Ratio ffn_layer_bytes(const ModelSpec& m) {
    for (const LayerGroup& g : m.groups) {
        if (const auto* dense = std::get_if<DenseFfn>(&g.ffn)) return Ratio(mul(3, m.hidden, dense->intermediate, 2));
    }
    throw FieldError("model", msg::ch08_offload_dense_only, {{"label", ch08_fields::label("model")}, {"id", m.id}});
}

Json op_weight_offload(const Json& req) {
    RequestFields f(req, kWeightOffloadFields);
    const ModelSpec m = model_of(f);
    ch08::OffloadInput in;
    in.layers = f.integer("layers");
    in.buffers = f.integer_or("buffers");
    if (in.buffers > in.layers) {
        throw FieldError("buffers", msg::ch08_buffers_above_layers, {{"label", ch08_fields::label("buffers")}});
    }
    in.layer_bytes = ffn_layer_bytes(m);
    in.link_bytes_per_second = ch08_rates::link_bytes_per_second(f);
    in.steps = f.integer_or("decode_steps");
    if (f.has("copy_budget_seconds")) in.copy_budget_seconds = ch08_fields::positive(f, "copy_budget_seconds");
    // What the freed memory holds, as kv_admission counts it: the input's KV, and the complete request's blocks.
    ch08::KvAdmissionInput one;
    one.bytes_per_token = ch08_kv::bytes_per_position(m, "bf16");
    one.input = f.integer_or("input");
    one.outputs = f.integer_or("generated");
    one.block = f.integer_or("block");
    const ch08::KvAdmission request = ch08::kv_admission(one);
    in.input_state_bytes = request.prefill_bytes;
    in.complete_state_bytes = request.allocated_bytes;
    const ch08::Offload o = ch08::weight_offload(in);
    Json r;
    r["layer_bytes"] = exact_json(in.layer_bytes);
    // Figure 8-24: what leaves the card (n layers), the buffers that stay, and the net space freed.
    r["offloaded_bytes"] = exact_json(o.copy_bytes_per_step);
    r["offloaded_display"] = bytes_binary_text(o.copy_bytes_per_step);
    r["buffer_bytes"] = exact_json(o.buffer_bytes);
    r["buffer_display"] = bytes_binary_text(o.buffer_bytes);
    r["freed_bytes"] = exact_json(o.freed_bytes);
    r["freed_display"] = bytes_binary_text(o.freed_bytes);
    r["freed_mib_display"] = mib_text(o.freed_bytes);  // §8.4.3's table: 2,304 / 2,016 MiB
    r["input_state_bytes"] = exact_json(in.input_state_bytes);
    r["complete_state_bytes"] = exact_json(in.complete_state_bytes);
    r["extra_inputs"] = exact_json(Ratio(o.extra_inputs));
    r["extra_requests"] = exact_json(Ratio(o.extra_requests));
    r["link_gbps"] = exact_json(in.link_bytes_per_second / kGiga);
    r["copy_bytes_per_step"] = exact_json(o.copy_bytes_per_step);
    r["copy_ms_per_step"] = exact_json(o.copy_ms_per_step);
    r["copy_ms_per_step_display"] = fixed(o.copy_ms_per_step, 1) + " ms";  // 42.5 ms, 6.0 ms as §8.4.2 prints
    r["copy_seconds_total"] = exact_json(o.copy_seconds_total);
    r["copy_seconds_total_display"] = fixed(o.copy_seconds_total, 2) + " s";  // 10.83 s, 1.54 s (Exercise 8-5)
    r["needed_gbps"] = o.needed_bytes_per_second ? exact_json(*o.needed_bytes_per_second / kGiga) : Json(nullptr);
    return r;
}

constexpr ResultDecl kWeightOffloadResult[] = {
    result::exact("offloaded_bytes"),
    result::display("offloaded_display"),
    result::exact("buffer_bytes"),
    result::display("buffer_display"),
    result::exact("layer_bytes"),
    result::exact("freed_bytes"),
    result::display("freed_display"),
    result::display("freed_mib_display"),
    result::exact("input_state_bytes"),
    result::exact("complete_state_bytes"),
    result::exact("extra_inputs"),
    result::exact("extra_requests"),
    result::exact("link_gbps"),
    result::exact("copy_bytes_per_step"),
    result::exact("copy_ms_per_step"),
    result::display("copy_ms_per_step_display"),
    result::exact("copy_seconds_total"),
    result::display("copy_seconds_total_display"),
    result::nullable(result::exact("needed_gbps")),
};
constexpr const char* kWeightOffloadSamples[] = {
    R"({"op":"weight_offload","model":"qwen3-8b","layers":9,"gpu":"rtx-pro-6000","copy_budget_seconds":"1"})",
    R"({"op":"weight_offload","model":"qwen3-8b","layers":9,"buffers":2,"link_gbps":"450"})",
};

}  // namespace

const OpDef kKvAdmissionOp = {"kv_admission", op_kv_admission, kKvAdmissionFields, kKvAdmissionResult, kKvAdmissionSamples};
const OpDef kPagingLayoutOp = {"paging_layout", op_paging_layout, kPagingFields, kPagingResult, kPagingSamples};
const OpDef kWeightOffloadOp = {"weight_offload", op_weight_offload, kWeightOffloadFields, kWeightOffloadResult,
                                kWeightOffloadSamples};

}  // namespace tally::api
