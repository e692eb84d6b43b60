// Moves and their forced effects.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <new>
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

// Something a move did besides moving its piece, for reports (JSON) and diagrams.
enum class EffectKind : std::uint8_t {
  capture,          // `piece` was removed from `square`
  rook_castled,     // the castling rook went from `square` to `to`
  promotion,        // the piece on `square` became `piece`
  birth,            // `piece` was born on `square` (forced or chosen)
  reserve_pawn,     // a reserve pawn `piece` was placed on `square`
  to_reentry,       // captured `piece` went to the re-entry square
  reentry_lost,     // `piece` was pushed off the re-entry square for good
  pushed,           // `piece` was pushed from `square` to `to`
  teleported,       // `piece` jumped from portal `square` to portal `to`
  portal_declared,  // a portal of the mover on `square`
  portal_vanished,  // the portal on `square` vanished
  piece_removed,    // `piece` left the board by rule (e.g. a Maxim pawn on the last rank)
  pregnant,         // the queen on `square` became pregnant
  catacomb_switch,  // `piece` went on through the catacombs from `square` to `to`
  exploded,         // `piece` on `square` was blown up by a capture's explosion (atomic)
  to_hand,          // the piece taken on `square` entered the capturer's hand as `piece`
  check_counted,    // the king `piece` on `square` was checked; the check was counted
  gated,            // `piece` entered from the hand on `square` (Seirawan gating)
};

struct Effect {
  EffectKind kind = EffectKind::capture;
  Square square = no_square;
  Square to = no_square;
  Piece piece;
};

using EffectList = FixedList<Effect, 32>;

}  // namespace xpgn::rules
