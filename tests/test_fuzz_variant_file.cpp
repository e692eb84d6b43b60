// The variant-file fuzz harness (tests/fuzz/harnesses.hpp, run_variant_file; issue 36, item 8)
// on the inputs its seeds start from and on broken ones: it builds without adding to the
// catalog (catalog::try_text) and breaks no invariant.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "fuzz/harnesses.hpp"
#include "xpgn/catalog/builtin_files.hpp"

using namespace xpgn;

namespace {

// Runs the harness on `text`.
void run(const std::string& text) {
  fuzz::run_variant_file(reinterpret_cast<const std::uint8_t*>(text.data()), text.size());
}

}  // namespace

TEST_CASE("variant-file harness: the built-in definitions under another id", "[fuzz]") {
  const std::size_t before = catalog::entries().size();
  int files = 0;
  for (const auto& file : catalog::detail::builtin_files()) {
    if (std::string_view(file.name) == "aliases.json") continue;
    // Under a new id and without aliases (they name the built-in variant).
    nlohmann::json doc = nlohmann::json::parse(file.text);
    doc["id"] = "fuzz-" + doc["id"].get<std::string>();
    doc.erase("aliases");
    const std::string text = doc.dump(2);
    INFO(file.name);
    std::unique_ptr<rules::Variant> v;
    const auto errors = catalog::try_text(text, "fuzz.json", &v);
    CHECK(errors.empty());
    REQUIRE(v != nullptr);
    CHECK(v->id.starts_with("fuzz-"));
    CHECK_NOTHROW(run(text));
    ++files;
  }
  CHECK(files >= 16);
  CHECK(catalog::entries().size() == before);  // nothing added
  std::string error;
  CHECK(catalog::find_variant("fuzz-chess", "", error) == nullptr);
}

TEST_CASE("variant-file harness: refused definitions", "[fuzz]") {
  const std::vector<std::string> broken = {
      "",
      "{",
      "[]",
      R"({"format": "xpgn-variant", "version": 1, "id": "chess", "base": "chess"})",
      R"({"format": "xpgn-variant", "version": 1, "id": "x1", "base": "no-such-variant"})",
      R"({"format": "xpgn-variant", "version": 1, "id": "x2", "base": "chess",
          "pieces": [{"letter": "N", "betza": "iN"}]})",
      R"({"format": "xpgn-variant", "version": 1, "id": "x3", "base": "chess",
          "board": {"files": 99, "ranks": 8}})",
      R"({"format": "xpgn-variant", "version": 1, "id": "x4", "base": "x4"})",
  };
  for (const std::string& text : broken) {
    INFO(text);
    std::unique_ptr<rules::Variant> v;
    CHECK_FALSE(catalog::try_text(text, "fuzz.json", &v).empty());
    CHECK(v == nullptr);
    CHECK_NOTHROW(run(text));
  }
}

TEST_CASE("variant-file harness: an overlapping pawn and a first move", "[fuzz]") {
  CHECK_NOTHROW(run(R"({"format": "xpgn-variant", "version": 1, "id": "fuzz-w3", "base": "chess",
      "pieces": [{"letter": "P", "betza": "fmW3fcFifmW4"}]})"));
}
