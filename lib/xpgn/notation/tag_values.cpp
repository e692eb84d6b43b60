// Plausibility of tag values (tag_values.hpp).
#include "xpgn/notation/tag_values.hpp"

#include <array>

namespace xpgn::notation::detail {

namespace {

// The value of the digits `part`, -1 when it has something else or is empty or too long.
int number(std::string_view part) {
  if (part.empty() || part.size() > 6) return -1;
  int n = 0;
  for (char c : part) {
    if (c < '0' || c > '9') return -1;
    n = n * 10 + (c - '0');
  }
  return n;
}

// True when `part` is all '?' (an unknown part).
bool unknown(std::string_view part) {
  return !part.empty() && part.find_first_not_of('?') == std::string_view::npos;
}

// The value of the two digits at `p`, 0 for "??", -1 for anything else.
int two_digits(const char* p) {
  if (p[0] == '?' && p[1] == '?') return 0;
  if (p[0] < '0' || p[0] > '9' || p[1] < '0' || p[1] > '9') return -1;
  return (p[0] - '0') * 10 + (p[1] - '0');
}

// Why the date `value` cannot be right, or "".
std::string date_problem(std::string_view value) {
  if (value.size() == 10 && value[4] == '.' && value[7] == '.') {  // the usual "YYYY.MM.DD"
    const char* p = value.data();
    // Plausible at once: a year of four digits or "????", a month 1 to 12 or "??", a day 1 to
    // 28 or "??" (anything else is looked at below).
    const int month = two_digits(p + 5), day = two_digits(p + 8);
    const bool year =
        (p[0] != '?' && p[2] != '?' && two_digits(p) >= 0 && two_digits(p + 2) >= 0) ||
        value.substr(0, 4) == "????";
    if (year && (month > 0 ? month <= 12 : month == 0 && p[5] == '?') &&
        (day > 0 ? day <= 28 : day == 0 && p[8] == '?'))
      return {};
  }
  if (value.empty() || unknown(value)) return {};
  std::array<std::string_view, 3> parts;  // no allocation: this runs for every game's Date
  std::size_t count = 0;
  for (std::size_t at = 0;;) {
    if (count == parts.size()) return "is no date (YYYY.MM.DD)";
    const auto dot = value.find('.', at);
    parts[count++] = value.substr(at, dot == std::string_view::npos ? dot : dot - at);
    if (dot == std::string_view::npos) break;
    at = dot + 1;
  }
  int numbers[3] = {-1, -1, -1};
  for (std::size_t i = 0; i < count; ++i) {
    if (unknown(parts[i])) continue;
    numbers[i] = number(parts[i]);
    if (numbers[i] < 0) return "is no date (YYYY.MM.DD, ?? for unknown parts)";
  }
  const int year = numbers[0], month = numbers[1], day = numbers[2];
  if (month == 0 || month > 12) return "has no month " + std::to_string(month);
  if (day == 0 || day > 31) return "has no day " + std::to_string(day);
  if (day > 0 && month > 0) {
    static constexpr std::array<int, 12> length = {31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
    const bool leap = year < 0 || (year % 4 == 0 && (year % 100 != 0 || year % 400 == 0));
    const int last = month == 2 && !leap ? 28 : length[static_cast<std::size_t>(month - 1)];
    if (day > last)
      return "has no day " + std::to_string(day) + " in month " + std::to_string(month);
  }
  return {};
}

// Why the rating `value` cannot be right, or "".
std::string rating_problem(std::string_view value) {
  if (value.empty() || value == "-" || unknown(value)) return {};
  if (value.back() == '?') value.remove_suffix(1);
  const int n = number(value);
  if (n < 0) return "is no rating (a number)";
  if (n > 4000) return "is no rating (above 4000)";
  return {};
}

}  // namespace

std::string implausible_tag_value(std::string_view name, std::string_view value) {
  std::string problem;
  if (name == "Date" || name == "EventDate" || name == "UTCDate")
    problem = date_problem(value);
  else if (name == "WhiteElo" || name == "BlackElo")
    problem = rating_problem(value);
  if (problem.empty()) return problem;
  return "tag " + std::string(name) + " \"" + std::string(value) + "\" " + problem +
         "; kept as written";
}

}  // namespace xpgn::notation::detail
