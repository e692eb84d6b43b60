// Moves and their forced effects.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <new>
#include <string_view>
#include <type_traits>

#include "xpgn/core/types.hpp"

namespace xpgn::rules {

enum class MoveKind : std::uint8_t {
  normal,      // a piece moves (captures included)
  en_passant,  // a pawn captures a pawn that just stepped two
  castle,      // king and rook move together; `aux` is the rook's square
  placement,   // a piece enters the board from outside (`piece` on `to`)
  pass,        // no piece moves; `aux` may name a square the pass refers to
};

struct Move {
  Square from = no_square;
  Square to = no_square;
  PieceType piece = no_piece_type;      // type of the moving or placed piece
  PieceType promotion = no_piece_type;  // new type on promotion
  MoveKind kind = MoveKind::normal;
  Square aux = no_square;  // castle: rook square; pass: named square
  // Second actions (variants); no_square when unused.
  Square birth = no_square;  // square of a piece placed after the move
  PieceType birth_piece = no_piece_type;
  Square relocation = no_square;                  // where the piece ends after arriving
  Square push = no_square;                        // where a captured stack's survivor is pushed
  Square pair_a = no_square, pair_b = no_square;  // a declared pair of squares (",^a^b")
  Square gate = no_square;                        // where a piece from hand is gated ("/H")
  PieceType gate_piece = no_piece_type;           // the gated piece's type

  friend bool operator==(const Move&, const Move&) = default;
};

// A list with room for `Capacity` elements inside it: no allocation on the hot path, and no
// initialisation of unused slots (a move list is created for every position looked at). Past
// that capacity it moves to the heap and keeps growing: no element is ever dropped.
template <typename T, std::size_t Capacity>
class FixedList {
  static_assert(std::is_trivially_copyable_v<T> && std::is_trivially_destructible_v<T>);

 public:
  FixedList() {}
  FixedList(const FixedList& other) { assign(other); }
  FixedList& operator=(const FixedList& other) {
    if (this != &other) assign(other);
    return *this;
  }
  ~FixedList() {
    if (data_ != inline_data()) std::free(data_);
  }
  // Appends `value`.
  void push_back(const T& value) {
    if (size_ == capacity_) [[unlikely]]
      grow(size_ + 1);
    ::new (static_cast<void*>(data_ + size_++)) T(value);
  }
  void clear() { size_ = 0; }
  std::size_t size() const { return size_; }
  bool empty() const { return size_ == 0; }
  const T& operator[](std::size_t i) const { return data_[i]; }
  T& operator[](std::size_t i) { return data_[i]; }
  const T* begin() const { return data_; }
  const T* end() const { return data_ + size_; }
  T* begin() { return data_; }
  T* end() { return data_ + size_; }

 private:
  T* inline_data() { return std::launder(reinterpret_cast<T*>(storage_)); }

  // Makes room for at least `wanted` elements, on the heap (doubling), keeping the elements.
  // Throws std::bad_alloc when there is no memory.
  [[gnu::noinline]] void grow(std::size_t wanted) {
    std::size_t capacity = capacity_;
    while (capacity < wanted) capacity *= 2;
    T* bigger = static_cast<T*>(std::malloc(sizeof(T) * capacity));
    if (bigger == nullptr) throw std::bad_alloc();
    if (size_ != 0) std::memcpy(static_cast<void*>(bigger), data_, sizeof(T) * size_);
    if (data_ != inline_data()) std::free(data_);
    data_ = bigger;
    capacity_ = capacity;
  }

  // Copies `other`'s elements into this list.
  void assign(const FixedList& other) {
    if (other.size_ > capacity_) grow(other.size_);
    size_ = other.size_;
    if (size_ != 0) std::memcpy(static_cast<void*>(data_), other.data_, sizeof(T) * size_);
  }

  alignas(T) unsigned char storage_[sizeof(T) * Capacity];
  T* data_ = inline_data();
  std::size_t size_ = 0;
  std::size_t capacity_ = Capacity;
};

inline constexpr std::size_t max_moves = 1024;
using MoveList = FixedList<Move, max_moves>;

// How a diagram marks an effect of one kind: data the renderer reads without knowing which rule
// made the effect.
struct EffectLook {
  std::string_view color;   // outline of the marked square; "" draws nothing
  bool dashed = false;      // a dashed outline
  bool connector = false;   // a dashed arrow joins `square` to `to` (or to the hand box)
  bool at_hand = false;     // marks the hand box beside the board instead of a square
  bool relocation = false;  // shows a piece's relocation, so no extra connector is drawn
};

// What one kind of forced effect is, as the rule that causes it declares it: its machine name
// (JSON, the facade) and how diagrams mark it.
struct EffectKindInfo {
  std::string_view name;
  EffectLook look;
};

// A kind of forced effect: one byte naming an EffectKindInfo. The kinds of the built-in rules
// are the named constants below; a rule component defines its own with define() (once, e.g.
// in a namespace-scope constant of its file), and everything that writes or draws effects
// reads the name and look from the kind, never a list of kinds.
class EffectKind {
 public:
  constexpr EffectKind() = default;  // capture

  // Registers `info` (which must live as long as the program) as a new kind and returns it.
  // Throws std::length_error past 256 kinds.
  static EffectKind define(const EffectKindInfo& info);

  // The kind's machine name ("capture", "to_hand", ...) and diagram look.
  std::string_view name() const { return info().name; }
  const EffectLook& look() const { return info().look; }
  const EffectKindInfo& info() const;

  friend constexpr bool operator==(EffectKind, EffectKind) = default;

  // The built-in kinds (their names and looks: move.cpp).
  static const EffectKind capture,  // `piece` was removed from `square`
      rook_castled,                 // the castling rook went from `square` to `to`
      promotion,                    // the piece on `square` became `piece`
      birth,                        // `piece` was born on `square` (forced or chosen)
      reserve_pawn,                 // a reserve pawn `piece` was placed on `square`
      to_reentry,                   // captured `piece` went to the re-entry square
      reentry_lost,                 // `piece` was pushed off the re-entry square for good
      pushed,                       // `piece` was pushed from `square` to `to`
      teleported,                   // `piece` jumped from portal `square` to portal `to`
      portal_declared,              // a portal of the mover on `square`
      portal_vanished,              // the portal on `square` vanished
      piece_removed,    // `piece` left the board by rule (e.g. a Maxim pawn on the last rank)
      pregnant,         // the queen on `square` became pregnant
      catacomb_switch,  // `piece` went on through the catacombs from `square` to `to`
      exploded,         // `piece` on `square` was blown up by a capture's explosion (atomic)
      to_hand,          // the piece taken on `square` entered the capturer's hand as `piece`
      check_counted,    // the king `piece` on `square` was checked; the check was counted
      gated;            // `piece` entered from the hand on `square` (Seirawan gating)

  // The number of built-in kinds (ids 0 .. builtin_count - 1).
  static constexpr std::uint8_t builtin_count = 18;

 private:
  constexpr explicit EffectKind(std::uint8_t id) : id_(id) {}
  std::uint8_t id_ = 0;
};

inline constexpr EffectKind EffectKind::capture{0};
inline constexpr EffectKind EffectKind::rook_castled{1};
inline constexpr EffectKind EffectKind::promotion{2};
inline constexpr EffectKind EffectKind::birth{3};
inline constexpr EffectKind EffectKind::reserve_pawn{4};
inline constexpr EffectKind EffectKind::to_reentry{5};
inline constexpr EffectKind EffectKind::reentry_lost{6};
inline constexpr EffectKind EffectKind::pushed{7};
inline constexpr EffectKind EffectKind::teleported{8};
inline constexpr EffectKind EffectKind::portal_declared{9};
inline constexpr EffectKind EffectKind::portal_vanished{10};
inline constexpr EffectKind EffectKind::piece_removed{11};
inline constexpr EffectKind EffectKind::pregnant{12};
inline constexpr EffectKind EffectKind::catacomb_switch{13};
inline constexpr EffectKind EffectKind::exploded{14};
inline constexpr EffectKind EffectKind::to_hand{15};
inline constexpr EffectKind EffectKind::check_counted{16};
inline constexpr EffectKind EffectKind::gated{17};

// Something a move did besides moving its piece, for reports (JSON) and diagrams.
struct Effect {
  EffectKind kind = EffectKind::capture;
  Square square = no_square;
  Square to = no_square;
  Piece piece;
};

using EffectList = FixedList<Effect, 32>;

}  // namespace xpgn::rules
