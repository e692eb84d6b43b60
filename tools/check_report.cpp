#include "check_report.hpp"

#include <cctype>
#include <fstream>
#include <optional>
#include <set>
#include <string_view>

#include <nlohmann/json.hpp>

#include "xpgn/emit/json.hpp"
#include "xpgn/record/diagnostic.hpp"

namespace xpgn::cli {

namespace {

using nlohmann::json;
using record::CheckReport;
using record::Diagnostic;

// Version of the check report formats (docs/schema/); raised on any incompatible change.
constexpr int report_version = 1;

// Compact or indented text of `value`; never throws (strings are made valid UTF-8 upstream,
// the handler is a safeguard).
std::string dump(const json& value, int indent = -1) {
  return value.dump(indent, ' ', false, json::error_handler_t::replace);
}

// Text of `value` indented by `depth` levels of two spaces, as part of a larger document.
std::string dump_nested(const json& value, int depth) {
  std::string out;
  const std::string pad(static_cast<std::size_t>(2 * depth), ' ');
  for (char c : dump(value, 2)) {
    out += c;
    if (c == '\n') out += pad;
  }
  return out;
}

// Text buffered and handed to the stream in large pieces.
class Buffered {
 public:
  explicit Buffered(std::ostream& out) : out_(out) {}
  ~Buffered() { flush(); }
  Buffered(const Buffered&) = delete;
  Buffered& operator=(const Buffered&) = delete;
  void add(std::string_view text) {
    text_ += text;
    if (text_.size() > (1u << 16)) flush();
  }
  void flush() {
    out_ << text_;
    text_.clear();
  }

 private:
  std::ostream& out_;
  std::string text_;
};

// The counts of every input and their sum, for the closing summaries.
struct Totals {
  std::uint64_t games = 0, valid = 0, invalid = 0;
  explicit Totals(const std::vector<CheckReport>& reports) {
    for (const auto& r : reports) {
      games += r.games;
      valid += r.valid;
      invalid += r.invalid;
    }
  }
};

// [{"file", "games", "valid", "invalid", "error"}] for every input.
json files_json(const std::vector<CheckReport>& reports) {
  json files = json::array();
  for (const auto& r : reports)
    files.push_back({{"file", r.name},
                     {"games", r.games},
                     {"valid", r.valid},
                     {"invalid", r.invalid},
                     {"error", r.io_error ? json(*r.io_error) : json(nullptr)}});
  return files;
}

// One line per problem, then "checked G games: V valid, I invalid".
class TextPrinter final : public ReportPrinter {
 public:
  TextPrinter(ReportFilter filter, std::ostream& out) : filter_(filter), out_(out) {}
  void part(const std::string&, const CheckReport& part) override {
    if (filter_.quiet) return;
    for (const auto& d : part.diagnostics) {
      if (!filter_.warnings && d.severity != record::Severity::error) continue;
      out_.add(record::format_diagnostic(d));
      out_.add("\n");
    }
  }
  void flush() override { out_.flush(); }
  void finish(const std::vector<CheckReport>& reports) override {
    const Totals t(reports);
    out_.add("checked " + std::to_string(t.games) + " games: " + std::to_string(t.valid) +
             " valid, " + std::to_string(t.invalid) + " invalid\n");
    out_.flush();
  }

 private:
  ReportFilter filter_;
  Buffered out_;
};

// One JSON document: {"diagnostics": [...], "files", "format", "games", "invalid", "valid",
// "version"} (docs/schema/check-report.schema.json).
class JsonPrinter final : public ReportPrinter {
 public:
  JsonPrinter(ReportFilter filter, std::ostream& out) : filter_(filter), out_(out) {
    out_.add("{\n  \"diagnostics\": [");
  }
  void part(const std::string&, const CheckReport& part) override {
    if (filter_.quiet) return;
    for (const auto& d : part.diagnostics) {
      if (!filter_.warnings && d.severity != record::Severity::error) continue;
      out_.add(first_ ? "\n    " : ",\n    ");
      first_ = false;
      out_.add(dump_nested(emit::diagnostic_to_json(d), 2));
    }
  }
  void flush() override { out_.flush(); }
  void finish(const std::vector<CheckReport>& reports) override {
    const Totals t(reports);
    json rest = {{"files", files_json(reports)},
                 {"format", "xpgn-check-report"},
                 {"games", t.games},
                 {"valid", t.valid},
                 {"invalid", t.invalid},
                 {"version", report_version}};
    out_.add(first_ ? "]" : "\n  ]");
    out_.add(",\n" + dump(rest, 2).substr(2) + "\n");
    out_.flush();
  }

 private:
  ReportFilter filter_;
  Buffered out_;
  bool first_ = true;
};

// JSON Lines: a record per game ({"record": "game", …, "diagnostics": [...]}), a record per
// problem found outside any game ({"record": "diagnostic", …}), and a closing summary record
// (docs/schema/check-record.schema.json).
class JsonLinesPrinter final : public ReportPrinter {
 public:
  JsonLinesPrinter(ReportFilter filter, std::ostream& out) : filter_(filter), out_(out) {}
  void part(const std::string& file, const CheckReport& part) override {
    if (filter_.quiet) return;
    std::size_t next = 0;  // first diagnostic not yet written
    for (const auto& game : part.game_summaries) {
      loose(part, next, game.first_diagnostic);
      json record = head("game");
      record["file"] = file;
      record["game"] = game.index;
      record["line"] = game.line;
      record["valid"] = game.valid;
      record["plies"] = game.plies;
      record["diagnostics"] =
          diagnostics(part, game.first_diagnostic, game.first_diagnostic + game.diagnostic_count);
      out_.add(dump(record) + "\n");
      next = game.first_diagnostic + game.diagnostic_count;
    }
    loose(part, next, part.diagnostics.size());
  }
  void flush() override { out_.flush(); }
  void finish(const std::vector<CheckReport>& reports) override {
    const Totals t(reports);
    json record = head("summary");
    record["files"] = files_json(reports);
    record["games"] = t.games;
    record["valid"] = t.valid;
    record["invalid"] = t.invalid;
    out_.add(dump(record) + "\n");
    out_.flush();
  }

 private:
  static json head(const char* kind) {
    return {{"format", "xpgn-check-record"}, {"version", report_version}, {"record", kind}};
  }
  bool shown(const Diagnostic& d) const {
    return filter_.warnings || d.severity == record::Severity::error;
  }
  json diagnostics(const CheckReport& part, std::size_t begin, std::size_t end) const {
    json list = json::array();
    for (std::size_t i = begin; i < end; ++i)
      if (shown(part.diagnostics[i])) list.push_back(emit::diagnostic_to_json(part.diagnostics[i]));
    return list;
  }
  // Writes the diagnostics [begin, end) of `part`, which belong to no game, one record each.
  void loose(const CheckReport& part, std::size_t begin, std::size_t end) {
    for (std::size_t i = begin; i < end; ++i) {
      if (!shown(part.diagnostics[i])) continue;
      json record = head("diagnostic");
      record["diagnostic"] = emit::diagnostic_to_json(part.diagnostics[i]);
      out_.add(dump(record) + "\n");
    }
  }

  ReportFilter filter_;
  Buffered out_;
};

// The number of code points in `bytes` (UTF-8; a byte that starts no valid sequence counts as
// one, as in Latin-1 text).
std::uint32_t code_points(std::string_view bytes) {
  std::uint32_t count = 0;
  for (std::size_t i = 0; i < bytes.size(); ++count) {
    const auto lead = static_cast<unsigned char>(bytes[i]);
    const std::size_t length = lead >= 0xF0 && lead <= 0xF4   ? 4
                               : lead >= 0xE0 && lead <= 0xEF ? 3
                               : lead >= 0xC2 && lead <= 0xDF ? 2
                                                              : 1;
    std::size_t k = 1;
    while (k < length && i + k < bytes.size() &&
           (static_cast<unsigned char>(bytes[i + k]) & 0xC0) == 0x80)
      ++k;
    i += k == length ? length : 1;
  }
  return count;
}

// SARIF 2.1.0: one run whose results are the problems, each located on the file's line and
// column, with the rule id derived from the message (rule_id()). The run declares
// "unicodeCodePoints": the reader's byte columns are turned into code points by reading the
// line's start in the file again; where that cannot be done (standard input, an unreadable
// file) the region has no column.
class SarifPrinter final : public ReportPrinter {
 public:
  SarifPrinter(ReportFilter filter, std::ostream& out) : filter_(filter), out_(out) {
    out_.add(
        "{\n  \"$schema\": \"https://json.schemastore.org/sarif-2.1.0.json\",\n"
        "  \"version\": \"2.1.0\",\n  \"runs\": [\n    {\n      \"results\": [");
  }
  void part(const std::string&, const CheckReport& part) override {
    if (filter_.quiet) return;
    for (const auto& d : part.diagnostics) {
      if (!filter_.warnings && d.severity != record::Severity::error) continue;
      out_.add(first_ ? "\n        " : ",\n        ");
      first_ = false;
      out_.add(dump_nested(result(d), 4));
    }
  }
  void flush() override { out_.flush(); }
  void finish(const std::vector<CheckReport>& reports) override {
    json rules = json::array();
    for (const auto& id : rules_) rules.push_back({{"id", id}});
    json artifacts = json::array();
    json notifications = json::array();
    bool io_error = false;
    for (const auto& r : reports) {
      artifacts.push_back({{"location", {{"uri", uri(r.name)}}}});
      if (!r.io_error) continue;
      io_error = true;
      notifications.push_back(
          {{"level", "error"}, {"message", {{"text", r.name + ": " + *r.io_error}}}});
    }
    const json rest = {
        {"tool",
         {{"driver", {{"name", "xpgn"}, {"version", XPGN_VERSION}, {"rules", std::move(rules)}}}}},
        {"artifacts", std::move(artifacts)},
        {"columnKind", "unicodeCodePoints"},
        {"invocations", json::array({{{"executionSuccessful", !io_error},
                                      {"toolExecutionNotifications", std::move(notifications)}}})}};
    out_.add(first_ ? "]" : "\n      ]");
    for (const auto& [key, value] : rest.items())
      out_.add(",\n      " + dump(json(key)) + ": " + dump_nested(value, 3));
    out_.add("\n    }\n  ]\n}\n");
    out_.flush();
  }

 private:
  // The file as a URI reference: relative paths stay relative, absolute ones get "file://";
  // bytes other than letters, digits, "-._~/" are percent-encoded. Standard input is "stdin".
  static std::string uri(const std::string& file) {
    if (file == "-") return "stdin";
    std::string out = file.rfind('/', 0) == 0 ? "file://" : "";
    static const char hex[] = "0123456789ABCDEF";
    for (char c : file) {
      const auto u = static_cast<unsigned char>(c);
      if (std::isalnum(u) || c == '-' || c == '.' || c == '_' || c == '~' || c == '/') {
        out += c;
      } else {
        out += '%';
        out += hex[u >> 4];
        out += hex[u & 15];
      }
    }
    return out;
  }
  json result(const Diagnostic& d) {
    const std::string id = rule_id(d.message);
    rules_.insert(id);
    Diagnostic located = d;
    located.file.clear();
    located.pos.line = 0;
    std::string text = record::format_diagnostic(located);  // "error: game 2, ply 6 'Ke6': …"
    text = text.substr(text.find(": ") + 2);
    json location = {{"artifactLocation", {{"uri", uri(d.file)}}}};
    if (d.pos.line > 0) {
      location["region"] = {{"startLine", d.pos.line}};
      if (auto column = code_point_column(d)) location["region"]["startColumn"] = *column;
    }
    json props = json::object();
    if (d.game > 0) props["game"] = d.game;
    if (d.ply > 0) props["ply"] = d.ply;
    if (!d.token.empty()) props["token"] = d.token;
    return {{"ruleId", id},
            {"level", d.severity == record::Severity::error ? "error" : "warning"},
            {"message", {{"text", text}}},
            {"locations", json::array({{{"physicalLocation", std::move(location)}}})},
            {"properties", std::move(props)}};
  }

  // The 1-based code-point column of `d` (pos.column counts bytes from 1, pos.offset is the
  // byte's place in the file); nullopt when the file cannot be read there again.
  std::optional<std::uint32_t> code_point_column(const Diagnostic& d) {
    if (d.pos.column == 0 || d.file.empty() || d.file == "-" || d.file == "<stdin>")
      return std::nullopt;
    const std::uint64_t before = d.pos.column - 1;  // bytes of the line before the token
    if (before == 0) return 1;
    if (before > d.pos.offset) return std::nullopt;
    if (file_name_ != d.file) {
      file_.close();
      file_.clear();
      file_.open(d.file, std::ios::binary);
      file_name_ = d.file;
    }
    std::string bytes(before, '\0');
    file_.clear();
    file_.seekg(static_cast<std::streamoff>(d.pos.offset - before));
    if (!file_.read(bytes.data(), static_cast<std::streamsize>(before)) ||
        bytes.find('\n') != std::string::npos)
      return std::nullopt;  // not the line the reader saw (the file changed, or no file)
    return code_points(bytes) + 1;
  }

  ReportFilter filter_;
  Buffered out_;
  bool first_ = true;
  std::set<std::string> rules_;
  std::string file_name_;  // the file open in file_
  std::ifstream file_;
};

}  // namespace

std::string rule_id(const std::string& message) {
  std::string id;
  for (char c : message) {
    if (c == ':' || c == '(' || c == ';') break;
    const auto u = static_cast<unsigned char>(c);
    if (std::isalpha(u))
      id += static_cast<char>(std::tolower(u));
    else if (c == ' ' || c == '-')
      id += '-';
    else
      return "other";  // digits, quotes: the message has no leading rule name
  }
  while (!id.empty() && id.back() == '-') id.pop_back();
  if (id.empty() || id.size() > 48) return "other";
  return id;
}

std::unique_ptr<ReportPrinter> make_report_printer(const std::string& format, ReportFilter filter,
                                                   std::ostream& out) {
  if (format == "json") return std::make_unique<JsonPrinter>(filter, out);
  if (format == "jsonl") return std::make_unique<JsonLinesPrinter>(filter, out);
  if (format == "sarif") return std::make_unique<SarifPrinter>(filter, out);
  return std::make_unique<TextPrinter>(filter, out);
}

}  // namespace xpgn::cli
