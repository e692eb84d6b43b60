#include "xpgn/rules/fide_line.hpp"

namespace xpgn::rules {

FideLine& FideLine::operator=(const FideLine& other) noexcept {
  if (this == &other) return *this;
  for (int i = 0; i < 3; ++i) boards_[i] = other.boards_[i];
  now_ = boards_ + (other.now_ - other.boards_);
  before_ = boards_ + (other.before_ - other.boards_);
  spare_ = boards_ + (other.spare_ - other.boards_);
  on_board_ = other.on_board_;
  has_before_ = other.has_before_;
  return *this;
}

bool FideLine::load(const Position& now, const Position* before, const ChessTables& tables) {
  on_board_ = now_->load(now, tables) && (before == nullptr || before_->load(*before, tables));
  has_before_ = on_board_ && before != nullptr;
  return on_board_;
}

void FideLine::start_at_current(const FideLine& other) {
  *now_ = *other.now_;
  on_board_ = true;
  has_before_ = false;
}

void FideLine::start_at_before(const FideLine& other) {
  *now_ = *other.before_;
  on_board_ = true;
  has_before_ = false;
}

}  // namespace xpgn::rules
