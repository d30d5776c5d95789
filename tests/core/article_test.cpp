// The article's widgets: footprint arithmetic, the replay frame and the
// effort scale, plus the errors their URL parameters can trigger.
#include <doctest/doctest.h>

#include "core/article.hpp"
#include "support.hpp"

using namespace tally::test;

TEST_CASE("kv_footprint: the article's concurrency example, 200 × 128K × 445 B") {
    Json r = result({{"op", "kv_footprint"}, {"bytes_per_token", "445"}, {"tokens", 131072}, {"requests", 200}});
    CHECK(r["total"] == 11665408000ULL);  // 445 · 131,072 · 200
    CHECK(r["gb_display"] == "11.665 GB");
    CHECK(r["gib_display"] == "10.864 GiB");
    CHECK(r["formula"] == "200 × 131,072 × 445 B");
    CHECK(r["source"] == "given");
}

TEST_CASE("kv_footprint: the article's three designs at 1M tokens") {
    auto at_1m = [](const char* per_token) {
        return result({{"op", "kv_footprint"}, {"bytes_per_token", per_token}, {"tokens", 1048576}});
    };
    CHECK(at_1m("3560")["total"] == 3732930560ULL);
    CHECK(at_1m("3560")["gb_display"] == "3.733 GB");
    CHECK(at_1m("890")["total"] == 933232640ULL);
    CHECK(at_1m("445")["total"] == 466616320ULL);
}

TEST_CASE("kv_footprint: the chapter's exact figures come from the model specs") {
    Json v4 = result({{"op", "kv_footprint"}, {"model", "deepseek-v4-flash"}, {"layout", "production"}, {"tokens", 4096}});
    CHECK(v4["bytes_per_token"] == "3514.25");
    CHECK(v4["bytes_per_token_display"] == "3,514.25 B");
    CHECK(v4["total"] == 14394368ULL);  // 3,514.25 · 4,096
    CHECK(v4["window_bytes"] == 0);

    Json v41 = result({{"op", "kv_footprint"},
                       {"model", "deepseek-v4.1-flash"},
                       {"layout", "production"},
                       {"with_window", true},
                       {"tokens", 131072},
                       {"requests", 2}});
    CHECK(v41["bytes_per_token"] == 890);
    CHECK(v41["window_bytes"] == 2703360);  // 40 layers · 128 · 528 B
    CHECK(v41["total"] == 2 * (890ULL * 131072 + 2703360));
    CHECK(v41["formula"] == "2 × (131,072 × 890 B + 2,703,360 B)");
}

TEST_CASE("kv_footprint: both card ratios are against the same baseline, so resident is half of CSA2") {
    auto ratio = [](const char* per_token, const char* baseline) {
        return result(
            {{"op", "kv_footprint"}, {"bytes_per_token", per_token}, {"baseline_bytes_per_token", baseline}, {"tokens", 1}});
    };
    CHECK(ratio("890", "3560")["ratio_display"] == "1/4");
    CHECK(ratio("445", "3560")["ratio_display"] == "1/8");
    CHECK(ratio("445", "890")["ratio_display"] == "1/2");
    CHECK(ratio("445", "890")["ratio"] == "0.5");
    CHECK(call({{"op", "kv_footprint"},
                {"bytes_per_token", "445"},
                {"baseline_bytes_per_token", "x"},
                {"tokens", 1}})["error"]["field"] == "baseline_bytes_per_token");
}

TEST_CASE("kv_footprint refuses unclear or bad inputs, naming the field") {
    CHECK(error_of({{"op", "kv_footprint"}, {"tokens", 8}})["field"] == "bytes_per_token");
    CHECK(error_of({{"op", "kv_footprint"}, {"bytes_per_token", "445"}, {"model", "qwen3-8b"}, {"tokens", 8}})["field"] ==
          "model");
    CHECK(error_of({{"op", "kv_footprint"}, {"bytes_per_token", "<img src=x>"}, {"tokens", 8}})["field"] == "bytes_per_token");
    CHECK(error_of({{"op", "kv_footprint"}, {"bytes_per_token", "0"}, {"tokens", 8}})["field"] == "bytes_per_token");
    CHECK(error_of({{"op", "kv_footprint"}, {"bytes_per_token", "445"}, {"tokens", 0}})["field"] == "tokens");
    CHECK(error_of({{"op", "kv_footprint"}, {"bytes_per_token", "445"}, {"tokens", 8}, {"requests", "-1"}})["field"] ==
          "requests");
    CHECK(error_of({{"op", "kv_footprint"}, {"model", "deepseek-v4.1-flash"}, {"with_window", "yes"}, {"tokens", 8}})["field"] ==
          "with_window");
}

TEST_CASE("replay_frame: the window follows the newest token and marks stay before it") {
    tally::ReplayFrame early = tally::replay_frame(64, 5, 16, 7);
    CHECK(early.window_first == 1);
    CHECK(early.window_size == 5);
    CHECK(early.selected.empty());

    tally::ReplayFrame late = tally::replay_frame(64, 40, 16, 7);
    CHECK(late.window_first == 25);
    CHECK(late.window_last == 40);
    CHECK(late.window_size == 16);
    REQUIRE(late.selected.size() == 3);
    CHECK(late.selected.back() == 21);

    Json r = result({{"op", "replay_window"}, {"length", 64}, {"position", 40}, {"window", 16}});
    CHECK(r["window_first"] == 25);
    CHECK(r["selected"].size() == 3);
    CHECK(error_of({{"op", "replay_window"}, {"window", 65}})["field"] == "window");
    CHECK(error_of({{"op", "replay_window"}, {"window", 8}, {"position", 0}})["field"] == "position");
}

TEST_CASE("effort_scale: 1 … 100, bands by thirds, published results only at 100") {
    Json mid = result({{"op", "effort_scale"}, {"effort", 50}});
    CHECK(mid["band"] == "mid");
    CHECK(mid["band_display"] == "34–66");
    CHECK(mid["published"] == false);
    CHECK(mid["fraction"] == "0.5");
    Json top = result({{"op", "effort_scale"}, {"effort", 100}});
    CHECK(top["published"] == true);
    CHECK(top["fraction"] == 1);
    CHECK(error_of({{"op", "effort_scale"}, {"effort", 101}})["field"] == "effort");
    CHECK(error_of({{"op", "effort_scale"}, {"effort", "<script>"}})["field"] == "effort");
}
