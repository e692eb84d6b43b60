// The component registry and the parameter readers of the built-in components and end rules.
#include "xpgn/catalog/registry.hpp"

#include <algorithm>
#include <array>
#include <cctype>
#include <mutex>

#include "xpgn/catalog/registry_pychess.hpp"
#include "xpgn/catalog/registry_xiangqi.hpp"
#include "xpgn/rules/components.hpp"
#include "xpgn/rules/components_oldboards.hpp"
#include "xpgn/rules/end_rule.hpp"
#include "xpgn/rules/janggi_notation.hpp"
#include "xpgn/rules/lichess_rules.hpp"
#include "xpgn/rules/xiangqi_notation.hpp"

namespace xpgn::catalog {

std::string pointer_token(const std::string& key) {
  std::string out;
  for (char c : key) {
    if (c == '~')
      out += "~0";
    else if (c == '/')
      out += "~1";
    else
      out += c;
  }
  return out;
}

using Json = nlohmann::ordered_json;

namespace {

// The JSON type of `value` in words, for "expected ..., found ..." messages.
std::string type_name(const Json& value) {
  if (value.is_null()) return "null";
  if (value.is_boolean()) return "a boolean";
  if (value.is_number()) return "a number";
  if (value.is_string()) return "a string";
  if (value.is_array()) return "an array";
  return "an object";
}

// True when some piece of `v` has SAN letter (or alias, or a pawn's letter) `c`.
bool has_san_letter(const rules::VariantSpec& v, char c) {
  return std::any_of(v.pieces.begin(), v.pieces.end(), [c](const rules::PieceSpec& p) {
    return p.letter == c || p.san_aliases.find(c) != std::string::npos;
  });
}

// True when some piece of `v` has FEN letter `c`.
bool has_fen_letter(const rules::VariantSpec& v, char c) {
  return std::any_of(v.pieces.begin(), v.pieces.end(),
                     [c](const rules::PieceSpec& p) { return !p.fen_plus && p.fen() == c; });
}

// The letters `v` knows, for messages: "K, Q, R, B, N, P".
std::string letter_list(const rules::VariantSpec& v, bool fen) {
  std::string out;
  for (const auto& p : v.pieces) {
    if (!out.empty()) out += ", ";
    out += fen ? p.fen() : p.letter;
  }
  return out;
}

// Checks that every character of `text` is a letter of a piece of the variant.
void check_letters(const rules::VariantSpec& v, const std::string& key, const std::string& text,
                   bool fen) {
  if (text.empty()) throw ParamError{key, "expected at least one piece letter, found \"\""};
  for (char c : text) {
    if (fen ? has_fen_letter(v, c) : has_san_letter(v, c)) continue;
    throw ParamError{key, std::string("'") + c + "' is no " + (fen ? "FEN" : "SAN") +
                              " letter of a piece of " + v.id +
                              " (letters: " + letter_list(v, fen) + ")"};
  }
}

// Parses "d1,c3,e3" or "a2-e4" (a rectangle) into squares of `v`'s board.
std::string check_square_list(const rules::VariantSpec& v, const std::string& key,
                              const std::string& text) {
  std::size_t start = 0;
  if (text.empty()) throw ParamError{key, "expected squares like \"d1,c3\" or \"a2-e4\""};
  while (start <= text.size()) {
    std::size_t end = text.find(',', start);
    if (end == std::string::npos) end = text.size();
    const std::string item = text.substr(start, end - start);
    const std::size_t dash = item.find('-');
    for (const std::string& one :
         dash == std::string::npos
             ? std::vector<std::string>{item}
             : std::vector<std::string>{item.substr(0, dash), item.substr(dash + 1)}) {
      if (rules::parse_square(one, v) == no_square)
        throw ParamError{key, "'" + one + "' is no square of the " + std::to_string(v.files) + "x" +
                                  std::to_string(v.ranks) +
                                  " board (expected squares like \"d1,c3\" or \"a2-e4\")"};
    }
    if (end == text.size()) break;
    start = end + 1;
  }
  return text;
}

// The squares of a list checked by check_square_list ("d4,e4" or "d4-e5", a rectangle), in
// the order written, each once.
std::vector<Square> square_set(const rules::VariantSpec& v, const std::string& key,
                               const std::string& text) {
  check_square_list(v, key, text);
  std::vector<Square> out;
  std::size_t start = 0;
  while (start <= text.size()) {
    std::size_t end = text.find(',', start);
    if (end == std::string::npos) end = text.size();
    const std::string item = text.substr(start, end - start);
    const std::size_t dash = item.find('-');
    const Square a = rules::parse_square(item.substr(0, dash), v);
    const Square b = dash == std::string::npos ? a : rules::parse_square(item.substr(dash + 1), v);
    for (int r = std::min(rank_of(a), rank_of(b)); r <= std::max(rank_of(a), rank_of(b)); ++r)
      for (int f = std::min(file_of(a), file_of(b)); f <= std::max(file_of(a), file_of(b)); ++f)
        if (std::find(out.begin(), out.end(), make_square(f, r)) == out.end())
          out.push_back(make_square(f, r));
    if (end == text.size()) break;
    start = end + 1;
  }
  return out;
}

struct Registry {
  std::mutex mutex;
  std::vector<ComponentSpec> components;
  std::vector<ComponentSpec> end_rules;
};

void add_builtin_components(std::vector<ComponentSpec>& out);
void add_builtin_end_rules(std::vector<ComponentSpec>& out);

Registry& registry() {
  static Registry* r = [] {
    auto* made = new Registry;
    add_builtin_components(made->components);
    add_builtin_end_rules(made->end_rules);
    detail::add_pychess_components(made->components);
    detail::add_pychess_end_rules(made->end_rules);
    detail::add_xiangqi_components(made->components);
    detail::add_xiangqi_end_rules(made->end_rules);
    return made;
  }();
  return *r;
}

// Adds or replaces `spec` in `list`.
// The one SAN letter of `p`'s required "piece" parameter.
char one_letter(Params& p) {
  const std::string letter = p.san_letters("piece");
  if (letter.size() != 1)
    throw ParamError{"piece", "expected one SAN letter, found \"" + letter + "\""};
  return letter[0];
}

void put(std::vector<ComponentSpec>& list, ComponentSpec spec) {
  for (auto& s : list)
    if (s.name == spec.name) {
      s = std::move(spec);
      return;
    }
  list.push_back(std::move(spec));
}

void add_builtin_components(std::vector<ComponentSpec>& out) {
  out.push_back({"castling",
                 "castling with the rooks of the castling rights (FIDE, Chess960, or explicit "
                 "destination files), on each side's first rank or its `rank` (shako: 2)",
                 [](Params& p, rules::VariantSpec& v) {
                   std::array<int, 2> king{-2, 2}, rook{-3, 3};
                   for (auto [key, files] :
                        {std::pair{"king_files", &king}, std::pair{"rook_files", &rook}}) {
                     const Json& value = p.raw(key);
                     if (value.is_null()) continue;
                     if (!value.is_array() || value.size() != 2)
                       throw ParamError{key,
                                        "expected an array of two files [short, long], found " +
                                            type_name(value)};
                     for (std::size_t i = 0; i < 2; ++i)
                       (*files)[i] = p.file(value[i], std::string(key) + "/" + std::to_string(i));
                   }
                   const int rank = p.integer("rank", 1, 1, v.ranks / 2);
                   v.components.push_back(rules::make_castling(king, rook, rank - 1));
                 }});
  out.push_back(
      {"en-passant", "en passant captures after a pawn's double step",
       [](Params&, rules::VariantSpec& v) { v.components.push_back(rules::make_en_passant()); }});
  out.push_back({"promotion",
                 "a pawn reaching the last rank must become one of the choices (SAN letters)",
                 [](Params& p, rules::VariantSpec& v) {
                   p.choice("zone", {"last-rank"}, "last-rank");
                   v.components.push_back(rules::make_promotion(p.san_letters("choices")));
                 }});
  out.push_back({"reserve-pawns",
                 "a captured piece whose FEN letter is listed returns as a pawn on its file",
                 [](Params& p, rules::VariantSpec& v) {
                   v.components.push_back(rules::make_reserve_pawns(p.fen_letters("letters")));
                 }});
  out.push_back({"full-file-ban", "no move may leave a file without an empty square",
                 [](Params&, rules::VariantSpec& v) {
                   v.components.push_back(rules::make_full_file_ban());
                 }});
  out.push_back(
      {"reproduction",
       "passes make a queen pregnant; she later gives birth to a pawn (a prince on the last two "
       "ranks)",
       [](Params& p, rules::VariantSpec& v) {
         const bool vacated = p.choice("births", {"all", "vacated"}, "all") == "vacated";
         const std::string prince = p.san_letters("prince");
         if (prince.size() != 1)
           throw ParamError{"prince", "expected one SAN letter, found \"" + prince + "\""};
         const bool barren = p.flag("barren_capture", false);
         if (!has_san_letter(v, 'Q'))
           throw ParamError{"", "needs a queen (a piece with SAN letter Q)"};
         v.components.push_back(rules::make_reproduction(vacated, prince[0], barren));
       }});
  out.push_back(
      {"chain-births",
       "a piece leaving a square leaves the next piece of the chain (FEN letters) "
       "behind",
       [](Params& p, rules::VariantSpec& v) {
         const std::string chain = p.fen_letters("chain");
         if (chain.size() < 2)
           throw ParamError{"chain", "expected at least two FEN letters, found \"" + chain + "\""};
         v.components.push_back(rules::make_chain_births(chain));
       }});
  out.push_back(
      {"re-entry",
       "captured pieces wait on a re-entry square beside the board and may be placed again",
       [](Params& p, rules::VariantSpec& v) {
         const Json& list = p.raw("squares");
         if (!list.is_array() || list.empty())
           throw ParamError{"squares",
                            "expected an array of {\"piece\": FEN letter, \"squares\": "
                            "\"d1,c3\"}, found " +
                                type_name(list)};
         std::vector<std::pair<char, std::string>> squares;
         for (std::size_t i = 0; i < list.size(); ++i) {
           const std::string at = "squares/" + std::to_string(i);
           const Json& item = list[i];
           if (!item.is_object() || !item.contains("piece") || !item["piece"].is_string() ||
               !item.contains("squares") || !item["squares"].is_string() || item.size() != 2)
             throw ParamError{at, "expected {\"piece\": FEN letter, \"squares\": \"d1,c3\"}"};
           const std::string letter = item["piece"].get<std::string>();
           if (letter.size() != 1 || !has_fen_letter(v, letter[0]))
             throw ParamError{at + "/piece", "'" + letter + "' is no FEN letter of a piece of " +
                                                 v.id + " (letters: " + letter_list(v, true) + ")"};
           squares.emplace_back(letter[0], check_square_list(v, at + "/squares",
                                                             item["squares"].get<std::string>()));
         }
         const bool open_file = p.flag("pawn_open_file", false);
         v.components.push_back(rules::make_reentry(std::move(squares), open_file));
       }});
  out.push_back(
      {"catacombs",
       "a piece's move ending on one of two squares may finish on the other, or switch "
       "as a move of its own",
       [](Params& p, rules::VariantSpec& v) {
         const std::string piece = p.san_letters("piece");
         if (piece.size() != 1)
           throw ParamError{"piece", "expected one SAN letter, found \"" + piece + "\""};
         const Json& list = p.raw("squares");
         if (!list.is_array() || list.size() != 2 || !list[0].is_string() || !list[1].is_string())
           throw ParamError{"squares", "expected two square names [\"c4\", \"c5\"]"};
         Square s[2];
         for (int i = 0; i < 2; ++i) {
           s[i] = rules::parse_square(list[i].get<std::string>(), v);
           if (s[i] == no_square)
             throw ParamError{"squares/" + std::to_string(i),
                              "'" + list[i].get<std::string>() + "' is no square of the board"};
         }
         if (s[0] == s[1]) throw ParamError{"squares", "expected two different squares"};
         v.components.push_back(rules::make_catacombs(piece[0], s[0], s[1]));
       }});
  out.push_back({"portals",
                 "after a move a player may declare two portals; a piece ending on one goes on "
                 "to the other",
                 [](Params& p, rules::VariantSpec& v) {
                   v.components.push_back(rules::make_portals(p.flag("diagonal_fill", false)));
                 }});
  out.push_back({"last-rank-removal", "a pawn that ends a move on its last rank leaves the game",
                 [](Params&, rules::VariantSpec& v) {
                   v.components.push_back(rules::make_last_rank_removal());
                 }});
  out.push_back(
      {"stacks",
       "two friendly pieces may share a square; a capture of a stack pushes the upper "
       "piece",
       [](Params&, rules::VariantSpec& v) { v.components.push_back(rules::make_stacks()); }});
  // The lichess / Fairy-Stockfish variants (king of the hill, racing kings, horde, antichess,
  // atomic).
  out.push_back({"play-stops-at-end",
                 "no move is legal in a position that an end rule ending play at once decides "
                 "(a king on its goal, no pieces left, a blown-up king)",
                 [](Params&, rules::VariantSpec& v) {
                   v.components.push_back(rules::make_play_stops_at_end());
                 }});
  out.push_back({"no-checks", "no move may give check", [](Params&, rules::VariantSpec& v) {
                   v.components.push_back(rules::make_no_checks());
                 }});
  out.push_back({"compulsory-captures",
                 "while the side to move can capture, it must (for variants without royal "
                 "pieces)",
                 [](Params&, rules::VariantSpec& v) {
                   if (v.pieces.end() !=
                       std::find_if(v.pieces.begin(), v.pieces.end(),
                                    [](const rules::PieceSpec& d) { return d.royal; }))
                     throw ParamError{"", "needs a variant without royal pieces"};
                   v.components.push_back(rules::make_compulsory_capture());
                 }});
  out.push_back({"no-en-passant-from-rank",
                 "a pawn's double step from the given rank (1 = the owner's first rank) allows "
                 "no en passant capture",
                 [](Params& p, rules::VariantSpec& v) {
                   const Json& rank = p.raw("rank");
                   if (rank.is_null()) throw ParamError{"rank", "required: a rank from 1"};
                   const int r = p.integer("rank", 1, 1, v.ranks);
                   v.components.push_back(rules::make_no_en_passant_from_rank(r - 1));
                 }});
  out.push_back({"explosions",
                 "a capture blows up the capturer and every piece around the capture square "
                 "but the spared ones (FEN letters; default: pawns)",
                 [](Params& p, rules::VariantSpec& v) {
                   const std::string spared =
                       p.raw("spared").is_null() ? std::string() : p.fen_letters("spared");
                   v.components.push_back(rules::make_explosions(spared));
                 }});
  out.push_back({"gating",
                 "pieces in hand (FEN letters) enter on the square a back-rank piece leaves on "
                 "its first move, or the king's or rook's square of a castling (Seirawan)",
                 [](Params& p, rules::VariantSpec& v) {
                   const std::string pieces = p.fen_letters("pieces");
                   if (pieces.empty())
                     throw ParamError{"pieces", "expected at least one FEN letter"};
                   v.components.push_back(rules::make_gating(pieces));
                 }});
  // Crazyhouse and three-check.
  out.push_back(
      {"pockets",
       "a captured piece goes to the capturer's pocket (a promoted one as a pawn) and "
       "may be dropped on an empty square",
       [](Params&, rules::VariantSpec& v) { v.components.push_back(rules::make_pockets()); }});
  out.push_back({"check-count", "counts the checks each side gives (FEN \"3+3\": checks remaining)",
                 [](Params& p, rules::VariantSpec& v) {
                   v.components.push_back(rules::make_check_count(p.integer("checks", 3, 1, 63)));
                 }});
  // Grand chess (issue 39).
  out.push_back(
      {"zone-promotion",
       "a pawn may promote on its last `zone` ranks and must on the last one, to a choice "
       "(SAN letters) of which it has fewer than its limit (`limits`: {letter: count})",
       [](Params& p, rules::VariantSpec& v) {
         const int zone = p.integer("zone", 1, 1, v.ranks);
         const std::string choices = p.san_letters("choices");
         std::array<int, 32> limits{};
         const Json& given = p.raw("limits");
         if (!given.is_null()) {
           if (!given.is_object())
             throw ParamError{"limits", "expected {\"Q\": 1, ...}, found " + type_name(given)};
           for (auto it = given.begin(); it != given.end(); ++it) {
             const std::string at = "limits/" + pointer_token(it.key());
             if (it.key().size() != 1 || choices.find(it.key()[0]) == std::string::npos)
               throw ParamError{
                   at, "'" + it.key() + "' is no letter of the choices \"" + choices + "\""};
             if (!it.value().is_number_integer() || it.value().get<long long>() < 0 ||
                 it.value().get<long long>() > 64)
               throw ParamError{at, "expected a count from 0 to 64, found " + it.value().dump()};
             // (A spec has no letter index; the Variant compiled from it has one.)
             for (std::size_t t = 0; t < v.pieces.size() && t < limits.size(); ++t)
               if (v.pieces[t].letter == it.key()[0]) limits[t] = it.value().get<int>();
           }
         }
         v.components.push_back(rules::make_zone_promotion(zone, choices, limits));
       }});
  // The shogi family.
  out.push_back({"shogi-drops",
                 "a captured piece goes to the capturer's hand unpromoted and may be dropped "
                 "where it can move again; no second unpromoted pawn on a file, no pawn drop "
                 "that mates (`restricted`: false lifts these three); `drop_promoted`: a piece may "
                 "also be dropped as its promoted form (Kyoto shogi); `drop_resets_clock`: a "
                 "drop restarts the halfmove clock (as Fairy-Stockfish counts)",
                 [](Params& p, rules::VariantSpec& v) {
                   const bool restricted = p.flag("restricted", true);
                   const bool drop_promoted = p.flag("drop_promoted", false);
                   v.components.push_back(rules::make_shogi_hand(
                       restricted, drop_promoted, p.flag("drop_resets_clock", false)));
                 }});
  out.push_back(
      {"shogi-flip",
       "every move of a piece spelled \"X\" in FEN turns it into the piece spelled "
       "\"+X\", and back (Kyoto shogi)",
       [](Params&, rules::VariantSpec& v) { v.components.push_back(rules::make_shogi_flip()); }});
  out.push_back({"shogi-promotion",
                 "the pieces of `pieces` (FEN letters) moving into, within or out of the last "
                 "`zone_ranks` ranks may become the piece spelled '+' and their letter, and must "
                 "where they could not move again",
                 [](Params& p, rules::VariantSpec& v) {
                   const int zone = p.integer("zone_ranks", 3, 1, 8);
                   v.components.push_back(
                       rules::make_shogi_promotion(zone, p.fen_letters("pieces")));
                 }});
  out.push_back({"shogi-notation",
                 "Fairy-Stockfish's SAN and UCI for the shogi family; `written_as` maps a promoted "
                 "piece's FEN spelling (\"+P\") to the letter it is written with (\"G\"; another "
                 "piece's SAN letter, or a letter of no piece: Kyoto shogi's golds)",
                 [](Params& p, rules::VariantSpec& v) {
                   std::vector<std::pair<char, char>> written_as;
                   const Json& map = p.raw("written_as");
                   if (!map.is_null() && !map.is_object())
                     throw ParamError{"written_as", "expected an object such as {\"+P\": \"G\"}"};
                   if (map.is_object())
                     for (const auto& entry : map.items()) {
                       // A named copy: clang refuses a structured binding in a lambda capture.
                       const std::string fen = entry.key();
                       const Json& letter = entry.value();
                       const char base = fen.size() == 2 ? fen[1] : '\0';
                       if (fen.size() != 2 || fen[0] != '+' ||
                           !std::any_of(v.pieces.begin(), v.pieces.end(),
                                        [base](const rules::PieceSpec& d) {
                                          return d.fen_plus && d.fen() == base;
                                        }) ||
                           !letter.is_string() || letter.get<std::string>().size() != 1 ||
                           !std::isupper(static_cast<unsigned char>(letter.get<std::string>()[0])))
                         throw ParamError{"written_as/" + pointer_token(fen),
                                          "expected a piece spelled \"+X\" of " + v.id +
                                              " and an upper-case letter"};
                       written_as.emplace_back(fen[1], letter.get<std::string>()[0]);
                     }
                   v.components.push_back(rules::make_shogi_notation(std::move(written_as)));
                 }});
  out.push_back({"janggi-notation",
                 "janggi's Korean coordinates: read (79卒78, 08마87, H08-87) and written "
                 "(`convert --to korean`)",
                 [](Params&, rules::VariantSpec& v) {
                   v.components.push_back(rules::make_janggi_notation());
                 }});
  out.push_back({"xiangqi-notation",
                 "the xiangqi family's notations: WXF written (`convert --to wxf`), ICCS "
                 "coordinates read (h2e2, H2-E2)",
                 [](Params&, rules::VariantSpec& v) {
                   v.components.push_back(rules::make_xiangqi_notation());
                 }});
}

void add_builtin_end_rules(std::vector<ComponentSpec>& out) {
  auto simple = [&out](const char* name, const char* summary,
                       std::shared_ptr<const rules::EndRule> (*make)()) {
    out.push_back(
        {name, summary, [make](Params&, rules::VariantSpec& v) { v.end_rules.push_back(make()); }});
  };
  out.push_back(
      {"checkmate-stalemate",
       "mate loses, stalemate draws; a FEN needs one king a side (or `kings`: "
       "[white, black])",
       [](Params& p, rules::VariantSpec& v) {
         const Json& kings = p.raw("kings");
         if (kings.is_null()) {
           v.end_rules.push_back(rules::make_checkmate_stalemate());
           return;
         }
         if (!kings.is_array() || kings.size() != 2 || !kings[0].is_number_integer() ||
             !kings[1].is_number_integer() || kings[0].get<long long>() < 0 ||
             kings[0].get<long long>() > 1 || kings[1].get<long long>() < 0 ||
             kings[1].get<long long>() > 1)
           throw ParamError{"kings", "expected [white, black], each 0 or 1, found " + kings.dump()};
         v.end_rules.push_back(rules::make_checkmate_stalemate_with_kings(
             {kings[0].get<int>(), kings[1].get<int>()}));
       }});
  simple("no-moves-loses", "the side to move without a legal move loses",
         &rules::make_no_moves_loses);
  simple("repetition-draw", "threefold repetition claimable, fivefold automatic",
         &rules::make_repetition_draw);
  simple("repetition-loses", "a move that repeats an earlier position loses",
         &rules::make_repetition_loses);
  out.push_back(
      {"n-fold-repetition",
       "the `count`-th occurrence of a position ends the game in a draw; with "
       "`perpetual_check`: \"loses\", the side that gave check throughout the cycle loses; with "
       "`otherwise`: \"first-player-loses\", a repetition without such checks is lost by the "
       "first player (White)",
       [](Params& p, rules::VariantSpec& v) {
         const int count = p.integer("count", 4, 2, 9);
         const bool loses = p.choice("perpetual_check", {"loses", "draws"}, "draws") == "loses";
         const bool first_loses = p.choice("otherwise", {"draws", "first-player-loses"}, "draws") ==
                                  "first-player-loses";
         v.end_rules.push_back(rules::make_repetition_perpetual_check(count, loses, first_loses));
       }});
  simple("move-count", "50 moves claimable, 75 moves automatic", &rules::make_move_count_rule);
  out.push_back(
      {"dead-position", "a dead position is a draw", [](Params& p, rules::VariantSpec& v) {
         v.end_rules.push_back(rules::make_dead_position(p.flag("bishops_keep_colour", true)));
       }});
  simple("no-draws", "no draw of any kind: a 1/2-1/2 result is an error", &rules::make_no_draws);
  // The lichess / Fairy-Stockfish variants (king of the hill, racing kings, horde, antichess,
  // atomic).
  out.push_back({"king-on-squares", "a king that reaches one of the squares wins at once",
                 [](Params& p, rules::VariantSpec& v) {
                   const Json& squares = p.raw("squares");
                   if (!squares.is_string())
                     throw ParamError{"squares",
                                      "expected squares like \"d4,e4,d5,e5\" or "
                                      "\"d4-e5\", found " +
                                          type_name(squares)};
                   v.end_rules.push_back(rules::make_king_on_squares(
                       square_set(v, "squares", squares.get<std::string>())));
                 }});
  simple("race-to-last-rank",
         "the first king on the last rank wins; Black may still draw by arriving right after "
         "White",
         &rules::make_race_to_last_rank);
  out.push_back(
      {"pieces-gone", "a side without any piece on the board loses or wins",
       [](Params& p, rules::VariantSpec& v) {
         if (p.raw("side_without_pieces").is_null())
           throw ParamError{"side_without_pieces",
                            "required: \"loses\" (horde) or \"wins\" (antichess)"};
         const bool loses = p.choice("side_without_pieces", {"loses", "wins"}, "loses") == "loses";
         v.end_rules.push_back(rules::make_no_pieces(loses));
       }});
  // Dobutsu.
  out.push_back({"extinction",
                 "a side without a `piece` (SAN letter) on the board or in hand has lost",
                 [](Params& p, rules::VariantSpec& v) {
                   v.end_rules.push_back(rules::make_extinction(one_letter(p)));
                 }});
  out.push_back({"try",
                 "a side whose `piece` (SAN letter) stands on its last rank, attacked by no "
                 "enemy piece, has won; both at once: a draw",
                 [](Params& p, rules::VariantSpec& v) {
                   v.end_rules.push_back(rules::make_try(one_letter(p)));
                 }});
  simple("no-moves-wins", "the side to move without a legal move wins, in check or not",
         &rules::make_no_moves_wins);
  simple("king-lost", "a side whose king is gone (blown up) has lost", &rules::make_royal_lost);
  // Three-check.
  out.push_back({"check-limit", "the side that has given the last allowed check wins",
                 [](Params& p, rules::VariantSpec& v) {
                   v.end_rules.push_back(rules::make_check_limit(p.integer("checks", 3, 1, 63)));
                 }});
  simple("bare-kings", "nothing but kings on the board and nothing in hand is a draw",
         &rules::make_bare_kings);
  simple("bare-king-loses",
         "a side left with its king alone loses, unless it can bare the other king at once",
         &rules::make_bare_king_loses);
  simple("bare-king-draws",
         "a side left with its king alone: the game is drawn at once (shatar's robado)",
         &rules::make_bare_king_draws);
  out.push_back(
      {"shatar-mate",
       "shatar's mate: stalemate draws; a mate by `knight` (SAN letter) alone loses for the side "
       "that gives it; any other mate wins when the mated side's series of checks held one by a "
       "piece of `shak` (SAN letters), else it is a draw (niol)",
       [](Params& p, rules::VariantSpec& v) {
         const std::string knight = p.san_letters("knight", "N");
         if (knight.size() != 1)
           throw ParamError{"knight", "expected one SAN letter, found \"" + knight + "\""};
         v.components.push_back(rules::make_shak_series(p.san_letters("shak", "NRJ")));
         v.end_rules.push_back(rules::make_shatar_mate(knight[0]));
       }});
  out.push_back({"move-limit",
                 "a draw may be claimed after `moves` moves without a capture or "
                 "a pawn move (shatranj: 70)",
                 [](Params& p, rules::VariantSpec& v) {
                   if (p.raw("moves").is_null()) throw ParamError{"moves", "required: 1 to 1000"};
                   v.end_rules.push_back(rules::make_move_limit(p.integer("moves", 50, 1, 1000)));
                 }});
}

}  // namespace

Params::Params(const Json& entry, const rules::VariantSpec& variant)
    : entry_(entry), variant_(variant) {}

const Json& Params::raw(const std::string& key) {
  static const Json null_value;
  read_.push_back(key);
  auto it = entry_.find(key);
  return it == entry_.end() ? null_value : *it;
}

bool Params::flag(const std::string& key, bool fallback) {
  const Json& value = raw(key);
  if (value.is_null()) return fallback;
  if (!value.is_boolean())
    throw ParamError{key, "expected true or false, found " + type_name(value)};
  return value.get<bool>();
}

int Params::integer(const std::string& key, int fallback, int min, int max) {
  const Json& value = raw(key);
  if (value.is_null()) return fallback;
  if (!value.is_number_integer() || value.get<long long>() < min || value.get<long long>() > max)
    throw ParamError{key, "expected an integer from " + std::to_string(min) + " to " +
                              std::to_string(max) + ", found " + value.dump()};
  return value.get<int>();
}

std::string Params::choice(const std::string& key, std::initializer_list<const char*> allowed,
                           const std::string& fallback) {
  const Json& value = raw(key);
  if (value.is_null()) return fallback;
  std::string list;
  for (const char* a : allowed) {
    if (value.is_string() && value.get<std::string>() == a) return a;
    list += (list.empty() ? "\"" : ", \"") + std::string(a) + "\"";
  }
  throw ParamError{key, "expected one of " + list + ", found " + value.dump()};
}

std::string Params::san_letters(const std::string& key, const char* fallback) {
  const Json& value = raw(key);
  if (value.is_null() && fallback) return fallback;
  if (!value.is_string())
    throw ParamError{key, "expected a string of SAN letters, found " + type_name(value)};
  check_letters(variant_, key, value.get<std::string>(), false);
  return value.get<std::string>();
}

std::string Params::fen_letters(const std::string& key, const char* fallback) {
  const Json& value = raw(key);
  if (value.is_null() && fallback) return fallback;
  if (!value.is_string())
    throw ParamError{key, "expected a string of FEN letters, found " + type_name(value)};
  check_letters(variant_, key, value.get<std::string>(), true);
  return value.get<std::string>();
}

Square Params::square(const std::string& key) {
  const Json& value = raw(key);
  const Square s =
      value.is_string() ? rules::parse_square(value.get<std::string>(), variant_) : no_square;
  if (s == no_square)
    throw ParamError{key, "expected a square of the " + std::to_string(variant_.files) + "x" +
                              std::to_string(variant_.ranks) + " board, found " + value.dump()};
  return s;
}

int Params::file(const Json& value, const std::string& where) {
  const int files = variant_.files;
  if (value.is_number_integer()) {
    const long long f = value.get<long long>();
    if (f >= -files && f < files) return static_cast<int>(f);
  } else if (value.is_string() && value.get<std::string>().size() == 1) {
    const int f = value.get<std::string>()[0] - 'a';
    if (f >= 0 && f < files) return f;
  }
  throw ParamError{where, "expected a file of the " + std::to_string(files) +
                              "-file board (a letter, or a number from " + std::to_string(-files) +
                              " to " + std::to_string(files - 1) + "), found " + value.dump()};
}

void Params::done() const {
  for (auto it = entry_.begin(); it != entry_.end(); ++it) {
    if (std::find(read_.begin(), read_.end(), it.key()) != read_.end()) continue;
    std::string known;
    for (const auto& k : read_)
      if (k != "name" && k != "remove") known += (known.empty() ? "" : ", ") + k;
    throw ParamError{
        pointer_token(it.key()),
        "unknown parameter '" + it.key() + "' of " + entry_["name"].get<std::string>() +
            (known.empty() ? " (it has no parameters)" : " (parameters: " + known + ")")};
  }
}

void register_component(ComponentSpec spec) {
  Registry& r = registry();
  std::lock_guard lock(r.mutex);
  put(r.components, std::move(spec));
}

void register_end_rule(ComponentSpec spec) {
  Registry& r = registry();
  std::lock_guard lock(r.mutex);
  put(r.end_rules, std::move(spec));
}

const std::vector<ComponentSpec>& components() {
  return registry().components;
}
const std::vector<ComponentSpec>& end_rules() {
  return registry().end_rules;
}

const ComponentSpec* find_component(std::string_view name) {
  for (const auto& s : registry().components)
    if (s.name == name) return &s;
  return nullptr;
}
const ComponentSpec* find_end_rule(std::string_view name) {
  for (const auto& s : registry().end_rules)
    if (s.name == name) return &s;
  return nullptr;
}

}  // namespace xpgn::catalog
