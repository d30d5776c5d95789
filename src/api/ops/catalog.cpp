// The catalog op: the models, GPUs and storage formats a page may offer.
#include "all_ops.hpp"

#include "api/catalog.hpp"
#include "api/fields.hpp"
#include "core/format.hpp"

namespace tally::api {

namespace {

// catalog takes no field.
constexpr FieldList kCatalogFields = {};

Json op_catalog(const Json& req) {
    RequestFields f(req, kCatalogFields);
    Json r;
    r["models"] = Json::array();
    for (const auto& m : catalog().models) {
        Json entry = {
            {"id", m.id}, {"name", m.name}, {"layers", m.total_layers()}, {"released_context", exact_json(m.released_context)}};
        if (!m.partial.empty()) entry["partial"] = m.partial;
        r["models"].push_back(entry);
    }
    r["gpus"] = Json::array();
    for (const auto& g : catalog().gpus) {
        r["gpus"].push_back({{"id", g.id},
                             {"name", g.name},
                             {"memory_bytes", exact_json(g.memory_bytes)},
                             {"display", bytes_decimal_text(Ratio(g.memory_bytes))}});
    }
    r["dtypes"] = Json::array();
    for (const auto& d : catalog().dtypes) {
        r["dtypes"].push_back({{"id", d.id}, {"name", d.name}, {"bits", d.bits}});
    }
    return r;
}

constexpr ResultDecl kCatalogModel[] = {
    result::text("id"),
    result::text("name"),
    result::exact("layers"),
    result::exact("released_context"),
    result::optional(result::display("partial")),
};
constexpr ResultDecl kCatalogGpu[] = {result::text("id"), result::text("name"), result::exact("memory_bytes"),
                                      result::display("display")};
constexpr ResultDecl kCatalogDtype[] = {result::text("id"), result::text("name"), result::exact("bits")};
constexpr ResultDecl kCatalogResult[] = {
    result::list("models", kCatalogModel),
    result::list("gpus", kCatalogGpu),
    result::list("dtypes", kCatalogDtype),
};
constexpr const char* kCatalogSamples[] = {R"({"op":"catalog"})"};

}  // namespace

const OpDef kCatalogOp = {"catalog", op_catalog, kCatalogFields, kCatalogResult, kCatalogSamples};

}  // namespace tally::api
