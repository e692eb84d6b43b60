// The plausibility of tag values (notation/tag_values.hpp): the fast path for the usual
// "YYYY.MM.DD" must say what the general reading says.
#include <catch2/catch.hpp>

#include <string>

#include "xpgn/notation/tag_values.hpp"

namespace {

using xpgn::notation::detail::implausible_tag_value;

// True when the reader would warn about Date `value`.
bool date_warned(const std::string& value) {
  return !implausible_tag_value("Date", value).empty();
}

}  // namespace

TEST_CASE("tag values: dates of ten characters, every edge of the fast path", "[tag-values]") {
  for (const char* ok :
       {"2024.12.28", "2024.01.01", "0000.01.01", "????.??.??", "????.05.??", "1985.??.17",
        "1985.05.??", "2024.02.29", "2023.01.31", "2023.04.30", "1999.12.31"})
    CHECK_FALSE(date_warned(ok));
  for (const char* bad :
       {"2024.00.05", "2024.05.00", "2024.13.01", "2023.02.29", "2023.04.31", "2024.1a.05",
        "19??.05.05", "0x24.01.01", "2024.05.3?", "2024.?5.01", "20 4.01.01", "2024.01.32"})
    CHECK(date_warned(bad));
  CHECK(implausible_tag_value("Date", "2024.00.05").find("has no month 0") != std::string::npos);
  CHECK(implausible_tag_value("Date", "2024.05.00").find("has no day 0") != std::string::npos);
}

TEST_CASE("tag values: only the checked names are looked at", "[tag-values]") {
  using xpgn::notation::detail::has_checked_value;
  for (const char* name : {"Date", "UTCDate", "EventDate", "WhiteElo", "BlackElo"})
    CHECK(has_checked_value(name));
  for (const char* name : {"Event", "White", "Black", "Datex", "date", "WhiteEl", "WhiteELO",
                           "BlackEl0", "Wh", "", "EventDat", "UTCTime"})
    CHECK_FALSE(has_checked_value(name));
  // A tag not checked is never warned about, whatever its value.
  CHECK(implausible_tag_value("Event", "2024.13.45").empty());
}
