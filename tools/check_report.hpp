// The report of `xpgn check` in each of its formats (text, json, jsonl, sarif), written to
// standard output as the check goes: what a stretch of input found is printed as soon as it is
// known, so memory stays bounded whatever the number of games or problems.
#pragma once

#include <memory>
#include <ostream>
#include <string>
#include <vector>

#include "xpgn/record/check.hpp"

namespace xpgn::cli {

// What the user asked to see.
struct ReportFilter {
  bool quiet = false;    // only the summary
  bool warnings = true;  // warnings as well as errors
};

class ReportPrinter {
 public:
  virtual ~ReportPrinter() = default;
  // What a stretch of the input named `file` found, in input order.
  virtual void part(const std::string& file, const record::CheckReport& part) = 0;
  // Hands what was printed so far to the stream.
  virtual void flush() = 0;
  // After the last part: the totals of every input (counts and I/O errors).
  virtual void finish(const std::vector<record::CheckReport>& reports) = 0;
};

// The printer for `format` ("text", "json", "jsonl" or "sarif"), writing to `out`.
std::unique_ptr<ReportPrinter> make_report_printer(const std::string& format, ReportFilter filter,
                                                   std::ostream& out);

// The SARIF rule id of a diagnostic: its message's leading words before the first ':' (or '(' or
// ';') as a lower-case slug ("illegal move: …" is "illegal-move"), "other" when there are none.
std::string rule_id(const std::string& message);

}  // namespace xpgn::cli
