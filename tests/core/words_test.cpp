// The words a reader sees come from the message catalog, not from C++: no
// source under src/core, src/api or src/cli holds a CJK character outside its
// comments (src/answer reads the readers' Chinese input forms and is not
// scanned), and the words domain renders the labels the pages have always
// shown.
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "core/messages.hpp"
#include "support.hpp"

using namespace tally;
using namespace tally::test;

namespace {

// The code of a C++ source with its comments removed: string, character and
// raw string literals are kept whole (a "//" inside a URL is not a comment).
std::string without_comments(const std::string& s) {
    std::string out;
    std::size_t i = 0;
    while (i < s.size()) {
        if (s.compare(i, 2, "//") == 0) {
            while (i < s.size() && s[i] != '\n') ++i;
        } else if (s.compare(i, 2, "/*") == 0) {
            const std::size_t end = s.find("*/", i + 2);
            i = end == std::string::npos ? s.size() : end + 2;
        } else if (s[i] == 'R' && i + 1 < s.size() && s[i + 1] == '"' &&
                   (i == 0 || !(std::isalnum(static_cast<unsigned char>(s[i - 1])) || s[i - 1] == '_' || s[i - 1] == '8'))) {
            const std::size_t open = s.find('(', i + 2);
            const std::string close = ")" + s.substr(i + 2, open - i - 2) + "\"";
            const std::size_t end = s.find(close, open);
            const std::size_t stop = end == std::string::npos ? s.size() : end + close.size();
            out.append(s, i, stop - i);
            i = stop;
        } else if (s[i] == '"' || s[i] == '\'') {
            const char quote = s[i];
            std::size_t j = i + 1;
            while (j < s.size() && s[j] != quote && s[j] != '\n') j += s[j] == '\\' ? 2 : 1;
            out.append(s, i, j + 1 - i);
            i = j + 1;
        } else {
            out += s[i++];
        }
    }
    return out;
}

// Code points of the CJK blocks a Chinese word is written in: ideographs
// (U+3400–U+9FFF, U+F900–U+FAFF) and kana (U+3040–U+30FF).
bool is_cjk(char32_t c) { return (c >= 0x3400 && c <= 0x9FFF) || (c >= 0xF900 && c <= 0xFAFF) || (c >= 0x3040 && c <= 0x30FF); }

// The CJK characters of a UTF-8 text, as UTF-8 (empty when there are none).
std::string cjk_in(const std::string& s) {
    std::string found;
    for (std::size_t i = 0; i < s.size();) {
        const auto b = static_cast<unsigned char>(s[i]);
        const std::size_t n = b < 0x80 ? 1 : b < 0xE0 ? 2 : b < 0xF0 ? 3 : 4;
        char32_t c = n == 1 ? b : b & (0xFF >> (n + 1));
        for (std::size_t k = 1; k < n && i + k < s.size(); ++k) c = (c << 6) | (static_cast<unsigned char>(s[i + k]) & 0x3F);
        if (is_cjk(c)) found.append(s, i, n);
        i += n;
    }
    return found;
}

std::string read_file(const std::filesystem::path& p) {
    std::ifstream in(p, std::ios::binary);
    std::stringstream text;
    text << in.rdbuf();
    return text.str();
}

// Sources that still hold words, each with the reason. Words that are data
// stay; the others are still to move to the catalog, and an entry whose file
// has become clean fails, so the list only shrinks.
const std::map<std::string, std::string> kAllowed = {
    {"src/api/ledger.cpp", "億 and 萬 are the units of content/ledger/*.json, keys a printed number is read with"},
    {"src/core/format.cpp", "萬/億/兆 and 万/亿 magnitudes: the number words of each edition"},
};

std::vector<std::string> scanned_sources() {
    std::vector<std::string> out;
    const std::filesystem::path root(TALLY_SOURCE_DIR);
    for (const char* dir : {"src/core", "src/api", "src/cli"}) {
        for (const auto& e : std::filesystem::recursive_directory_iterator(root / dir)) {
            const std::string ext = e.path().extension().string();
            if (ext == ".cpp" || ext == ".hpp") out.push_back(std::filesystem::relative(e.path(), root).generic_string());
        }
    }
    return out;
}

}  // namespace

TEST_CASE("comments are cut from a source, string literals are kept") {
    CHECK(without_comments("a // 註解\nb") == "a \nb");
    CHECK(without_comments("x /* 註解\n */ y") == "x  y");
    CHECK(without_comments("s = \"http://x 字\"; // 註") == "s = \"http://x 字\"; ");
    CHECK(without_comments("c = '\"'; // x") == "c = '\"'; ");
    CHECK(without_comments("r = R\"(a // 字)\"; // y") == "r = R\"(a // 字)\"; ");
    CHECK(without_comments("e = \"\\\" 字\"; /* z */") == "e = \"\\\" 字\"; ");
    CHECK(cjk_in("KV 快取（BF16）") == "快取");
    CHECK(cjk_in("Σ min(t, W) → m×4096") == "");
}

TEST_CASE("no source under src/core, src/api or src/cli has a CJK word outside its comments") {
    const std::vector<std::string> files = scanned_sources();
    REQUIRE(files.size() > 100);
    std::set<std::string> with_words;
    for (const auto& file : files) {
        const std::string words = cjk_in(without_comments(read_file(std::filesystem::path(TALLY_SOURCE_DIR) / file)));
        if (words.empty()) continue;
        with_words.insert(file);
        CHECK_MESSAGE(kAllowed.count(file) == 1, file << " composes words in C++ (" << words.substr(0, 60)
                                                      << "…): give them a code in content/messages/zh-Hant/words.json");
    }
    for (const auto& allowed : kAllowed) {
        const auto& file = allowed.first;  // not a structured binding: CHECK_MESSAGE's lambda captures it (C++17, clang)
        const auto& why = allowed.second;
        CHECK_MESSAGE(with_words.count(file) == 1, file << " has no CJK words left: drop its entry (" << why << ")");
    }
}

TEST_CASE("the words domain renders the labels pages have always shown") {
    CHECK(render(msg::row_lm_head) == "詞表頭：轉為 token 分數");
    CHECK(render(msg::state_kv_window, {{"window", "4096"}}) == "K、V 快取（滑動視窗 4096）");
    CHECK(render(msg::shape_query_heads, {{"heads", "32"}, {"width", "128"}}) == "32 個查詢頭，每頭 128 維");
    CHECK(render(msg::row_mtp, {{"label", render(msg::row_hidden_proj)}}) == "MTP：主幹特徵投影");
}

TEST_CASE("line-item labels, shapes and formulas come out of the catalog unchanged") {
    const Json fwd = result({{"op", "forward"}, {"model", "qwen3-8b"}, {"input", 8192}});
    std::map<std::string, Json> by_id;
    for (const auto& it : fwd["items"]) by_id[it["id"].get<std::string>()] = it;
    REQUIRE(by_id.count("attn_core") == 1);
    CHECK(by_id["attn_core"]["label"] == "QKᵀ 與 AV：按內容彙總上下文");
    CHECK(by_id["attn_core"]["shape"] == "32 個查詢頭，每頭 128 維");
    REQUIRE(by_id.count("kv_proj") == 1);
    CHECK(by_id["kv_proj"]["weight"] == "4096×1024，共 2 個");
    REQUIRE(by_id.count("ffn") == 1);
    CHECK(by_id["ffn"]["weight"] == "4096×12288 兩個；12288×4096 一個");
    REQUIRE(by_id.count("embedding") == 1);
    CHECK(by_id["embedding"]["formula"] == "0（查行存取另計）");

    const Json v4 = result({{"op", "state"}, {"model", "deepseek-v4-flash"}, {"tokens", 8192}});
    std::set<std::string> labels;
    for (const auto& it : v4["items"]) labels.insert(it["label"].get<std::string>());
    CHECK(labels.count("CSA 壓縮條目（主注意力）") == 1);
    CHECK(labels.count("CSA 索引條目") == 1);
    CHECK(labels.count("視窗（最近 128 個位置）") == 1);
}
