// Chapter 3's media closed forms (§3.3):
//   vision_tokens     n_v = H·W/(p²r²), the encoder cache and visual KV (Figures 3-16, 3-17, Table 3.3.1-a)
//   audio_playout     chunk arrivals against the playout clock with a jitter buffer (Figure 3-19)
//   audio_interrupt   when a local interrupt mutes the device (Figure 3-20)
//   buffer_depletion  how long a pre-buffer lasts when audio arrives slower than it plays (Exercise 3-5)
//   media_work        fast forwards per speech frame, DiT forwards and latent positions per image (§3.3.2)
#include "api/ops/ch03/ops.hpp"
#include "flow_read.hpp"

#include "api/errors.hpp"
#include "core/ch03/audio_playout.hpp"
#include "core/ch03/media_work.hpp"
#include "core/ch03/vision.hpp"
#include "core/format.hpp"
#include "core/messages.hpp"

namespace tally::api {

namespace {

using flow::Range;

constexpr u128 kMaxPixels = 1000000;
constexpr u128 kMaxChunks = 4096;

Ratio decimal_or(const Json& req, const RequestFields& f, const char* name, Range range, const char* fallback) {
    if (f.has(name)) return flow::decimal_at(req, name, "", range);
    return flow::decimal_value(Json(fallback), name, name, range);
}

// The chapter sizes these in MiB to four decimals (7.8125 MiB).
std::string mib_text(const Ratio& bytes) { return trimmed(bytes / Ratio(u128{1} << 20), 4) + " MiB"; }

std::string ms_text(const Ratio& ms) { return render(msg::flow_ms_display, {{"value", trimmed(ms, 3)}}); }

// ---- vision_tokens --------------------------------------------------------

constexpr FieldDecl kVisionTokensFields[] = {
    field::integer("height", 1, kMaxPixels),
    field::integer("width", 1, kMaxPixels),
    field::integer("patch", 1, 4096),
    field::integer("merge", 1, 64, "1"),
    field::integer("feature_width", 1, u128{1} << 20),
    field::integer("feature_groups", 1, 64, "1"),
    field::integer("value_bytes", 1, 8, "2"),
    field::of_kind("kv_bytes_per_token", FieldKind::Decimal),
    field::integer("images", 1, 4096, "1"),
    field::integer("text_tokens", 0, kMaxCount, "0"),
    field::integer("encoder_layers", 1, 1024),
    field::integer("encoder_hidden", 1, u128{1} << 20),
    field::integer("encoder_intermediate", 1, u128{1} << 22),
    field::integer("encoder_input_width", 1, u128{1} << 22),
};

// H and W must split into whole merged tokens, as the chapter's formula assumes.
void check_multiple(const char* name, u128 pixels, u128 step) {
    if (pixels % step == 0) return;
    throw FieldError(name, msg::flow_vision_not_multiple,
                     {{"field", name}, {"received", group_thousands(pixels)}, {"step", group_thousands(step)}});
}

Json op_vision_tokens(const Json& req) {
    RequestFields f(req, kVisionTokensFields);
    const u128 height = f.integer("height"), width = f.integer("width"), patch = f.integer("patch");
    const u128 merge = f.integer_or("merge");
    check_multiple("height", height, patch * merge);
    check_multiple("width", width, patch * merge);
    const ch03::VisionTokens v = ch03::vision_tokens(height, width, patch, merge);
    const u128 images = f.integer_or("images"), text = f.integer_or("text_tokens");
    const u128 groups = f.integer_or("feature_groups"), value_bytes = f.integer_or("value_bytes");
    Json r;
    r["tokens"] = exact_json(v.tokens);
    r["patches"] = exact_json(v.patches);
    r["patch_grid"] = group_thousands(v.patch_rows) + "×" + group_thousands(v.patch_cols);
    r["token_grid"] = group_thousands(v.token_rows) + "×" + group_thousands(v.token_cols);
    r["images"] = exact_json(images);
    r["visual_tokens"] = exact_json(mul(images, v.tokens));
    u128 ec = 0;
    if (f.has("feature_width")) {
        ec = ch03::encoder_cache_bytes(v.tokens, f.integer("feature_width"), groups, value_bytes);
        r["ec_bytes"] = exact_json(ec);
        r["ec_display"] = mib_text(Ratio(ec));
        r["ec_total_bytes"] = exact_json(mul(images, ec));
        r["ec_total_display"] = mib_text(Ratio(mul(images, ec)));
    }
    // The encoder's shapes (all four, with feature_width) add its matrix work.
    if (f.has("encoder_layers")) {
        const ch03::VisionEncoder e{f.integer("encoder_layers"), f.integer("encoder_hidden"), f.integer("encoder_intermediate"),
                                    f.integer("encoder_input_width")};
        const u128 flops = ch03::vision_encoder_flops(v, merge, e, groups, f.integer("feature_width"));
        r["encoder_flops"] = exact_json(flops);
        r["encoder_flops_display"] = flops_text(Ratio(flops));
        r["encoder_tflops_display"] = fixed(Ratio(flops, 1000000000000ULL), 3);
    }
    if (f.has("kv_bytes_per_token")) {
        const Ratio kv = flow::decimal_at(req, "kv_bytes_per_token", "", Range::Positive);
        const ch03::VisionBudget b = ch03::vision_budget(v.tokens, ec, kv, images, text);
        r["kv_bytes"] = exact_json(kv * Ratio(v.tokens));
        r["kv_display"] = mib_text(Ratio(kv * Ratio(v.tokens)));
        r["visual_kv_bytes"] = exact_json(b.visual_kv);
        r["visual_kv_display"] = mib_text(Ratio(b.visual_kv));
        r["input_kv_bytes"] = exact_json(b.input_kv);
        r["input_kv_display"] = mib_text(Ratio(b.input_kv));
    }
    return r;
}

constexpr ResultDecl kVisionTokensResult[] = {
    result::exact("tokens"),
    result::exact("patches"),
    result::text("patch_grid"),
    result::text("token_grid"),
    result::exact("images"),
    result::exact("visual_tokens"),
    result::optional(result::exact("ec_bytes")),
    result::optional(result::display("ec_display")),
    result::optional(result::exact("ec_total_bytes")),
    result::optional(result::display("ec_total_display")),
    result::optional(result::exact("encoder_flops")),
    result::optional(result::display("encoder_flops_display")),
    result::optional(result::display("encoder_tflops_display")),
    result::optional(result::exact("kv_bytes")),
    result::optional(result::display("kv_display")),
    result::optional(result::exact("visual_kv_bytes")),
    result::optional(result::display("visual_kv_display")),
    result::optional(result::exact("input_kv_bytes")),
    result::optional(result::display("input_kv_display")),
};
constexpr const char* kVisionTokensSamples[] = {
    // The encoder's shapes first: the range checks of tests/core/op_schema_test.cpp start from it.
    (R"({"op":"vision_tokens","height":640,"width":640,"patch":16,"merge":2,"feature_width":2560,"feature_groups":4,)"
     R"("encoder_layers":24,"encoder_hidden":1024,"encoder_intermediate":4096,"encoder_input_width":1536})"),
    R"({"op":"vision_tokens","height":640,"width":640,"patch":16,"merge":2})",
    R"({"op":"vision_tokens","height":640,"width":640,"patch":16,"merge":2,"feature_width":2560,"feature_groups":4,"kv_bytes_per_token":"147456","images":4,"text_tokens":400})",
};

// ---- audio_playout --------------------------------------------------------

constexpr FieldDecl kAudioPlayoutFields[] = {
    field::of_kind("chunk_ms", FieldKind::Decimal, "20"),
    field::integer("chunks", 1, kMaxChunks, "8"),
    field::of_kind("process_ms", FieldKind::Decimal, "12"),
    field::of_kind("send_ms", FieldKind::Decimal, "1"),
    field::of_kind("network_ms", FieldKind::Decimal, "5"),
    field::of_kind("late", FieldKind::List),
    field::of_kind("buffer_ms", FieldKind::Decimal, "40"),
    field::integer("sample_rate", 1, 1000000, "24000"),
    field::integer("channels", 1, 64, "1"),
    field::integer("sample_bytes", 1, 8, "2"),
};

// Each chunk's network delay: network_ms, except the chunks `late` names.
std::vector<Ratio> network_delays(const Json& req, const RequestFields& f, u128 chunks) {
    std::vector<Ratio> delays(static_cast<std::size_t>(chunks), decimal_or(req, f, "network_ms", Range::NonNegative, "5"));
    if (!f.has("late")) return delays;
    const Json& list = flow::list_field(req, "late", static_cast<std::size_t>(chunks));
    for (std::size_t i = 0; i < list.size(); ++i) {
        const Json& item = flow::object_at(list, "late", i, {"chunk", "network_ms"});
        const std::string path = flow::item_path("late", i);
        const u128 k = flow::count_at(item, "chunk", path, chunks - 1, 0);
        delays[static_cast<std::size_t>(k)] = flow::decimal_at(item, "network_ms", path, Range::NonNegative);
    }
    return delays;
}

Json op_audio_playout(const Json& req) {
    RequestFields f(req, kAudioPlayoutFields);
    ch03::PlayoutInput in;
    in.chunk = decimal_or(req, f, "chunk_ms", Range::Positive, "20");
    in.process = decimal_or(req, f, "process_ms", Range::NonNegative, "12");
    in.send = decimal_or(req, f, "send_ms", Range::NonNegative, "1");
    in.buffer = decimal_or(req, f, "buffer_ms", Range::NonNegative, "40");
    in.network = network_delays(req, f, f.integer_or("chunks"));
    const ch03::Playout p = ch03::audio_playout(in);
    const u128 sample_rate = f.integer_or("sample_rate");
    const u128 channels = f.integer_or("channels");
    const u128 sample_bytes = f.integer_or("sample_bytes");
    const Ratio bytes = ch03::chunk_bytes(Ratio(sample_rate), in.chunk / Ratio(1000), channels, sample_bytes);
    Json r;
    r["chunk_bytes"] = exact_json(bytes);
    r["first_play_ms"] = exact_json(p.first_play);
    r["first_play_display"] = ms_text(p.first_play);
    r["stall_ms"] = exact_json(p.stall_total);
    r["stall_display"] = ms_text(p.stall_total);
    r["late_chunks"] = exact_json(p.late_chunks);
    Json rows = Json::array();
    for (std::size_t k = 0; k < p.chunks.size(); ++k) {
        const auto& c = p.chunks[k];
        rows.push_back({{"id", std::to_string(k)},
                        {"captured_ms", exact_json(in.chunk * Ratio(k + 1))},
                        {"processed_ms", exact_json(c.processed)},
                        {"sent_ms", exact_json(c.sent)},
                        {"arrival_ms", exact_json(c.arrival)},
                        {"planned_ms", exact_json(c.planned)},
                        {"play_ms", exact_json(c.play)},
                        {"stall_ms", exact_json(c.stall)}});
    }
    r["chunks"] = rows;
    return r;
}

constexpr ResultDecl kChunkRow[] = {result::text("id"),       result::exact("captured_ms"), result::exact("processed_ms"),
                                    result::exact("sent_ms"), result::exact("arrival_ms"),  result::exact("planned_ms"),
                                    result::exact("play_ms"), result::exact("stall_ms")};
constexpr ResultDecl kAudioPlayoutResult[] = {
    result::exact("chunk_bytes"),      result::exact("first_play_ms"),   result::display("first_play_display"),
    result::exact("stall_ms"),         result::display("stall_display"), result::exact("late_chunks"),
    result::list("chunks", kChunkRow),
};
constexpr const char* kAudioPlayoutSamples[] = {
    R"({"op":"audio_playout","late":[{"chunk":2,"network_ms":"50"}]})",
    R"({"op":"audio_playout","process_ms":"25","late":[{"chunk":2,"network_ms":"50"}]})",
};

// ---- audio_interrupt ------------------------------------------------------

constexpr FieldDecl kAudioInterruptFields[] = {
    field::of_kind("issued_ms", FieldKind::Decimal),
    field::of_kind("control_ms", FieldKind::Decimal, "5"),
    field::of_kind("poll_ms", FieldKind::Decimal, "10"),
};

Json op_audio_interrupt(const Json& req) {
    RequestFields f(req, kAudioInterruptFields);
    const Ratio issued = flow::decimal_at(req, "issued_ms", "", Range::NonNegative);
    const Ratio control = decimal_or(req, f, "control_ms", Range::NonNegative, "5");
    const Ratio poll = decimal_or(req, f, "poll_ms", Range::Positive, "10");
    const ch03::Interrupt i = ch03::audio_interrupt(issued, control, poll);
    Json r;
    r["mute_ms"] = exact_json(i.mute);
    r["mute_display"] = ms_text(i.mute);
    r["perceived_ms"] = exact_json(i.perceived);
    r["perceived_display"] = ms_text(i.perceived);
    return r;
}

constexpr ResultDecl kAudioInterruptResult[] = {result::exact("mute_ms"), result::display("mute_display"),
                                                result::exact("perceived_ms"), result::display("perceived_display")};
constexpr const char* kAudioInterruptSamples[] = {R"({"op":"audio_interrupt","issued_ms":"123"})"};

// ---- buffer_depletion -----------------------------------------------------

constexpr FieldDecl kBufferDepletionFields[] = {
    field::of_kind("arrival_ratio", FieldKind::Decimal),
    field::of_kind("prebuffer_seconds", FieldKind::Decimal),
};

Json op_buffer_depletion(const Json& req) {
    RequestFields f(req, kBufferDepletionFields);
    const Ratio arrival_ratio = flow::decimal_at(req, "arrival_ratio", "", Range::NonNegative);
    const Ratio prebuffer = flow::decimal_at(req, "prebuffer_seconds", "", Range::NonNegative);
    Ratio seconds;
    const bool drains = ch03::buffer_depletion(arrival_ratio, prebuffer, seconds);
    Json r;
    r["drains"] = drains;
    r["seconds"] = drains ? exact_json(seconds) : Json(nullptr);
    return r;
}

constexpr ResultDecl kBufferDepletionResult[] = {result::flag("drains"), result::nullable(result::exact("seconds"))};
constexpr const char* kBufferDepletionSamples[] = {
    R"({"op":"buffer_depletion","arrival_ratio":"0.9","prebuffer_seconds":"0.3"})",
    R"({"op":"buffer_depletion","arrival_ratio":"1","prebuffer_seconds":"0.3"})",
};

// ---- media_work -----------------------------------------------------------

constexpr FieldDecl kMediaWorkFields[] = {
    field::integer("codebooks", 1, 64, "10"),
    field::integer("height", 1, kMaxPixels, "1024"),
    field::integer("width", 1, kMaxPixels, "1024"),
    field::integer("vae_stride", 1, 64, "8"),
    field::integer("pack", 1, 16, "2"),
    field::integer("steps", 1, 10000, "50"),
    field::integer("branches", 1, 8, "2"),
};

// H and W must fill whole latent positions.
void check_latent_multiple(const char* name, u128 pixels, u128 step) {
    if (pixels % step == 0) return;
    throw FieldError(name, msg::flow_latent_not_multiple,
                     {{"field", name}, {"received", group_thousands(pixels)}, {"step", group_thousands(step)}});
}

Json op_media_work(const Json& req) {
    RequestFields f(req, kMediaWorkFields);
    const ch03::AudioFrameWork frame = ch03::audio_frame_work(f.integer_or("codebooks"));
    const u128 height = f.integer_or("height"), width = f.integer_or("width");
    const u128 stride = f.integer_or("vae_stride"), pack = f.integer_or("pack");
    check_latent_multiple("height", height, stride * pack);
    check_latent_multiple("width", width, stride * pack);
    const u128 steps = f.integer_or("steps"), branches = f.integer_or("branches");
    const ch03::DiffusionWork image = ch03::diffusion_work(height, width, stride, pack, steps, branches);
    Json r;
    r["fast_predictions"] = exact_json(frame.predictions);
    r["fast_passes"] = exact_json(frame.fast_passes);
    r["fast_passes_display"] = "1 + " + group_thousands(frame.predictions) + " = " + group_thousands(frame.fast_passes);
    r["latent_grid"] = group_thousands(image.latent.token_rows) + "×" + group_thousands(image.latent.token_cols);
    r["latent_positions"] = exact_json(image.latent.tokens);
    r["dit_forwards"] = exact_json(image.forwards);
    r["dit_forwards_display"] =
        group_thousands(steps) + " × " + group_thousands(branches) + " = " + group_thousands(image.forwards);
    return r;
}

constexpr ResultDecl kMediaWorkResult[] = {
    result::exact("fast_predictions"),       result::exact("fast_passes"),
    result::display("fast_passes_display"),  result::text("latent_grid"),
    result::exact("latent_positions"),       result::exact("dit_forwards"),
    result::display("dit_forwards_display"),
};
constexpr const char* kMediaWorkSamples[] = {
    R"({"op":"media_work"})",
    R"({"op":"media_work","codebooks":4,"height":768,"width":1344,"steps":30,"branches":1})",
};

}  // namespace

const OpDef kVisionTokensOp = {"vision_tokens", op_vision_tokens, kVisionTokensFields, kVisionTokensResult, kVisionTokensSamples};
const OpDef kAudioPlayoutOp = {"audio_playout", op_audio_playout, kAudioPlayoutFields, kAudioPlayoutResult, kAudioPlayoutSamples};
const OpDef kAudioInterruptOp = {"audio_interrupt", op_audio_interrupt, kAudioInterruptFields, kAudioInterruptResult,
                                 kAudioInterruptSamples};
const OpDef kMediaWorkOp = {"media_work", op_media_work, kMediaWorkFields, kMediaWorkResult, kMediaWorkSamples};
const OpDef kBufferDepletionOp = {"buffer_depletion", op_buffer_depletion, kBufferDepletionFields, kBufferDepletionResult,
                                  kBufferDepletionSamples};

}  // namespace tally::api
