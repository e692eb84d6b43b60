#include "xpgn/record/diagnostic.hpp"

namespace xpgn::record {

std::string_view severity_name(Severity severity) {
  return severity == Severity::error ? "error" : "warning";
}

std::string format_diagnostic(const Diagnostic& d) {
  std::string out;
  out.reserve(d.file.size() + d.token.size() + d.message.size() + 48);
  if (!d.file.empty()) {
    out += d.file;
    if (d.pos.line > 0) {
      out += ':';
      out += std::to_string(d.pos.line);
      out += ':';
      out += std::to_string(d.pos.column);
    }
    out += ": ";
  }
  out += severity_name(d.severity);
  out += ": ";
  bool located = false;
  if (d.game > 0) {
    out += "game ";
    out += std::to_string(d.game);
    located = true;
  }
  if (d.ply > 0) {
    out += located ? ", ply " : "ply ";
    out += std::to_string(d.ply);
    located = true;
  }
  if (!d.token.empty()) {
    if (located) out += ' ';
    out += '\'';
    out += d.token;
    out += '\'';
    located = true;
  }
  if (located) out += ": ";
  out += d.message;
  return out;
}

}  // namespace xpgn::record
