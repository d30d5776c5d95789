// An imported model's display name (issue 15, item 11): the last segment of
// the config's _name_or_path, as its id already was, so a local checkpoint
// path ("/data/…/Meta-Llama-3.1-70B") does not become the name on screen.
#include <doctest/doctest.h>

#include <fstream>
#include <sstream>

#include "support.hpp"

using namespace tally::test;

namespace {

Json llama_named(const std::string& path) {
    std::ifstream in(std::string(TALLY_SOURCE_DIR) + "/tests/fixtures/hf/llama-3-8b.json");
    std::stringstream text;
    text << in.rdbuf();
    Json config = Json::parse(text.str());
    config["_name_or_path"] = path;
    return result({{"op", "import_hf_config"}, {"config", config}})["spec"];
}

}  // namespace

TEST_CASE("import: the display name is the last segment of _name_or_path") {
    const Json local = llama_named("/data/cl/scratch/model_weights/Meta-Llama-3.1-70B");
    CHECK(local["name"] == "Meta-Llama-3.1-70B");
    CHECK(local["id"] == "hf-meta-llama-3.1-70b");
    const Json hub = llama_named("meta-llama/Meta-Llama-3-8B");
    CHECK(hub["name"] == "Meta-Llama-3-8B");
    CHECK(hub["id"] == "hf-meta-llama-3-8b");
    CHECK(llama_named("Plain-Name")["name"] == "Plain-Name");
    // A path ending in "/" names nothing: the family label, as for a config without a name.
    CHECK(llama_named("models/")["name"] == "Llama（config.json）");
}
