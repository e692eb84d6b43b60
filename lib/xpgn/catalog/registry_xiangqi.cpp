// Registry entries of the xiangqi family (registry_xiangqi.hpp).
#include "xpgn/catalog/registry_xiangqi.hpp"

#include <algorithm>
#include <string>

#include "xpgn/rules/components_janggi.hpp"
#include "xpgn/rules/components_xiangqi.hpp"

namespace xpgn::catalog::detail {
namespace {

using Json = nlohmann::ordered_json;

// The squares of White's region written in `text` ("d1-f3": a rectangle between two corners;
// several joined by ','), each once; throws ParamError (at `key`) for anything else.
std::vector<Square> region_squares(const rules::VariantSpec& v, const std::string& key,
                                   const std::string& text) {
  std::vector<Square> out;
  std::size_t start = 0;
  do {
    const std::size_t comma = std::min(text.find(',', start), text.size());
    const std::string part = text.substr(start, comma - start);
    const std::size_t dash = part.find('-');
    const Square a = rules::parse_square(part.substr(0, dash), v);
    const Square b = dash == std::string::npos ? a : rules::parse_square(part.substr(dash + 1), v);
    if (a == no_square || b == no_square)
      throw ParamError{key, "'" + part + "' is no square or rectangle (\"d1-f3\") of the " +
                                std::to_string(v.files) + "x" + std::to_string(v.ranks) + " board"};
    for (int r = std::min(rank_of(a), rank_of(b)); r <= std::max(rank_of(a), rank_of(b)); ++r)
      for (int f = std::min(file_of(a), file_of(b)); f <= std::max(file_of(a), file_of(b)); ++f)
        if (std::find(out.begin(), out.end(), make_square(f, r)) == out.end())
          out.push_back(make_square(f, r));
    start = comma + 1;
  } while (start <= text.size());
  return out;
}

// The type of the piece with SAN letter `letter` (checked by Params::san_letters).
PieceType type_of(const rules::VariantSpec& v, char letter) {
  for (std::size_t t = 0; t < v.pieces.size(); ++t)
    if (v.pieces[t].letter == letter) return static_cast<PieceType>(t);
  return no_piece_type;
}

// Reads the "regions" list of a mobility entry into `spec`.
void read_regions(Params& p, rules::MobilitySpec& spec) {
  const rules::VariantSpec& v = p.variant();
  const Json& regions = p.raw("regions");
  if (regions.is_null()) return;
  if (!regions.is_array())
    throw ParamError{"regions", "expected a list of {\"pieces\", \"squares\", \"name\"}"};
  for (std::size_t i = 0; i < regions.size(); ++i) {
    const std::string key = "regions";
    const std::string entry = "entry " + std::to_string(i + 1) + ": ";
    const Json& r = regions[i];
    if (!r.is_object() || !r.contains("pieces") || !r.contains("squares") ||
        !r["pieces"].is_string() || !r["squares"].is_string() || r.size() > 3 ||
        (r.size() == 3 && !(r.contains("name") && r["name"].is_string())))
      throw ParamError{key, entry +
                                "expected {\"pieces\": SAN letters, \"squares\": \"d1-f3\", "
                                "\"name\": \"palace\"}"};
    const std::string letters = r["pieces"].get<std::string>();
    const std::vector<Square> white = region_squares(v, key, r["squares"]);
    std::vector<Square> black;
    for (Square s : white) black.push_back(make_square(file_of(s), v.ranks - 1 - rank_of(s)));
    for (char c : letters) {
      const PieceType t = type_of(v, c);
      if (t == no_piece_type)
        throw ParamError{key, entry + "'" + c + "' is no SAN letter of a piece"};
      spec.regions.push_back(
          {t, {white, black}, r.contains("name") ? r["name"].get<std::string>() : "region"});
    }
  }
}

// Reads the "sideways_from" object of a mobility entry ({"P": 6}) into `spec`.
void read_sideways(Params& p, rules::MobilitySpec& spec) {
  const rules::VariantSpec& v = p.variant();
  const Json& sideways = p.raw("sideways_from");
  if (sideways.is_null()) return;
  if (!sideways.is_object())
    throw ParamError{"sideways_from", "expected {\"P\": rank}, the rank counted from its side"};
  for (const auto& item : sideways.items()) {
    const std::string letter = item.key();
    const Json& rank = item.value();
    const std::string key = "sideways_from";
    const PieceType t = letter.size() == 1 ? type_of(v, letter[0]) : no_piece_type;
    if (t == no_piece_type) throw ParamError{key, "'" + letter + "' is no SAN letter of a piece"};
    if (!rank.is_number_integer() || rank.get<long long>() < 1 || rank.get<long long>() > v.ranks)
      throw ParamError{key,
                       "'" + letter + "': expected a rank from 1 to " + std::to_string(v.ranks)};
    spec.sideways.push_back({t, rank.get<int>() - 1});
  }
}

// The piece-type bit set of the SAN letters of `key` (none when absent).
std::uint32_t type_mask(Params& p, const std::string& key) {
  std::uint32_t mask = 0;
  for (char c : p.san_letters(key, "")) {
    const PieceType t = type_of(p.variant(), c);
    if (t >= 32) throw ParamError{key, "'" + std::string(1, c) + "': only the first 32 pieces"};
    mask |= 1u << t;
  }
  return mask;
}

// Reads a "palace-lines" entry: White's points, mirrored for Black, and who moves along them.
rules::PalaceLinesSpec read_palace_lines(Params& p) {
  const rules::VariantSpec& v = p.variant();
  const Json& points = p.raw("points");
  if (!points.is_string())
    throw ParamError{"points", "expected White's points of the lines (\"d1,f1,e2,d3,f3\")"};
  rules::PalaceLinesSpec spec;
  spec.files = v.files, spec.ranks = v.ranks;
  spec.points = region_squares(v, "points", points.get<std::string>());
  const std::size_t white = spec.points.size();
  for (std::size_t i = 0; i < white; ++i) {
    const Square s = spec.points[i];
    const Square m = make_square(file_of(s), v.ranks - 1 - rank_of(s));
    if (std::find(spec.points.begin(), spec.points.end(), m) == spec.points.end())
      spec.points.push_back(m);
  }
  spec.steps = type_mask(p, "steps");
  spec.forward_steps = type_mask(p, "forward_steps");
  spec.slides = type_mask(p, "slides");
  spec.hops = type_mask(p, "hops");
  spec.exclusive_hoppers = type_mask(p, "exclusive_hoppers");
  return spec;
}

// Reads the "values" ({"R": 13, ...}) and "second_bonus" (a multiple of 0.5) of a pass-end
// entry; no values: a draw.
rules::MaterialCount read_count(Params& p) {
  const rules::VariantSpec& v = p.variant();
  rules::MaterialCount count;
  const Json& values = p.raw("values");
  if (!values.is_null()) {
    if (!values.is_object() || values.empty())
      throw ParamError{"values", "expected {\"R\": 13, ...}: points per SAN letter"};
    count.values.assign(v.pieces.size(), 0);
    for (const auto& item : values.items()) {
      const std::string letter = item.key();
      const PieceType t = letter.size() == 1 ? type_of(v, letter[0]) : no_piece_type;
      if (t == no_piece_type)
        throw ParamError{"values", "'" + letter + "' is no SAN letter of a piece"};
      if (!item.value().is_number_integer() || item.value().get<long long>() < 0 ||
          item.value().get<long long>() > 1000)
        throw ParamError{"values", "'" + letter + "': expected points from 0 to 1000"};
      count.values[t] = item.value().get<int>();
    }
  }
  const Json& bonus = p.raw("second_bonus");
  if (!bonus.is_null()) {
    const double b = bonus.is_number() ? bonus.get<double>() : -1;
    if (b < 0 || b > 100 || b * 2 != static_cast<double>(static_cast<int>(b * 2)))
      throw ParamError{"second_bonus", "expected points from 0 to 100 in halves (1.5)"};
    count.bonus_halves = static_cast<int>(b * 2);
  }
  return count;
}

}  // namespace

void add_xiangqi_components(std::vector<ComponentSpec>& out) {
  out.push_back(
      {"mobility",
       "pieces confined to regions (`regions`: [{\"pieces\", \"squares\" of White, mirrored for "
       "Black, \"name\"}]) and pieces that step sideways only from a rank on (`sideways_from`: "
       "{\"P\": 6}): xiangqi's palace, river and soldiers",
       [](Params& p, rules::VariantSpec& v) {
         rules::MobilitySpec spec;
         read_regions(p, spec);
         read_sideways(p, spec);
         v.components.push_back(rules::make_mobility(std::move(spec)));
       }});
  out.push_back({"flying-general",
                 "no move may leave the two generals facing each other on an open file",
                 [](Params&, rules::VariantSpec& v) {
                   v.components.push_back(rules::make_flying_general());
                 }});
  out.push_back({"palace-lines",
                 "moves along the palaces' diagonal lines (`points`: White's, mirrored for "
                 "Black; SAN letters of the pieces that `steps`, `forward_steps`, `slides` or "
                 "`hops` along them) and `exclusive_hoppers` that neither hop over nor capture "
                 "each other: janggi",
                 [](Params& p, rules::VariantSpec& v) {
                   v.components.push_back(rules::make_palace_lines(read_palace_lines(p)));
                 }});
  out.push_back(
      {"royal-pass",
       "the side to move may pass with its general when not in check (\"Ke2\", "
       "\"e2e2\", \"pass\"), or (`bikjang_pass`) also in check while the generals face each "
       "other: janggi",
       [](Params& p, rules::VariantSpec& v) {
         v.components.push_back(rules::make_royal_pass(p.flag("bikjang_pass", false)));
       }});
  out.push_back(
      {"bikjang", "when the generals face each other, the side to move must break it or pass",
       [](Params&, rules::VariantSpec& v) { v.components.push_back(rules::make_bikjang()); }});
}

void add_xiangqi_end_rules(std::vector<ComponentSpec>& out) {
  out.push_back({"no-attackers-draw",
                 "a draw when neither side keeps a piece of `attackers` (SAN letters): "
                 "ffish's insufficient material of xiangqi",
                 [](Params& p, rules::VariantSpec& v) {
                   v.end_rules.push_back(rules::make_no_attackers_draw(p.san_letters("attackers")));
                 }});
  out.push_back({"pass-end",
                 "the game ends after two passes in a row, or (`bikjang`) a pass while the "
                 "generals face each other; counted by `values` with `second_bonus` for Black, "
                 "a draw without values: janggi",
                 [](Params& p, rules::VariantSpec& v) {
                   const bool bikjang = p.flag("bikjang", false);
                   v.end_rules.push_back(rules::make_pass_end(read_count(p), bikjang));
                 }});
  out.push_back({"counted-draws",
                 "the end rules of `rules` (entries as in end_rules), whose automatic draws "
                 "are scored by `values` and `second_bonus` instead: janggi",
                 [](Params& p, rules::VariantSpec& v) {
                   const rules::MaterialCount count = read_count(p);
                   const Json& inner = p.raw("rules");
                   if (!inner.is_array() || inner.empty())
                     throw ParamError{"rules", "expected a list of end rule entries"};
                   for (const Json& entry : inner) {
                     if (!entry.is_object() || !entry.contains("name") ||
                         !entry["name"].is_string())
                       throw ParamError{"rules", "expected entries {\"name\": ..., ...}"};
                     const std::string name = entry["name"].get<std::string>();
                     const ComponentSpec* spec = find_end_rule(name);
                     if (!spec) throw ParamError{"rules", "no end rule is named '" + name + "'"};
                     const std::size_t before = v.end_rules.size();
                     Params params(entry, v);
                     spec->build(params, v);
                     params.done();
                     for (std::size_t i = before; i < v.end_rules.size(); ++i)
                       v.end_rules[i] = rules::make_counted_draws(v.end_rules[i], count);
                   }
                 }});
  out.push_back(
      {"chasing-repetition",
       "the `count`-th occurrence of a position ends the game: the side that gave check "
       "throughout the cycle loses, else the side that chased a piece throughout (the AXF "
       "rule as Fairy-Stockfish applies it; roles by SAN letter: `chariot`, `cannon`, `horse`, "
       "`elephant`, `advisor`, and the soldier of `sideways_from`, across the river from that "
       "rank; `regions` as for mobility), else a draw: xiangqi",
       [](Params& p, rules::VariantSpec& v) {
         const int count = p.integer("count", 3, 2, 9);
         rules::ChaseSpec chase;
         for (auto [key, role] :
              {std::pair{"chariot", &chase.chariot}, std::pair{"cannon", &chase.cannon},
               std::pair{"horse", &chase.horse}, std::pair{"elephant", &chase.elephant},
               std::pair{"advisor", &chase.advisor}}) {
           const std::string letter = p.san_letters(key, "");
           if (letter.size() > 1)
             throw ParamError{key, "expected one SAN letter, found \"" + letter + "\""};
           if (!letter.empty()) *role = type_of(v, letter[0]);
         }
         rules::MobilitySpec mobility;
         read_regions(p, mobility);
         read_sideways(p, mobility);
         for (const auto& r : mobility.regions) chase.regions.push_back({r.piece, r.squares});
         if (mobility.sideways.size() > 1)
           throw ParamError{"sideways_from", "expected one soldier"};
         if (!mobility.sideways.empty()) {
           chase.soldier = mobility.sideways[0].piece;
           chase.soldier_across_rank = mobility.sideways[0].rank;
         }
         chase.flying_general = p.flag("flying_general", true);
         v.end_rules.push_back(rules::make_repetition_perpetual_check(
             count, true, false, rules::make_axf_chasing(std::move(chase))));
       }});
}

}  // namespace xpgn::catalog::detail
