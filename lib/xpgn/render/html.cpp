// The HTML page writer.
#include "xpgn/render/html.hpp"

#include <string>
#include <string_view>

namespace xpgn::render {
namespace {

// Text made safe for XML/HTML content and attribute values (see escape_markup).
std::string escape(std::string_view text) {
  return escape_markup(text);
}

// A comment as shown: [%...] commands removed, whitespace collapsed.
std::string comment_text(std::string_view comment) {
  std::string plain;
  std::size_t at = 0;
  while (at < comment.size()) {
    const auto open = comment.find("[%", at);
    if (open == std::string_view::npos) {
      plain += comment.substr(at);
      break;
    }
    plain += comment.substr(at, open - at);
    const auto close = comment.find(']', open);
    if (close == std::string_view::npos) break;
    at = close + 1;
  }
  std::string out;
  bool space = false;
  for (char c : plain) {
    if (c == ' ' || c == '\t' || c == '\n' || c == '\r') {
      space = !out.empty();
      continue;
    }
    if (space) out += ' ';
    space = false;
    out += c;
  }
  return out;
}

std::string nag_text(int nag) {
  switch (nag) {
    case 1:
      return "!";
    case 2:
      return "?";
    case 3:
      return "!!";
    case 4:
      return "??";
    case 5:
      return "!?";
    case 6:
      return "?!";
    default:
      return " $" + std::to_string(nag);
  }
}

// Move numbers: ply p (1-based from the game's start) of a game whose first move is White's
// (black_first false) or Black's, starting at move `first_number`.
struct Numbering {
  int first_number = 1;
  bool black_first = false;

  std::string label(int ply, bool always) const {
    const int n = ply + (black_first ? 1 : 0);
    const int number = first_number + (n - 1) / 2;
    if (n % 2 == 1) return std::to_string(number) + ". ";
    return always ? std::to_string(number) + "... " : "";
  }
};

void append_comments(std::string& out, const std::vector<std::string>& comments) {
  for (const auto& c : comments) {
    const std::string text = comment_text(c);
    if (!text.empty()) out += "<span class=\"comment\">" + escape(text) + "</span> ";
  }
}

// A variation as text, nested variations in parentheses.
// Starts at the move with index `from`.
void append_line(std::string& out, const record::Line& line, const Numbering& numbering,
                 std::size_t from = 0) {
  bool first = true;
  for (std::size_t i = from; i < line.size(); ++i) {
    const record::MoveNode& node = line[i];
    append_comments(out, node.comments_before);
    out += "<span class=\"san\">" + escape(numbering.label(node.ply, first)) +
           escape(node.verified ? node.san : node.text);
    for (int nag : node.nags) out += escape(nag_text(nag));
    out += "</span> ";
    first = !node.comments_after.empty() || !node.variations.empty();
    append_comments(out, node.comments_after);
    for (const auto& v : node.variations) {
      out += "<span class=\"variation\">( ";
      append_line(out, v, numbering);
      out += ")</span> ";
    }
  }
}

// The mainline's moves kept as read after verification stopped, as text (nothing if none).
void append_unverified(std::string& out, const record::Line& moves, const Numbering& numbering) {
  std::size_t first = 0;
  while (first < moves.size() && moves[first].verified) ++first;
  if (first == moves.size()) return;
  out += "<p class=\"unverified\">Not verified (" + escape(moves[first].unverified_reason) + "): ";
  append_line(out, moves, numbering, first);
  out += "</p>\n";
}

constexpr std::string_view style =
    "body{font-family:sans-serif;margin:1.5em;color:#222;background:#fff;line-height:1.4}"
    "section.game{break-before:page;margin-bottom:3em}"
    "h1{font-size:1.4em;margin:0 0 .2em}"
    ".tags{color:#555;margin:0 0 1em}"
    ".plies{display:flex;flex-wrap:wrap;gap:12px;align-items:flex-start}"
    ".ply{width:270px;border:1px solid #d8d8d8;border-radius:6px;padding:6px;"
    "break-inside:avoid}"
    ".ply svg{display:block;width:100%;height:auto;margin:4px 0}"
    ".move{font-size:1.05em}.notes{font-size:.95em}"
    ".san{font-weight:bold}.variation .san{font-weight:normal}"
    ".comment{color:#2a5a8a}.variation{color:#555}"
    ".result{font-weight:bold;font-size:1.2em;margin-top:1em}"
    ".note{color:#a33}";

}  // namespace

HtmlWriter::HtmlWriter(std::ostream& out, HtmlOptions options)
    : out_(out), options_(std::move(options)), defs_(options_.svg) {}

void HtmlWriter::head(const record::Game* first) {
  std::string title = "Games";
  if (first) {
    const std::string* white = first->tag("White");
    const std::string* black = first->tag("Black");
    if (white && black) title = *white + " - " + *black;
  }
  out_ << "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>"
       << escape(title) << "</title>\n<style>" << style << "</style>\n</head>\n<body>\n";
}

void HtmlWriter::write(const record::Game& game) {
  if (count_++ == 0) head(&game);
  std::string out = "<section class=\"game\" id=\"game" + std::to_string(game.index) + "\">\n";
  const std::string* white = game.tag("White");
  const std::string* black = game.tag("Black");
  out += "<h1>" + escape(white ? *white : "?") + " &#8211; " + escape(black ? *black : "?") +
         "</h1>\n<p class=\"tags\">";
  bool first_tag = true;
  for (const char* name : {"Event", "Site", "Date", "Round", "Result", "Variant"}) {
    const std::string* value = game.tag(name);
    if (!value || value->empty() || *value == "?" || *value == "????.??.??") continue;
    if (!first_tag) out += " &#183; ";
    first_tag = false;
    out += escape(name) + ": " + escape(*value);
  }
  out += "</p>\n";

  const auto diagrams = game_diagrams(game);
  if (diagrams.empty()) {
    out += "<p class=\"note\">This game has no start position (unknown variant or bad FEN).</p>\n";
    out += "</section>\n";
    out_ << out;
    return;
  }
  Numbering numbering;
  numbering.first_number = diagrams[0].position.fullmove_number();
  numbering.black_first = diagrams[0].position.side_to_move() == Color::black;

  out += "<div class=\"plies\">\n<div class=\"ply\" id=\"game" + std::to_string(game.index) +
         "-ply0\"><div class=\"move\">Start position</div>" + defs_.board(diagrams[0]);
  std::string notes;
  append_comments(notes, game.comments);
  if (!notes.empty()) out += "<div class=\"notes\">" + notes + "</div>";
  out += "</div>\n";
  // Each card: the move, the diagram after it, then what was written around the move.
  for (std::size_t i = 0; i < game.moves.size() && i + 1 < diagrams.size(); ++i) {
    const record::MoveNode& node = game.moves[i];
    out += "<div class=\"ply\" id=\"game" + std::to_string(game.index) + "-ply" +
           std::to_string(node.ply) + "\"><div class=\"move\"><span class=\"san\">" +
           escape(numbering.label(node.ply, true)) + escape(node.san);
    for (int nag : node.nags) out += escape(nag_text(nag));
    out += "</span></div>" + defs_.board(diagrams[i + 1]);
    notes.clear();
    append_comments(notes, node.comments_before);
    append_comments(notes, node.comments_after);
    for (const auto& v : node.variations) {
      notes += "<span class=\"variation\">( ";
      append_line(notes, v, numbering);
      notes += ")</span> ";
    }
    if (!notes.empty()) out += "<div class=\"notes\">" + notes + "</div>";
    out += "</div>\n";
  }
  out += "</div>\n";
  if (!game.mainline_complete)
    out += "<p class=\"note\">The mainline could not be replayed past this point.</p>\n";
  append_unverified(out, game.moves, numbering);
  const std::string result = !game.result_marker.empty() ? game.result_marker : game.result_tag;
  if (!result.empty()) out += "<p class=\"result\">" + escape(result) + "</p>\n";
  out += "</section>\n";
  out_ << out;
}

void HtmlWriter::finish() {
  if (finished_) return;
  finished_ = true;
  if (count_ == 0) head(nullptr);
  out_ << defs_.defs() << "</body>\n</html>\n";
}

}  // namespace xpgn::render
