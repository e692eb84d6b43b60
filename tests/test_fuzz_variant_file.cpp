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

TEST_CASE("variant-file harness: a bad parameter of an inherited rule is placed in the child file",
          "[fuzz]") {
  // Found by the harness: a key holding '/' made the error's JSON pointer name a field that does
  // not exist, so the problem was placed at the base's entry (builtin:chess.json).
  const std::string text = R"({
  "format": "xpgn-variant", "version": 1, "id": "x5", "base": "chess",
  "end_rules": [
    {"name": "move-count",
     "remov/start_fe": true}
  ]
})";
  std::unique_ptr<rules::Variant> v;
  const auto errors = catalog::try_text(text, "fuzz.json", &v);
  REQUIRE(errors.size() == 1);
  CHECK(errors[0].where.source == "fuzz.json");
  CHECK(errors[0].where.line == 5);
  CHECK_NOTHROW(run(text));
}

TEST_CASE("variant-file harness: a number too large for JSON is a problem, not an exception",
          "[fuzz]") {
  // Found by the harness: nlohmann's parser throws out_of_range (not parse_error) for it.
  const std::string text = "{\"id\": \"x6\",\n \"version\": 1" + std::string(400, '1') + "}";
  std::unique_ptr<rules::Variant> v;
  const auto errors = catalog::try_text(text, "fuzz.json", &v);
  REQUIRE(errors.size() == 1);
  CHECK(errors[0].where.line == 2);
  CHECK(errors[0].where.column == 13);
  CHECK(errors[0].message == "not valid JSON: a number too large");
  CHECK_NOTHROW(run(text));
}

TEST_CASE("variant-file harness: a start FEN with a run of empty squares wider than any board",
          "[fuzz]") {
  // Found by the harness: the run's digits overflowed an int, and a large run was expanded into
  // that many empty squares before the width was checked (std::bad_alloc).
  for (const std::string digits : {"17", "888888888888", "99999999999999999999"}) {
    const std::string text =
        R"({"format": "xpgn-variant", "version": 1, "id": "x7", "base": "chess",
      "start_fen": ")" +
        digits + R"(/8/8/8/8/8/8/8 w - - 0 1"})";
    INFO(text);
    std::unique_ptr<rules::Variant> v;
    const auto errors = catalog::try_text(text, "fuzz.json", &v);
    REQUIRE(errors.size() == 1);
    CHECK(errors[0].message.find("bad_alloc") == std::string::npos);
    CHECK(v == nullptr);
    CHECK_NOTHROW(run(text));
  }
}

TEST_CASE("variant-file harness: a Betza range too long to count", "[fuzz]") {
  // Found by the harness: the range's digits overflowed an int before the bound was checked.
  const std::string text = R"({"format": "xpgn-variant", "version": 1, "id": "x8", "base": "chess",
    "pieces": [{"letter": "N", "betza": "R4444444444444444"}]})";
  std::unique_ptr<rules::Variant> v;
  const auto errors = catalog::try_text(text, "fuzz.json", &v);
  REQUIRE(errors.size() == 1);
  CHECK(errors[0].message.find("bad range") != std::string::npos);
  CHECK_NOTHROW(run(text));
}
