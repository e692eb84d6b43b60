// Tag values that cannot be right: a date with a month 13 or a day 45, a rating in words. The
// reader warns about them (the value is still handed on as written).
#pragma once

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

}  // namespace xpgn::notation::detail
