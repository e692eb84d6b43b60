// Hidden build-time generators: man pages (roff) and shell completions (bash, zsh, fish), all
// written from the CLI11 definition the program itself parses with, so they cannot go stale.
//   xpgn --generate-man DIR              writes DIR/xpgn.1 and DIR/xpgn-<command>.1
//   xpgn --generate-completions SHELL [FILE]   the completion script for bash, zsh or fish
//                                              (standard output or FILE)
//   xpgn --generate-random-games N [SEED]   N games of random legal moves per catalog variant, as
//                                           PGN on standard output (the training run of the
//                                           profile-guided build, .ci/pgo-train, and the bench)
#include <cctype>
#include <charconv>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <optional>
#include <set>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "commands.hpp"
#include "xpgn/catalog/catalog.hpp"
#include "xpgn/emit/pgn.hpp"
#include "xpgn/rules/movegen.hpp"
#include "xpgn/rules/outcome.hpp"
#include "xpgn/rules/position.hpp"
#include "xpgn/rules/san.hpp"
#include "xpgn/rules/variant.hpp"

namespace xpgn::cli {

namespace {

// What one option of a subcommand looks like to a reader or a shell.
struct OptionInfo {
  std::vector<std::string> names;  // "-j", "--jobs", "--no-warnings", ...; empty: positional
  std::string positional;          // the positional's name ("files"), when it is one
  std::string description;
  std::string metavar;               // "UINT", "VARIANT", "text|json"; empty: a flag
  std::string default_value;         // as captured by CLI11, may be empty
  std::vector<std::string> choices;  // values a shell may offer
  bool files = false;                // the value (or positional) names a file or folder
  bool repeatable = false;           // may be given several times / takes several values
  bool required = false;
  bool variants = false;  // the choices are the variant ids (names are also accepted)
};

// The ids of the built-in variants, in their stable order.
std::vector<std::string> variant_ids() {
  std::vector<std::string> ids;
  for (const auto* v : catalog::all_variants()) ids.push_back(v->id);
  return ids;
}

// The members of a CLI11 IsMember check, read back from the option's type name
// ("TEXT:{text,json}" gives text and json); empty when there is no such check.
std::vector<std::string> set_members(const std::string& type_name) {
  std::vector<std::string> out;
  auto open = type_name.find('{');
  auto close = type_name.find('}', open);
  if (open == std::string::npos || close == std::string::npos) return out;
  std::string item;
  std::istringstream in(type_name.substr(open + 1, close - open - 1));
  while (std::getline(in, item, ','))
    if (!item.empty()) out.push_back(item);
  return out;
}

// Describes one CLI11 option; values a shell can offer come from the check (IsMember), the
// library's variant and language lists, or the file system.
OptionInfo describe(const CLI::Option& opt) {
  OptionInfo info;
  info.description = opt.get_description();
  info.default_value = opt.get_default_str();
  info.required = opt.get_required();
  info.repeatable = opt.get_items_expected_max() > 1;
  if (opt.get_positional()) {
    info.positional = opt.get_name();
    info.files = info.positional.find("file") != std::string::npos;
  }
  for (const auto& s : opt.get_snames()) info.names.push_back("-" + s);
  for (const auto& l : opt.get_lnames()) info.names.push_back("--" + l);
  const bool flag = !opt.get_positional() && opt.get_items_expected_max() == 0;
  if (flag) return info;
  const std::string type = opt.get_type_name();
  info.choices = set_members(type);
  const auto has = [&](std::string_view name) {
    for (const auto& l : opt.get_lnames())
      if (l == name) return true;
    return false;
  };
  if (has("variant") || has("dead-material") || has("show")) {
    info.choices = variant_ids();
    info.variants = true;
  } else if (has("lang")) {
    for (auto code : emit::languages()) info.choices.emplace_back(code);
  } else if (has("output") || opt.get_option_text() == "FILE") {
    info.files = true;  // (--variant-file FILE, variants --check FILE)
  }
  if (!opt.get_option_text().empty()) {
    info.metavar = opt.get_option_text();
  } else if (has("variant")) {
    info.metavar = "VARIANT";
  } else if (!info.choices.empty() && info.choices.size() <= 8 && !has("lang")) {
    for (const auto& c : info.choices) info.metavar += (info.metavar.empty() ? "" : "|") + c;
  } else if (info.files) {
    info.metavar = opt.get_positional() ? info.positional : "FILE";
  } else {
    // "TEXT:ENCODING" names its value by the check's one-word description, else by the type;
    // a type name of our own ("START:END") is shown whole.
    info.metavar = type.substr(0, type.find(':'));
    auto colon = type.find(':');
    static const std::set<std::string> cli11_types = {"TEXT",    "INT",    "UINT",  "FLOAT",
                                                      "BOOLEAN", "NUMBER", "VALUE", "ENUM"};
    if (colon != std::string::npos && !cli11_types.count(info.metavar)) {
      info.metavar = type;
    } else if (colon != std::string::npos) {
      std::string word = type.substr(colon + 1);
      bool upper = !word.empty();
      for (char c : word) upper = upper && (std::isupper(static_cast<unsigned char>(c)) != 0);
      const bool number =
          info.metavar == "INT" || info.metavar == "UINT" || info.metavar == "FLOAT";
      if (upper && !number) info.metavar = word;
    }
    if (opt.get_positional()) info.metavar = info.positional;
  }
  return info;
}

// The options of `app` that are shown in its help, positionals last.
std::vector<OptionInfo> options_of(const CLI::App& app) {
  std::vector<OptionInfo> named, positional;
  for (const CLI::Option* opt : app.get_options()) {
    if (opt->get_group().empty()) continue;  // hidden
    auto info = describe(*opt);
    (info.positional.empty() ? named : positional).push_back(std::move(info));
  }
  named.insert(named.end(), positional.begin(), positional.end());
  return named;
}

// The subcommands of `app` in the order they were registered.
std::vector<const CLI::App*> commands_of(const CLI::App& app) {
  std::vector<const CLI::App*> out;
  for (const CLI::App* sub : app.get_subcommands([](const CLI::App*) { return true; }))
    out.push_back(sub);
  return out;
}

// ---- roff ------------------------------------------------------------------------------------

// `text` escaped for roff: backslashes, hyphens (as \- when `code`), characters outside ASCII as
// named glyphs; a leading '.' or '\'' is protected.
std::string roff(std::string_view text, bool code = false) {
  std::string out;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const auto c = static_cast<unsigned char>(text[i]);
    if (c == '\\') {
      out += "\\e";
    } else if (c == '-' && code) {
      out += "\\-";
    } else if (c < 0x80) {
      out += static_cast<char>(c);
    } else {
      // Decode one UTF-8 sequence and write it as \[uXXXX].
      std::uint32_t cp = 0;
      int extra = c >= 0xF0 ? 3 : c >= 0xE0 ? 2 : c >= 0xC0 ? 1 : 0;
      cp = c & (0x3Fu >> extra);
      for (int k = 0; k < extra && i + 1 < text.size(); ++k)
        cp = (cp << 6) | (static_cast<unsigned char>(text[++i]) & 0x3Fu);
      if (cp == 0x2026) {
        out += "...";
      } else {
        char buf[16];
        std::snprintf(buf, sizeof buf, "\\[u%04X]", static_cast<unsigned>(cp));
        out += buf;
      }
    }
  }
  if (!out.empty() && (out[0] == '.' || out[0] == '\'')) out.insert(0, "\\&");
  return out;
}

// A sentence ends with a period.
std::string sentence(std::string text) {
  if (!text.empty() && text.back() != '.') text += '.';
  return text;
}

// A name, option or value for roff: hyphens kept as such and the word never hyphenated.
std::string code(std::string_view text) {
  return "\\%" + roff(text, true);
}

// The common tail of every page: exit status (of a command that reads games, or not) and
// cross references.
void write_man_tail(std::ostream& out, const CLI::App& app, const std::string& self,
                    bool reads_games) {
  out << ".SH EXIT STATUS\n";
  if (reads_games)
    out << ".TP\n.B " << exit_ok << "\nevery game is valid\n"
        << ".TP\n.B " << exit_invalid << "\nsome game is invalid (its problems are reported)\n"
        << ".TP\n.B " << exit_usage << "\nbad arguments, or an input or output error\n";
  else
    out << ".TP\n.B " << exit_ok << "\nsuccess\n"
        << ".TP\n.B " << exit_usage
        << "\nbad arguments (such as an unknown variant or a bad FEN), or an output error\n";
  out << ".SH SEE ALSO\n";
  std::vector<std::string> refs;
  if (self != "xpgn") refs.push_back("xpgn");
  for (const auto* sub : commands_of(app))
    if ("xpgn-" + sub->get_name() != self) refs.push_back("xpgn-" + sub->get_name());
  for (std::size_t i = 0; i < refs.size(); ++i)
    out << ".BR " << roff(refs[i], true) << " (1)" << (i + 1 < refs.size() ? "," : "") << '\n';
  out << ".PP\nThe full manual, with examples, is docs/cli.md in the xpgn sources.\n";
}

// The OPTIONS section of one command.
void write_man_options(std::ostream& out, const std::vector<OptionInfo>& options) {
  out << ".SH OPTIONS\n";
  for (const auto& o : options) {
    out << ".TP\n";
    if (!o.positional.empty()) {
      out << "\\fI" << roff(o.positional, true) << "\\fR" << (o.repeatable ? "..." : "") << '\n';
    } else {
      for (std::size_t i = 0; i < o.names.size(); ++i)
        out << (i ? ", " : "") << "\\fB" << code(o.names[i]) << "\\fR";
      if (!o.metavar.empty()) out << " \\fI" << code(o.metavar) << "\\fR";
      out << '\n';
    }
    out << roff(sentence(o.description));
    if (!o.default_value.empty()) out << " Default: " << code(o.default_value) << '.';
    if (o.repeatable && o.positional.empty() &&
        o.description.find("repeatable") == std::string::npos)
      out << " May be given more than once.";
    out << '\n';
    if (o.choices.size() > 8 || (!o.choices.empty() && o.metavar.find('|') == std::string::npos)) {
      out << (o.variants ? "Variant ids (names are matched as in the [Variant] tag):" : "One of:");
      for (std::size_t i = 0; i < o.choices.size(); ++i)
        out << (i ? ", " : " ") << "\\fB" << code(o.choices[i]) << "\\fR";
      out << ".\n";
    }
  }
}

// The page of one subcommand, xpgn-NAME(1).
void write_command_page(std::ostream& out, const CLI::App& app, const CLI::App& sub) {
  const std::string name = "xpgn-" + sub.get_name();
  const auto options = options_of(sub);
  std::string upper;
  for (char c : name) upper += static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  out << ".\\\" Generated by xpgn --generate-man from the command-line definition; do not edit.\n"
      << ".TH " << roff(upper, true) << " 1 \"\" \"xpgn " << XPGN_VERSION
      << "\" \"User Commands\"\n"
      << ".SH NAME\n"
      << roff(name, true) << " \\- " << roff(sub.get_description()) << '\n'
      << ".SH SYNOPSIS\n.B xpgn " << roff(sub.get_name(), true) << '\n'
      << "[\\fIOPTIONS\\fR]";
  for (const auto& o : options) {
    if (o.positional.empty()) continue;
    const std::string p = "\\fI" + roff(o.positional, true) + "\\fR" + (o.repeatable ? "..." : "");
    out << ' ' << (o.required ? p : "[" + p + "]");
  }
  out << "\n.SH DESCRIPTION\n" << roff(sentence(sub.get_description())) << '\n';
  bool reads_games = false;
  for (const auto& o : options) reads_games = reads_games || (!o.positional.empty() && o.files);
  if (reads_games)
    out << ".PP\nA problem in a game is reported as\n"
        << ".IR FILE : LINE : COL :\n"
        << ".BR error | warning :\n"
        << ".RI \"game \" N \", ply \" K \" '\" TOKEN \"': message\"\n"
        << "and the other games are still read.\n";
  write_man_options(out, options);
  write_man_tail(out, app, name, reads_games);
}

// The overview page, xpgn(1): commands, variants, global options.
void write_main_page(std::ostream& out, const CLI::App& app) {
  out << ".\\\" Generated by xpgn --generate-man from the command-line definition; do not edit.\n"
      << ".TH XPGN 1 \"\" \"xpgn " << XPGN_VERSION << "\" \"User Commands\"\n"
      << ".SH NAME\nxpgn \\- read, validate and convert extended PGN for chess variants\n"
      << ".SH SYNOPSIS\n.B xpgn\n\\fICOMMAND\\fR [\\fIOPTIONS\\fR] [\\fIARGUMENTS\\fR]\n.br\n"
      << ".B xpgn\n\\fB\\-\\-help\\fR | \\fB\\-\\-version\\fR\n"
      << ".SH DESCRIPTION\n"
      << ".B xpgn\nreads chess game records in extended PGN and FEN for chess and its variants, "
         "replays every move through the rules of the game's variant to validate it, and writes "
         "canonical PGN, JSON, other move notations, SVG diagrams and HTML pages.\n"
      << ".PP\nA game chooses its rules with its\n"
      << ".B [Variant]\ntag (default: chess). Each command has its own page.\n"
      << ".SH COMMANDS\n";
  for (const auto* sub : commands_of(app))
    out << ".TP\n.B " << roff(sub->get_name(), true) << '\n'
        << roff(sentence(sub->get_description())) << " See\n.BR xpgn\\-"
        << roff(sub->get_name(), true) << " (1).\n";
  out << ".SH VARIANTS\nThe ids of the built-in variants (names are matched forgivingly):\n";
  for (const auto* v : catalog::all_variants())
    out << ".TP\n.B " << code(v->id) << '\n' << roff(sentence(v->description)) << '\n';
  write_man_options(out, options_of(app));
  write_man_tail(out, app, "xpgn", true);
}

// Writes every page into `dir`; returns the exit status.
int generate_man(const CLI::App& app, const std::string& dir) {
  std::error_code ec;
  std::filesystem::create_directories(dir, ec);
  const auto write = [&](const std::string& file, auto&& body) {
    std::ofstream out(std::filesystem::path(dir) / file);
    body(out);
    out.close();
    if (!out) {
      std::cerr << "xpgn: cannot write " << (std::filesystem::path(dir) / file).string() << '\n';
      return false;
    }
    return true;
  };
  bool ok = write("xpgn.1", [&](std::ostream& out) { write_main_page(out, app); });
  for (const auto* sub : commands_of(app))
    ok = write("xpgn-" + sub->get_name() + ".1",
               [&](std::ostream& out) { write_command_page(out, app, *sub); }) &&
         ok;
  return ok ? exit_ok : exit_usage;
}

// ---- completions -----------------------------------------------------------------------------

// Words joined by spaces.
std::string join(const std::vector<std::string>& words, std::string_view separator = " ") {
  std::string out;
  for (const auto& w : words) out += (out.empty() ? "" : std::string(separator)) + w;
  return out;
}

// `text` inside single quotes for bash and zsh.
std::string shell_quote(std::string_view text) {
  std::string out = "'";
  for (char c : text) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return out + "'";
}

// The bash script: command names, each command's options, the values of options that take
// them (choices, variant ids, files) and files for file arguments.
void write_bash(std::ostream& out, const CLI::App& app) {
  const auto commands = commands_of(app);
  std::vector<std::string> names;
  for (const auto* sub : commands) names.push_back(sub->get_name());
  std::vector<std::string> top;
  for (const auto& o : options_of(app))
    for (const auto& n : o.names) top.push_back(n);
  out << "# bash completion for xpgn. Generated by xpgn --generate-completions bash; do not "
         "edit.\n"
      << "_xpgn() {\n"
      << "  local cur=\"${COMP_WORDS[COMP_CWORD]}\" prev=\"\" command=\"\" files=0 i\n"
      << "  ((COMP_CWORD > 0)) && prev=\"${COMP_WORDS[COMP_CWORD - 1]}\"\n"
      << "  if [[ $cur == = ]]; then cur=\"\"; fi\n"
      << "  if [[ $prev == = ]] && ((COMP_CWORD > 1)); then prev=\"${COMP_WORDS[COMP_CWORD - "
         "2]}\"; fi\n"
      << "  for ((i = 1; i < COMP_CWORD; i++)); do\n"
      << "    case \"${COMP_WORDS[i]}\" in\n"
      << "      " << join(names, "|") << ") command=\"${COMP_WORDS[i]}\"; break ;;\n"
      << "    esac\n"
      << "  done\n"
      << "  local options=\"\"\n"
      << "  case \"$command\" in\n"
      << "    \"\")\n"
      << "      if [[ $cur != -* ]]; then\n"
      << "        mapfile -t COMPREPLY < <(compgen -W " << shell_quote(join(names))
      << " -- \"$cur\")\n"
      << "        return 0\n"
      << "      fi\n"
      << "      options=" << shell_quote(join(top)) << " ;;\n";
  for (const auto* sub : commands) {
    const auto options = options_of(*sub);
    std::vector<std::string> all;
    out << "    " << sub->get_name() << ")\n";
    for (const auto& o : options)
      if (!o.positional.empty() && o.files) out << "      files=1\n";
    out << "      case \"$prev\" in\n";
    for (const auto& o : options) {
      for (const auto& n : o.names) all.push_back(n);
      if (!o.positional.empty() || o.metavar.empty()) continue;
      out << "        " << join(o.names, "|") << ")\n";
      if (!o.choices.empty()) {
        out << "          mapfile -t COMPREPLY < <(compgen -W " << shell_quote(join(o.choices))
            << " -- \"$cur\")\n";
      } else if (o.files) {
        out << "          compopt -o filenames 2>/dev/null\n"
            << "          mapfile -t COMPREPLY < <(compgen -f -- \"$cur\")\n";
      }
      out << "          return 0 ;;\n";
    }
    out << "      esac\n      options=" << shell_quote(join(all)) << " ;;\n";
  }
  out << "  esac\n"
      << "  if [[ $cur == -* || $files == 0 ]]; then\n"
      << "    mapfile -t COMPREPLY < <(compgen -W \"$options\" -- \"$cur\")\n"
      << "  else\n"
      << "    compopt -o filenames 2>/dev/null\n"
      << "    mapfile -t COMPREPLY < <(compgen -f -- \"$cur\")\n"
      << "  fi\n"
      << "  return 0\n"
      << "}\n"
      << "complete -F _xpgn xpgn\n";
}

// `text` for the description part of a zsh _arguments spec: [ ] : and \ escaped.
std::string zsh_description(std::string_view text) {
  std::string out;
  for (char c : text) {
    if (c == '[' || c == ']' || c == '\\' || c == ':') out += '\\';
    out += c;
  }
  return out;
}

// The _arguments specs of one option (one per name, the names excluding each other).
std::vector<std::string> zsh_specs(const OptionInfo& o) {
  std::vector<std::string> specs;
  std::string action = " ";
  if (!o.choices.empty())
    action = "(" + join(o.choices) + ")";
  else if (o.files)
    action = "_files";
  if (!o.positional.empty()) {
    specs.push_back((o.repeatable ? "*:" : ":") + o.positional + ":" + action);
    return specs;
  }
  std::string exclusion;
  if (o.names.size() > 1 && !o.repeatable) exclusion = "(" + join(o.names) + ")";
  for (const auto& n : o.names) {
    std::string spec = exclusion + (o.repeatable ? "*" : "") + n;
    if (!o.metavar.empty()) spec += n.size() == 2 ? "+" : "=";
    spec += "[" + zsh_description(o.description) + "]";
    if (!o.metavar.empty()) spec += ":" + zsh_description(o.metavar) + ":" + action;
    specs.push_back(spec);
  }
  return specs;
}

// The zsh script (#compdef): commands with descriptions, then each command's _arguments.
void write_zsh(std::ostream& out, const CLI::App& app) {
  out << "#compdef xpgn\n"
      << "# zsh completion for xpgn. Generated by xpgn --generate-completions zsh; do not edit.\n"
      << "_xpgn() {\n"
      << "  local curcontext=\"$curcontext\" state line\n"
      << "  typeset -A opt_args\n"
      << "  _arguments -C \\\n";
  for (const auto& o : options_of(app))
    for (const auto& spec : zsh_specs(o)) out << "    " << shell_quote(spec) << " \\\n";
  out << "    '1:command:->command' \\\n"
      << "    '*::argument:->argument'\n"
      << "  case $state in\n"
      << "    command)\n"
      << "      local -a commands\n"
      << "      commands=(\n";
  for (const auto* sub : commands_of(app))
    out << "        " << shell_quote(sub->get_name() + ":" + sub->get_description()) << '\n';
  out << "      )\n"
      << "      _describe -t commands 'xpgn command' commands ;;\n"
      << "    argument)\n"
      << "      case $line[1] in\n";
  for (const auto* sub : commands_of(app)) {
    out << "        " << sub->get_name() << ")\n          _arguments";
    for (const auto& o : options_of(*sub))
      for (const auto& spec : zsh_specs(o)) out << " \\\n            " << shell_quote(spec);
    out << " ;;\n";
  }
  out << "      esac ;;\n"
      << "  esac\n"
      << "}\n"
      << "if [[ $funcstack[1] == _xpgn ]]; then\n"
      << "  _xpgn \"$@\"\n"
      << "else\n"
      << "  compdef _xpgn xpgn\n"
      << "fi\n";
}

// `text` in single quotes for fish.
std::string fish_quote(std::string_view text) {
  std::string out = "'";
  for (char c : text) {
    if (c == '\'' || c == '\\') out += '\\';
    out += c;
  }
  return out + "'";
}

// The fish script: one `complete` line per command and per option of each command.
void write_fish(std::ostream& out, const CLI::App& app) {
  std::vector<std::string> names;
  for (const auto* sub : commands_of(app)) names.push_back(sub->get_name());
  out << "# fish completion for xpgn. Generated by xpgn --generate-completions fish; do not "
         "edit.\n"
      << "complete -c xpgn -f\n";
  const auto option_line = [&](const std::string& condition, const OptionInfo& o) {
    out << "complete -c xpgn -n " << fish_quote(condition);
    for (const auto& n : o.names)
      out << (n.size() == 2 ? " -s " : " -l ") << (n.size() == 2 ? n.substr(1) : n.substr(2));
    if (!o.metavar.empty()) {
      if (o.files)
        out << " -r -F";
      else
        out << " -x";
      if (!o.choices.empty()) out << " -a " << fish_quote(join(o.choices));
    }
    out << " -d " << fish_quote(o.description) << '\n';
  };
  for (const auto& o : options_of(app)) option_line("__fish_use_subcommand", o);
  for (const auto* sub : commands_of(app))
    out << "complete -c xpgn -n __fish_use_subcommand -a " << sub->get_name() << " -d "
        << fish_quote(sub->get_description()) << '\n';
  for (const auto* sub : commands_of(app)) {
    const std::string condition = "__fish_seen_subcommand_from " + sub->get_name();
    for (const auto& o : options_of(*sub)) {
      if (o.positional.empty())
        option_line(condition, o);
      else if (o.files)
        out << "complete -c xpgn -n " << fish_quote(condition) << " -F\n";
    }
  }
}

// ---- Random games ----------------------------------------------------------------------------
// The profile-guided build (.ci/build) learns where the time goes from a run of xpgn on such
// games (.ci/pgo-train), and the bench times every variant on them with another seed: made from
// the rules alone, so that no sample game is among them, and the same for the same count and seed.

// Writes `count` games of random legal moves of every catalog variant to `out`, each with its
// [Variant] tag, at most `max_plies` plies long, ending early where the rules end the game.
void write_random_games(std::ostream& out, int count, std::uint64_t seed, int max_plies) {
  std::uint64_t state = seed * 0x9E3779B97F4A7C15ULL + 1;  // a linear congruential generator
  auto pick = [&state](std::size_t n) {
    state = state * 6364136223846793005ULL + 1442695040888963407ULL;
    return static_cast<std::size_t>((state >> 33) % n);
  };
  for (const rules::Variant* variant : catalog::all_variants()) {
    for (int game = 0; game < count; ++game) {
      rules::Position pos = rules::Position::start(*variant);
      std::vector<std::uint64_t> keys;
      std::string movetext;
      std::string_view result = "*";
      for (int ply = 0;; ++ply) {
        const rules::Outcome outcome = rules::judge(pos, keys);
        if (outcome.decided()) {
          result = outcome.result();
          break;
        }
        if (ply == max_plies) break;
        rules::MoveList legal;
        rules::generate_legal(pos, legal);
        if (legal.empty()) break;
        const rules::Move& move = legal[pick(legal.size())];
        const rules::Position after = rules::play(pos, move);
        if (pos.side_to_move() == Color::white || ply == 0)
          movetext += std::to_string(pos.fullmove_number()) +
                      (pos.side_to_move() == Color::white ? ". " : "... ");
        movetext += rules::to_san(pos, move, &after);
        movetext += ' ';
        keys.push_back(pos.key());
        pos = after;
      }
      out << "[Event \"xpgn random game " << game + 1 << "\"]\n[Variant \"" << variant->id
          << "\"]\n[Result \"" << result << "\"]\n\n"
          << movetext << result << "\n\n";
    }
  }
}

}  // namespace

std::optional<int> run_generator(CLI::App& app, int argc, char** argv) {
  if (argc < 3 || argc > 4) return std::nullopt;
  const std::string_view what = argv[1];
  const std::string arg = argv[2];
  if (what == "--generate-man" && argc == 3) return generate_man(app, arg);
  if (what == "--generate-random-games") {
    int count = 0;
    std::uint64_t seed = 1;
    auto read = [](std::string_view text, auto& value) {
      const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
      return error == std::errc() && end == text.data() + text.size();
    };
    if (!read(arg, count) || count < 1 || (argc == 4 && !read(argv[3], seed))) {
      std::cerr << "xpgn: --generate-random-games N [SEED]: N is a positive count, SEED a "
                   "number\n";
      return exit_usage;
    }
    write_random_games(std::cout, count, seed, 160);
    return exit_ok;
  }
  if (what != "--generate-completions") return std::nullopt;
  std::ostringstream script;
  if (arg == "bash") {
    write_bash(script, app);
  } else if (arg == "zsh") {
    write_zsh(script, app);
  } else if (arg == "fish") {
    write_fish(script, app);
  } else {
    std::cerr << "xpgn: --generate-completions: unknown shell '" << arg
              << "' (bash, zsh or fish)\n";
    return exit_usage;
  }
  if (argc == 3) {
    std::cout << script.str();
    return exit_ok;
  }
  std::ofstream out(argv[3]);
  out << script.str();
  out.close();
  if (!out) {
    std::cerr << "xpgn: cannot write " << argv[3] << '\n';
    return exit_usage;
  }
  return exit_ok;
}

}  // namespace xpgn::cli
