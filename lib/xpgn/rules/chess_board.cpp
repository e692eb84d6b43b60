#include "xpgn/rules/chess_board.hpp"

#include <algorithm>
#include <bit>
#include <map>
#include <memory>
#include <mutex>
#include <vector>

#include "xpgn/rules/component.hpp"
#include "xpgn/rules/end_rule.hpp"
#include "xpgn/rules/movegen.hpp"
#include "xpgn/rules/zobrist.hpp"

namespace xpgn::rules {

struct ChessTables {
  const Variant* variant = nullptr;
  std::array<std::array<Piece, ChessBoard::kind_count>, 2> piece{};  // [colour][kind]
  std::array<ChessBoard::Kind, 32> kind_of_type{};                   // by variant piece type
  std::array<ChessBoard::Kind, 256> kind_of_letter{};  // by SAN letter (aliases too), else empty
  // Zobrist numbers: [colour][kind][bit], castling by right bit, en passant by bit.
  std::array<std::array<std::array<std::uint64_t, 64>, ChessBoard::kind_count>, 2> piece_key{};
  std::array<std::uint64_t, 4> castling_key{};
  std::array<std::uint64_t, 64> en_passant_key{};
  std::uint64_t black_key = 0;
};

namespace {

using Bits = ChessBoard::Bits;

constexpr Bits bit(int sq) {
  return Bits{1} << sq;
}

// The variant's square of a bit index (rank * 8 + file).
constexpr Square square_of(int sq) {
  return make_square(sq & 7, sq >> 3);
}

// Attack tables of an 8x8 board: leapers, pawns and the eight rays.
struct Geometry {
  std::array<Bits, 64> knight{}, king{};
  std::array<std::array<Bits, 64>, 2> pawn_attacks{};  // [colour][from]: squares it attacks
  // Rays 0..3 run to higher bits (N, E, NE, NW), 4..7 to lower bits (S, W, SW, SE).
  std::array<std::array<Bits, 64>, 8> ray{};
  // direction[a][b]: the ray from a that holds b, or 8 when none does.
  std::array<std::array<std::uint8_t, 64>, 64> direction{};
  // between[a][b]: the squares strictly between a and b on their line (none when not aligned).
  std::array<std::array<Bits, 64>, 64> between{};
  // lines[0][s]: the rank and file through s; lines[1][s]: its diagonals (s itself excluded).
  std::array<std::array<Bits, 64>, 2> lines{};

  constexpr Geometry() {
    auto on = [](int f, int r) { return f >= 0 && f < 8 && r >= 0 && r < 8; };
    constexpr int knight_steps[8][2] = {{1, 2},   {2, 1},   {2, -1}, {1, -2},
                                        {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}};
    constexpr int ray_steps[8][2] = {{0, 1},  {1, 0},  {1, 1},   {-1, 1},
                                     {0, -1}, {-1, 0}, {-1, -1}, {1, -1}};
    for (int sq = 0; sq < 64; ++sq) {
      const int f = sq & 7, r = sq >> 3;
      for (const auto& s : knight_steps)
        if (on(f + s[0], r + s[1])) knight[sq] |= bit((r + s[1]) * 8 + f + s[0]);
      for (int df = -1; df <= 1; ++df)
        for (int dr = -1; dr <= 1; ++dr)
          if ((df || dr) && on(f + df, r + dr)) king[sq] |= bit((r + dr) * 8 + f + df);
      for (int df : {-1, 1}) {
        if (on(f + df, r + 1)) pawn_attacks[0][sq] |= bit((r + 1) * 8 + f + df);
        if (on(f + df, r - 1)) pawn_attacks[1][sq] |= bit((r - 1) * 8 + f + df);
      }
      for (int d = 0; d < 8; ++d)
        for (int tf = f + ray_steps[d][0], tr = r + ray_steps[d][1]; on(tf, tr);
             tf += ray_steps[d][0], tr += ray_steps[d][1])
          ray[d][sq] |= bit(tr * 8 + tf);
    }
    for (auto& row : direction)
      for (auto& d : row) d = 8;
    for (int sq = 0; sq < 64; ++sq)
      for (int d = 0; d < 8; ++d)
        for (Bits b = ray[d][sq]; b; b &= b - 1) {
          const int other = std::countr_zero(b);
          direction[sq][other] = std::uint8_t(d);
          between[sq][other] = ray[d][sq] & ~ray[d][other] & ~bit(other);
          lines[d < 2 || d == 4 || d == 5 ? 0 : 1][sq] |= bit(other);
        }
  }
};

// Computed by the compiler: no initialisation or guard at run time.
constexpr Geometry the_geometry{};

constexpr const Geometry& geometry() {
  return the_geometry;
}

// The squares seen from `sq` along ray `d` up to and including the first occupied one.
inline Bits ray_attacks(const Geometry& g, int d, int sq, Bits occ) {
  const Bits ray = g.ray[d][sq];
  const Bits blockers = ray & occ;
  if (!blockers) return ray;
  const int first = d < 4 ? std::countr_zero(blockers) : 63 - std::countl_zero(blockers);
  return ray ^ g.ray[d][first];
}

inline Bits rook_attacks(const Geometry& g, int sq, Bits occ) {
  return ray_attacks(g, 0, sq, occ) | ray_attacks(g, 1, sq, occ) | ray_attacks(g, 4, sq, occ) |
         ray_attacks(g, 5, sq, occ);
}

inline Bits bishop_attacks(const Geometry& g, int sq, Bits occ) {
  return ray_attacks(g, 2, sq, occ) | ray_attacks(g, 3, sq, occ) | ray_attacks(g, 6, sq, occ) |
         ray_attacks(g, 7, sq, occ);
}

// True for the rays along ranks and files, false for the diagonals.
constexpr bool straight(int d) {
  return d == 0 || d == 1 || d == 4 || d == 5;
}

// The squares a piece of `kind` (not a pawn) on `sq` attacks.
inline Bits piece_attacks(const Geometry& g, ChessBoard::Kind kind, int sq, Bits occ) {
  switch (kind) {
    case ChessBoard::knight:
      return g.knight[sq];
    case ChessBoard::bishop:
      return bishop_attacks(g, sq, occ);
    case ChessBoard::rook:
      return rook_attacks(g, sq, occ);
    case ChessBoard::queen:
      return rook_attacks(g, sq, occ) | bishop_attacks(g, sq, occ);
    case ChessBoard::king:
      return g.king[sq];
    default:
      return 0;
  }
}

// A castling move of the generic rules: king from `king` to `king_to`, rook from `rook`.
bool has_castling(const MoveList& moves, Square king, Square king_to, Square rook) {
  return std::any_of(moves.begin(), moves.end(), [&](const Move& m) {
    return m.kind == MoveKind::castle && m.from == king && m.to == king_to && m.aux == rook;
  });
}

// True when the castling and promotion components of `v` (already known by name) behave as
// FIDE's: probed on small positions built from the start position.
bool components_behave_as_fide(const Variant& v) {
  const Position start = Position::start(v);
  // Castling: only kings and corner rooks left.
  Position castle = start;
  for (int f = 0; f < 8; ++f)
    for (int r : {0, 1, 6, 7}) {
      const Square s = make_square(f, r);
      if (!castle.at(s).empty() && !(r == 0 || r == 7 ? (f == 0 || f == 4 || f == 7) : false))
        castle.remove(s);
    }
  MoveList moves;
  generate_legal(castle, moves);
  const Square e1 = make_square(4, 0), g1 = make_square(6, 0), c1 = make_square(2, 0);
  const Square h1 = make_square(7, 0), a1 = make_square(0, 0);
  if (!has_castling(moves, e1, g1, h1) || !has_castling(moves, e1, c1, a1)) return false;
  for (const Move& m : moves) {
    if (m.kind != MoveKind::castle) continue;
    const Position after = play(castle, m);
    const Square rook_to = make_square(m.to == g1 ? 5 : 3, 0);
    if (after.at(rook_to) != castle.at(m.aux) || !after.at(m.aux).empty()) return false;
  }
  // Promotion: a pawn on a7, the kings at home: exactly the four FIDE choices.
  Position promote = start;
  for (int f = 0; f < 8; ++f)
    for (int r : {0, 1, 6, 7}) {
      const Square s = make_square(f, r);
      if (!promote.at(s).empty() && f != 4) promote.remove(s);
    }
  promote.remove(make_square(4, 1));
  promote.remove(make_square(4, 6));
  promote.castling_rights() = CastlingRights{};  // its rooks are gone
  promote.put(make_square(0, 6), start.at(make_square(0, 1)));
  moves.clear();
  generate_legal(promote, moves);
  std::string choices;
  for (const Move& m : moves)
    if (m.from == make_square(0, 6)) {
      if (m.to != make_square(0, 7) || m.promotion == no_piece_type) return false;
      choices += v.pieces[m.promotion].letter;
    }
  std::sort(choices.begin(), choices.end());
  return choices == "BNQR";
}

// True when `v` is FIDE chess by its data and its components' behaviour.
bool is_fide_chess(const Variant& v) {
  if (v.files != 8 || v.ranks != 8 || !v.bitboards || v.pieces.size() != 6 || v.layer_rule ||
      v.hand_rule || v.pair_rule || v.counter_rule || !v.move_refiners.empty() ||
      !v.royal_judges.empty() || v.pieces_may_grow || v.pawn_moves_reversible ||
      v.marked_disarmed || v.pawn_type() == no_piece_type)
    return false;
  constexpr struct {
    char letter;
    const char* betza;
  } fide[6] = {{'P', "fmWfcF"}, {'N', "N"}, {'B', "B"}, {'R', "R"}, {'Q', "Q"}, {'K', "K"}};
  for (const auto& want : fide) {
    const PieceType t = v.piece_by_fen_letter(want.letter);
    if (t == no_piece_type || (want.letter != 'P' && v.piece_by_san_letter(want.letter) != t))
      return false;
    const PieceDef& def = v.pieces[t];
    if (def.betza != want.betza || def.letter != want.letter || def.fen() != want.letter ||
        def.royal != (want.letter == 'K') || def.pawn != (want.letter == 'P') ||
        !def.stacked_betza.empty())
      return false;
    if (def.pawn && (def.double_step_ranks != (1u << 1) || t != v.pawn_type())) return false;
  }
  // The rules as they declare themselves, in FIDE's order.
  constexpr FideRule components[] = {FideRule::castling, FideRule::en_passant, FideRule::promotion};
  if (v.components.size() != 3) return false;
  for (std::size_t i = 0; i < 3; ++i)
    if (v.components[i]->declaration().fide != components[i]) return false;
  constexpr FideEndRule end_rules[] = {FideEndRule::checkmate_stalemate, FideEndRule::dead_position,
                                       FideEndRule::repetition, FideEndRule::move_count};
  if (v.end_rules.size() != 4) return false;
  for (std::size_t i = 0; i < 4; ++i)
    if (v.end_rules[i]->fide_rule() != end_rules[i]) return false;
  return components_behave_as_fide(v);
}

// Builds the tables of a variant that is FIDE chess.
std::unique_ptr<ChessTables> build_tables(const Variant& v) {
  auto t = std::make_unique<ChessTables>();
  t->variant = &v;
  t->kind_of_type.fill(ChessBoard::empty);
  t->kind_of_letter.fill(ChessBoard::empty);
  constexpr char letters[ChessBoard::kind_count] = {'P', 'N', 'B', 'R', 'Q', 'K'};
  const auto& z = zobrist::tables();
  for (int k = 0; k < ChessBoard::kind_count; ++k) {
    const PieceType type = v.piece_by_fen_letter(letters[k]);
    t->kind_of_type[type] = static_cast<ChessBoard::Kind>(k);
    for (int c = 0; c < 2; ++c) {
      const Piece p = make_piece(static_cast<Color>(c), type);
      t->piece[c][k] = p;
      for (int sq = 0; sq < 64; ++sq)
        t->piece_key[c][k][sq] = z.piece_square[p.code][square_of(sq)];
    }
  }
  t->castling_key = {z.castling_rook[square_of(7)], z.castling_rook[square_of(0)],
                     z.castling_rook[square_of(63)], z.castling_rook[square_of(56)]};
  for (int sq = 0; sq < 64; ++sq) t->en_passant_key[sq] = z.en_passant[square_of(sq)];
  t->black_key = z.black_to_move;
  for (int letter = 1; letter < 128; ++letter) {
    const PieceType type = v.piece_by_san_letter(static_cast<char>(letter));
    if (type != no_piece_type) t->kind_of_letter[letter] = t->kind_of_type[type];
  }
  return t;
}

// The corner rook square of castling right `right` (colour * 2 + side).
constexpr int castling_rook(int right) {
  return (right >> 1) * 56 + ((right & 1) ? 0 : 7);
}

// The castling rights a move from or to `sq` keeps (as bits): all but those of the rook standing
// on `sq` at the start and, on a king's start square, both of that king's.
struct KeptRights {
  std::array<std::uint8_t, 64> by_square{};
  constexpr KeptRights() {
    for (auto& kept : by_square) kept = 15;
    by_square[7] = static_cast<std::uint8_t>(~1u & 15);
    by_square[0] = static_cast<std::uint8_t>(~2u & 15);
    by_square[63] = static_cast<std::uint8_t>(~4u & 15);
    by_square[56] = static_cast<std::uint8_t>(~8u & 15);
    by_square[4] = static_cast<std::uint8_t>(~3u & 15);
    by_square[60] = static_cast<std::uint8_t>(~12u & 15);
  }
};
constexpr KeptRights kept_rights{};

}  // namespace

const ChessTables* ChessBoard::tables_for(const Variant& variant) {
  return variant.fide_tables.get([&]() -> std::shared_ptr<const ChessTables> {
    if (!is_fide_chess(variant)) return nullptr;
    return build_tables(variant);
  });
}

void ChessBoard::put(int sq, int colour, Kind kind) {
  kind_[kind] |= bit(sq);
  colour_[colour] |= bit(sq);
  key_ ^= tables_->piece_key[colour][kind][sq];
}

ChessBoard::Kind ChessBoard::kind_at(int sq) const {
  for (int k = pawn; k < king; ++k)
    if (kind_[k] & bit(sq)) return static_cast<Kind>(k);
  return king;
}

void ChessBoard::lift(int sq, int colour, Kind kind) {
  kind_[kind] &= ~bit(sq);
  colour_[colour] &= ~bit(sq);
  key_ ^= tables_->piece_key[colour][kind][sq];
}

bool ChessBoard::load(const Position& pos, const ChessTables& tables) {
  *this = ChessBoard{};
  tables_ = &tables;
  if (pos.royal_count(Color::white) != 1 || pos.royal_count(Color::black) != 1) return false;
  for (int c = 0; c < 2; ++c) {
    const Piece own_king = tables.piece[c][king];
    for (int side = 0; side < 2; ++side) {
      const Square corner = pos.castling().rook[c][side];
      if (corner == no_square) continue;
      const int right = c * 2 + side;
      if (corner != square_of(castling_rook(right)) || pos.at(square_of(c * 56 + 4)) != own_king)
        return false;
      castling_ |= static_cast<std::uint8_t>(1u << right);
      key_ ^= tables.castling_key[right];
    }
  }
  for (int sq = 0; sq < 64; ++sq) {
    const Piece p = pos.at(square_of(sq));
    if (!p.empty()) put(sq, index_of(p.color()), tables.kind_of_type[p.type()]);
  }
  if (pos.en_passant() != no_square) {
    en_passant_ =
        static_cast<std::int8_t>(rank_of(pos.en_passant()) * 8 + file_of(pos.en_passant()));
    key_ ^= tables.en_passant_key[en_passant_];
  }
  side_ = static_cast<std::uint8_t>(index_of(pos.side_to_move()));
  if (side_) key_ ^= tables.black_key;
  halfmove_clock_ = pos.halfmove_clock();
  fullmove_number_ = pos.fullmove_number();
  reversible_plies_ = pos.reversible_plies();
  checked_ = find_check();
  alive_by_material_ = alive_by_material();
  return true;
}

void ChessBoard::store(Position& pos) const {
  for (int sq = 0; sq < 64; ++sq)
    if (!pos.at(square_of(sq)).empty()) pos.remove(square_of(sq));
  for (int colour = 0; colour < 2; ++colour)
    for (int k = 0; k < kind_count; ++k)
      for (Bits b = pieces(colour, static_cast<Kind>(k)); b; b &= b - 1)
        pos.put(square_of(std::countr_zero(b)), tables_->piece[colour][k]);
  CastlingRights rights;
  for (int right = 0; right < 4; ++right)
    if (castling_ & (1u << right))
      rights.rook[right >> 1][right & 1] = square_of(castling_rook(right));
  pos.castling_rights() = rights;
  pos.set_en_passant(en_passant_ < 0 ? no_square : square_of(en_passant_));
  pos.set_side_to_move(static_cast<Color>(side_));
  pos.set_halfmove_clock(halfmove_clock_);
  pos.set_fullmove_number(fullmove_number_);
  pos.set_reversible_plies(reversible_plies_);
}

int ChessBoard::king_square(int colour) const {
  return std::countr_zero(pieces(colour, king));
}

bool ChessBoard::attacked(int sq, int by, Bits occ, Bits their) const {
  const Geometry& g = geometry();
  if (g.knight[sq] & kind_[knight] & their) return true;
  if (g.pawn_attacks[1 - by][sq] & kind_[pawn] & their) return true;
  if (g.king[sq] & kind_[king] & their) return true;
  const Bits straight = (kind_[rook] | kind_[queen]) & their;
  if (straight && (rook_attacks(g, sq, occ) & straight)) return true;
  const Bits diagonal = (kind_[bishop] | kind_[queen]) & their;
  return diagonal && (bishop_attacks(g, sq, occ) & diagonal);
}

[[gnu::always_inline]] inline bool ChessBoard::leaves_king_safe(int from, int to, Kind kind,
                                                                int victim) const {
  return leaves_king_safe(from, to, kind, victim, victim == ((occupied() & bit(to)) ? to : -1));
}

[[gnu::always_inline]] inline bool ChessBoard::leaves_king_safe(int from, int to, Kind kind,
                                                                int victim, bool plain) const {
  const int own_king = king_square(side_);
  const int them = 1 - side_;
  // Out of check, only a pin can make a move other than the king's illegal (en passant also
  // takes a pawn off a line, so it is looked at fully).
  if (!checked_ && kind != king && plain) {
    const Geometry& g = geometry();
    const int d = g.direction[own_king][from];
    if (d == 8 || (g.between[own_king][from] & occupied())) return true;
    const Bits sliders = (straight(d) ? kind_[rook] : kind_[bishop]) | kind_[queen];
    if (!(ray_attacks(g, d, from, occupied()) & sliders & colour_[them])) return true;
    return (g.ray[d][own_king] & bit(to)) != 0;  // pinned: it may move along the pin only
  }
  Bits occ = (occupied() & ~bit(from)) | bit(to);
  Bits their = colour_[them];
  if (victim >= 0) {
    their &= ~bit(victim);
    if (victim != to) occ &= ~bit(victim);
  }
  const int target = kind == king ? to : own_king;
  return !attacked(target, them, occ, their);
}

[[gnu::always_inline]] inline bool ChessBoard::gives_check(int from, int to, Kind kind) const {
  const Geometry& g = geometry();
  const int king_at = king_square(side_);
  const int mover = 1 - side_;
  const Bits occ = occupied();
  // Directly, by the piece that moved.
  switch (kind) {
    case pawn:
      if (g.pawn_attacks[mover][to] & bit(king_at)) return true;
      break;
    case knight:
      if (g.knight[to] & bit(king_at)) return true;
      break;
    case king:
      break;
    default: {
      const int d = g.direction[king_at][to];
      if (d != 8 && (kind == queen || straight(d) == (kind == rook)) &&
          !(g.between[king_at][to] & occ))
        return true;
    }
  }
  // By a piece it uncovered.
  const int d = g.direction[king_at][from];
  if (d == 8) return false;
  const Bits sliders =
      ((straight(d) ? kind_[rook] : kind_[bishop]) | kind_[queen]) & colour_[mover];
  return (ray_attacks(g, d, king_at, occ) & sliders) != 0;
}

ChessBoard::Bits ChessBoard::attackers(int sq, int by) const {
  const Geometry& g = geometry();
  const Bits occ = occupied();
  return ((g.knight[sq] & kind_[knight]) | (g.pawn_attacks[1 - by][sq] & kind_[pawn]) |
          (g.king[sq] & kind_[king]) | (rook_attacks(g, sq, occ) & (kind_[rook] | kind_[queen])) |
          (bishop_attacks(g, sq, occ) & (kind_[bishop] | kind_[queen]))) &
         colour_[by];
}

bool ChessBoard::find_check() const {
  return attacked(king_square(side_), 1 - side_, occupied(), colour_[1 - side_]);
}

bool ChessBoard::can_castle(int side) const {
  const int right = side_ * 2 + side;
  if (!(castling_ & (1u << right))) return false;
  const int home = side_ * 56;
  const Bits between =
      side == 0 ? bit(home + 5) | bit(home + 6) : bit(home + 1) | bit(home + 2) | bit(home + 3);
  if (occupied() & between) return false;
  const int them = 1 - side_;
  const Bits occ = occupied(), their = colour_[them];
  if (attacked(home + 4, them, occ, their)) return false;
  const int step = side == 0 ? 1 : -1;
  return !attacked(home + 4 + step, them, occ, their) &&
         !attacked(home + 4 + 2 * step, them, occ, their);
}

[[gnu::always_inline]] inline void ChessBoard::make_here(const Move8& m, Kind kind,
                                                         ChessBoard& after) const {
  after = *this;
  const int us = side_;
  bool captured = false;
  if (m.castle) {
    const int home = us * 56;
    const bool short_side = m.to > m.from;
    after.lift(m.from, us, king);
    after.lift(home + (short_side ? 7 : 0), us, rook);
    after.put(m.to, us, king);
    after.put(home + (short_side ? 5 : 3), us, rook);
  } else {
    if (colour_[1 - us] & bit(m.to)) {
      after.lift(m.to, 1 - us, kind_at(m.to));
      captured = true;
    } else if (kind == pawn && m.to == en_passant_) {
      after.lift(m.to + (us == 0 ? -8 : 8), 1 - us, pawn);
      captured = true;
    }
    after.lift(m.from, us, kind);
    after.put(m.to, us, m.promotion != empty ? m.promotion : kind);
  }
  // Castling rights: lost by a king move, and by a move from or to a rook's corner. A side with
  // a right has its king on its start square (load() and make() keep it so), so its king's
  // moves are those from that square, and nothing else moves from or to there.
  std::uint8_t rights = castling_;
  if (rights) {
    rights = static_cast<std::uint8_t>(rights & kept_rights.by_square[m.from] &
                                       kept_rights.by_square[m.to]);
    if (rights != castling_) {
      for (int right = 0; right < 4; ++right)
        if ((rights ^ castling_) & (1u << right)) after.key_ ^= tables_->castling_key[right];
      after.castling_ = rights;
    }
  }
  if (en_passant_ >= 0) {
    after.key_ ^= tables_->en_passant_key[en_passant_];
    after.en_passant_ = -1;
  }
  after.side_ = static_cast<std::uint8_t>(1 - us);
  after.key_ ^= tables_->black_key;
  const bool pawn_moved = kind == pawn && !m.castle;
  after.halfmove_clock_ = captured || pawn_moved ? 0 : halfmove_clock_ + 1;
  if (us == 1) ++after.fullmove_number_;
  after.reversible_plies_ =
      captured || pawn_moved || rights != castling_ ? 0 : std::min(reversible_plies_, 1 << 30) + 1;
  if (captured || m.promotion != empty) after.alive_by_material_ = after.alive_by_material();
  after.checked_ = m.castle || m.promotion != empty || (kind == pawn && m.to == en_passant_)
                       ? after.find_check()
                       : after.gives_check(m.from, m.to, kind);
  // A double step leaves an en passant square only when a pawn may legally take there.
  if (pawn_moved && (m.to - m.from == 16 || m.from - m.to == 16)) {
    const int passed = (m.from + m.to) / 2;
    const Bits takers = geometry().pawn_attacks[us][passed] & after.pieces(1 - us, pawn);
    for (Bits b = takers; b; b &= b - 1)
      if (after.leaves_king_safe(std::countr_zero(b), passed, pawn, m.to)) {
        after.en_passant_ = static_cast<std::int8_t>(passed);
        after.key_ ^= tables_->en_passant_key[passed];
        break;
      }
  }
}

void ChessBoard::make(const Move8& m, Kind kind, ChessBoard& after) const {
  make_here(m, kind, after);
}

int ChessBoard::earlier_occurrences(std::span<const std::uint64_t> earlier_keys) const {
  const std::size_t window =
      std::min<std::size_t>(earlier_keys.size(), static_cast<std::size_t>(reversible_plies_));
  // Only positions with the same side to move can be equal (the key holds the side), and those
  // are an even number of plies back: 2, 4, ... (earlier_keys ends with the position 1 back).
  int repeats = 0;
  for (std::size_t i = 1; i < window; i += 2)
    repeats += earlier_keys[earlier_keys.size() - 1 - i] == key_;
  return repeats;
}

bool ChessBoard::surely_undecided_by_search(std::span<const std::uint64_t> earlier_keys) const {
  if (halfmove_clock_ >= 150) return false;  // 75 moves
  if (!surely_alive()) return false;
  // Fivefold repetition: four earlier occurrences, at least four plies apart each.
  return reversible_plies_ < 16 || earlier_occurrences(earlier_keys) < 4;
}

bool ChessBoard::alive_by_material() const {
  // With a pawn, rook or queen and four men or more, the dead-position rule looks only at
  // bishops (is_dead_position()): alive. Without them, bishops all on one square colour are
  // dead, anything else alive.
  Bits fourth = occupied();
  fourth &= fourth - 1;
  fourth &= fourth - 1;
  fourth &= fourth - 1;
  if (!fourth) return false;
  if (kind_[pawn] | kind_[rook] | kind_[queen]) return true;
  constexpr Bits light = 0x55AA55AA55AA55AA;
  const Bits bishops = kind_[bishop];
  return kind_[knight] || ((bishops & light) && (bishops & ~light));
}

bool ChessBoard::surely_alive() const {
  if (alive_by_material_) return true;
  Bits fourth = occupied();
  fourth &= fourth - 1;
  fourth &= fourth - 1;
  fourth &= fourth - 1;
  const Bits majors = kind_[pawn] | kind_[rook] | kind_[queen];
  if (fourth) return false;  // only kings and bishops on one colour
  // Three men or fewer: bare kings and a lone minor piece are dead; a lone pawn, rook or queen
  // is alive when a line of legal moves leads to a promotion or a mate (what the rule's
  // search looks for); when none is found the generic rules decide.
  return majors && alive_line_found(20000);
}

namespace {

// How far the pawn of a board is from promoting (as dead_position.cpp's search orders
// positions): its pushes, two plies per empty square ahead and four per occupied one, less one
// when its side is to move.
int promotion_distance(ChessBoard::Bits pawns, ChessBoard::Bits white, ChessBoard::Bits occ,
                       int side_to_move) {
  int best = 1 << 20;
  for (ChessBoard::Bits b = pawns; b; b &= b - 1) {
    const int sq = std::countr_zero(b);
    const int colour = (white & bit(sq)) ? 0 : 1;
    int cost = colour == side_to_move ? -1 : 0;
    for (int r = (sq >> 3) + (colour == 0 ? 1 : -1); r >= 0 && r < 8; r += colour == 0 ? 1 : -1)
      cost += (occ & bit(r * 8 + (sq & 7))) ? 4 : 2;
    best = std::min(best, cost);
  }
  return best;
}

// How far the lone king on `weak` looks from being mated by the other side's king on `strong`
// and its rook or queen: its distance to the nearest corner plus the distance between the kings
// (this weighting expanded the fewest nodes on the bench corpus's endings).
int mate_distance(int weak, int strong) {
  auto corner = [](int sq) {
    return std::max(std::min(sq & 7, 7 - (sq & 7)), std::min(sq >> 3, 7 - (sq >> 3)));
  };
  const int apart =
      std::max(std::abs((weak & 7) - (strong & 7)), std::abs((weak >> 3) - (strong >> 3)));
  return corner(weak) + apart;
}

}  // namespace

int ChessBoard::search_distance() const {
  if (kind_[pawn]) return promotion_distance(kind_[pawn], colour_[0], occupied(), side_);
  // Three men without a pawn: the side without the rook or queen is the one that can be mated.
  const int weak = (colour_[0] & ~kind_[king]) ? 1 : 0;
  return mate_distance(king_square(weak), king_square(1 - weak));
}

bool ChessBoard::alive_line_found(int budget) const {
  constexpr std::uint32_t no_parent = ~std::uint32_t{0};
  constexpr std::size_t max_nodes = std::size_t{1} << 17;  // about 13 MB of boards at most
  struct Node {
    ChessBoard board;
    std::uint32_t parent;  // the node it was reached from, no_parent for the root
  };
  // The heap's order: the lowest priority first, and among equals the newest (deepest) node, so
  // that the search follows a line while the distance does not grow.
  struct Entry {
    int priority;
    std::uint32_t order;
    std::uint32_t node;
    bool operator<(const Entry& o) const {
      return priority != o.priority ? priority > o.priority : order < o.order;
    }
  };
  // A set of keys by open addressing (0 marks a free slot; keys are stored with their lowest bit
  // set, so two keys differing only there count as one: the set then loses a position, which
  // only costs a search a node).
  struct KeySet {
    std::vector<std::uint64_t> slots = std::vector<std::uint64_t>(1 << 12);
    std::size_t count = 0;
    static std::size_t home(std::uint64_t key, std::size_t mask) {
      return (key * 0x9E3779B97F4A7C15u) >> 20 & mask;
    }
    // Adds `key`; false when it was there.
    bool insert(std::uint64_t key) {
      key |= 1;
      if (2 * (count + 1) > slots.size()) {
        std::vector<std::uint64_t> old(slots.size() * 2);
        old.swap(slots);
        count = 0;
        for (std::uint64_t k : old)
          if (k) insert(k);
      }
      const std::size_t mask = slots.size() - 1;
      for (std::size_t i = home(key, mask);; i = (i + 1) & mask) {
        if (slots[i] == key) return false;
        if (!slots[i]) {
          slots[i] = key;
          ++count;
          return true;
        }
      }
    }
    void clear() {
      if (slots.size() > (1 << 14)) slots.assign(1 << 12, 0);
      std::fill(slots.begin(), slots.end(), 0);
      count = 0;
    }
  };
  // Kept per thread from search to search: the nodes, the heap of nodes to expand, the keys
  // seen in this search, and (a cache across searches, so that the plies of one ending do not
  // search again what the last ply proved) keys of positions proven alive: every position on a
  // line found leads to a promotion or a mate. Direct-mapped; the full key is compared.
  struct Scratch {
    std::vector<Node> nodes;
    std::vector<Entry> open;
    KeySet seen;
    std::vector<std::uint64_t> alive = std::vector<std::uint64_t>(1 << 16);
    bool proven(std::uint64_t key) const { return alive[key & (alive.size() - 1)] == key; }
    void prove(std::uint32_t node) {
      for (; node != no_parent; node = nodes[node].parent) {
        const std::uint64_t key = nodes[node].board.key_;
        alive[key & (alive.size() - 1)] = key;
      }
    }
  };
  thread_local Scratch scratch;
  if (scratch.proven(key_)) return true;
  scratch.nodes.clear();
  scratch.open.clear();
  scratch.seen.clear();
  auto& nodes = scratch.nodes;
  auto& open = scratch.open;
  const int men = std::popcount(occupied());
  std::uint32_t order = 0;
  scratch.seen.insert(key_);
  nodes.push_back({*this, no_parent});
  open.push_back({search_distance(), order++, 0});
  ChessBoard next;
  while (!open.empty() && budget-- > 0) {
    std::pop_heap(open.begin(), open.end());
    const std::uint32_t at = open.back().node;
    open.pop_back();
    const ChessBoard here = nodes[at].board;  // a copy: `nodes` grows below
    bool found = false, any = false;
    here.for_each_legal([&](const Move8& m, Kind kind) {
      any = true;
      if (m.promotion != empty) return found = true;
      here.make(m, kind, next);
      if (std::popcount(next.occupied()) < men) return false;
      if (scratch.proven(next.key_)) return found = true;
      if (scratch.seen.insert(next.key_) && nodes.size() < max_nodes) {
        nodes.push_back({next, at});
        open.push_back(
            {next.search_distance(), order++, static_cast<std::uint32_t>(nodes.size() - 1)});
        std::push_heap(open.begin(), open.end());
      }
      return false;
    });
    if (found || (!any && here.checked_)) {
      scratch.prove(at);
      return true;
    }
  }
  return false;
}

bool ChessBoard::judge(std::span<const std::uint64_t> earlier_keys, Outcome& out) const {
  if (!surely_undecided(earlier_keys)) return false;
  out = Outcome{};
  // The rules in FIDE chess's order: mate and stalemate, (no dead position), repetition, move
  // count; the first claimable draw is reported.
  if (!has_legal_move()) {
    out.termination = in_check() ? Termination::checkmate : Termination::stalemate;
    if (out.termination == Termination::checkmate) out.winner = static_cast<Color>(1 - side_);
  } else if (earlier_occurrences(earlier_keys) >= 2) {
    out.termination = Termination::threefold_repetition;
  } else if (halfmove_clock_ >= 100) {
    out.termination = Termination::fifty_moves;
  }
  return true;
}

template <typename Visit>
bool ChessBoard::for_each_legal(Visit&& visit) const {
  const Geometry& g = geometry();
  const int us = side_, them = 1 - us;
  const Bits own = colour_[us], occ = occupied();
  auto victim_on = [&](int to) { return (colour_[them] & bit(to)) ? to : -1; };
  // The king first: in check it most often has the way out.
  const int k = king_square(us);
  for (Bits b = g.king[k] & ~own; b; b &= b - 1) {
    const int to = std::countr_zero(b);
    if (leaves_king_safe(k, to, king, victim_on(to)) &&
        visit(Move8{std::uint8_t(k), std::uint8_t(to)}, king))
      return true;
  }
  // In check, the other pieces must take the checking piece or step between (en passant,
  // which may take a checking pawn, is tested on its own); in double check only the king moves.
  Bits target = ~Bits{0};
  if (checked_) {
    const Bits checkers = attackers(k, them);
    if (checkers & (checkers - 1)) return false;
    const int checker = std::countr_zero(checkers);
    const int d = g.direction[k][checker];
    target = d == 8 ? checkers : g.ray[d][k] ^ g.ray[d][checker];
  }
  for (Kind kind : {knight, bishop, rook, queen}) {
    for (Bits pieces_left = pieces(us, kind); pieces_left; pieces_left &= pieces_left - 1) {
      const int from = std::countr_zero(pieces_left);
      for (Bits b = piece_attacks(g, kind, from, occ) & ~own & target; b; b &= b - 1) {
        const int to = std::countr_zero(b);
        if (leaves_king_safe(from, to, kind, victim_on(to)) &&
            visit(Move8{std::uint8_t(from), std::uint8_t(to)}, kind))
          return true;
      }
    }
  }
  const int forward = us == 0 ? 8 : -8;
  const int last_rank = us == 0 ? 7 : 0, double_from_rank = us == 0 ? 1 : 6;
  auto pawn_move = [&](int from, int to, int victim) {
    if (!leaves_king_safe(from, to, pawn, victim)) return false;
    if ((to >> 3) != last_rank) return visit(Move8{std::uint8_t(from), std::uint8_t(to)}, pawn);
    for (Kind promotion : {queen, rook, bishop, knight})
      if (visit(Move8{std::uint8_t(from), std::uint8_t(to), promotion}, pawn)) return true;
    return false;
  };
  for (Bits pawns = pieces(us, pawn); pawns; pawns &= pawns - 1) {
    const int from = std::countr_zero(pawns);
    const int one = from + forward;
    if (!(occ & bit(one))) {
      if ((target & bit(one)) && pawn_move(from, one, -1)) return true;
      const int two = one + forward;
      if ((from >> 3) == double_from_rank && !(occ & bit(two)) && (target & bit(two)) &&
          pawn_move(from, two, -1))
        return true;
    }
    for (Bits b = g.pawn_attacks[us][from] & colour_[them] & target; b; b &= b - 1)
      if (pawn_move(from, std::countr_zero(b), std::countr_zero(b))) return true;
    if (en_passant_ >= 0 && (g.pawn_attacks[us][from] & bit(en_passant_)) &&
        pawn_move(from, en_passant_, en_passant_ - forward))
      return true;
  }
  for (int side = 0; side < 2 && !checked_; ++side)
    if (can_castle(side) &&
        visit(Move8{std::uint8_t(k), std::uint8_t(k + (side == 0 ? 2 : -2)), empty, true}, king))
      return true;
  return false;
}

bool ChessBoard::has_legal_move() const {
  return for_each_legal([](const Move8&, Kind) { return true; });
}

std::uint64_t ChessBoard::perft(int depth) const {
  if (depth <= 0) return 1;
  std::uint64_t nodes = 0;
  if (depth == 1) {
    for_each_legal([&](const Move8&, Kind) {
      ++nodes;
      return false;
    });
    return nodes;
  }
  ChessBoard after;
  for_each_legal([&](const Move8& m, Kind kind) {
    make(m, kind, after);
    nodes += after.perft(depth - 1);
    return false;
  });
  return nodes;
}

inline Move ChessBoard::generic_move(const Move8& m, Kind kind) const {
  Move move;
  move.from = square_of(m.from);
  move.to = square_of(m.to);
  move.piece = tables_->piece[side_][kind].type();
  if (m.promotion != empty) move.promotion = tables_->piece[side_][m.promotion].type();
  if (m.castle) {
    move.kind = MoveKind::castle;
    move.aux = square_of(castling_rook(side_ * 2 + (m.to > m.from ? 0 : 1)));
  } else if (kind == pawn && (m.from & 7) != (m.to & 7) && !(occupied() & bit(m.to))) {
    move.kind = MoveKind::en_passant;  // a pawn's capture onto an empty square
  }
  return move;
}

char ChessBoard::deserved_mark(const ChessBoard& after, int mark) {
  if (mark >= 0) return static_cast<char>(mark);
  return !after.in_check() ? 0 : after.has_legal_move() ? '+' : '#';
}

void ChessBoard::disambiguation(const Move8& m, Kind kind, Bits rivals, int& file,
                                int& rank) const {
  const bool victim_on_to = (colour_[1 - side_] & bit(m.to)) != 0;
  bool clash = false, same_file = false, same_rank = false;
  for (Bits b = rivals; b; b &= b - 1) {
    const int other = std::countr_zero(b);
    if (!leaves_king_safe(other, m.to, kind, victim_on_to ? m.to : -1, true)) continue;
    clash = true;
    same_file |= (other & 7) == (m.from & 7);
    same_rank |= (other >> 3) == (m.from >> 3);
  }
  if (!clash) return;
  if (!same_file) {
    file = m.from & 7;
  } else if (!same_rank) {
    rank = m.from >> 3;
  } else {
    file = m.from & 7;
    rank = m.from >> 3;
  }
}

SanToken ChessBoard::canonical_token(const Move8& m, Kind kind, const ChessBoard& after, int mark,
                                     Bits rivals) const {
  SanToken t;
  t.check = deserved_mark(after, mark);
  if (m.castle) {
    t.kind = m.to > m.from ? TokenKind::castle_short : TokenKind::castle_long;
    return t;
  }
  const Variant& v = *tables_->variant;
  const int us = side_;
  t.to = {m.to & 7, m.to >> 3};
  const bool victim_on_to = (colour_[1 - us] & bit(m.to)) != 0;
  const bool en_passant = kind == pawn && (m.from & 7) != (m.to & 7) && !victim_on_to;
  t.capture = victim_on_to || en_passant;
  if (m.promotion != empty) t.promotion = v.pieces[tables_->piece[us][m.promotion].type()].letter;
  if (kind == pawn) {
    // A capture names the origin's file; two pawns of one file never take on one square.
    if (t.capture) t.from.file = m.from & 7;
    return t;
  }
  t.piece = v.pieces[tables_->piece[us][kind].type()].letter;
  int file = -1, rank = -1;
  disambiguation(m, kind, rivals, file, rank);
  if (file >= 0) t.from.file = file;
  if (rank >= 0) t.from.rank = rank;
  return t;
}

template <bool record>
[[gnu::always_inline]] inline bool ChessBoard::play_token(const SanToken& token, ChessBoard& after,
                                                          Move8& move, Kind& kind, int& mark,
                                                          Bits& reach) const {
  // Second actions belong to variants; the generic rules say what they mean here.
  if (token.has_second_actions()) return false;
  const int us = side_;
  move = Move8{};
  kind = empty;
  if constexpr (record) {
    mark = -1;
    reach = 0;
  }
  if (token.kind == TokenKind::castle_short || token.kind == TokenKind::castle_long) {
    const int side = token.kind == TokenKind::castle_short ? 0 : 1;
    if (!can_castle(side)) return false;
    const int home = us * 56;
    move = Move8{std::uint8_t(home + 4), std::uint8_t(home + (side == 0 ? 6 : 2)), empty, true};
    kind = king;
  } else {
    // A move to a square of the board (a missing file or rank is negative, so their OR is
    // below 8 exactly when both are given and on the board), with hints on the board.
    const bool on_board = static_cast<unsigned>(token.to.file | token.to.rank) < 8 &&
                          std::max(token.from.file, token.from.rank) < 8;
    if (token.kind != TokenKind::move || token.long_algebraic || !on_board) return false;
    if (token.piece) {
      kind = tables_->kind_of_letter[static_cast<unsigned char>(token.piece)];
      if (kind == empty || kind == pawn) return false;  // "Pe4": rare, left to the generic rules
    } else {
      kind = pawn;
    }
    const int to = token.to.rank * 8 + token.to.file;
    if (colour_[us] & bit(to)) return false;
    const Geometry& g = geometry();
    const Bits own = pieces(us, kind), occ = occupied();
    Bits origins = 0;
    int victim = (colour_[1 - us] & bit(to)) ? to : -1;
    if (kind == pawn) {
      const int forward = us == 0 ? 8 : -8;
      if (victim < 0 && (to >> 3) != (us == 0 ? 0 : 7)) {
        const int one = to - forward;
        if (own & bit(one)) {
          origins |= bit(one);
        } else if ((to >> 3) == (us == 0 ? 3 : 4) && !(occ & bit(one)) &&
                   (own & bit(one - forward))) {
          origins |= bit(one - forward);
        }
      }
      // A pawn move written without origin file and without 'x' is a straight push.
      if (token.from.has_file() || token.capture) {
        if (victim >= 0) {
          origins |= g.pawn_attacks[1 - us][to] & own;
        } else if (to == en_passant_) {
          const Bits takers = g.pawn_attacks[1 - us][to] & own;
          if (takers && origins) return false;  // a push and a capture: let the rules judge
          if (takers) victim = to - forward;
          origins |= takers;
        }
      }
      const bool last = (to >> 3) == (us == 0 ? 7 : 0);
      if (token.promotion) {
        move.promotion = tables_->kind_of_letter[static_cast<unsigned char>(token.promotion)];
        if (!last || move.promotion == empty || move.promotion == pawn || move.promotion == king)
          return false;
      } else if (last) {
        return false;
      }
    } else {
      if (token.promotion) return false;
      if (kind == knight || kind == king) {
        origins = (kind == knight ? g.knight[to] : g.king[to]) & own;
      } else {
        // A slider on a line through the destination with nothing between.
        const Bits on_lines = kind == rook     ? g.lines[0][to]
                              : kind == bishop ? g.lines[1][to]
                                               : g.lines[0][to] | g.lines[1][to];
        for (Bits b = own & on_lines; b; b &= b - 1)
          if (!(g.between[to][std::countr_zero(b)] & occ)) origins |= b & -b;
      }
    }
    if constexpr (record) reach = origins;
    if (token.from.has_file()) origins &= Bits{0x0101010101010101} << token.from.file;
    if (token.from.has_rank()) origins &= Bits{0xFF} << (8 * token.from.rank);
    // The victim is the piece on `to` (or none) but for en passant (`to` is not one of ours).
    const bool plain = victim < 0 || victim == to;
    int found = -1;
    if (origins && !(origins & (origins - 1))) {  // the usual case: one piece can go there
      found = std::countr_zero(origins);
      if (!leaves_king_safe(found, to, kind, victim, plain)) return false;  // illegal
    } else {
      for (Bits b = origins; b; b &= b - 1) {
        const int from = std::countr_zero(b);
        if (!leaves_king_safe(from, to, kind, victim, plain)) continue;
        if (found >= 0) return false;  // ambiguous
        found = from;
      }
      if (found < 0) return false;  // illegal
    }
    move.from = static_cast<std::uint8_t>(found);
    move.to = static_cast<std::uint8_t>(to);
  }
  make_here(move, kind, after);
  if (token.check) {
    const char deserved = !after.in_check() ? 0 : after.has_legal_move() ? '+' : '#';
    if (deserved != token.check) return false;
    if constexpr (record) mark = deserved;
  }
  return true;
}

bool ChessBoard::play_san(const SanToken& token, ChessBoard& after) const {
  Move8 move;
  Kind kind;
  int mark;
  Bits reach;
  return play_token<false>(token, after, move, kind, mark, reach);
}

[[gnu::always_inline]] inline bool ChessBoard::play_made(const SanToken& token, ChessBoard& after,
                                                         Move& played, Made& made) const {
  Bits reach;
  if (!play_token<true>(token, after, made.move, made.kind, made.mark, reach)) return false;
  made.rivals = reach & ~bit(made.move.from);
  played = generic_move(made.move, made.kind);
  return true;
}

bool ChessBoard::play_san(const SanToken& token, ChessBoard& after, Move& played,
                          SanToken& canonical) const {
  Made made;
  if (!play_made(token, after, played, made)) return false;
  canonical = canonical_token(made.move, made.kind, after, made.mark, made.rivals);
  return true;
}

bool ChessBoard::play_san(const SanToken& token, ChessBoard& after, Move& played,
                          SanText& san) const {
  Made made;
  if (!play_made(token, after, played, made)) return false;
  const Move8& m = made.move;
  const Kind kind = made.kind;
  // What format_san() writes of canonical_token(m, kind, after, made.mark, made.rivals), written
  // directly.
  char* out = san.chars.data();
  std::size_t n = 0;
  auto put_letter = [&](Kind k) {
    const char letter = tables_->variant->pieces[tables_->piece[side_][k].type()].letter;
    if (letter != 0) out[n++] = letter;
    return letter != 0;
  };
  if (m.castle) {
    const std::string_view text = m.to > m.from ? "O-O" : "O-O-O";
    for (char c : text) out[n++] = c;
  } else {
    const bool capture = (colour_[1 - side_] & bit(m.to)) != 0 ||
                         (kind == pawn && (m.from & 7) != (m.to & 7));  // (en passant)
    if (kind == pawn) {
      if (capture) out[n++] = static_cast<char>('a' + (m.from & 7));
    } else {
      put_letter(kind);
      int file = -1, rank = -1;
      if (made.rivals) disambiguation(m, kind, made.rivals, file, rank);
      if (file >= 0) out[n++] = static_cast<char>('a' + file);
      if (rank >= 0) out[n++] = static_cast<char>('1' + rank);
    }
    if (capture) out[n++] = 'x';
    out[n++] = static_cast<char>('a' + (m.to & 7));
    out[n++] = static_cast<char>('1' + (m.to >> 3));
    if (m.promotion != empty) {
      out[n++] = '=';
      if (!put_letter(m.promotion)) --n;  // (format_san writes no '=' without a letter)
    }
  }
  if (const char check = deserved_mark(after, made.mark)) out[n++] = check;
  san.size = static_cast<std::uint8_t>(n);
  return true;
}

}  // namespace xpgn::rules
