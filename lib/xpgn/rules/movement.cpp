#include "xpgn/rules/movement.hpp"

#include <algorithm>
#include <cstdlib>
#include <stdexcept>

namespace xpgn::rules {
namespace {

struct Modifiers {
  bool move_only = false;
  bool capture_only = false;
  bool hop = false;
  bool lame = false;
  bool jump_first = false;
  bool jump_any = false;
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

// True if the direction (df, dr) is selected by the direction letters (union of them).
bool direction_selected(const std::string& dirs, int df, int dr) {
  if (dirs.empty()) return true;
  for (char d : dirs) {
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
        bool duplicate = std::any_of(out.atoms.begin(), out.atoms.end(), [&](const Atom& x) {
          return x.file_step == atom.file_step && x.rank_step == atom.rank_step &&
                 x.range == atom.range && x.mode == atom.mode && x.hop == atom.hop &&
                 x.lame == atom.lame && x.jump_first == atom.jump_first &&
                 x.jump_any == atom.jump_any;
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
        while (i < text.size() && text[i] >= '0' && text[i] <= '9')
          range = range * 10 + (text[i++] - '0');
        if (range == 0 || range > 255)
          throw std::invalid_argument("betza '" + std::string(text) + "': bad range");
      }
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
      mods.jump_any || !mods.directions.empty())
    throw std::invalid_argument("betza '" + std::string(text) + "': modifiers without an atom");
  return out;
}

}  // namespace xpgn::rules
