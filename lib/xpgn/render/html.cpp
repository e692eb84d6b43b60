// The HTML page writer: the game viewer of docs/render.md.
#include "xpgn/render/html.hpp"

#include <algorithm>
#include <string>
#include <string_view>
#include <unordered_map>

namespace xpgn::render {
namespace {

// Text made safe for XML/HTML content and attribute values (see escape_markup).
std::string escape(std::string_view text) {
  return escape_markup(text);
}

// A comment as shown: [%...] commands and [#] diagram markers removed, whitespace collapsed.
std::string comment_text(std::string_view comment) {
  std::string plain;
  std::size_t at = 0;
  while (at < comment.size()) {
    const auto command = comment.find("[%", at);
    const auto marker = comment.find("[#]", at);
    const auto open = std::min(command, marker);
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

// True when `comments` ask for a diagram: a [#] marker, or arrows or squares to draw.
bool marked(const std::vector<std::string>& comments) {
  record::Commands commands;
  for (const auto& c : comments) {
    if (c.find("[#]") != std::string::npos) return true;
    record::parse_commands(c, commands);
  }
  return !commands.arrows.empty() || !commands.squares.empty();
}

// The text of annotation glyph `nag` ("!", "?!", " $14").
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

  // "12. " for White's move, "12... " for Black's when `always`, else "".
  std::string label(int ply, bool always) const {
    const int n = ply + (black_first ? 1 : 0);
    const int number = first_number + (n - 1) / 2;
    if (n % 2 == 1) return std::to_string(number) + ". ";
    return always ? std::to_string(number) + "... " : "";
  }
};

// One diagram of a game as the page shows it.
struct Figure {
  std::string id;          // "g3-p12" (mainline ply 12) or "g3-v4" (4th variation diagram)
  std::string prev, next;  // a variation's: the figures ← and → go to ("" for none)
  std::string caption;     // "12. Nf3!", "Start position", "Variation: 3... g6"
  std::string notes;       // the comments after the move, as HTML
  std::string fen;         // of the position shown
  std::string svg;         // the diagram (SharedDefs::board)
  int ply = 0;
  bool variation = false;
};

// The id of the pieces layer of the figure `figure` ("g3-p12l").
std::string layer_id(const std::string& figure) {
  return figure + "l";
}

// Everything known while a game is laid out.
struct Layout {
  const record::Game& game;
  const HtmlOptions& options;
  SharedDefs& defs;
  Numbering numbering;
  std::string prefix;  // "g3-"
  std::vector<Figure> figures;
  std::unordered_map<const record::MoveNode*, std::string> figure_of;  // "" when not drawn
  std::unordered_map<const record::MoveNode*, std::string> before_of;  // the figure before it
  int variation_figures = 0;

  // True when the position at `ply`, after a move with `comments` (in a variation or not),
  // gets a diagram.
  bool drawn(int ply, const std::vector<std::string>& comments, bool variation) const {
    if (ply < options.first_ply || ply > options.last_ply) return false;
    switch (options.diagrams) {
      case HtmlDiagrams::all:
        return true;
      case HtmlDiagrams::mainline:
        return !variation;
      case HtmlDiagrams::marked:
        return marked(comments);
    }
    return true;
  }
};

// True when some comment of `comments` has text to show.
bool shown(const std::vector<std::string>& comments) {
  for (const auto& c : comments)
    if (!comment_text(c).empty()) return true;
  return false;
}

// Appends the comments as spans; a click on one shows the figure `target` ("" for none).
void append_comments(std::string& out, const std::vector<std::string>& comments,
                     const std::string& target) {
  for (const auto& c : comments) {
    const std::string text = comment_text(c);
    if (text.empty()) continue;
    out += "<span class=\"comment\"";
    if (!target.empty()) out += " data-b=\"" + target + "\"";
    out += ">" + escape(text) + "</span> ";
  }
}

// Adds the figures of `line` (verified moves only) to the layout; `before` is the figure of the
// position the line starts from ("" if none). Variations follow the move they replace.
void lay_out(Layout& layout, const record::Line& line, const std::string& before, bool variation) {
  std::string last = before;  // what ← goes back to
  int previous = -1;          // the line's previous figure, whose → leads here
  for (const auto& node : line) {
    if (!node.verified || !node.after) break;  // kept as read: no position after it
    const std::string before_node = last;
    layout.before_of[&node] = before_node;
    std::string& id = layout.figure_of[&node];
    if (layout.drawn(node.ply, node.comments_after, variation)) {
      Figure f;
      f.id = layout.prefix + (variation ? "v" + std::to_string(++layout.variation_figures)
                                        : "p" + std::to_string(node.ply));
      f.prev = before_node;
      f.ply = node.ply;
      f.variation = variation;
      std::string san = layout.numbering.label(node.ply, true) + node.san;
      for (int nag : node.nags) san += nag_text(nag);
      f.caption = (variation ? "Variation: " : "") + san;
      append_comments(f.notes, node.comments_after, "");
      rules::EffectList effects;
      for (const auto& e : node.effects) effects.push_back(e);
      Diagram diagram{*node.after, node.move, effects, {}, {}, {}};  // (the caption names it)
      add_commands(node.commands, node.after->variant(), diagram.arrows, diagram.squares);
      f.fen = node.after->fen();
      // (Its pieces build on those of the figure before it, the position before this one.)
      f.svg = layout.defs.board(diagram, layer_id(f.id),
                                before_node.empty() ? "" : layer_id(before_node));
      if (previous >= 0) layout.figures[static_cast<std::size_t>(previous)].next = f.id;
      id = f.id;
      last = f.id;
      previous = static_cast<int>(layout.figures.size());
      layout.figures.push_back(std::move(f));
    }
    for (const auto& v : node.variations) lay_out(layout, v, before_node, true);
  }
}

// Appends the move list of `line` from index `from`: moves with a figure are links to it,
// comments and variations (in parentheses) follow their move.
void append_moves(std::string& out, const Layout& layout, const record::Line& line,
                  std::size_t from = 0) {
  bool first = true;
  for (std::size_t i = from; i < line.size(); ++i) {
    const record::MoveNode& node = line[i];
    const auto before = layout.before_of.find(&node);
    if (shown(node.comments_before)) first = true;
    append_comments(out, node.comments_before,
                    before == layout.before_of.end() ? std::string() : before->second);
    const auto figure = layout.figure_of.find(&node);
    const std::string target = figure == layout.figure_of.end() ? std::string() : figure->second;
    std::string san = escape(layout.numbering.label(node.ply, first)) +
                      escape(node.verified ? node.san : node.text);
    for (int nag : node.nags) san += escape(nag_text(nag));
    if (target.empty())
      out += "<span class=\"mv\">" + san + "</span> ";
    else
      out += "<a class=\"mv\" href=\"#" + target + "\">" + san + "</a> ";
    first = shown(node.comments_after) || !node.variations.empty();
    append_comments(out, node.comments_after, target);
    for (const auto& v : node.variations) {
      out += "<span class=\"variation\">( ";
      append_moves(out, layout, v);
      out += ")</span> ";
    }
  }
}

// The index of the first unverified mainline move (moves.size() if none).
std::size_t first_unverified(const record::Line& moves) {
  std::size_t first = 0;
  while (first < moves.size() && moves[first].verified) ++first;
  return first;
}

// The value of tag `name`, "" when absent or unknown ("?", "????.??.??").
std::string tag_value(const record::Game& game, const char* name) {
  const std::string* value = game.tag(name);
  if (!value || *value == "?" || *value == "????.??.??") return {};
  return *value;
}

// A legend of the pieces of `variant` (glyphs, name, letter) when some piece is not FIDE's;
// "" otherwise.
std::string legend(const rules::Variant& variant, SharedDefs& defs) {
  bool fide = true;
  for (const auto& def : variant.pieces)
    if (def.name != "king" && def.name != "queen" && def.name != "rook" && def.name != "bishop" &&
        def.name != "knight" && def.name != "pawn")
      fide = false;
  if (fide) return {};
  std::string out =
      "<table class=\"legend\"><caption>Pieces of " + escape(variant.name) +
      "</caption>\n<tr><th colspan=\"2\">glyph</th><th>name</th><th>letter</th></tr>\n";
  for (std::size_t t = 0; t < variant.pieces.size(); ++t) {
    const rules::PieceDef& def = variant.pieces[t];
    const auto type = static_cast<PieceType>(t);
    std::string letter(1, def.letter);
    if (def.fen_letter && def.fen_letter != def.letter)
      letter += " (FEN " + std::string(1, def.fen_letter) + ")";
    out += "<tr><td>" + defs.glyph(variant, type, Color::white, 32) + "</td><td>" +
           defs.glyph(variant, type, Color::black, 32) + "</td><td>" + escape(def.name) +
           "</td><td>" + escape(letter) + "</td></tr>\n";
  }
  return out + "</table>\n";
}

constexpr std::string_view style =
    "body{font-family:sans-serif;margin:1.5em;color:#222;background:#fff;line-height:1.4}"
    "main{display:flex;flex-direction:column}nav.toc{order:-1;margin-bottom:2em}"
    "nav table,table.legend{border-collapse:collapse}"
    "nav td,nav th,.legend td,.legend th{border-bottom:1px solid #ddd;padding:2px 8px;"
    "text-align:left}"
    ".legend caption{text-align:left;font-weight:bold}.legend td{vertical-align:middle}"
    ".legend svg{display:block}"
    "section.game{break-before:page;margin-bottom:3em}"
    "h1{font-size:1.4em;margin:0 0 .2em}"
    ".tags{color:#555;margin:0 0 1em}"
    ".viewer{display:flex;flex-direction:column;gap:1em}.moves{order:-1}"
    ".diagrams{display:flex;flex-wrap:wrap;gap:12px;align-items:flex-start}"
    ".xpgn-board{width:270px;border:1px solid #d8d8d8;border-radius:6px;padding:6px;margin:0;"
    "break-inside:avoid}"
    ".xpgn-board.variation{border-style:dashed}"
    ".xpgn-board svg{display:block;width:100%;height:auto;margin:4px 0}"
    "figcaption{font-weight:bold}.notes{font-size:.95em}"
    ".mv{font-weight:bold;color:inherit;text-decoration:none}.variation .mv{font-weight:normal}"
    ".comment{color:#2a5a8a}.variation{color:#555}"
    ".result{font-weight:bold;font-size:1.2em;margin-top:1em}"
    ".note{color:#a33}.help{display:none;color:#555;font-size:.9em}"
    // With JavaScript: one board per game beside the move list.
    ".js .viewer{display:grid;grid-template-columns:minmax(0,auto) 1fr;align-items:start}"
    ".js .moves{order:0;max-height:85vh;overflow:auto}.js .help{display:block}"
    ".js .xpgn-board{display:none;width:min(480px,90vw)}"
    ".js .xpgn-board.current{display:block}"
    ".js .mv,.js .comment[data-b]{cursor:pointer}"
    ".moves .on{background:#f6e27a;border-radius:3px}"
    // `f`: every board turned round, glyphs and coordinates kept upright.
    ".xpgn-flip .xpgn-board svg{transform:rotate(180deg);--xpgn-turn:rotate(180deg)}"
    ".xpgn-flip .xpgn-board svg text{transform-box:fill-box;transform-origin:center;"
    "transform:rotate(180deg)}"
    "@media print{.js .viewer{display:flex}.js .xpgn-board{display:block;width:270px}"
    ".moves{max-height:none}.help{display:none}.moves .on{background:none}}";

// Steps the board of the game last clicked (the first at the start): ←/→ along the line shown,
// Home/End to the mainline's first and last diagram, f flips every board; a click on a move or
// a comment shows its diagram.
constexpr std::string_view script = R"(<script>
(function () {
  var root = document.documentElement, active = null;
  function byId(id) { return id ? document.getElementById(id) : null; }
  function show(game, figure) {
    if (!figure) return;
    var current = game.querySelector('.xpgn-board.current');
    if (current) current.classList.remove('current');
    figure.classList.add('current');
    var on = game.querySelectorAll('.moves .on');
    for (var i = 0; i < on.length; i++) on[i].classList.remove('on');
    var move = game.querySelector(".moves a[href='#" + figure.id + "']");
    if (move) {
      move.classList.add('on');
      var list = move.closest('.moves');
      if (list && (move.offsetTop < list.scrollTop ||
                   move.offsetTop > list.scrollTop + list.clientHeight - 20))
        list.scrollTop = move.offsetTop - list.clientHeight / 2;
    }
    game.setAttribute('data-ply', figure.getAttribute('data-ply'));
  }
  var games = document.querySelectorAll('section.game');
  for (var i = 0; i < games.length; i++) {
    show(games[i], games[i].querySelector('.xpgn-board'));
    games[i].addEventListener('click', function (e) {
      active = this;
      var target = e.target.closest('a.mv[href],[data-b]');
      if (!target || !this.contains(target)) return;
      e.preventDefault();
      show(this, byId(target.getAttribute('data-b') || target.getAttribute('href').slice(1)));
    });
  }
  active = games.length ? games[0] : null;
  document.addEventListener('keydown', function (e) {
    if (e.altKey || e.ctrlKey || e.metaKey || !active) return;
    var current = active.querySelector('.xpgn-board.current'), to = null;
    var mainline = active.querySelectorAll('.xpgn-board:not(.variation)');
    // The figure `step` (1, -1) from the current one: a variation names it, the mainline's
    // neighbours come in the page's order.
    function along(step) {
      if (!current) return null;
      var named = current.getAttribute(step > 0 ? 'data-next' : 'data-prev');
      if (named !== null) return byId(named);
      var i = Array.prototype.indexOf.call(mainline, current);
      return mainline[i + step] || null;
    }
    if (e.key === 'f') root.classList.toggle('xpgn-flip');
    else if (e.key === 'ArrowRight') to = along(1);
    else if (e.key === 'ArrowLeft') to = along(-1);
    else if (e.key === 'Home') to = mainline[0];
    else if (e.key === 'End') to = mainline[mainline.length - 1];
    else return;
    e.preventDefault();
    show(active, to);
  });
})();
</script>
)";

// Writes the page's head (with `title`, the style and the switch to the viewer's layout) and
// opens its <body> and <main>.
void write_head(std::ostream& out, const std::string& title) {
  out << "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>"
      << escape(title) << "</title>\n<style>" << style
      << "</style>\n<script>document.documentElement.classList.add('js')</script>\n"
         "</head>\n<body>\n<main>\n";
}

// Writes the table of contents of `games` (shown first on the page: CSS order).
void write_toc(std::ostream& out, const std::vector<HtmlGameEntry>& games) {
  out << "<nav class=\"toc\">\n<h1>Games</h1>\n<table>\n<tr><th>#</th><th>White</th>"
         "<th>Black</th><th>Event</th><th>Date</th><th>Result</th><th>Variant</th></tr>\n";
  for (std::size_t i = 0; i < games.size(); ++i) {
    const HtmlGameEntry& e = games[i];
    out << "<tr><td><a href=\"" << escape(e.href) << "\">" << i + 1 << "</a></td><td>"
        << escape(e.white) << "</td><td>" << escape(e.black) << "</td><td>" << escape(e.event)
        << "</td><td>" << escape(e.date) << "</td><td>" << escape(e.result) << "</td><td>"
        << escape(e.variant) << "</td></tr>\n";
  }
  out << "</table>\n</nav>\n";
}

}  // namespace

HtmlWriter::HtmlWriter(std::ostream& out, HtmlOptions options)
    : out_(out), options_(std::move(options)), defs_(options_.svg, "x") {}

void HtmlWriter::head(const record::Game* first) {
  std::string title = "Games";
  if (first) {
    const std::string* white = first->tag("White");
    const std::string* black = first->tag("Black");
    if (white && black) title = *white + " - " + *black;
  }
  write_head(out_, title);
  started_ = true;
}

bool HtmlWriter::write(const record::Game& game) {
  if (!options_.games.empty() &&
      std::find(options_.games.begin(), options_.games.end(), game.index) == options_.games.end())
    return false;
  if (!started_) head(&game);
  defs_.forget_layers();  // (no board builds on another game's)
  const std::string id = "g" + std::to_string(toc_.size() + 1);
  HtmlGameEntry entry{"#" + id,
                      tag_value(game, "White"),
                      tag_value(game, "Black"),
                      tag_value(game, "Event"),
                      tag_value(game, "Date"),
                      tag_value(game, "Result"),
                      game.variant ? game.variant->name : tag_value(game, "Variant")};
  toc_.push_back(entry);

  std::string out;
  if (!options_.index.empty())
    out += "<p class=\"up\"><a href=\"" + escape(options_.index) + "\">All games</a></p>\n";
  out += "<section class=\"game\" id=\"" + id + "\" data-game=\"" + std::to_string(game.index) +
         "\">\n<h1>" + escape(entry.white.empty() ? "?" : entry.white) + " &#8211; " +
         escape(entry.black.empty() ? "?" : entry.black) + "</h1>\n<p class=\"tags\">";
  bool first_tag = true;
  for (const char* name : {"Event", "Site", "Date", "Round", "Result", "Variant"}) {
    const std::string value = tag_value(game, name);
    if (value.empty()) continue;
    if (!first_tag) out += " &#183; ";
    first_tag = false;
    out += escape(name) + ": " + escape(value);
  }
  out += "</p>\n";

  const auto start = game.start_position();
  if (!start) {
    out += "<p class=\"note\">This game has no start position (unknown variant or bad FEN).</p>\n";
    out += "</section>\n";
    out_ << out;
    return true;
  }
  out += legend(start->variant(), defs_);

  Layout layout{game, options_, defs_, {}, id + "-", {}, {}, {}, 0};
  layout.numbering.first_number = start->fullmove_number();
  layout.numbering.black_first = start->side_to_move() == Color::black;
  std::string before;
  if (layout.drawn(0, game.comments, false)) {
    Figure f;
    f.id = layout.prefix + "p0";
    f.caption = "Start position";
    append_comments(f.notes, game.comments, "");
    Diagram diagram{*start, std::nullopt, {}, {}, {}, {}};  // (the caption names it)
    record::Commands commands;
    for (const auto& c : game.comments) record::parse_commands(c, commands);
    add_commands(commands, start->variant(), diagram.arrows, diagram.squares);
    f.fen = start->fen();
    f.svg = defs_.board(diagram, layer_id(f.id));
    before = f.id;
    layout.figures.push_back(std::move(f));
  }
  lay_out(layout, game.moves, before, false);
  out += "<div class=\"viewer\">\n<div class=\"diagrams\">\n";
  for (const Figure& f : layout.figures) {
    out += "<figure class=\"xpgn-board" + std::string(f.variation ? " variation" : "") +
           "\" id=\"" + f.id + "\" data-ply=\"" + std::to_string(f.ply) + "\" data-fen=\"" +
           escape(f.fen) + "\"";
    // (← and → of the mainline follow the page's order; a variation's are written out.)
    if (f.variation) out += " data-prev=\"" + f.prev + "\" data-next=\"" + f.next + "\"";
    out += "><figcaption>" + escape(f.caption) + "</figcaption>" + f.svg;
    if (!f.notes.empty()) out += "<div class=\"notes\">" + f.notes + "</div>";
    out += "</figure>\n";
  }
  if (layout.figures.empty()) out += "<p class=\"note\">No diagram was asked for.</p>\n";
  out +=
      "</div>\n<div class=\"moves\">\n<p class=\"help\">&#8592; &#8594; Home End: step "
      "&#183; f: flip &#183; click a move</p>\n<p>";
  append_comments(
      out, game.comments,
      layout.figures.empty() || layout.figures[0].ply != 0 ? std::string() : layout.figures[0].id);
  const std::size_t unverified = first_unverified(game.moves);
  append_moves(out, layout, game.moves);
  out += "</p>\n";
  if (!game.mainline_complete)
    out += "<p class=\"note\">The mainline could not be replayed past ply " +
           std::to_string(game.mainline_plies) + ".</p>\n";
  if (unverified < game.moves.size())
    out += "<p class=\"unverified\">Not verified (" +
           escape(game.moves[unverified].unverified_reason) + ") from " +
           escape(game.moves[unverified].text) + " on.</p>\n";
  const std::string result = !game.result_marker.empty() ? game.result_marker : game.result_tag;
  if (!result.empty()) out += "<p class=\"result\">" + escape(result) + "</p>\n";
  out += "</div>\n</div>\n</section>\n";
  out_ << out;
  return true;
}

void HtmlWriter::finish() {
  if (finished_) return;
  finished_ = true;
  if (!started_) head(nullptr);
  if (toc_.size() > 1) write_toc(out_, toc_);
  out_ << "</main>\n<div class=\"xpgn-defs\">" << defs_.defs() << "</div>\n"
       << script << "</body>\n</html>\n";
}

void write_html_index(std::ostream& out, const std::string& title,
                      const std::vector<HtmlGameEntry>& games) {
  write_head(out, title);
  write_toc(out, games);
  out << "</main>\n</body>\n</html>\n";
}

}  // namespace xpgn::render
