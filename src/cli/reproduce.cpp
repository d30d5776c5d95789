#include "reproduce.hpp"

#include <iostream>

#include "api/json_out.hpp"

#include "api/api.hpp"
#include "api/ledger.hpp"
#include "core/messages.hpp"
#include "ledger_data.hpp"
#include "reproduce_tables.hpp"

namespace tally::cli {

namespace {

using Json = tally::api::Json;

// The tables a chapter recomputes besides its ledger, registered from the
// chapter's folder (src/cli/chNN/tables.cpp). A chapter without any (a new
// one) reproduces its ledger alone: its printed numbers and their requests
// are content (tests/ledger/).
std::vector<Table> chapter_tables(const std::string& id) {
    const auto& all = reproduce_tables();
    const auto it = all.find(id);
    return it == all.end() ? std::vector<Table>{} : it->second();
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
