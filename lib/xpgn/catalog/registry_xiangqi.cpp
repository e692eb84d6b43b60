// Registry entries of the xiangqi family (registry_xiangqi.hpp).
#include "xpgn/catalog/registry_xiangqi.hpp"

#include <algorithm>
#include <string>

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
}

void add_xiangqi_end_rules(std::vector<ComponentSpec>& out) {
  out.push_back({"no-attackers-draw",
                 "a draw when neither side keeps a piece of `attackers` (SAN letters): "
                 "ffish's insufficient material of xiangqi",
                 [](Params& p, rules::VariantSpec& v) {
                   v.end_rules.push_back(rules::make_no_attackers_draw(p.san_letters("attackers")));
                 }});
}

}  // namespace xpgn::catalog::detail
