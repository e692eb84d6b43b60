#include "xpgn/rules/movement.hpp"

#include <algorithm>
#include <cstdlib>
#include <stdexcept>
#include <utility>

namespace xpgn::rules {
namespace {

struct Modifiers {
  bool move_only = false;
  bool capture_only = false;
  bool hop = false;
  bool lame = false;
  bool jump_first = false;
  bool jump_any = false;
  bool initial = false;
  std::string directions;  // subset of "fblrvs"
};

// The base leap (a, b) with a >= b of an atom letter; false if the letter is not an atom.
bool base_leap(char letter, int& a, int& b) {
  switch (letter) {
    case 'W':
      a = 1, b = 0;
      return true;
    case 'F':
      a = 1, b = 1;
      return true;
    case 'D':
      a = 2, b = 0;
      return true;
    case 'N':
      a = 2, b = 1;
      return true;
    case 'A':
      a = 2, b = 2;
      return true;
    case 'H':
      a = 3, b = 0;
      return true;
    case 'C':
      a = 3, b = 1;
      return true;
    case 'Z':
      a = 3, b = 2;
      return true;
    case 'G':
      a = 3, b = 3;
      return true;
    default:
      return false;
  }
}

// True if the direction (df, dr) is selected by the direction letters (union of them). A
// doubled letter narrows it to the leaps longer that way: "ff" forward and more forward than
// sideways (the shogi knight "ffN"), "bb" likewise backward, "ll" and "rr" sideways.
bool direction_selected(const std::string& dirs, int df, int dr) {
  if (dirs.empty()) return true;
  for (std::size_t i = 0; i < dirs.size(); ++i) {
    const char d = dirs[i];
    if (i + 1 < dirs.size() && dirs[i + 1] == d && d != 'v' && d != 's') {
      ++i;
      const bool vertical = std::abs(dr) > std::abs(df), sideways = std::abs(df) > std::abs(dr);
      if ((d == 'f' && dr > 0 && vertical) || (d == 'b' && dr < 0 && vertical) ||
          (d == 'l' && df < 0 && sideways) || (d == 'r' && df > 0 && sideways))
        return true;
      continue;
    }
    switch (d) {
      case 'f':
        if (dr > 0) return true;
        break;
      case 'b':
        if (dr < 0) return true;
        break;
      case 'l':
        if (df < 0) return true;
        break;
      case 'r':
        if (df > 0) return true;
        break;
      case 'v':
        if (std::abs(dr) > std::abs(df)) return true;
        break;
      case 's':
        if (std::abs(df) > std::abs(dr)) return true;
        break;
      default:
        break;
    }
  }
  return false;
}

// Appends the atoms of one leap shape in every selected direction.
void add_atoms(Movement& out, int a, int b, int range, const Modifiers& mods) {
  const int signs[2] = {1, -1};
  for (int swap = 0; swap < 2; ++swap) {
    for (int sf : signs) {
      for (int sr : signs) {
        int df = (swap ? b : a) * sf;
        int dr = (swap ? a : b) * sr;
        if (!direction_selected(mods.directions, df, dr)) continue;
        Atom atom;
        atom.file_step = static_cast<std::int8_t>(df);
        atom.rank_step = static_cast<std::int8_t>(dr);
        atom.range = static_cast<std::uint8_t>(range);
        atom.mode = mods.move_only      ? MoveMode::move
                    : mods.capture_only ? MoveMode::capture
                                        : MoveMode::both;
        atom.hop = mods.hop;
        atom.lame = mods.lame;
        atom.jump_first = mods.jump_first;
        atom.jump_any = mods.jump_any;
        atom.initial = mods.initial;
        bool duplicate = std::any_of(out.atoms.begin(), out.atoms.end(), [&](const Atom& x) {
          return x.file_step == atom.file_step && x.rank_step == atom.rank_step &&
                 x.range == atom.range && x.mode == atom.mode && x.hop == atom.hop &&
                 x.lame == atom.lame && x.jump_first == atom.jump_first &&
                 x.jump_any == atom.jump_any && x.initial == atom.initial;
        });
        if (!duplicate) out.atoms.push_back(atom);
      }
    }
  }
}

}  // namespace

Movement parse_betza(std::string_view text) {
  Movement out;
  Modifiers mods;
  std::size_t i = 0;
  while (i < text.size()) {
    char c = text[i];
    if (c == 'm')
      mods.move_only = true, ++i;
    else if (c == 'c')
      mods.capture_only = true, ++i;
    else if (c == 'p')
      mods.hop = true, ++i;
    else if (c == 'n')
      mods.lame = true, ++i;
    else if (c == 'j')
      mods.jump_first = true, ++i;
    else if (c == 'o')
      mods.jump_any = true, ++i;
    else if (c == 'i')
      mods.initial = true, ++i;
    else if (std::string_view("fblrvs").find(c) != std::string_view::npos)
      mods.directions += c, ++i;
    else if (c >= 'A' && c <= 'Z') {
      ++i;
      // Shorthands expand to their atoms with the same modifiers and range rules.
      std::string letters;
      int range = 1;
      switch (c) {
        case 'K':
          letters = "WF";
          break;
        case 'R':
          letters = "W", range = 0;
          break;
        case 'B':
          letters = "F", range = 0;
          break;
        case 'Q':
          letters = "WF", range = 0;
          break;
        default:
          letters = std::string(1, c);
          break;
      }
      if (i < text.size() && text[i] == c) {
        range = 0;
        ++i;
      } else if (i < text.size() && text[i] >= '0' && text[i] <= '9') {
        range = 0;
        while (i < text.size() && text[i] >= '0' && text[i] <= '9' && range <= 255)
          range = range * 10 + (text[i++] - '0');  // stops past 255: no overflow
        if (range == 0 || range > 255)
          throw std::invalid_argument("betza '" + std::string(text) + "': bad range");
      }
      if (mods.initial && !mods.move_only)
        throw std::invalid_argument("betza '" + std::string(text) +
                                    "': 'i' (first move only) is for moves that do not capture: "
                                    "write 'im'");
      for (char letter : letters) {
        int a = 0, b = 0;
        if (!base_leap(letter, a, b))
          throw std::invalid_argument("betza '" + std::string(text) + "': unknown atom '" +
                                      std::string(1, c) + "'");
        add_atoms(out, a, b, range, mods);
      }
      mods = Modifiers{};
    } else {
      throw std::invalid_argument("betza '" + std::string(text) + "': unexpected '" +
                                  std::string(1, c) + "'");
    }
  }
  if (mods.move_only || mods.capture_only || mods.hop || mods.lame || mods.jump_first ||
      mods.jump_any || mods.initial || !mods.directions.empty())
    throw std::invalid_argument("betza '" + std::string(text) + "': modifiers without an atom");
  return out;
}

namespace {

// What a way of reaching a step needs of the squares it passes (`squares`, offsets from the
// origin): nothing, all of them empty, or some of them occupied.
enum class PathNeed { none, empty, occupied };
struct Reach {
  int dx = 0, dy = 0;
  unsigned mode = 0;  // MoveMode bits
  PathNeed need = PathNeed::none;
  std::vector<std::pair<int, int>> squares;
  int source = 0;  // index of the atom, or -1 for the double step
};

// True when the leap (dx, dy) runs along a straight or diagonal line.
bool straight(int dx, int dy) {
  return dx == 0 || dy == 0 || std::abs(dx) == std::abs(dy);
}

// The unit-step squares strictly between the origin and (dx, dy) on a straight line.
std::vector<std::pair<int, int>> line_between(int dx, int dy) {
  const int n = std::max(std::abs(dx), std::abs(dy));
  const int ux = dx == 0 ? 0 : dx / std::abs(dx), uy = dy == 0 ? 0 : dy / std::abs(dy);
  std::vector<std::pair<int, int>> out;
  for (int i = 1; i < n; ++i) out.emplace_back(ux * i, uy * i);
  return out;
}

// True when `inner` holds only squares of `outer`.
bool subset(const std::vector<std::pair<int, int>>& inner,
            const std::vector<std::pair<int, int>>& outer) {
  return std::all_of(inner.begin(), inner.end(), [&](const auto& s) {
    return std::find(outer.begin(), outer.end(), s) != outer.end();
  });
}

// True when no position lets both `a` and `b` be made: one needs every square of a set empty
// that holds all the squares of which the other needs one occupied.
bool exclusive(const Reach& a, const Reach& b) {
  if (a.need == PathNeed::empty && b.need == PathNeed::occupied)
    return subset(b.squares, a.squares);
  if (b.need == PathNeed::empty && a.need == PathNeed::occupied)
    return subset(a.squares, b.squares);
  return false;
}

// "atom 2 (step +0,+1, up to 3 times, moves only)" or "the double step".
std::string source_text(const std::vector<Atom>& atoms, int source) {
  if (source < 0) return "the pawn's double step";
  const Atom& a = atoms[static_cast<std::size_t>(source)];
  auto sign = [](int n) { return (n >= 0 ? "+" : "") + std::to_string(n); };
  std::string out = "the step " + sign(a.file_step) + "," + sign(a.rank_step);
  if (a.range == 0) out += " as a ride";
  if (a.range > 1) out += " up to " + std::to_string(a.range) + " times";
  if (a.hop) out += " over a screen";
  if (a.initial) out += " on the first move";
  out += a.mode == MoveMode::move      ? " (moves only)"
         : a.mode == MoveMode::capture ? " (captures only)"
                                       : "";
  return out;
}

}  // namespace

std::string reach_overlap(const std::vector<Atom>& atoms, bool double_step, int files, int ranks) {
  std::vector<Reach> reaches;
  for (std::size_t i = 0; i < atoms.size(); ++i) {
    const Atom& a = atoms[i];
    const int limit = a.range == 0 || a.hop ? std::max(files, ranks) : a.range;
    for (int k = 1; k <= limit; ++k) {
      Reach r;
      r.dx = a.file_step * k, r.dy = a.rank_step * k;
      if (std::abs(r.dx) >= files || std::abs(r.dy) >= ranks) break;
      r.mode = static_cast<unsigned>(a.mode);
      r.source = static_cast<int>(i);
      // The squares of the atom's own steps before the k-th, then the leap's inner squares.
      for (int j = 1; j < k; ++j) r.squares.emplace_back(a.file_step * j, a.rank_step * j);
      if (a.hop) {
        r.need = PathNeed::occupied;
        if (k == 1) continue;  // a hop needs a screen before it lands
      } else if (k > 1) {
        r.need = PathNeed::empty;
      }
      const bool leap_path = a.lame || a.jump_first || a.jump_any;
      if (leap_path && !a.hop && straight(a.file_step, a.rank_step) && k == 1) {
        r.squares = line_between(a.file_step, a.rank_step);
        r.need = a.lame ? PathNeed::empty : PathNeed::occupied;
      } else if (leap_path && k == 1) {
        r.need = PathNeed::none;  // a bent path: no exclusion is proven
      }
      reaches.push_back(std::move(r));
    }
  }
  if (double_step && ranks > 2) {
    Reach r;
    r.dx = 0, r.dy = 2;
    r.mode = static_cast<unsigned>(MoveMode::move);
    r.need = PathNeed::empty;
    r.squares = {{0, 1}};
    r.source = -1;
    reaches.push_back(std::move(r));
  }
  for (std::size_t i = 0; i < reaches.size(); ++i) {
    for (std::size_t j = i + 1; j < reaches.size(); ++j) {
      const Reach& a = reaches[i];
      const Reach& b = reaches[j];
      if (a.source == b.source || a.dx != b.dx || a.dy != b.dy || (a.mode & b.mode) == 0) continue;
      if (exclusive(a, b)) continue;
      auto sign = [](int n) { return (n >= 0 ? "+" : "") + std::to_string(n); };
      return source_text(atoms, a.source) + " and " + source_text(atoms, b.source) +
             " both make the move " + sign(a.dx) + "," + sign(a.dy) + " (files, ranks)";
    }
  }
  return {};
}

}  // namespace xpgn::rules
