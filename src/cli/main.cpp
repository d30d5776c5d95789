// `tally`: the native command line over the same API the page uses.
//
//   tally eval                      one JSON request on stdin → JSON on stdout
//   tally <op> --field value …      friendly form; --format md|json
//   tally schema                    every op's declaration as JSON (scripts/gen-api.mjs reads it)
//   … --lang zh-Hant|zh-Hans|en     with any command: the language of the words
//                                   (a request's own "lang" field wins)
//
// Exit status: 0 on success, 2 on any invalid input (message on stderr).
#include <iostream>
#include <iterator>
#include <string>
#include <vector>

#include "api/json_out.hpp"

#include "api/api.hpp"
#include "api/ops/all_ops.hpp"
#include "api/schema.hpp"
#include "core/lang.hpp"
#include "core/messages.hpp"
#include "import_cmd.hpp"
#include "model_arg.hpp"
#include "reproduce.hpp"

namespace {

using Json = tally::api::Json;
using tally::render;
namespace msg = tally::msg;

// The ops are listed from their declarations, so a new op appears here by itself.
std::string usage() {
    std::string ops;
    for (const tally::api::OpDef* op : tally::api::all_ops()) ops += (ops.empty() ? "" : " ") + std::string(op->name);
    return render(msg::cli_usage, {{"ops", ops}});
}

int fail(const std::string& message) {
    std::cerr << "tally: " << message << "\n";
    return 2;
}

// "--head-tokens" → "head_tokens".
std::string field_name(const std::string& flag) {
    std::string name = flag.substr(2);
    for (char& c : name) {
        if (c == '-') c = '_';
    }
    return name;
}

// Integers travel as JSON numbers (or digit strings when huge) so the core
// can say exactly what is wrong with "-3"; everything else is text, decimals
// too: "--acceptance 0.75" reaches the core as the decimal string "0.75" a
// request carries (as a double it would be refused as not a decimal string).
Json flag_value(const std::string& v) {
    Json parsed = Json::parse(v, nullptr, false);
    if (!parsed.is_discarded() && parsed.is_number_integer()) return parsed;
    return v;
}

std::string cell(const Json& v) {
    if (v.is_string()) return v.get<std::string>();
    return v.dump();
}

// Markdown: the headline displays first, then the line items as a table.
void print_markdown(const std::string& op, const Json& result) {
    std::cout << "## " << op;
    if (result.contains("model")) std::cout << " · " << cell(result["model"]);
    std::cout << "\n\n";
    for (auto it = result.begin(); it != result.end(); ++it) {
        const std::string& key = it.key();
        if (key == "items" || key == "notes" || key == "model") continue;
        if (it.value().is_array() || it.value().is_object()) continue;
        std::cout << "- " << key << ": " << cell(it.value()) << "\n";
    }
    if (result.contains("items") && result["items"].is_array() && !result["items"].empty()) {
        const Json& items = result["items"];
        const bool has_formula = items[0].contains("substituted");
        std::cout << "\n| " << render(msg::cli_col_item) << " | ";
        if (has_formula) std::cout << render(msg::repro_col_substituted) << " | " << render(msg::repro_col_layers_calls) << " | ";
        std::cout << render(msg::cli_col_value) << " |\n";
        std::cout << "|---|" << (has_formula ? "---|---:|" : "") << "---:|\n";
        for (const auto& item : items) {
            std::cout << "| " << cell(item["label"]) << " | ";
            if (has_formula) std::cout << cell(item["substituted"]) << " | " << cell(item["layers"]) << " | ";
            std::cout << cell(item["display"]) << " |\n";
        }
    }
    if (result.contains("notes")) {
        for (const auto& n : result["notes"]) std::cout << "\n> " << cell(n) << "\n";
    }
}

// JSON Lines: one request per line in, one response per line out (used by
// the parity test and the benchmark to avoid a process per request).
int run_eval_lines() {
    std::string line;
    bool all_ok = true;
    while (std::getline(std::cin, line)) {
        const std::string response = tally::api::evaluate(line);
        std::cout << response << "\n";
        Json parsed = Json::parse(response, nullptr, false);
        all_ok = all_ok && !parsed.is_discarded() && parsed.value("ok", false);
    }
    return all_ok ? 0 : 2;
}

int run_eval() {
    std::string input((std::istreambuf_iterator<char>(std::cin)), std::istreambuf_iterator<char>());
    const std::string response = tally::api::evaluate(input);
    std::cout << response << "\n";
    Json parsed = Json::parse(response, nullptr, false);
    if (!parsed.is_discarded() && parsed.value("ok", false)) return 0;
    if (!parsed.is_discarded() && parsed.contains("error")) std::cerr << "tally: " << cell(parsed["error"]["message"]) << "\n";
    return 2;
}

int run_op(const std::string& op, const std::vector<std::string>& args) {
    Json request;
    request["op"] = op;
    std::string format = "json";
    for (size_t i = 0; i < args.size(); ++i) {
        const std::string& flag = args[i];
        if (flag.rfind("--", 0) != 0 || flag.size() <= 2)
            return fail(render(msg::cli_unknown_argument, {{"argument", flag}}) + "\n" + usage());
        if (i + 1 >= args.size()) return fail(render(msg::cli_missing_value, {{"flag", flag}}));
        const std::string& value = args[++i];
        if (flag == "--format") {
            if (value != "md" && value != "json") return fail(render(msg::cli_format_invalid, {{"value", value}}));
            format = value;
            continue;
        }
        if (flag == "--model" && tally::cli::names_a_file(value)) {
            try {
                request["model"] = tally::cli::model_from_file(value);
            } catch (const std::exception& e) {
                return fail(render(msg::cli_field_error, {{"flag", "--model"}, {"message", e.what()}}));
            }
            continue;
        }
        request[field_name(flag)] = flag_value(value);
    }
    const std::string response = tally::api::evaluate(request.dump());
    Json parsed = Json::parse(response);
    if (!parsed.value("ok", false)) {
        const Json& error = parsed["error"];
        std::string flag = error["field"].is_string() ? "--" + error["field"].get<std::string>() : "";
        for (char& c : flag) {
            if (c == '_') c = '-';
        }
        if (format == "json") std::cout << response << "\n";
        return fail(flag.empty() ? cell(error["message"])
                                 : render(msg::cli_field_error, {{"flag", flag}, {"message", cell(error["message"])}}));
    }
    if (format == "md") {
        print_markdown(op, parsed["result"]);
    } else {
        std::cout << parsed.dump(2) << "\n";
    }
    return 0;
}

// Takes "--lang <tag>" out of the arguments, wherever it is: every command
// (eval, reproduce, import, an op) answers in that language, as evaluate()
// does for a request without its own "lang".  False for an unknown tag.
bool take_lang(std::vector<std::string>& args, tally::Lang& lang, std::string& problem) {
    for (std::size_t i = 0; i < args.size(); ++i) {
        if (args[i] != "--lang") continue;
        const std::string tag = i + 1 < args.size() ? args[i + 1] : "";
        if (!tally::lang_from_tag(tag, lang)) {
            problem = "--" + render(msg::lang_unknown, {{"received", "\"" + tag + "\""}});
            return false;
        }
        args.erase(args.begin() + static_cast<std::ptrdiff_t>(i), args.begin() + static_cast<std::ptrdiff_t>(i) + 2);
        return true;
    }
    return true;
}

int run(std::vector<std::string> args) {
    if (args.empty() || args[0] == "help" || args[0] == "--help" || args[0] == "-h") {
        std::cout << usage();
        return args.empty() ? 2 : 0;
    }
    if (args[0] == "schema" && args.size() == 1) {
        std::cout << tally::api::schema_json().dump() << "\n";
        return 0;
    }
    if (args[0] == "reproduce") {
        return tally::cli::run_reproduce(std::vector<std::string>(args.begin() + 1, args.end()));
    }
    if (args[0] == "import") {
        return tally::cli::run_import(std::vector<std::string>(args.begin() + 1, args.end()));
    }
    if (args[0] == "eval") {
        if (args.size() == 2 && args[1] == "--jsonl") return run_eval_lines();
        if (args.size() > 1) return fail(render(msg::cli_eval_jsonl_only));
        return run_eval();
    }
    return run_op(args[0], std::vector<std::string>(args.begin() + 1, args.end()));
}

}  // namespace

int main(int argc, char** argv) {
    std::vector<std::string> args(argv + 1, argv + argc);
    tally::Lang lang = tally::kDefaultLang;
    std::string problem;
    if (!take_lang(args, lang, problem)) return fail(problem);
    const tally::LangScope in_its_language(lang);
    return run(std::move(args));
}
