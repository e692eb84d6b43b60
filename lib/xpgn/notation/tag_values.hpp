// Tag values that cannot be right: a date with a month 13 or a day 45, a rating in words. The
// reader warns about them (the value is still handed on as written).
#pragma once

#include <cstring>
#include <string>
#include <string_view>

namespace xpgn::notation::detail {

// Why the value of tag `name` cannot be right, "" when it may be (or the tag is not one whose
// values are checked: Date, EventDate, UTCDate, WhiteElo, BlackElo). A date is numbers separated
// by '.', each part may be unknown ("??", "?"); year, year and month, and unknown dates pass, as
// do non-standard forms such as "2013.5.6"; a month above 12, a day above the month's length and
// anything but digits, '?' and '.' do not. A rating is digits (at most 4000), possibly followed
// by '?' (provisional), or "", "-", "?".
std::string implausible_tag_value(std::string_view name, std::string_view value);

// True when `name` is one of the tags whose values implausible_tag_value() checks (inline: the
// reader asks for every tag of every game, and most are not).
inline bool has_checked_value(std::string_view name) {
  // (memcmp of a constant length: a few loads, where string_view's == is a call.)
  const char* p = name.data();
  switch (name.size()) {
    case 4:
      return std::memcmp(p, "Date", 4) == 0;
    case 7:
      return std::memcmp(p, "UTCDate", 7) == 0;
    case 8:
      return std::memcmp(p + 1, "hiteElo", 7) == 0
                 ? p[0] == 'W'
                 : p[0] == 'B' && std::memcmp(p + 1, "lackElo", 7) == 0;
    case 9:
      return std::memcmp(p, "EventDate", 9) == 0;
    default:
      return false;
  }
}

}  // namespace xpgn::notation::detail
