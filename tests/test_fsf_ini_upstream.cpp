// Fairy-Stockfish's own variants.ini (src/variants.ini at 84e305ff, the engine of ffish 0.7.10;
// comments left out) imported section by section, as the table
// tests/data/fsf-ini/fairy-stockfish-table.txt says (made by
// tests/reference/fsf_variants_ini_table.sh from ffish's perft,
// tests/reference/fsf_variants_ini.mjs): each section either imports with ffish's perft at
// every reference position, or is refused with the message the table holds, which names the
// section and the key (or the unknown parent). No section may be wrong.
#include <catch2/catch.hpp>

#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "test_support.hpp"
#include "xpgn/catalog/catalog.hpp"
#include "xpgn/rules/movegen.hpp"

using namespace xpgn;

namespace {

const std::string dir = std::string(XPGN_TEST_DATA) + "/fsf-ini/";
const std::string ini = dir + "fairy-stockfish-84e305f.ini";

// The lines of tests/data/fsf-ini/`file`, each split at its first `parts - 1` semicolons.
std::vector<std::vector<std::string>> rows(const std::string& file, std::size_t parts) {
  std::ifstream in(dir + file);
  REQUIRE(in);
  std::vector<std::vector<std::string>> out;
  for (std::string line; std::getline(in, line);) {
    std::vector<std::string> f;
    std::size_t start = 0;
    while (f.size() + 1 < parts) {
      const std::size_t semi = line.find(';', start);
      if (semi == std::string::npos) break;
      f.push_back(line.substr(start, semi - start));
      start = semi + 1;
    }
    f.push_back(line.substr(start));
    out.push_back(std::move(f));
  }
  return out;
}

}  // namespace

TEST_CASE("fsf ini: every section of Fairy-Stockfish's variants.ini imported or refused as tabled",
          "[fsf-ini][perft]") {
  // The sections of the ini, in order.
  std::ifstream in(ini);
  REQUIRE(in);
  std::vector<std::string> sections;
  for (std::string line; std::getline(in, line);)
    if (line.starts_with("[")) sections.push_back(line.substr(1, line.find_first_of(":]") - 1));
  REQUIRE(sections.size() == 106);

  std::map<std::string, std::vector<std::vector<std::string>>> reference;
  for (auto& r : rows("fairy-stockfish-perft-ffish.txt", 4)) reference[r[0]].push_back(r);

  const auto table = rows("fairy-stockfish-table.txt", 3);
  REQUIRE(table.size() == sections.size());
  std::map<std::string, int> counts;
  int positions = 0;
  for (std::size_t i = 0; i < table.size(); ++i) {
    const auto& row = table[i];
    INFO(row[0] + ";" + row[1] + ";" + row[2]);
    REQUIRE(row.size() == 3);
    CHECK(row[0] == sections[i]);
    ++counts[row[1]];
    std::vector<std::string> ids;
    const auto errors = catalog::load_files({ini}, &ids, row[0]);
    if (row[1] == "imported") {
      for (const auto& e : errors) INFO(e.text());
      REQUIRE(errors.empty());
      REQUIRE(ids.size() == 1);
      std::string error;
      const rules::Variant* v = catalog::find_variant(ids[0], "", error);
      REQUIRE(v != nullptr);
      const auto& lines = reference[row[0]];
      REQUIRE(lines.size() == static_cast<std::size_t>(std::stoi(row[2])));
      for (const auto& r : lines) {
        INFO(r[1] + " depth " + r[2]);
        REQUIRE(r[1] != "-");
        const rules::Position pos = test::from_fen(r[1], *v);
        CHECK(rules::perft(pos, std::stoi(r[2])) == std::stoull(r[3]));
        ++positions;
      }
    } else {
      // Refused: the section's own problem, as tabled, with this file's name and line.
      REQUIRE(row[1] == "refused");
      REQUIRE(!errors.empty());
      std::string own;
      for (const auto& e : errors)
        if (e.text().find("error: [" + row[0] + "]") != std::string::npos) own = e.text();
      CHECK(own == ini + ":" + row[2]);
    }
  }
  // What the table holds today; a change in either count is a change of what xpgn imports.
  CHECK(counts["imported"] == 16);
  CHECK(counts["refused"] == 90);
  CHECK(counts.size() == 2);
  CHECK(positions == 3 * 16);
}
