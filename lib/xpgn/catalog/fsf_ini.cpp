// Fairy-Stockfish variants.ini files read into xpgn definitions (see fsf_ini.hpp). The key names
// and their meaning follow Fairy-Stockfish's documentation of variants.ini and its parser; the
// code is ours. Every key is either honoured (mapped onto xpgn's pieces, components and end
// rules), ignored because it changes no rule (GUI and engine settings), accepted only at its
// Fairy-Stockfish default, or refused.
#include "xpgn/catalog/fsf_ini.hpp"

#include <algorithm>
#include <array>
#include <bitset>
#include <cctype>
#include <optional>
#include <set>
#include <stdexcept>
#include <utility>

namespace xpgn::catalog::fsf {

using Json = nlohmann::ordered_json;

namespace {

// Fairy-Stockfish's largest board (its large-board build, as ffish): 12 files, 10 ranks.
constexpr int fsf_files = 12;
constexpr int fsf_ranks = 10;
// At most this many sections per file (each becomes a variant that is built and checked).
constexpr std::size_t max_sections = 256;

// Where a key was written.
struct Where {
  std::string source;
  std::uint64_t line = 0;
  std::uint32_t column = 1;
  std::string section;
  std::string key;  // "" for the section header

  Location location() const {
    return {source, "[" + section + "]" + (key.empty() ? "" : " " + key), line, column};
  }
};

// A problem inside this file (caught per section).
struct Problem {
  Where where;
  std::string message;
};

[[noreturn]] void refuse(const Where& where, std::string message) {
  throw Problem{where, std::move(message)};
}

// ---- Pieces ---------------------------------------------------------------------------------

// Fairy-Stockfish's predefined piece types, in its order of piece types, with their Betza.
struct Kind {
  const char* key;
  const char* betza;  // nullptr: not honoured (see `why`)
  const char* why;
  // xpgn's Betza when Fairy-Stockfish's has no translation (the janggi elephant's blockable
  // 3,2 leap), else nullptr.
  const char* xpgn_betza = nullptr;
};
const Kind kinds[] = {
    {"pawn", "fmWfcF", nullptr},
    {"knight", "N", nullptr},
    {"bishop", "B", nullptr},
    {"rook", "R", nullptr},
    {"queen", "Q", nullptr},
    {"fers", "F", nullptr},
    {"alfil", "A", nullptr},
    {"fersAlfil", "FA", nullptr},
    {"silver", "FfW", nullptr},
    {"aiwok", "RNF", nullptr},
    {"bers", "RF", nullptr},
    {"archbishop", "BN", nullptr},
    {"chancellor", "RN", nullptr},
    {"amazon", "QN", nullptr},
    {"knibis", "mNcB", nullptr},
    {"biskni", "mBcN", nullptr},
    {"kniroo", "mNcR", nullptr},
    {"rookni", "mRcN", nullptr},
    {"shogiPawn", "fW", nullptr},
    {"lance", "fR", nullptr},
    {"shogiKnight", nullptr, "the shogi knight's two narrow forward leaps have no Betza in xpgn"},
    {"gold", "WfF", nullptr},
    {"dragonHorse", "BW", nullptr},
    {"clobber", "cW", nullptr},
    {"breakthrough", "fmWfF", nullptr},
    {"immobile", nullptr, "xpgn has no piece without moves"},
    {"cannon", "mRcpR", nullptr},
    {"janggiCannon", nullptr,
     "the janggi cannon (xpgn's janggi: a hopper that may neither hop over nor take another "
     "cannon, the component palace-lines) is not read from ini files yet"},
    {"soldier", "fsW", nullptr},
    {"horse", "nN", nullptr},
    {"elephant", "nA", nullptr},
    {"janggiElephant", "", nullptr, "nZ"},
    {"banner", "RcpRnN", nullptr},
    {"wazir", "W", nullptr},
    {"commoner", "K", nullptr},
    {"centaur", "KN", nullptr},
};
constexpr int custom_slots = 25;

// The order of a piece key among Fairy-Stockfish's piece types (custom pieces after the
// predefined ones, the king last); -1 for a key that names no piece.
int kind_order(const std::string& key) {
  const int n = static_cast<int>(std::size(kinds));
  for (int i = 0; i < n; ++i)
    if (key == kinds[i].key) return i;
  if (key.starts_with("customPiece") && key.size() > 11 && key.size() <= 13) {
    int slot = 0;
    for (std::size_t i = 11; i < key.size(); ++i) {
      if (!std::isdigit(static_cast<unsigned char>(key[i]))) return -1;
      slot = slot * 10 + (key[i] - '0');
    }
    if (key[11] == '0' || slot < 1 || slot > custom_slots) return -1;
    return n + slot - 1;
  }
  if (key == "king") return n + custom_slots;
  return -1;
}

// A readable name for a piece key: "fersAlfil" -> "fers alfil", "customPiece3" -> "custom
// piece 3".
std::string readable(const std::string& key) {
  std::string out;
  for (char c : key) {
    if (std::isupper(static_cast<unsigned char>(c))) {
      out += ' ';
      out += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    } else if (std::isdigit(static_cast<unsigned char>(c)) && !out.empty() &&
               !std::isdigit(static_cast<unsigned char>(out.back()))) {
      out += ' ';
      out += c;
    } else {
      out += c;
    }
  }
  return out;
}

struct Piece {
  std::string key;    // "rook", "customPiece1", "king"
  char letter = 0;    // lower case, as in Fairy-Stockfish's pieceToChar
  std::string betza;  // custom pieces and a custom king: Fairy-Stockfish Betza
  Where from;
};

// ---- Settings -------------------------------------------------------------------------------

struct Setting {
  std::string value;
  Where from;
};

// A variant being read: its pieces and settings (by canonical key, per colour where
// Fairy-Stockfish keeps one per colour: "promotionPieceTypes.white").
struct State {
  std::vector<Piece> pieces;  // in Fairy-Stockfish's order of piece types
  std::map<std::string, Setting> settings;
  Where header;
  // A child of one of catalog_parents (directly or through sections of the file): its id, and
  // only startFen in `settings`; "" otherwise.
  std::string catalog_base;
};

// Fairy-Stockfish variants that xpgn's catalog has as its own definitions under the same id,
// with rules its keys do not describe one to one (`what`). A section inheriting from one imports
// as a definition with that base; of its keys only startFen (and those that change no rule) can
// be honoured.
struct CatalogParent {
  const char* id;
  const char* family;
  const char* what;
};
constexpr const char* xiangqi_rules =
    "its palace, river, flying general and perpetual-check rules are xpgn components";
constexpr const char* janggi_rules =
    "its palace lines, cannons, passing, bikjang and counted results are xpgn components";
constexpr const char* shogi_rules =
    "its drops with shogi's restrictions, promotion zone and repetition rules are xpgn "
    "components";
constexpr const char* makruk_rules =
    "its promotions, counting and (sittuyin) setup phase are xpgn components";
const CatalogParent catalog_parents[] = {
    {"xiangqi", "xiangqi", xiangqi_rules},
    {"minixiangqi", "xiangqi", xiangqi_rules},
    {"manchu", "xiangqi", xiangqi_rules},
    {"janggi", "janggi", janggi_rules},
    {"janggitraditional", "janggi", janggi_rules},
    {"janggicasual", "janggi", janggi_rules},
    {"shogi", "shogi", shogi_rules},
    {"minishogi", "shogi", shogi_rules},
    {"kyotoshogi", "shogi", shogi_rules},
    {"dobutsu", "shogi", shogi_rules},
    {"makruk", "makruk", makruk_rules},
    {"asean", "makruk", makruk_rules},
    {"sittuyin", "makruk", makruk_rules},
    {"cambodian", "makruk", makruk_rules},
};

// The catalog parent of id `id`, or nullptr.
const CatalogParent* catalog_parent(const std::string& id) {
  for (const auto& c : catalog_parents)
    if (id == c.id) return &c;
  return nullptr;
}

// ---- Values ---------------------------------------------------------------------------------

// An integer written alone (blanks around allowed); nullopt otherwise.
std::optional<long long> integer_of(const std::string& text) {
  std::size_t i = 0;
  while (i < text.size() && std::isspace(static_cast<unsigned char>(text[i]))) ++i;
  bool negative = false;
  if (i < text.size() && (text[i] == '-' || text[i] == '+')) negative = text[i++] == '-';
  const std::size_t digits = i;
  long long value = 0;
  while (i < text.size() && std::isdigit(static_cast<unsigned char>(text[i]))) {
    if (value > 1'000'000'000) return std::nullopt;
    value = value * 10 + (text[i++] - '0');
  }
  if (i == digits) return std::nullopt;
  while (i < text.size() && std::isspace(static_cast<unsigned char>(text[i]))) ++i;
  if (i != text.size()) return std::nullopt;
  return negative ? -value : value;
}

// A square set on Fairy-Stockfish's largest board: bit rank * 16 + file.
using Region = std::bitset<256>;

// Reads a Fairy-Stockfish square list ("*1", "a*", "d4 e4", "-"); throws Problem.
Region region_of(const Setting& s) {
  Region out;
  std::size_t i = 0;
  const std::string& text = s.value;
  auto bad = [&](const std::string& token) {
    refuse(s.from, "'" + token +
                       "' is no square list item (expected squares like d4, whole ranks like *1, "
                       "whole files like a*, or -)");
  };
  while (i < text.size()) {
    while (i < text.size() && std::isspace(static_cast<unsigned char>(text[i]))) ++i;
    const std::size_t start = i;
    while (i < text.size() && !std::isspace(static_cast<unsigned char>(text[i]))) ++i;
    if (start == i) break;
    const std::string token = text.substr(start, i - start);
    if (token == "-") break;
    if (token.size() == 2 && token[1] == '*' &&
        std::isalpha(static_cast<unsigned char>(token[0]))) {
      const int f = std::tolower(static_cast<unsigned char>(token[0])) - 'a';
      if (f >= fsf_files) bad(token);
      for (int r = 0; r < fsf_ranks; ++r) out.set(static_cast<std::size_t>(r * 16 + f));
    } else if (token[0] == '*') {
      const auto r = integer_of(token.substr(1));
      if (!r || *r < 1 || *r > fsf_ranks) bad(token);
      for (int f = 0; f < fsf_files; ++f) out.set(static_cast<std::size_t>((*r - 1) * 16 + f));
    } else if (token.size() > 1 && std::isalpha(static_cast<unsigned char>(token[0]))) {
      const int f = std::tolower(static_cast<unsigned char>(token[0])) - 'a';
      const auto r = integer_of(token.substr(1));
      if (f >= fsf_files || !r || *r < 1 || *r > fsf_ranks) bad(token);
      out.set(static_cast<std::size_t>((*r - 1) * 16 + f));
    } else {
      bad(token);
    }
  }
  return out;
}

// A bool as Fairy-Stockfish reads one: exactly "true" or "false".
bool bool_of(const Setting& s) {
  if (s.value == "true") return true;
  if (s.value == "false") return false;
  refuse(s.from, "expected true or false, found '" + s.value + "'");
}

// A rank (1-based number) from 1 to Fairy-Stockfish's 10.
int rank_of_setting(const Setting& s) {
  const auto r = integer_of(s.value);
  if (!r || *r < 1 || *r > fsf_ranks)
    refuse(s.from,
           "expected a rank from 1 to " + std::to_string(fsf_ranks) + ", found '" + s.value + "'");
  return static_cast<int>(*r);
}

// A file (0-based) written as a number from 1 or a lower-case letter.
int file_of_setting(const Setting& s) {
  const std::string& v = s.value;
  int f = -1;
  if (!v.empty() && std::isdigit(static_cast<unsigned char>(v[0]))) {
    if (const auto n = integer_of(v)) f = static_cast<int>(*n) - 1;
  } else if (v.size() == 1 || (v.size() > 1 && std::isspace(static_cast<unsigned char>(v[1])))) {
    f = v[0] - 'a';
  }
  if (f < 0 || f >= fsf_files)
    refuse(s.from, "expected a file (a to l, or 1 to 12), found '" + v + "'");
  return f;
}

// A game result: win, loss, draw or none.
std::string value_of(const Setting& s) {
  for (const char* v : {"win", "loss", "draw", "none"})
    if (s.value == v) return v;
  refuse(s.from, "expected win, loss, draw or none, found '" + s.value + "'");
}

// A start position as Fairy-Stockfish reads it: fields left out after the board (or after the
// side to move) take its defaults, White to move, no castling, no en passant, clocks 0 and 1
// ("wWwWw/WwWwW/5/WwWwW/wWwWw w" is the position with "w - - 0 1"). A text with five fields or
// more, or none, is returned as written.
std::string completed_fen(const std::string& fen) {
  std::vector<std::string> fields;
  std::size_t i = 0;
  while (i < fen.size()) {
    while (i < fen.size() && fen[i] == ' ') ++i;
    if (i == fen.size()) break;
    const std::size_t end = std::min(fen.find(' ', i), fen.size());
    fields.push_back(fen.substr(i, end - i));
    i = end;
  }
  if (fields.empty() || fields.size() > 4) return fen;
  static const char* defaults[] = {"", "w", "-", "-", "0", "1"};
  std::string out = fen.substr(0, fen.find_last_not_of(' ') + 1);
  for (std::size_t k = fields.size(); k < 6; ++k) out += std::string(" ") + defaults[k];
  return out;
}

// ---- Keys -----------------------------------------------------------------------------------

enum class Type { boolean, integer, rank, file, value, pieces, piece, region, text, word };

// Keys honoured by the import, stored (per colour when `per_colour` names the canonical key).
struct Honoured {
  const char* key;
  Type type;
  const char* canonical;  // the canonical key; ".white"/".black" appended for colour keys
  int colours;            // 0: one setting; 1: white only; 2: black only; 3: both colours
};
const Honoured honoured[] = {
    {"startFen", Type::text, "startFen", 0},
    {"pawnTypes", Type::pieces, "promotionPawnTypes", 3},
    {"promotionRegionWhite", Type::region, "promotionRegion", 1},
    {"promotionRegionBlack", Type::region, "promotionRegion", 2},
    {"promotionPawnTypes", Type::pieces, "promotionPawnTypes", 3},
    {"promotionPawnTypesWhite", Type::pieces, "promotionPawnTypes", 1},
    {"promotionPawnTypesBlack", Type::pieces, "promotionPawnTypes", 2},
    {"promotionPieceTypes", Type::pieces, "promotionPieceTypes", 3},
    {"promotionPieceTypesWhite", Type::pieces, "promotionPieceTypes", 1},
    {"promotionPieceTypesBlack", Type::pieces, "promotionPieceTypes", 2},
    {"mandatoryPawnPromotion", Type::boolean, "mandatoryPawnPromotion", 0},
    {"doubleStep", Type::boolean, "doubleStep", 0},
    {"doubleStepRegionWhite", Type::region, "doubleStepRegion", 1},
    {"doubleStepRegionBlack", Type::region, "doubleStepRegion", 2},
    {"tripleStepRegionWhite", Type::region, "tripleStepRegion", 1},
    {"tripleStepRegionBlack", Type::region, "tripleStepRegion", 2},
    {"enPassantRegion", Type::region, "enPassantRegion", 3},
    {"enPassantRegionWhite", Type::region, "enPassantRegion", 1},
    {"enPassantRegionBlack", Type::region, "enPassantRegion", 2},
    {"enPassantTypes", Type::pieces, "enPassantTypes", 3},
    {"enPassantTypesWhite", Type::pieces, "enPassantTypes", 1},
    {"enPassantTypesBlack", Type::pieces, "enPassantTypes", 2},
    {"castling", Type::boolean, "castling", 0},
    {"castlingKingsideFile", Type::file, "castlingKingsideFile", 0},
    {"castlingQueensideFile", Type::file, "castlingQueensideFile", 0},
    {"castlingRank", Type::rank, "castlingRank", 0},
    {"castlingKingFile", Type::file, "castlingKingFile", 0},
    {"castlingKingPiece", Type::piece, "castlingKingPiece", 3},
    {"castlingKingPieceWhite", Type::piece, "castlingKingPiece", 1},
    {"castlingKingPieceBlack", Type::piece, "castlingKingPiece", 2},
    {"castlingRookKingsideFile", Type::file, "castlingRookKingsideFile", 0},
    {"castlingRookQueensideFile", Type::file, "castlingRookQueensideFile", 0},
    {"castlingRookPieces", Type::pieces, "castlingRookPieces", 3},
    {"castlingRookPiecesWhite", Type::pieces, "castlingRookPieces", 1},
    {"castlingRookPiecesBlack", Type::pieces, "castlingRookPieces", 2},
    {"checking", Type::boolean, "checking", 0},
    {"pieceDrops", Type::boolean, "pieceDrops", 0},
    {"capturesToHand", Type::boolean, "capturesToHand", 0},
    {"nMoveRuleTypes", Type::pieces, "nMoveRuleTypes", 3},
    {"nMoveRuleTypesWhite", Type::pieces, "nMoveRuleTypes", 1},
    {"nMoveRuleTypesBlack", Type::pieces, "nMoveRuleTypes", 2},
    {"nMoveRule", Type::integer, "nMoveRule", 0},
    {"nFoldRule", Type::integer, "nFoldRule", 0},
    {"nFoldValue", Type::value, "nFoldValue", 0},
    {"nFoldValueAbsolute", Type::boolean, "nFoldValueAbsolute", 0},
    {"perpetualCheckIllegal", Type::boolean, "perpetualCheckIllegal", 0},
    {"stalemateValue", Type::value, "stalemateValue", 0},
    {"checkmateValue", Type::value, "checkmateValue", 0},
    {"promotionLimit", Type::text, "promotionLimit", 0},
    {"immobilityIllegal", Type::boolean, "immobilityIllegal", 0},
    {"extinctionValue", Type::value, "extinctionValue", 0},
    {"extinctionClaim", Type::boolean, "extinctionClaim", 0},
    {"extinctionPieceTypes", Type::word, "extinctionPieceTypes", 0},
    {"extinctionPieceCount", Type::integer, "extinctionPieceCount", 0},
    {"extinctionOpponentPieceCount", Type::integer, "extinctionOpponentPieceCount", 0},
    {"mustDrop", Type::boolean, "mustDrop", 0},
    {"dropRegionWhite", Type::region, "dropRegion", 1},
    {"dropRegionBlack", Type::region, "dropRegion", 2},
    {"sittuyinRookDrop", Type::boolean, "sittuyinRookDrop", 0},
    {"dropOppositeColoredBishop", Type::boolean, "dropOppositeColoredBishop", 0},
    {"castlingDroppedPiece", Type::boolean, "castlingDroppedPiece", 0},
    {"shatarMateRule", Type::boolean, "shatarMateRule", 0},
};

// Keys that change no rule of the game (what a GUI draws, what the engine thinks pieces are
// worth): read and ignored.
const char* const ignored[] = {"variantTemplate", "pieceToCharTable", "pocketSize", "pieceValueMg",
                               "pieceValueEg"};

// Keys xpgn accepts only at Fairy-Stockfish's default (which changes nothing); any other value
// is refused. `fallback` is the default as written; for a region "" means the empty set.
struct AtDefault {
  const char* key;
  Type type;
  const char* fallback;
  const char* note;  // why, or where xpgn has the rule, for the message
};
const AtDefault at_default[] = {
    {"chess960", Type::boolean, "false", "Chess960 start positions come with a game's FEN"},
    {"twoBoards", Type::boolean, "false", nullptr},
    {"sittuyinPromotion", Type::boolean, "false", nullptr},
    {"promotedPieceType", Type::text, "", nullptr},
    {"piecePromotionOnCapture", Type::boolean, "false", nullptr},
    {"mandatoryPiecePromotion", Type::boolean, "false", nullptr},
    {"pieceDemotion", Type::boolean, "false", nullptr},
    {"blastOnCapture", Type::boolean, "false", "xpgn has atomic chess as the variant atomic"},
    {"blastImmuneTypes", Type::pieces, "", nullptr},
    {"mutuallyImmuneTypes", Type::pieces, "", nullptr},
    {"petrifyOnCaptureTypes", Type::pieces, "", nullptr},
    {"petrifyBlastPieces", Type::boolean, "false", nullptr},
    {"oppositeCastling", Type::boolean, "false", nullptr},
    {"dropChecks", Type::boolean, "true", nullptr},
    {"mustCapture", Type::boolean, "false", "xpgn has antichess as the variant antichess"},
    {"mustDropType", Type::word, "*", nullptr},
    {"dropLoop", Type::boolean, "false", nullptr},
    {"firstRankPawnDrops", Type::boolean, "false", nullptr},
    {"promotionZonePawnDrops", Type::boolean, "false", nullptr},
    {"enclosingDrop", Type::word, "none", nullptr},
    {"enclosingDropStart", Type::region, "", nullptr},
    {"dropPromoted", Type::boolean, "false", nullptr},
    {"dropNoDoubled", Type::word, "-", nullptr},
    {"dropNoDoubledCount", Type::integer, "1", nullptr},
    {"gating", Type::boolean, "false", "xpgn has S-chess as the variant seirawan"},
    {"wallingRule", Type::word, "none", nullptr},
    {"wallingRegionWhite", Type::word, "", nullptr},
    {"wallingRegionBlack", Type::word, "", nullptr},
    {"wallingRegion", Type::word, "", nullptr},
    {"wallOrMove", Type::boolean, "false", nullptr},
    {"seirawanGating", Type::boolean, "false", "xpgn has S-chess as the variant seirawan"},
    {"cambodianMoves", Type::boolean, "false", nullptr},
    {"diagonalLines", Type::region, "", nullptr},
    {"pass", Type::boolean, "false", nullptr},
    {"passWhite", Type::boolean, "false", nullptr},
    {"passBlack", Type::boolean, "false", nullptr},
    {"passOnStalemate", Type::boolean, "false", nullptr},
    {"passOnStalemateWhite", Type::boolean, "false", nullptr},
    {"passOnStalemateBlack", Type::boolean, "false", nullptr},
    {"makpongRule", Type::boolean, "false", nullptr},
    {"flyingGeneral", Type::boolean, "false", nullptr},
    {"soldierPromotionRank", Type::integer, "1", nullptr},
    {"flipEnclosedPieces", Type::word, "none", nullptr},
    {"moveRepetitionIllegal", Type::boolean, "false", nullptr},
    {"chasingRule", Type::word, "none", nullptr},
    {"stalematePieceCount", Type::boolean, "false", nullptr},
    {"shogiPawnDropMateIllegal", Type::boolean, "false", nullptr},
    {"bikjangRule", Type::boolean, "false", nullptr},
    {"extinctionPseudoRoyal", Type::boolean, "false", nullptr},
    {"dupleCheck", Type::boolean, "false", nullptr},
    {"flagPiece", Type::word, "*", nullptr},
    {"flagPieceWhite", Type::word, "*", nullptr},
    {"flagPieceBlack", Type::word, "*", nullptr},
    {"flagRegion", Type::region, "", "xpgn has king of the hill and racing kings as variants"},
    {"flagRegionWhite", Type::region, "", "xpgn has racing kings as the variant racing-kings"},
    {"flagRegionBlack", Type::region, "", "xpgn has racing kings as the variant racing-kings"},
    {"flagPieceCount", Type::integer, "1", nullptr},
    {"flagPieceBlockedWin", Type::boolean, "false", nullptr},
    {"flagMove", Type::boolean, "false", nullptr},
    {"flagPieceSafe", Type::boolean, "false", nullptr},
    {"checkCounting", Type::boolean, "false", "xpgn has three-check as the variant three-check"},
    {"connectN", Type::integer, "0", nullptr},
    {"connectPieceTypes", Type::word, "*", nullptr},
    {"connectHorizontal", Type::boolean, "true", nullptr},
    {"connectVertical", Type::boolean, "true", nullptr},
    {"connectDiagonal", Type::boolean, "true", nullptr},
    {"connectRegion1White", Type::region, "", nullptr},
    {"connectRegion2White", Type::region, "", nullptr},
    {"connectRegion1Black", Type::region, "", nullptr},
    {"connectRegion2Black", Type::region, "", nullptr},
    {"connectNxN", Type::integer, "0", nullptr},
    {"collinearN", Type::integer, "0", nullptr},
    {"connectValue", Type::word, "win", nullptr},
    {"materialCounting", Type::word, "none", nullptr},
    {"adjudicateFullBoard", Type::boolean, "false", nullptr},
    {"countingRule", Type::word, "none", nullptr},
    {"castlingWins", Type::word, "-", nullptr},
    // Deprecated spellings Fairy-Stockfish still reads.
    {"doubleStepRank", Type::word, "", "write doubleStepRegionWhite/Black"},
    {"doubleStepRankMin", Type::word, "", "write doubleStepRegionWhite/Black"},
    {"whiteFlag", Type::region, "", nullptr},
    {"blackFlag", Type::region, "", nullptr},
    {"castlingRookPiece", Type::word, "", "write castlingRookPieces"},
    {"whiteDropRegion", Type::word, "", nullptr},
    {"blackDropRegion", Type::word, "", nullptr},
    {"dropOnTop", Type::boolean, "false", nullptr},
};

// True when `s` (of `type`) holds Fairy-Stockfish's default `fallback`; throws Problem for a
// value Fairy-Stockfish would not read.
bool is_default(const Setting& s, Type type, const std::string& fallback) {
  switch (type) {
    case Type::boolean:
      return bool_of(s) == (fallback == "true");
    case Type::integer: {
      const auto n = integer_of(s.value);
      if (!n) refuse(s.from, "expected a whole number, found '" + s.value + "'");
      return std::to_string(*n) == fallback;
    }
    case Type::region:
      return region_of(s).none() == fallback.empty();
    case Type::pieces: {
      std::string v = s.value;
      std::erase_if(v, [](char c) { return std::isspace(static_cast<unsigned char>(c)); });
      return v.empty() || v == "-";
    }
    default: {
      std::string v = s.value;
      while (!v.empty() && std::isspace(static_cast<unsigned char>(v.back()))) v.pop_back();
      return v == fallback || (fallback.empty() && v == "-");
    }
  }
}

// ---- Sections -------------------------------------------------------------------------------

struct Entry {
  std::string value;
  std::uint64_t line = 0;
};
struct RawSection {
  std::string name, parent;
  std::uint64_t line = 0;
  std::map<std::string, Entry> keys;  // a key written twice: the later one (as Fairy-Stockfish)
  std::vector<Problem> syntax;        // lines that are no `key = value`
};

// Splits an ini text into sections as Fairy-Stockfish reads them: lines before the first
// section are skipped, `#` and `;` start comment lines, a key is the text before `=` without
// its trailing blanks, a value the text after it without its leading blanks (a trailing `\r` is
// dropped).
std::vector<RawSection> split_sections(std::string_view text, const std::string& source,
                                       std::vector<DefinitionError>& errors) {
  std::vector<RawSection> out;
  std::size_t pos = 0;
  std::uint64_t line_no = 0;
  while (pos < text.size()) {
    std::size_t end = text.find('\n', pos);
    if (end == std::string_view::npos) end = text.size();
    std::string line(text.substr(pos, end - pos));
    pos = end + 1;
    ++line_no;
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (!line.empty() && line[0] == '[') {
      const std::size_t close = line.find(']');
      Where at{source, line_no, 1, "", ""};
      if (close == std::string::npos) {
        out.push_back({"", "", line_no, {}, {}});
        out.back().syntax.push_back({at, "expected a section header [name] or [name:parent]"});
        continue;
      }
      const std::string inside = line.substr(1, close - 1);
      const std::size_t colon = inside.find(':');
      RawSection s;
      s.name = inside.substr(0, colon);
      s.parent = colon == std::string::npos ? "" : inside.substr(colon + 1);
      s.line = line_no;
      out.push_back(std::move(s));
      if (out.size() > max_sections) {
        errors.push_back({at.location(), "more than " + std::to_string(max_sections) +
                                             " sections in one file (xpgn reads at most " +
                                             std::to_string(max_sections) + ")"});
        out.pop_back();
        return out;
      }
      continue;
    }
    if (out.empty()) continue;  // before the first section: skipped, as Fairy-Stockfish does
    if (line.empty() || line[0] == '#' || line[0] == ';') continue;
    const std::size_t eq = line.find('=');
    if (eq == std::string::npos) {
      const bool blank = std::all_of(line.begin(), line.end(), [](char c) {
        return std::isspace(static_cast<unsigned char>(c));
      });
      if (!blank)
        out.back().syntax.push_back({{source, line_no, 1, out.back().name, ""},
                                     "expected key = value, found '" + line + "'"});
      continue;
    }
    std::string key = line.substr(0, eq);
    while (!key.empty() && key.back() == ' ') key.pop_back();
    std::size_t v = eq + 1;
    while (v < line.size() && std::isspace(static_cast<unsigned char>(line[v]))) ++v;
    if (key.empty()) continue;
    out.back().keys[key] = {line.substr(v), line_no};
  }
  return out;
}

// Lower case without blanks, hyphens, underscores or apostrophes (forgiving name match).
std::string loose(std::string_view name) {
  std::string out;
  for (char c : name) {
    if (c == ' ' || c == '-' || c == '_' || c == '\'' || c == '\t') continue;
    out += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  }
  return out;
}

// The xpgn id of a section name: lower case, runs of other characters as one hyphen.
std::string id_of(const std::string& name) {
  std::string out;
  for (char c : name) {
    const auto u = static_cast<unsigned char>(c);
    if (std::isalnum(u) && u < 128)
      out += static_cast<char>(std::tolower(u));
    else if (!out.empty() && out.back() != '-')
      out += '-';
  }
  while (!out.empty() && out.back() == '-') out.pop_back();
  return out;
}

// The built-in Fairy-Stockfish variants an ini section may name as its parent, written as
// Fairy-Stockfish defines them (its board, pieces and rules), in the same key language.
constexpr std::string_view builtin_parents = R"([chess]
pawn = p
knight = n
bishop = b
rook = r
queen = q
king = k
[fairy:chess]
[capablanca:chess]
maxFile = 10
archbishop = a
chancellor = c
castlingKingsideFile = i
castlingQueensideFile = c
startFen = rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR w KQkq - 0 1
promotionPieceTypes = acqrbn
[gothic:capablanca]
startFen = rnbqckabnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNBQCKABNR w KQkq - 0 1
[embassy:capablanca]
castlingKingsideFile = h
castlingQueensideFile = b
startFen = rnbqkcabnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNBQKCABNR w KQkq - 0 1
[janus:chess]
maxFile = 10
archbishop = j
castlingKingsideFile = i
castlingQueensideFile = b
startFen = rjnbkqbnjr/pppppppppp/10/10/10/10/PPPPPPPPPP/RJNBKQBNJR w KQkq - 0 1
promotionPieceTypes = jqrbn
[crazyhouse:chess]
startFen = rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1
pieceDrops = true
capturesToHand = true
[shatranj:chess]
bishop = -
queen = -
alfil = b
fers = q
startFen = rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKQBNR w - - 0 1
promotionPieceTypes = q
doubleStep = false
castling = false
extinctionValue = loss
extinctionClaim = true
extinctionPieceTypes = *
extinctionPieceCount = 1
extinctionOpponentPieceCount = 2
stalemateValue = loss
nMoveRule = 70
[courier:chess]
maxFile = 12
queen = -
alfil = e
fers = f
commoner = m
wazir = w
startFen = rnebmk1wbenr/1ppppp1pppp1/6f5/p5p4p/P5P4P/6F5/1PPPPP1PPPP1/RNEBMK1WBENR w - - 0 1
promotionPieceTypes = f
doubleStep = false
castling = false
extinctionValue = loss
extinctionClaim = true
extinctionPieceTypes = *
extinctionPieceCount = 1
extinctionOpponentPieceCount = 2
stalemateValue = loss
[grand:chess]
maxFile = 10
maxRank = 10
archbishop = a
chancellor = c
startFen = r8r/1nbqkcabn1/pppppppppp/10/10/10/10/PPPPPPPPPP/1NBQKCABN1/R8R w - - 0 1
promotionPieceTypes = acqrbn
promotionRegionWhite = *8 *9 *10
promotionRegionBlack = *3 *2 *1
promotionLimit = a:1 c:1 q:1 r:2 b:2 n:2
mandatoryPawnPromotion = false
immobilityIllegal = true
doubleStepRegionWhite = *3
doubleStepRegionBlack = *8
castling = false
[hoppelpoppel:chess]
knight = -
bishop = -
knibis = n
biskni = b
promotionPieceTypes = qrbn
[shatar:chess]
queen = -
bers = j
startFen = rnbjkbnr/ppp1pppp/8/3p4/3P4/8/PPP1PPPP/RNBJKBNR w - - 0 1
promotionPieceTypes = j
doubleStep = false
castling = false
extinctionValue = draw
extinctionPieceTypes = *
extinctionPieceCount = 1
shatarMateRule = true
[shako:chess]
maxRank = 10
maxFile = j
fersAlfil = e
cannon = c
startFen = c8c/ernbqkbnre/pppppppppp/10/10/10/10/PPPPPPPPPP/ERNBQKBNRE/C8C w KQkq - 0 1
promotionPieceTypes = qrbnce
promotionRegionWhite = *10
promotionRegionBlack = *1
castlingKingsideFile = h
castlingQueensideFile = d
castlingRookKingsideFile = i
castlingRookQueensideFile = b
castlingRank = 2
doubleStepRegionWhite = *3
doubleStepRegionBlack = *8
[placement:chess]
startFen = 8/pppppppp/8/8/8/8/PPPPPPPP/8[KQRRBBNNkqrrbbnn] w - - 0 1
mustDrop = true
pieceDrops = true
capturesToHand = false
dropRegionWhite = *1
dropRegionBlack = *8
dropOppositeColoredBishop = true
castlingDroppedPiece = true
)";
constexpr const char* builtin_source = "builtin:fairy-stockfish.ini";

// ---- Reading one section onto a state -------------------------------------------------------

class Reader {
 public:
  Reader(State& state, const RawSection& raw, const std::string& source)
      : st_(state), raw_(raw), source_(source) {}

  // Applies the section's keys in Fairy-Stockfish's order: board, pieces, then the rules.
  void apply() {
    for (const auto& p : raw_.syntax) throw p;
    if (!st_.catalog_base.empty()) return apply_on_catalog();
    std::set<std::string> used;
    auto take = [&](const std::string& key) -> const Entry* {
      auto it = raw_.keys.find(key);
      if (it == raw_.keys.end()) return nullptr;
      used.insert(key);
      return &it->second;
    };
    for (const char* key : {"maxRank", "maxFile"})
      if (const Entry* e = take(key)) {
        const Setting s{e->value, where(key, *e)};
        if (std::string(key) == "maxRank")
          (void)rank_of_setting(s);
        else
          (void)file_of_setting(s);
        st_.settings[key] = s;
      }
    // Pieces, in Fairy-Stockfish's order of piece types (a letter taken again replaces the
    // piece that had it).
    std::vector<std::pair<int, std::string>> piece_keys;
    for (const auto& [key, entry] : raw_.keys)
      if (const int order = kind_order(key); order >= 0) piece_keys.emplace_back(order, key);
    std::sort(piece_keys.begin(), piece_keys.end());
    for (const auto& [order, key] : piece_keys) piece(key, *take(key));
    for (const auto& h : honoured)
      if (const Entry* e = take(h.key)) honour(h, *e);
    for (const char* key : ignored) (void)take(key);
    for (const auto& d : at_default)
      if (const Entry* e = take(d.key)) {
        const Setting s{e->value, where(d.key, *e)};
        if (!is_default(s, d.type, d.fallback))
          refuse(s.from, std::string("xpgn has no rule for this key; it accepts only "
                                     "Fairy-Stockfish's default (") +
                             (*d.fallback ? d.fallback : "none") + ")" +
                             (d.note ? std::string("; ") + d.note : std::string()));
      }
    if (const Entry* e = take("promotionRank")) {
      // Deprecated: promotion from this rank on (for White; mirrored for Black).
      const Setting s{e->value, where("promotionRank", *e)};
      const int r = rank_of_setting(s);
      st_.settings["promotionRank"] = s;
      (void)r;
    }
    for (const auto& [key, entry] : raw_.keys) {
      if (used.count(key)) continue;
      const Where at = where(key, entry);
      if (key.starts_with("mobilityRegion"))
        refuse(at, "xpgn has no rule for this key (mobility regions confine pieces to squares)");
      if (!key.empty() && std::isspace(static_cast<unsigned char>(key[0])))
        refuse(at, "unknown key '" + key + "' (a key starts at the beginning of its line)");
      refuse(at,
             "unknown key '" + key + "' (Fairy-Stockfish would ignore it as an invalid option)");
    }
  }

 private:
  Where where(const std::string& key, const Entry& e) const {
    return {source_, e.line, 1, raw_.name, key};
  }

  // A section over a catalog parent: startFen is kept, keys that change no rule are skipped,
  // and the first other key (by line) is refused.
  void apply_on_catalog() {
    const CatalogParent& parent = *catalog_parent(st_.catalog_base);
    const std::pair<const std::string, Entry>* refused = nullptr;
    for (const auto& kv : raw_.keys) {
      const std::string& key = kv.first;
      if (key == "startFen") {
        st_.settings[key] = {kv.second.value, where(key, kv.second)};
        continue;
      }
      if (std::find(std::begin(ignored), std::end(ignored), key) != std::end(ignored)) continue;
      if (!refused || kv.second.line < refused->second.line) refused = &kv;
    }
    if (refused)
      refuse(where(refused->first, refused->second),
             std::string("not honoured on a parent of the ") + parent.family + " family: xpgn's " +
                 parent.id + " is its own definition (" + parent.what +
                 " that Fairy-Stockfish's keys do not describe one to one); a child of it may "
                 "change startFen only");
  }

  void piece(const std::string& key, const Entry& e) {
    if (e.value.empty()) return;  // as Fairy-Stockfish: an empty value changes nothing
    const Where at = where(key, e);
    const char c = e.value[0];
    const bool custom = key.starts_with("customPiece");
    auto& pieces = st_.pieces;
    std::erase_if(pieces, [&](const Piece& p) { return p.key == key; });
    if (!std::isalpha(static_cast<unsigned char>(c))) {
      if (c != '-') refuse(at, std::string("expected a piece letter or -, found '") + c + "'");
      return;  // removed
    }
    const char letter = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    std::erase_if(pieces, [&](const Piece& p) { return p.letter == letter; });
    Piece p{key, letter, "", at};
    if (custom || key == "king") {
      if (e.value.size() > 1) {
        if (e.value[1] != ':')
          refuse(at, "expected LETTER:BETZA (such as a:BN), found '" + e.value + "'");
        p.betza = e.value.substr(2);
        try {
          (void)translate_betza(p.betza);
        } catch (const std::invalid_argument& x) {
          refuse(at, x.what());
        }
      } else if (custom) {
        refuse(at, "a custom piece needs its movement: LETTER:BETZA (such as a:BN)");
      }
    } else {
      if (e.value.size() > 1 && e.value[1] == ':')
        refuse(at, "only custom pieces and the king take a Betza movement");
      const int order = kind_order(key);
      if (!kinds[order].betza)
        refuse(at, std::string("xpgn cannot honour this piece: ") + kinds[order].why);
    }
    const int order = kind_order(key);
    auto pos = std::find_if(pieces.begin(), pieces.end(),
                            [&](const Piece& q) { return kind_order(q.key) > order; });
    pieces.insert(pos, std::move(p));
  }

  // The piece keys of the letters of a piece-set value ('*' = all pieces); throws for a letter
  // that names no piece of the variant.
  std::string piece_set(const Setting& s, bool single) {
    std::string kinds_out;
    int count = 0;
    for (char c : s.value) {
      if (std::isspace(static_cast<unsigned char>(c))) continue;
      if (c == '-') break;
      if (c == '*') {
        if (single) {
          kinds_out = "*";
          ++count;
          continue;
        }
        for (const auto& p : st_.pieces) kinds_out += p.key + ",";
        ++count;
        continue;
      }
      const char lower = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
      auto it = std::find_if(st_.pieces.begin(), st_.pieces.end(),
                             [&](const Piece& p) { return p.letter == lower; });
      if (it == st_.pieces.end())
        refuse(s.from, std::string("'") + c + "' is no piece letter of this variant");
      kinds_out += it->key + ",";
      ++count;
    }
    if (single && count != 1) refuse(s.from, "expected one piece letter, found '" + s.value + "'");
    return kinds_out;
  }

  void honour(const Honoured& h, const Entry& e) {
    Setting s{e.value, where(h.key, e)};
    switch (h.type) {
      case Type::boolean:
        (void)bool_of(s);
        break;
      case Type::integer:
        if (!integer_of(s.value) || *integer_of(s.value) < 0)
          refuse(s.from, "expected a whole number, found '" + s.value + "'");
        break;
      case Type::rank:
        (void)rank_of_setting(s);
        break;
      case Type::file:
        (void)file_of_setting(s);
        break;
      case Type::value:
        (void)value_of(s);
        break;
      case Type::region:
        (void)region_of(s);
        break;
      case Type::pieces:
        s.value = piece_set(s, false);
        break;
      case Type::piece:
        s.value = piece_set(s, true);
        break;
      default:
        break;
    }
    const std::string base = h.canonical;
    if (h.colours == 0) st_.settings[base] = s;
    if (h.colours & 1) st_.settings[base + ".white"] = s;
    if (h.colours & 2) st_.settings[base + ".black"] = s;
  }

  State& st_;
  const RawSection& raw_;
  const std::string& source_;
};

// ---- From a state to an xpgn definition -----------------------------------------------------

class Writer {
 public:
  Writer(const State& st, const std::string& section) : st_(st), section_(section) {}

  Imported run() {
    Imported out;
    out.section = section_;
    out.id = id_of(section_);
    if (out.id.empty())
      refuse(st_.header, "the section's name gives no variant id (it needs a letter or digit)");
    Json& j = out.json;
    j["format"] = "xpgn-variant";
    j["version"] = 1;
    j["id"] = out.id;
    j["name"] = section_;
    j["description"] = "Imported from Fairy-Stockfish's variant [" + section_ + "]";
    origins_[""] = st_.header;
    if (!st_.catalog_base.empty()) {
      // Over a catalog parent: that definition as the base, the start position changed.
      j["base"] = st_.catalog_base;
      origins_["/base"] = st_.header;
      if (has("startFen")) {
        j["start_fen"] = completed_fen(get("startFen").value);
        origins_["/start_fen"] = get("startFen").from;
      }
      for (auto& [pointer, w] : origins_) out.origins[pointer] = w.location();
      return out;
    }
    files_ = has("maxFile") ? file_of_setting(get("maxFile")) + 1 : 8;
    ranks_ = has("maxRank") ? rank_of_setting(get("maxRank")) : 8;
    j["board"] = {{"files", files_}, {"ranks", ranks_}};
    origins_["/board"] = has("maxFile")   ? get("maxFile").from
                         : has("maxRank") ? get("maxRank").from
                                          : st_.header;
    pieces(j);
    j["start_fen"] = has("startFen") ? completed_fen(get("startFen").value)
                                     : "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    origins_["/start_fen"] = has("startFen") ? get("startFen").from : st_.header;
    components(j);
    end_rules(j);
    for (auto& [pointer, w] : origins_) out.origins[pointer] = w.location();
    return out;
  }

 private:
  bool has(const std::string& key) const { return st_.settings.count(key) != 0; }
  const Setting& get(const std::string& key) const { return st_.settings.at(key); }
  // A setting, or Fairy-Stockfish's default `fallback` (placed at the section header).
  Setting value(const std::string& key, const std::string& fallback) const {
    if (has(key)) return get(key);
    return {fallback, st_.header};
  }
  bool flag(const std::string& key, bool fallback) const {
    return has(key) ? bool_of(get(key)) : fallback;
  }
  const Piece* find(const std::string& key) const {
    for (const auto& p : st_.pieces)
      if (p.key == key) return &p;
    return nullptr;
  }
  // The xpgn SAN letter of a piece key ("" when the variant lacks it).
  std::string letter(const std::string& key) const {
    const Piece* p = find(key);
    return p ? std::string(1,
                           static_cast<char>(std::toupper(static_cast<unsigned char>(p->letter))))
             : std::string();
  }
  // The squares of a region on this board.
  Region on_board(const Region& r) const {
    Region out;
    for (int rank = 0; rank < ranks_; ++rank)
      for (int f = 0; f < files_; ++f)
        if (r.test(static_cast<std::size_t>(rank * 16 + f)))
          out.set(static_cast<std::size_t>(rank * 16 + f));
    return out;
  }
  Region whole_rank(int rank) const {
    Region out;
    for (int f = 0; f < files_; ++f) out.set(static_cast<std::size_t>(rank * 16 + f));
    return out;
  }
  // The (0-based) ranks a region covers whole, or throws naming `s` when it holds a part of a
  // rank.
  std::vector<int> whole_ranks(const Region& r, const Setting& s, const char* what) const {
    std::vector<int> out;
    const Region board = on_board(r);
    for (int rank = 0; rank < ranks_; ++rank) {
      const Region row = whole_rank(rank);
      if ((board & row) == row)
        out.push_back(rank);
      else if ((board & row).any())
        refuse(s.from, std::string("xpgn's ") + what + " takes whole ranks; '" + s.value +
                           "' holds part of rank " + std::to_string(rank + 1));
    }
    return out;
  }
  // A region setting, its Fairy-Stockfish default for White (ranks `white`) mirrored for Black.
  Setting colour_region(const std::string& key, bool black, const std::string& fallback) const {
    return value(key + (black ? ".black" : ".white"), fallback);
  }

  // The start position's rank `rank` (0-based, White's side) as one character per file: the
  // piece letter as the FEN writes it, '.' for an empty square ("" when the FEN's board has no
  // such rank, or a run of empty squares wider than the board).
  std::string start_row(int rank) const {
    const std::string fen = value("startFen", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR").value;
    std::string board = fen.substr(0, fen.find_first_of(" ["));
    std::vector<std::string> rows;
    std::size_t start = 0;
    for (std::size_t slash; (slash = board.find('/', start)) != std::string::npos;
         start = slash + 1)
      rows.push_back(board.substr(start, slash - start));
    rows.push_back(board.substr(start));
    if (rank >= static_cast<int>(rows.size())) return {};
    std::string out;
    int skip = 0;
    for (char c : rows[rows.size() - 1 - static_cast<std::size_t>(rank)]) {
      if (std::isdigit(static_cast<unsigned char>(c))) {
        skip = skip * 10 + (c - '0');
        if (skip > files_) return {};  // (a row wider than the board: the FEN's own error)
        continue;
      }
      out.append(static_cast<std::size_t>(skip), '.');
      skip = 0;
      if (std::isalpha(static_cast<unsigned char>(c))) out += c;
    }
    out.append(static_cast<std::size_t>(skip), '.');
    return out;
  }

  // The xpgn Betza of a piece; throws Problem at the piece's key when it has none.
  static std::string xpgn_betza(const Piece& p) {
    try {
      if (p.key == "pawn") return "fmWfcF";
      if (p.key == "king") return p.betza.empty() ? "K" : translate_betza(p.betza);
      if (p.key.starts_with("customPiece")) return translate_betza(p.betza);
      const Kind& kind = kinds[kind_order(p.key)];
      return kind.xpgn_betza ? kind.xpgn_betza : translate_betza(kind.betza);
    } catch (const std::invalid_argument& x) {
      refuse(p.from, x.what());
    }
  }

  // The pieces in Fairy-Stockfish's order of piece types from the highest (the king) down, the
  // order it writes a hand in ("[QRRBBNN...]"), so that xpgn writes the FEN's hand as ffish.
  void pieces(Json& j) {
    Json list = Json::array();
    const Piece* pawn = find("pawn");
    for (auto it = st_.pieces.rbegin(); it != st_.pieces.rend(); ++it) {
      const Piece& p = *it;
      Json piece;
      piece["letter"] =
          std::string(1, static_cast<char>(std::toupper(static_cast<unsigned char>(p.letter))));
      piece["name"] = p.key == "king" ? "king" : readable(p.key);
      piece["betza"] = xpgn_betza(p);
      if (p.key == "king") piece["royal"] = true;
      if (&p == pawn) {
        piece["pawn"] = true;
        const auto ranks = double_steps();
        if (!ranks.empty()) piece["double_step_ranks"] = ranks;
      }
      origins_["/pieces/" + std::to_string(list.size())] = p.from;
      list.push_back(std::move(piece));
    }
    if (list.empty())
      refuse(st_.header,
             "the variant has no pieces (a section without a parent "
             "starts with none: name them, or inherit from chess)");
    j["pieces"] = std::move(list);
  }

  // The pawn's double-step ranks (1-based, from its side), checked to be whole ranks mirrored
  // for Black.
  std::vector<int> double_steps() {
    double_step_from_ = st_.header;
    if (!flag("doubleStep", true)) return {};
    for (bool black : {false, true}) {
      const Setting t = colour_region("tripleStepRegion", black, "");
      if (region_of(t).any() && on_board(region_of(t)).any())
        refuse(t.from, "xpgn has no pawn triple steps");
    }
    const Setting w = colour_region("doubleStepRegion", false, "*2");
    const Setting b = colour_region("doubleStepRegion", true, "*7");
    std::vector<int> white = whole_ranks(region_of(w), w, "double-step region");
    std::vector<int> black = whole_ranks(region_of(b), b, "double-step region");
    for (int& r : black) r = ranks_ - 1 - r;
    std::sort(black.begin(), black.end());
    if (white != black)
      refuse(has("doubleStepRegion.black") ? b.from : w.from,
             "xpgn's double steps are the same for both sides: doubleStepRegionBlack ('" + b.value +
                 "') is not doubleStepRegionWhite ('" + w.value +
                 "') seen from Black's side on a " + std::to_string(ranks_) + "-rank board");
    double_step_from_ = has("doubleStepRegion.white") ? w.from : st_.header;
    std::vector<int> out;
    for (int r : white) out.push_back(r + 1);
    double_step_ranks_ = out;
    return out;
  }

  // The end rule of the extinction keys: "bare-king-loses" for Fairy-Stockfish's shatranj and
  // courier (value loss, all pieces, count 1, opponent count 2, claim), "bare-king-draws" for
  // its shatar's robado (value draw, all pieces, count 1, opponent count 0; the claim changes
  // nothing there), "" for none; throws for any other extinction rule.
  std::string bare_king() const {
    const Setting v = value("extinctionValue", "none");
    if (value_of(v) == "none") return {};
    const Setting types = value("extinctionPieceTypes", "");
    const Setting count = value("extinctionPieceCount", "0");
    const Setting opponent = value("extinctionOpponentPieceCount", "0");
    std::string t = types.value;
    std::erase_if(t, [](char c) { return std::isspace(static_cast<unsigned char>(c)); });
    // Placed at the key this section wrote, when it wrote one of them.
    Where at = v.from;
    for (const char* key : {"extinctionValue", "extinctionPieceTypes", "extinctionPieceCount",
                            "extinctionOpponentPieceCount", "extinctionClaim"})
      if (has(key) && get(key).from.section == section_) at = get(key).from;
    if (value_of(v) == "draw" && t == "*" && *integer_of(count.value) == 1 &&
        *integer_of(opponent.value) == 0)
      return "bare-king-draws";
    if (value_of(v) != "loss" || t != "*" || *integer_of(count.value) != 1 ||
        *integer_of(opponent.value) != 2 || !flag("extinctionClaim", false))
      refuse(at,
             "xpgn knows Fairy-Stockfish's extinction rule only as the bare king of "
             "shatranj (extinctionValue = loss, extinctionPieceTypes = *, "
             "extinctionPieceCount = 1, extinctionOpponentPieceCount = 2, "
             "extinctionClaim = true) and shatar's robado (extinctionValue = draw, "
             "extinctionPieceTypes = *, extinctionPieceCount = 1)");
    return "bare-king-loses";
  }

  // True when the start position holds a king in hand ("[K...]").
  bool kings_in_hand() const {
    const Piece* king = find("king");
    const std::string fen = value("startFen", "").value;
    const std::size_t open = fen.find('['), close = fen.find(']');
    if (!king || open == std::string::npos || close == std::string::npos || close < open)
      return false;
    const std::string hand = fen.substr(open + 1, close - open - 1);
    return hand.find(king->letter) != std::string::npos ||
           hand.find(static_cast<char>(std::toupper(static_cast<unsigned char>(king->letter)))) !=
               std::string::npos;
  }

  // True when a setting of a region or boolean key says something: a region with a square,
  // or true.
  static bool region_of_setting_any(const Setting& s) {
    if (s.value == "true") return true;
    if (s.value == "false") return false;
    return region_of(s).any();
  }

  // Fairy-Stockfish's setup phase of drops (mustDrop with pieceDrops, capturesToHand = false):
  // the component setup-drops, its region whole ranks from each side's first.
  void setup_drops(Json& list) {
    const Setting& must = get("mustDrop");
    int ranks = 0;
    for (bool black : {false, true}) {
      const std::string key = black ? "dropRegion.black" : "dropRegion.white";
      if (!has(key))
        refuse(must.from, std::string("xpgn's setup phase places pieces on each side's first "
                                      "ranks: set dropRegion") +
                              (black ? "Black" : "White"));
      const Setting& r = get(key);
      std::vector<int> whole = whole_ranks(region_of(r), r, "setup phase");
      if (black)
        for (int& x : whole) x = ranks_ - 1 - x;
      std::sort(whole.begin(), whole.end());
      for (std::size_t i = 0; i < whole.size(); ++i)
        if (whole[i] != static_cast<int>(i))
          refuse(r.from,
                 "xpgn's setup phase places pieces on each side's first ranks, from "
                 "its own first rank; this region is '" +
                     r.value + "'");
      if (whole.empty() || whole.size() > static_cast<std::size_t>(ranks_ / 2))
        refuse(r.from, "xpgn's setup phase places pieces on 1 to " + std::to_string(ranks_ / 2) +
                           " first ranks of each side; this region is '" + r.value + "'");
      if (black && static_cast<int>(whole.size()) != ranks)
        refuse(r.from,
               "xpgn's setup phase is the same for both sides: dropRegionBlack is not "
               "dropRegionWhite seen from Black's side");
      ranks = static_cast<int>(whole.size());
    }
    Json entry = {{"name", "setup-drops"}, {"ranks", ranks}};
    if (flag("sittuyinRookDrop", false)) {
      if (letter("rook").empty()) refuse(get("sittuyinRookDrop").from, "the variant has no rook");
      entry["first_rank_only"] = letter("rook");
    }
    if (flag("dropOppositeColoredBishop", false)) {
      if (letter("bishop").empty())
        refuse(get("dropOppositeColoredBishop").from, "the variant has no bishop");
      entry["opposite_colours"] = letter("bishop");
    }
    if (flag("castlingDroppedPiece", false)) {
      if (!castles_)
        refuse(has("castling") ? get("castling").from : get("castlingDroppedPiece").from,
               "castling rights from placements need castling (castling = true, a king and a "
               "rook)");
      entry["castling_king_file"] = std::string(1, static_cast<char>('a' + castling_king_file_));
    }
    add(list, "components", std::move(entry), must.from);
    setup_drops_ = true;
  }

  void add(Json& list, const std::string& kind, Json entry, const Where& from) {
    origins_["/" + kind + "/" + std::to_string(list.size())] = from;
    list.push_back(std::move(entry));
  }

  void components(Json& j) {
    Json list = Json::array();
    const Piece* pawn = find("pawn");
    const Piece* king = find("king");
    // Pawn types other than the pawn.
    for (const char* key : {"promotionPawnTypes", "enPassantTypes", "nMoveRuleTypes"})
      for (const char* c : {".white", ".black"}) {
        const std::string k = std::string(key) + c;
        if (has(k) && get(k).value != "pawn," && !(get(k).value.empty() && !pawn))
          refuse(get(k).from,
                 "xpgn's pawn rules (promotion, en passant, the move count) are for "
                 "the piece named pawn only");
      }
    // Castling.
    if (flag("castling", true) && king && find("rook")) {
      const Setting rank = value("castlingRank", "1");
      const int castle_rank = rank_of_setting(rank) - 1;
      if (castle_rank >= ranks_ / 2 && !has("castlingRank"))
        refuse(has("castling") ? get("castling").from : st_.header,
               "castling: xpgn castles on a rank of each side's own half of the board, and this "
               "board of " +
                   std::to_string(ranks_) + " ranks has " +
                   (ranks_ / 2 == 0 ? std::string("none")
                                    : "only ranks 1 to " + std::to_string(ranks_ / 2)) +
                   " for castlingRank's default of 1; set castling = false");
      if (castle_rank >= ranks_ / 2)
        refuse(rank.from, "xpgn castles on a rank of each side's own half of the board (1 to " +
                              std::to_string(ranks_ / 2) + ")");
      const std::string row = start_row(castle_rank);
      const char king_letter =
          static_cast<char>(std::toupper(static_cast<unsigned char>(king->letter)));
      const char rook_letter =
          static_cast<char>(std::toupper(static_cast<unsigned char>(find("rook")->letter)));
      const std::size_t king_at = row.find(king_letter);
      // Fairy-Stockfish's castlingKingFile only names the king among several on the castling
      // rank; with one, it castles with that king wherever it stands, as xpgn does. With the
      // king in hand it is where a placed king gains its rights (castlingDroppedPiece).
      castling_king_file_ = file_of_setting(value("castlingKingFile", "e"));
      // The outermost rook of the castling rank on one side of the king (-1: none).
      auto outermost = [&](bool king_side) {
        // (A row that does not fill the board exactly is the FEN's error, reported later.)
        if (king_at == std::string::npos || row.size() != static_cast<std::size_t>(files_))
          return -1;
        for (int f = king_side ? files_ - 1 : 0; f != static_cast<int>(king_at);
             f += king_side ? -1 : 1)
          if (row[static_cast<std::size_t>(f)] == rook_letter) return f;
        return -1;
      };
      for (const char* c : {".white", ".black"}) {
        if (has(std::string("castlingKingPiece") + c) &&
            get(std::string("castlingKingPiece") + c).value != "king,")
          refuse(get(std::string("castlingKingPiece") + c).from, "xpgn castles with the king only");
        if (has(std::string("castlingRookPieces") + c) &&
            get(std::string("castlingRookPieces") + c).value != "rook,")
          refuse(get(std::string("castlingRookPieces") + c).from,
                 "xpgn castles with the rook only");
      }
      if (has("castlingRookKingsideFile") &&
          file_of_setting(get("castlingRookKingsideFile")) != files_ - 1 &&
          file_of_setting(get("castlingRookKingsideFile")) != fsf_files - 1 &&
          file_of_setting(get("castlingRookKingsideFile")) != outermost(true))
        refuse(get("castlingRookKingsideFile").from,
               "xpgn castles with the rooks the FEN's castling rights name (the outermost ones)");
      if (has("castlingRookQueensideFile") &&
          file_of_setting(get("castlingRookQueensideFile")) != 0 &&
          file_of_setting(get("castlingRookQueensideFile")) != outermost(false))
        refuse(get("castlingRookQueensideFile").from,
               "xpgn castles with the rooks the FEN's castling rights name (the outermost ones)");
      const int k = file_of_setting(value("castlingKingsideFile", "g"));
      const int q = file_of_setting(value("castlingQueensideFile", "c"));
      for (const auto& [f, key] :
           {std::pair{k, "castlingKingsideFile"}, std::pair{q, "castlingQueensideFile"}})
        if (f >= files_ || (key[8] == 'K' ? f < 1 : f + 1 >= files_))
          refuse(value(key, "").from, std::string("the file is off the ") + std::to_string(files_) +
                                          "-file board (or leaves no square for the rook)");
      auto file_name = [](int f) { return std::string(1, static_cast<char>('a' + f)); };
      const Where from = has("castlingKingsideFile")    ? get("castlingKingsideFile").from
                         : has("castlingQueensideFile") ? get("castlingQueensideFile").from
                         : has("castlingRank")          ? get("castlingRank").from
                         : has("castling")              ? get("castling").from
                                                        : king->from;
      Json entry = {{"name", "castling"},
                    {"king_files", {file_name(k), file_name(q)}},
                    {"rook_files", {file_name(k - 1), file_name(q + 1)}}};
      if (castle_rank != 0) entry["rank"] = castle_rank + 1;
      add(list, "components", std::move(entry), from);
      castles_ = true;
    }
    // En passant after double steps.
    if (pawn && !double_step_ranks_.empty()) {
      for (bool black : {false, true}) {
        const Setting r =
            colour_region("enPassantRegion", black, "a* b* c* d* e* f* g* h* i* j* k* l*");
        const Region allowed = region_of(r);
        for (int step : double_step_ranks_) {
          const int passed = black ? ranks_ - 1 - step : step;  // 0-based rank passed over
          if ((allowed & whole_rank(passed)) != whole_rank(passed))
            refuse(r.from,
                   "xpgn allows en passant after every double step; this region leaves out "
                   "squares of rank " +
                       std::to_string(passed + 1));
        }
      }
      add(list, "components", {{"name", "en-passant"}}, double_step_from_);
    }
    // immobilityIllegal changes nothing for pieces that move in every direction (a promoting
    // pawn: see the promotion zone below); for any other piece it would, wherever the piece
    // stands, so it is refused whether or not the variant has a promotion zone.
    if (flag("immobilityIllegal", false))
      for (const auto& p : st_.pieces)
        if (p.key != "pawn" && xpgn_betza(p).find_first_of("fblrvs") != std::string::npos)
          refuse(p.from.section == section_ ? p.from : get("immobilityIllegal").from,
                 "xpgn knows immobilityIllegal only for pawns (the " + readable(p.key) +
                     " moves in some directions only)");
    // Promotion on the last rank.
    if (pawn) {
      Setting w = colour_region("promotionRegion", false, "*8");
      Setting b = colour_region("promotionRegion", true, "*1");
      Region wr = region_of(w), br = region_of(b);
      if (has("promotionRank") && !has("promotionRegion.white")) {
        const int r = rank_of_setting(get("promotionRank"));
        wr.reset(), br.reset();
        for (int rank = r - 1; rank < fsf_ranks; ++rank) wr |= whole_rank(rank);
        for (int rank = 0; rank <= ranks_ - r; ++rank) br |= whole_rank(rank);
        w = b = get("promotionRank");
      }
      wr = on_board(wr), br = on_board(br);
      if (wr.any() || br.any()) {
        // The zone: the last `zone` ranks for White, mirrored for Black.
        int zone = 0;
        while (zone < ranks_ && wr.test(static_cast<std::size_t>((ranks_ - 1 - zone) * 16))) ++zone;
        Region want;
        for (int k = 0; k < zone; ++k) want |= whole_rank(ranks_ - 1 - k);
        if (zone == 0 || wr != want)
          refuse(w.from, "xpgn promotes on the last ranks (rank " + std::to_string(ranks_) +
                             " for White, or the last few ranks, whole); this region is '" +
                             w.value + "'");
        Region mirrored;
        for (int k = 0; k < zone; ++k) mirrored |= whole_rank(k);
        if (br != mirrored)
          refuse(b.from,
                 "xpgn's promotion zone is the same for both sides: this region is not "
                 "White's seen from Black's side ('" +
                     b.value + "')");
        const bool mandatory = flag("mandatoryPawnPromotion", true);
        const bool immobility = flag("immobilityIllegal", false);
        if (zone > 1 && mandatory)
          refuse(has("mandatoryPawnPromotion") ? get("mandatoryPawnPromotion").from : w.from,
                 "xpgn's promotion on several ranks is a choice before the last rank "
                 "(mandatoryPawnPromotion = false)");
        if (!mandatory && !immobility)
          refuse(get("mandatoryPawnPromotion").from,
                 "xpgn's pawns must promote on the last rank (with mandatoryPawnPromotion = "
                 "false, immobilityIllegal = true says so)");
        const Setting pw = value("promotionPieceTypes.white", "queen,rook,bishop,knight,");
        const Setting pb = value("promotionPieceTypes.black", "queen,rook,bishop,knight,");
        if (pw.value != pb.value)
          refuse(pb.from, "xpgn's promotion choices are the same for both sides");
        // A set this section does not write (inherited, or chess's default) loses the pieces
        // the variant no longer has, as Fairy-Stockfish's remove_piece erases them from it; a
        // set written here must name pieces of the variant.
        const bool own = has("promotionPieceTypes.white") && pw.from.section == section_;
        std::string choices;
        std::size_t start = 0;
        while (start < pw.value.size()) {
          const std::size_t comma = pw.value.find(',', start);
          const std::string key = pw.value.substr(start, comma - start);
          start = comma + 1;
          const std::string l = letter(key);
          if (l.empty() && !own) continue;
          if (l.empty())
            refuse(pw.from,
                   "promotion to the " + readable(key) + ", which this variant does not have");
          if (key == "pawn") refuse(pw.from, "a pawn may not promote to a pawn in xpgn");
          if (choices.find(l) == std::string::npos) choices += l;
        }
        if (choices.empty() && own) refuse(pw.from, "no piece to promote to");
        if (choices.empty() && !own)
          refuse(st_.header,
                 "promotionPieceTypes: the set " +
                     (has("promotionPieceTypes.white") ? "inherited from [" + pw.from.section + "]"
                                                       : std::string("of chess")) +
                     " names only pieces this variant no longer has, and xpgn's "
                     "pawns must promote to something; set promotionPieceTypes in "
                     "this section");
        // promotionLimit: "a:1 c:1" (piece letter, count).
        Json limits = Json::object();
        if (has("promotionLimit")) {
          const Setting& lim = get("promotionLimit");
          std::size_t i = 0;
          const std::string& t = lim.value;
          while (i < t.size()) {
            while (i < t.size() && std::isspace(static_cast<unsigned char>(t[i]))) ++i;
            if (i == t.size()) break;
            const std::size_t end = t.find_first_of(" \t", i);
            const std::string item =
                t.substr(i, end == std::string::npos ? std::string::npos : end - i);
            i = end == std::string::npos ? t.size() : end;
            std::optional<long long> n;
            if (item.size() > 2 && item[1] == ':') n = integer_of(item.substr(2));
            const char c = static_cast<char>(std::tolower(static_cast<unsigned char>(item[0])));
            auto it = std::find_if(st_.pieces.begin(), st_.pieces.end(),
                                   [&](const Piece& p) { return p.letter == c; });
            if (!n || *n < 0 || *n > 64 || it == st_.pieces.end())
              refuse(lim.from,
                     "expected piece:count items such as q:1 r:2 with letters of this "
                     "variant, found '" +
                         item + "'");
            const std::string l = letter(it->key);
            if (choices.find(l) == std::string::npos)
              refuse(lim.from, "'" + item + "' limits a piece that is no promotion choice");
            limits[l] = *n;
          }
        }
        if (zone == 1 && limits.empty())
          add(list, "components", {{"name", "promotion"}, {"choices", choices}}, pw.from);
        else {
          Json entry = {{"name", "zone-promotion"}, {"zone", zone}, {"choices", choices}};
          if (!limits.empty()) entry["limits"] = limits;
          add(list, "components", std::move(entry), w.from);
        }
      }
    }
    // Drops: a setup phase (placement, sittuyin), or captured pieces dropped (crazyhouse).
    const bool drops = flag("pieceDrops", false), to_hand = flag("capturesToHand", false);
    if (drops && !to_hand && flag("mustDrop", false)) {
      setup_drops(list);
    } else {
      if (flag("mustDrop", false))
        refuse(get("mustDrop").from,
               "xpgn knows mustDrop as a setup phase only (pieceDrops = true, capturesToHand = "
               "false)");
      for (const char* key : {"dropRegion.white", "dropRegion.black", "sittuyinRookDrop",
                              "dropOppositeColoredBishop", "castlingDroppedPiece"})
        if (has(key) && (get(key).value != "false" && region_of_setting_any(get(key))))
          refuse(get(key).from,
                 "xpgn knows this key only in a setup phase (pieceDrops = true, mustDrop = true, "
                 "capturesToHand = false); crazyhouse drops go to any empty square");
    }
    if (drops != to_hand && !setup_drops_)
      refuse(has("pieceDrops") ? get("pieceDrops").from : get("capturesToHand").from,
             "xpgn has drops only as in crazyhouse (pieceDrops and capturesToHand together) or "
             "as a setup phase (pieceDrops and mustDrop, capturesToHand = false)");
    if (drops && to_hand) {
      if (pawn && (list.empty() || list.back().value("name", "") != "promotion"))
        refuse(get("pieceDrops").from, "xpgn's drops need pawns that promote on the last rank");
      add(list, "components", {{"name", "pockets"}}, get("pieceDrops").from);
    }
    if (!flag("checking", true))
      add(list, "components", {{"name", "no-checks"}}, get("checking").from);
    // Fairy-Stockfish generates no move once the bare king has decided the game.
    if (!bare_king().empty())
      add(list, "components", {{"name", "play-stops-at-end"}}, get("extinctionValue").from);
    if (!list.empty()) j["components"] = std::move(list);
  }

  void end_rules(Json& j) {
    Json list = Json::array();
    if (const std::string bare = bare_king(); !bare.empty())
      add(list, "end_rules", {{"name", bare}}, get("extinctionValue").from);
    const Setting mate = value("checkmateValue", "loss");
    const Setting stale = value("stalemateValue", "draw");
    const std::string m = value_of(mate), s = value_of(stale);
    if (flag("shatarMateRule", false)) {
      // Shatar's mate (Fairy-Stockfish's shak: a check by a knight, rook or bers).
      if (m != "loss" || s != "draw")
        refuse(has("stalemateValue")   ? stale.from
               : has("checkmateValue") ? mate.from
                                       : get("shatarMateRule").from,
               "xpgn's shatar mate rule draws a stalemate and scores a mate by its own rule "
               "(checkmateValue = loss, stalemateValue = draw)");
      if (letter("knight").empty())
        refuse(get("shatarMateRule").from, "shatar's mate rule needs the knight");
      add(list, "end_rules",
          {{"name", "shatar-mate"},
           {"knight", letter("knight")},
           {"shak", letter("knight") + letter("rook") + letter("bers")}},
          get("shatarMateRule").from);
    } else if (m == "loss" && s == "draw" && kings_in_hand()) {
      // A king that starts in hand (placement): mate as usual once it stands on the board.
      add(list, "end_rules", {{"name", "mate-with-hand"}},
          has("stalemateValue") ? stale.from : mate.from);
    } else if (m == "loss" && s == "draw") {
      // One king a side unless the start position has none for a side.
      const Piece* king = find("king");
      Json rule = {{"name", "checkmate-stalemate"}};
      const std::string fen =
          value("startFen", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR").value;
      const std::string board = fen.substr(0, fen.find(' '));
      const int white =
          king
              ? static_cast<int>(std::count(board.begin(), board.end(),
                                            std::toupper(static_cast<unsigned char>(king->letter))))
              : 0;
      const int black =
          king ? static_cast<int>(std::count(board.begin(), board.end(), king->letter)) : 0;
      if (white > 1 || black > 1)
        refuse(value("startFen", "").from, "xpgn's checkmate rule needs at most one king a side");
      if (white != 1 || black != 1) rule["kings"] = {white, black};
      add(list, "end_rules", std::move(rule), has("stalemateValue") ? stale.from : mate.from);
    } else if (m == "loss" && s == "loss") {
      add(list, "end_rules", {{"name", "no-moves-loses"}}, stale.from);
    } else if (m == "win" && s == "win") {
      add(list, "end_rules", {{"name", "no-moves-wins"}}, stale.from);
    } else {
      refuse(has("stalemateValue") ? stale.from : mate.from,
             "xpgn knows checkmate " + m + " with stalemate " + s +
                 " as no end rule (it knows loss/draw, loss/loss and win/win)");
    }
    const Setting fold_value = value("nFoldValue", "draw");
    if (value_of(fold_value) != "draw")
      refuse(fold_value.from,
             "xpgn's repetition rules end in a draw (or a loss for perpetual check)");
    const Setting fold = value("nFoldRule", "3");
    const long long n = *integer_of(fold.value);
    const bool perpetual = flag("perpetualCheckIllegal", false);
    if (n < 2 || n > 9) refuse(fold.from, "xpgn's repetition rules count 2 to 9 occurrences");
    if (n == 3 && !perpetual) {
      add(list, "end_rules", {{"name", "repetition-draw"}}, fold.from);
    } else {
      Json rule = {{"name", "n-fold-repetition"}, {"count", n}};
      if (perpetual) rule["perpetual_check"] = "loses";
      add(list, "end_rules", std::move(rule),
          perpetual ? get("perpetualCheckIllegal").from : fold.from);
    }
    const Setting moves = value("nMoveRule", "50");
    const long long count = *integer_of(moves.value);
    if (count == 50)
      add(list, "end_rules", {{"name", "move-count"}}, moves.from);
    else if (count > 1000)
      refuse(moves.from, "xpgn's move limit is at most 1000 moves");
    else if (count != 0)
      add(list, "end_rules", {{"name", "move-limit"}, {"moves", count}}, moves.from);
    j["end_rules"] = std::move(list);
  }

  const State& st_;
  const std::string& section_;
  int files_ = 8, ranks_ = 8;
  int castling_king_file_ = 4;  // see components(): castling
  bool castles_ = false;        // a castling component was written
  bool setup_drops_ = false;    // a setup-drops component was written
  std::vector<int> double_step_ranks_;
  Where double_step_from_;
  std::map<std::string, Where> origins_;
};

// Reads `text`'s sections onto `states` (which holds the variants they may inherit from),
// parents before children as Fairy-Stockfish requires. Returns the sections asked for (those
// `select` names, or all when it names none) and puts the problems of those (and of the parents
// they need) into `errors`.
std::vector<Imported> run(std::string_view text, const std::string& source,
                          std::map<std::string, State>& states, bool builtin,
                          const std::vector<std::string>& select,
                          std::vector<DefinitionError>& errors) {
  std::vector<RawSection> sections = split_sections(text, source, errors);
  std::set<std::string> chosen;
  for (const auto& name : select)
    for (const auto& s : sections)
      if (!name.empty() && !s.name.empty() && loose(s.name) == loose(name)) chosen.insert(s.name);
  std::vector<Imported> out;
  std::map<std::string, Problem> problems;  // by section name
  std::map<std::string, std::string> parent_of;
  std::set<std::string> defined;  // in this file
  std::vector<std::string> order;
  for (const auto& raw : sections) {
    const Where header{source, raw.line, 1, raw.name, ""};
    order.push_back(raw.name);
    parent_of[raw.name] = raw.parent;
    try {
      if (!raw.syntax.empty()) throw raw.syntax.front();
      if (raw.name.empty()) refuse(header, "a section needs a name");
      if (defined.count(raw.name))
        refuse(header, "the variant '" + raw.name + "' is defined twice");
      defined.insert(raw.name);
      State st;  // without a parent: Fairy-Stockfish's template, chess rules and no pieces
      if (!raw.parent.empty()) {
        if (problems.count(raw.parent))
          refuse(header, "its parent [" + raw.parent + "] has problems");
        auto it = states.find(raw.parent);
        if (it != states.end()) {
          st = it->second;
        } else if (!builtin && catalog_parent(raw.parent)) {
          st.catalog_base = raw.parent;
        } else {
          // The built-in parents only: the file's own sections are many in a large file.
          std::set<std::string> names;
          for (const auto& [name, s] : states)
            if (!defined.count(name)) names.insert(name);
          for (const auto& c : catalog_parents) names.insert(c.id);
          std::string known;
          for (const auto& name : names) known += (known.empty() ? "" : ", ") + name;
          refuse(header, "unknown parent '" + raw.parent +
                             "' (a parent is an earlier section of the file or one of the "
                             "Fairy-Stockfish variants xpgn knows: " +
                             known + ")");
        }
      }
      st.header = header;
      Reader(st, raw, source).apply();
      if (!builtin && (chosen.empty() || chosen.count(raw.name)))
        out.push_back(Writer(st, raw.name).run());
      states[raw.name] = std::move(st);
    } catch (const Problem& p) {
      problems.emplace(raw.name, p);
      if (chosen.empty()) errors.push_back({p.where.location(), p.message});
    }
  }
  std::set<std::string> reported;  // a parent two chosen sections share is reported once
  for (const auto& name : chosen) {
    if (!problems.count(name)) continue;
    // A chosen section's problem, after those of the parents it needs.
    std::vector<std::string> chain{name};
    while (chain.size() <= sections.size() && problems.count(parent_of[chain.back()]) &&
           !parent_of[chain.back()].empty())
      chain.push_back(parent_of[chain.back()]);
    for (auto it = chain.rbegin(); it != chain.rend(); ++it) {
      if (!reported.insert(*it).second) continue;
      const Problem& p = problems.at(*it);
      errors.push_back({p.where.location(), p.message});
    }
  }
  return out;
}

// The Fairy-Stockfish variants a section may inherit from.
const std::map<std::string, State>& parents() {
  static const std::map<std::string, State> made = [] {
    std::map<std::string, State> states;
    std::vector<DefinitionError> errors;
    (void)run(builtin_parents, builtin_source, states, true, {}, errors);
    if (!errors.empty()) throw std::logic_error("bad built-in parents: " + errors.front().message);
    return states;
  }();
  return made;
}

// ---- Betza ----------------------------------------------------------------------------------

// The 8 (file, rank) steps of the leap (a, b) (a ranks forward, b files right, as
// Fairy-Stockfish counts them) in its order, each with the direction pairs that select it.
struct Dir {
  int df, dr;
  const char* pairs[7];
};
std::array<Dir, 8> directions(int a, int b) {
  return {{{b, a, {"ff", "vv", "rf", "rv", "fh", "rh", "hr"}},
           {-b, -a, {"bb", "vv", "lb", "lv", "bh", "lh", "hr"}},
           {a, -b, {"rr", "ss", "br", "bs", "bh", "rh", "hr"}},
           {-a, b, {"ll", "ss", "fl", "fs", "fh", "lh", "hr"}},
           {a, b, {"rr", "ss", "fr", "fs", "fh", "rh", "hl"}},
           {-a, -b, {"ll", "ss", "bl", "bs", "bh", "lh", "hl"}},
           {b, -a, {"bb", "vv", "rb", "rv", "bh", "rh", "hl"}},
           {-b, a, {"ff", "vv", "lf", "lv", "fh", "lh", "hl"}}}};
}

// True when xpgn's direction letter `d` selects the step (df, dr) (movement.cpp's rule).
bool xpgn_selects(char d, int df, int dr) {
  switch (d) {
    case 'f':
      return dr > 0;
    case 'b':
      return dr < 0;
    case 'l':
      return df < 0;
    case 'r':
      return df > 0;
    case 'v':
      return std::abs(dr) > std::abs(df);
    default:
      return std::abs(df) > std::abs(dr);
  }
}

}  // namespace

std::string translate_betza(std::string_view betza) {
  const std::string text(betza);
  auto fail = [&](const std::string& why) -> std::invalid_argument {
    const std::string shown = text.size() > 40 ? text.substr(0, 40) + "..." : text;
    return std::invalid_argument("Betza '" + shown + "': " + why);
  };
  std::string out;
  bool quiet = false, capture = false, hopper = false, lame = false;
  std::vector<std::string> dirs;
  const std::string verticals = "fbvh", horizontals = "rlsh";
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (c == 'm') {
      quiet = true;
    } else if (c == 'c') {
      capture = true;
    } else if (c == 'p') {
      hopper = true;
    } else if (c == 'g') {
      throw fail("grasshoppers ('g') are not xpgn movements");
    } else if (c == 'n') {
      lame = true;
    } else if (std::isspace(static_cast<unsigned char>(c))) {
      continue;  // skipped, as Fairy-Stockfish skips it
    } else if (c == 'i') {
      throw fail("first-move-only atoms ('i') are not imported");
    } else if (c == 'e') {
      throw fail("en passant for custom pieces ('e') is not imported");
    } else if (verticals.find(c) != std::string::npos || horizontals.find(c) != std::string::npos) {
      if (i + 1 < text.size()) {
        const char c2 = text[i + 1];
        if (c2 == c ||
            (verticals.find(c) != std::string::npos && horizontals.find(c2) != std::string::npos) ||
            (horizontals.find(c) != std::string::npos && verticals.find(c2) != std::string::npos)) {
          dirs.push_back(std::string{c, c2});
          ++i;
          continue;
        }
      }
      dirs.push_back(std::string(2, c));
    } else if (std::string("WFDNAHLCJZGKRBQ").find(c) != std::string::npos) {
      bool rider = c == 'R' || c == 'B' || c == 'Q';
      int distance = 0;
      if (i + 1 < text.size() &&
          (std::isdigit(static_cast<unsigned char>(text[i + 1])) || text[i + 1] == c)) {
        rider = true;
        if (std::isdigit(static_cast<unsigned char>(text[i + 1]))) distance = text[i + 1] - '0';
        ++i;
      }
      std::vector<std::pair<int, int>> atoms;  // (a, b): a forward, b sideways
      switch (c) {
        case 'W':
        case 'R':
          atoms = {{1, 0}};
          break;
        case 'F':
        case 'B':
          atoms = {{1, 1}};
          break;
        case 'K':
        case 'Q':
          atoms = {{1, 0}, {1, 1}};
          break;
        case 'D':
          atoms = {{2, 0}};
          break;
        case 'N':
          atoms = {{2, 1}};
          break;
        case 'A':
          atoms = {{2, 2}};
          break;
        case 'H':
          atoms = {{3, 0}};
          break;
        case 'L':
        case 'C':
          atoms = {{3, 1}};
          break;
        case 'J':
        case 'Z':
          atoms = {{3, 2}};
          break;
        default:
          atoms = {{3, 3}};
          break;
      }
      if (rider && c != 'R' && c != 'B' && c != 'Q' && c != 'W' && c != 'F' && c != 'N')
        throw fail(std::string("Fairy-Stockfish rides only along W, F and N lines, not '") + c + c +
                   "'");
      if (hopper && !rider) throw fail("hoppers ('p') are imported for riders only (pR, pB)");
      if (hopper && distance != 0) throw fail("a hopper with a limited range is not imported");
      if (lame && (rider || (c != 'N' && c != 'A' && c != 'D')))
        throw fail("lame leaps ('n') are imported for N, A and D only");
      for (auto [a, b] : atoms) {
        // The directions Fairy-Stockfish selects; orthogonal atoms split combined pairs.
        std::vector<std::string> selected;
        for (const auto& s : dirs) {
          if (atoms.size() == 1 && b == 0 && s[0] != s[1]) {
            selected.push_back(std::string(2, s[0]));
            selected.push_back(std::string(2, s[1]));
          } else {
            selected.push_back(s);
          }
        }
        std::set<std::pair<int, int>> want, all;
        for (const Dir& d : directions(a, b)) {
          all.insert({d.df, d.dr});
          bool on = selected.empty();
          for (const char* p : d.pairs)
            if (std::find(selected.begin(), selected.end(), p) != selected.end()) on = true;
          if (on) want.insert({d.df, d.dr});
        }
        if (want.empty()) continue;
        std::string letters;
        if (want != all) {
          std::set<std::pair<int, int>> covered;
          for (char d : std::string("fblrvs")) {
            std::set<std::pair<int, int>> sel;
            for (const auto& step : all)
              if (xpgn_selects(d, step.first, step.second)) sel.insert(step);
            if (sel.empty() || !std::includes(want.begin(), want.end(), sel.begin(), sel.end()))
              continue;
            letters += d;
            covered.insert(sel.begin(), sel.end());
          }
          if (covered != want)
            throw fail(
                "its directions of the " + std::to_string(a) + "," + std::to_string(b) +
                " leap (such as the narrow forward knight leaps of 'ffN') have no xpgn Betza");
          // Drop letters the others cover (one side before a pair of sides): "flrs" -> "fs".
          for (char d : std::string("fblrvs")) {
            if (letters.find(d) == std::string::npos) continue;
            std::string rest = letters;
            rest.erase(rest.find(d), 1);
            std::set<std::pair<int, int>> by_rest;
            for (const auto& step : all)
              for (char e : rest)
                if (xpgn_selects(e, step.first, step.second)) by_rest.insert(step);
            if (by_rest == want) letters = rest;
          }
        }
        const char atom = b == 0   ? "WDH"[a - 1]
                          : a == b ? "FAG"[a - 1]
                          : a == 2 ? 'N'
                          : b == 1 ? 'C'
                                   : 'Z';
        std::string token;
        if (quiet && !capture) token += 'm';
        if (capture && !quiet) token += 'c';
        if (hopper) token += 'p';
        if (lame) token += 'n';
        token += letters;
        token += atom;
        if (rider) token += distance == 0 ? std::string(1, atom) : std::to_string(distance);
        out += token;
      }
      quiet = capture = hopper = lame = false;
      dirs.clear();
    } else {
      throw fail(std::string("'") + c + "' is not Fairy-Stockfish Betza (it would skip it)");
    }
  }
  if (quiet || capture || hopper || lame || !dirs.empty()) throw fail("modifiers without an atom");
  if (out.empty()) throw fail("no movement");
  return out;
}

bool looks_like_ini(std::string_view text) {
  std::size_t pos = 0;
  while (pos < text.size()) {
    std::size_t end = text.find('\n', pos);
    if (end == std::string_view::npos) end = text.size();
    std::string_view line = text.substr(pos, end - pos);
    pos = end + 1;
    std::size_t i = 0;
    while (i < line.size() && std::isspace(static_cast<unsigned char>(line[i]))) ++i;
    if (i == line.size() || line[i] == '#' || line[i] == ';') continue;
    return line[i] == '[';
  }
  return false;
}

std::vector<Imported> import_ini(std::string_view text, const std::string& source,
                                 const std::vector<std::string>& select,
                                 std::vector<DefinitionError>& errors) {
  std::map<std::string, State> states = parents();
  return run(text, source, states, false, select, errors);
}

std::vector<Imported> import_ini(std::string_view text, const std::string& source,
                                 std::string_view select, std::vector<DefinitionError>& errors) {
  std::vector<std::string> names;
  if (!select.empty()) names.emplace_back(select);
  return import_ini(text, source, names, errors);
}

}  // namespace xpgn::catalog::fsf
