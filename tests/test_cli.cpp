// Tests of the xpgn command-line tool, run as a separate process on files in tests/data/cli.
#include <catch2/catch.hpp>

#include <fcntl.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

namespace {

// The last line of `text` (without its newline).
std::string last_line(const std::string& text) {
  std::string t = text;
  while (!t.empty() && t.back() == '\n') t.pop_back();
  auto nl = t.rfind('\n');
  return nl == std::string::npos ? t : t.substr(nl + 1);
}

// The contents of a file.
std::string slurp(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

namespace fs = std::filesystem;

// What a shell command did: its status as a shell reports it (128+N after signal N), its
// standard output and its standard error.
struct Shell {
  int status = -1;
  std::string out;
  std::string err;
};

// The status of a finished child as a shell reports it.
int shell_status(int raw) {
  if (WIFEXITED(raw)) return WEXITSTATUS(raw);
  if (WIFSIGNALED(raw)) return 128 + WTERMSIG(raw);
  return -1;
}

// A fresh, empty folder for one test, removed with its contents at the end of the test.
struct Scratch {
  fs::path dir;
  explicit Scratch(const std::string& name)
      : dir(fs::temp_directory_path() / ("xpgn-cli-" + std::to_string(getpid()) + "-" + name)) {
    fs::remove_all(dir);
    fs::create_directories(dir);
  }
  ~Scratch() {
    std::error_code ec;
    fs::remove_all(dir, ec);
  }
  std::string operator/(const std::string& name) const { return (dir / name).string(); }
};

// Runs `command` with /bin/sh in the CLI test data directory; "XPGN" in it is the binary.
Shell sh(std::string command) {
  for (auto at = command.find("XPGN"); at != std::string::npos; at = command.find("XPGN", at))
    command.replace(at, 4, "'" + std::string(XPGN_BINARY) + "'");
  static int calls = 0;
  const std::string err_file =
      (fs::temp_directory_path() /
       ("xpgn-cli-stderr-" + std::to_string(getpid()) + "-" + std::to_string(++calls)))
          .string();
  const std::string full =
      "cd '" + std::string(XPGN_TEST_DATA) + "/cli' && { " + command + "\n} 2>'" + err_file + "'";
  Shell r;
  FILE* pipe = popen(full.c_str(), "r");
  if (!pipe) return r;
  std::array<char, 4096> buffer{};
  std::size_t n = 0;
  while ((n = fread(buffer.data(), 1, buffer.size(), pipe)) > 0) r.out.append(buffer.data(), n);
  r.status = shell_status(pclose(pipe));
  r.err = slurp(err_file);
  fs::remove(err_file);
  return r;
}

// Runs `xpgn ARGS` in the CLI test data directory.
Shell run(const std::string& args) {
  return sh("XPGN " + args);
}

// The names in `dir` that start with `prefix`.
std::vector<std::string> names_starting(const fs::path& dir, const std::string& prefix) {
  std::vector<std::string> names;
  for (const auto& entry : fs::directory_iterator(dir)) {
    const std::string name = entry.path().filename().string();
    if (name.rfind(prefix, 0) == 0) names.push_back(name);
  }
  return names;
}

// Waits up to 20 s for `done()`; its last value.
template <typename Condition>
bool wait_for(Condition done) {
  for (int i = 0; i < 2000; ++i) {
    if (done()) return true;
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  return done();
}

// A PGN file of `copies` copies of tests/data/cli/`source`, written to `path`.
void write_many_games(const std::string& path, int copies,
                      const std::string& source = "valid.pgn") {
  const std::string games = slurp(std::string(XPGN_TEST_DATA) + "/cli/" + source);
  std::ofstream out(path, std::ios::binary);
  for (int i = 0; i < copies; ++i) out << games << '\n';
}

}  // namespace

TEST_CASE("xpgn check on valid games exits 0 with the summary") {
  Shell r = run("check valid.pgn");
  CHECK(r.status == 0);
  CHECK(r.out == "checked 2 games: 2 valid, 0 invalid\n");
}

TEST_CASE("xpgn check reports an illegal move and exits 1") {
  Shell r = run("check invalid.pgn");
  INFO(r.out);
  CHECK(r.status == 1);
  CHECK(last_line(r.out) == "checked 3 games: 2 valid, 1 invalid");
  CHECK(r.out.rfind("invalid.pgn:20:8: error: game 2, ply 6 'Ke6': illegal move", 0) == 0);
  CHECK(r.out.find("invalid.pgn:30:35: warning: game 3, ply 7 'Qxf7+': wrong check mark") !=
        std::string::npos);
  Shell quiet = run("check --quiet invalid.pgn");
  CHECK(quiet.status == 1);
  CHECK(quiet.out == "checked 3 games: 2 valid, 1 invalid\n");
  Shell errors = run("check --no-warnings invalid.pgn");
  CHECK(errors.out.find("warning") == std::string::npos);
  CHECK(errors.out.find("error") != std::string::npos);
}

TEST_CASE("xpgn check reads standard input and several files, and --jobs keeps the order") {
  Shell stdin_run = run("check < invalid.pgn");
  CHECK(stdin_run.status == 1);
  CHECK(stdin_run.out.rfind("-:20:8: error: game 2, ply 6 'Ke6'", 0) == 0);
  Shell one = run("check --jobs 1 valid.pgn invalid.pgn valid.pgn");
  Shell two = run("check --jobs 2 valid.pgn invalid.pgn valid.pgn");
  CHECK(one.status == 1);
  CHECK(one.out == two.out);
  CHECK(last_line(one.out) == "checked 7 games: 6 valid, 1 invalid");
  Shell split = run("check --jobs 3 invalid.pgn");
  CHECK(split.out == run("check invalid.pgn").out);
}

TEST_CASE("xpgn check names a missing file, goes on and exits 2") {
  Shell r = run("check no-such-file.pgn valid.pgn");
  CHECK(r.status == 2);
  CHECK(last_line(r.out) == "checked 2 games: 2 valid, 0 invalid");
  CHECK(r.err.find("xpgn: no-such-file.pgn: no such file or directory") != std::string::npos);
}

TEST_CASE("xpgn convert and check take --encoding and refuse an unknown one") {
  const std::string path = (fs::temp_directory_path() / "xpgn-encoding-test.pgn").string();
  {
    std::ofstream out(path, std::ios::binary);
    out << "[Event \"a\"]\n[Site \"Si\xa2n\"]\n\n1. e4 *\n";
  }
  Shell guessed = run("convert --to jsonl " + path);
  CHECK(guessed.status == 0);
  CHECK(guessed.out.find("Si\xc2\xa2n") != std::string::npos);  // no tell-tale byte: Latin
  Shell forced = run("convert --to jsonl --encoding CP437 " + path);
  CHECK(forced.status == 0);
  CHECK(forced.out.find("Si\xc3\xb3n") != std::string::npos);
  Shell bad = run("check --encoding no-such-encoding " + path);
  CHECK(bad.status == 2);
  CHECK(bad.err.find("unknown encoding 'no-such-encoding'") != std::string::npos);
  fs::remove(path);
}

TEST_CASE("xpgn reads East Asian records in legacy encodings as their UTF-8 originals") {
  const std::string dir = std::string(XPGN_TEST_DATA) + "/encodings/";
  const std::pair<const char*, const char*> files[] = {
      {"korean-euc-kr.pgn", "../notations/korean.pgn"},
      {"xiangqi-gb2312.pgn", "xiangqi-utf8.pgn"},
      {"shogi-shift-jis.pgn", "shogi-utf8.pgn"}};
  for (const auto& [legacy, utf8] : files) {
    INFO(legacy);
    Shell decoded = run("convert --to pgn " + dir + legacy);
    Shell original = run("convert --to pgn " + dir + utf8);
    CHECK(decoded.status == original.status);
    CHECK(decoded.out == original.out);
    CHECK(decoded.err.find("input is not UTF-8: decoded as ") != std::string::npos);
  }
}

TEST_CASE("xpgn check --format json") {
  Shell r = run("check --format json invalid.pgn");
  CHECK(r.status == 1);
  auto doc = nlohmann::json::parse(r.out);
  CHECK(doc["games"] == 3);
  CHECK(doc["invalid"] == 1);
  REQUIRE(doc["diagnostics"].size() >= 1);
  CHECK(doc["diagnostics"][0]["line"] == 20);
  CHECK(doc["diagnostics"][0]["token"] == "Ke6");
}

TEST_CASE("xpgn convert writes PGN and JSON, and never over an input") {
  Shell pgn = run("convert --to pgn valid.pgn");
  CHECK(pgn.status == 0);
  CHECK(pgn.out.find("1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7# 1-0") != std::string::npos);
  Shell json = run("convert --to json valid.pgn");
  CHECK(json.status == 0);
  auto doc = nlohmann::json::parse(json.out);
  REQUIRE(doc.size() == 2);
  CHECK(doc[0]["moves"][6]["san"] == "Qxf7#");
  Shell lines = run("convert --to jsonl valid.pgn");
  CHECK(std::count(lines.out.begin(), lines.out.end(), '\n') == 2);
  Shell uci = run("convert --to uci valid.pgn");
  CHECK(uci.out.find("1. e2e4 e7e5 2. f1c4") != std::string::npos);
  Shell bad = run("convert --to pgn -o valid.pgn valid.pgn");
  CHECK(bad.status == 2);
  CHECK(slurp(std::string(XPGN_TEST_DATA) + "/cli/valid.pgn").rfind("[Event \"CLI test\"]", 0) ==
        0);
  // Output to a file: written whole, with diagnostics on stderr and exit 1 for invalid games.
  std::string target = std::filesystem::temp_directory_path() / "xpgn_cli_convert.pgn";
  Shell file = run("convert -o '" + target + "' invalid.pgn");
  CHECK(file.status == 1);
  // The moves after the illegal one are kept as read, after a comment saying why.
  CHECK(slurp(target).find("3. Bb5 {xpgn: not verified after ply 5: illegal move: king\nto e6") !=
        std::string::npos);
  CHECK(slurp(target).find("3... Ke6 4. O-O *") != std::string::npos);
  std::filesystem::remove(target);
}

TEST_CASE("xpgn perft, variants, version") {
  Shell p = run("perft --variant chess 3");
  CHECK(p.status == 0);
  CHECK(p.out == "8902\n");
  Shell d = run("perft --divide 2");
  CHECK(d.status == 0);
  CHECK(last_line(d.out) == "400");
  CHECK(d.out.find("Nf3: 20\n") != std::string::npos);
  CHECK(std::count(d.out.begin(), d.out.end(), '\n') == 21);
  Shell v = run("variants");
  CHECK(v.status == 0);
  CHECK(v.out.rfind("chess ", 0) == 0);
  Shell version = run("--version");
  CHECK(version.out.find("0.1.0") != std::string::npos);
  Shell usage = run("check --bogus");
  CHECK(usage.status == 2);
}

TEST_CASE("xpgn --generate-random-games: random legal games of every variant, by seed") {
  Scratch scratch("random-games");
  const std::string games = scratch / "games.pgn";
  Shell made = run("--generate-random-games 3 7 >'" + games + "'");
  REQUIRE(made.status == 0);
  const std::string text = slurp(games);
  // Three games of each catalog variant, each with its [Variant] tag.
  Shell variants = run("variants");
  const auto variant_count = std::count(variants.out.begin(), variants.out.end(), '\n');
  std::size_t events = 0;
  for (auto at = text.find("[Event "); at != std::string::npos; at = text.find("[Event ", at + 1))
    ++events;
  CHECK(events == static_cast<std::size_t>(3 * variant_count));
  CHECK(text.find("[Variant \"maxim\"]") != std::string::npos);
  CHECK(text.find("[Variant \"reservists\"]") != std::string::npos);
  // The rules that wrote the moves accept them as written, and mean the results they wrote.
  Shell checked = run("check --strict '" + games + "'");
  CHECK(checked.status == 0);
  CHECK(last_line(checked.out) == "checked " + std::to_string(events) +
                                      " games: " + std::to_string(events) + " valid, 0 invalid");
  // The same count and seed give the same games; another seed other games.
  CHECK(run("--generate-random-games 3 7").out == text);
  CHECK(run("--generate-random-games 3 8").out != text);
  Shell bad = run("--generate-random-games 0");
  CHECK(bad.status == 2);
  CHECK(bad.err.find("positive count") != std::string::npos);
  CHECK(run("--generate-random-games 2 x").status == 2);
}

// Starts `xpgn convert -o TARGET FIFO` reading from a FIFO this test writes one game into and
// keeps open, waits for the temporary output file, then sends `signal_number`.
void check_signal_removes_temporary(int signal_number) {
  Scratch scratch("signal-" + std::to_string(signal_number));
  const std::string fifo = scratch / "input.fifo";
  const std::string target = scratch / "out.pgn";
  REQUIRE(mkfifo(fifo.c_str(), 0600) == 0);
  const pid_t pid = fork();
  REQUIRE(pid >= 0);
  if (pid == 0) {
    const int null = open("/dev/null", O_WRONLY);
    dup2(null, STDOUT_FILENO);
    dup2(null, STDERR_FILENO);
    execl(XPGN_BINARY, "xpgn", "convert", "-o", target.c_str(), fifo.c_str(),
          static_cast<char*>(nullptr));
    _exit(127);
  }
  int writer = -1;
  CHECK(wait_for([&] { return (writer = open(fifo.c_str(), O_WRONLY | O_NONBLOCK)) >= 0; }));
  const std::string game = slurp(std::string(XPGN_TEST_DATA) + "/cli/valid.pgn");
  if (writer >= 0) CHECK(write(writer, game.data(), game.size()) > 0);
  // The game is read and converted; the input stays open, so the output is not committed.
  CHECK(wait_for([&] { return !names_starting(scratch.dir, ".out.pgn.tmp").empty(); }));
  kill(pid, signal_number);
  int raw = 0;
  waitpid(pid, &raw, 0);
  if (writer >= 0) close(writer);
  CHECK(shell_status(raw) == 128 + signal_number);
  CHECK(names_starting(scratch.dir, ".out.pgn.tmp").empty());
  CHECK_FALSE(fs::exists(target));
}

TEST_CASE("xpgn convert -o leaves no temporary file after SIGTERM or SIGINT", "[cli][io]") {
  check_signal_removes_temporary(SIGTERM);
  check_signal_removes_temporary(SIGINT);
}

TEST_CASE("xpgn convert -o keeps a symbolic link and writes devices directly", "[cli][io]") {
  Scratch scratch("link");
  std::ofstream(scratch / "real.pgn") << "old\n";
  fs::create_symlink("real.pgn", scratch / "link.pgn");
  Shell r = sh("XPGN convert -o '" + scratch / "link.pgn" + "' valid.pgn");
  CHECK(r.status == 0);
  CHECK(fs::is_symlink(scratch / "link.pgn"));
  CHECK(slurp(scratch / "real.pgn").rfind("[Event \"CLI test\"]", 0) == 0);
  CHECK(names_starting(scratch.dir, ".").empty());
  // A new file gets mode 0666 less the umask; on failure nothing is left behind.
  Shell fresh = sh("umask 027 && XPGN convert -o '" + scratch / "new.pgn" + "' valid.pgn");
  CHECK(fresh.status == 0);
  CHECK(fs::status(scratch / "new.pgn").permissions() ==
        (fs::perms::owner_read | fs::perms::owner_write | fs::perms::group_read));
  Shell failed = sh("XPGN convert -o '" + scratch / "failed.pgn" + "' valid.pgn missing.pgn");
  CHECK(failed.status == 2);
  CHECK(failed.err.find("failed.pgn not written") != std::string::npos);
  CHECK_FALSE(fs::exists(scratch / "failed.pgn"));
  CHECK(names_starting(scratch.dir, ".").empty());
  // /dev/null cannot be replaced by a file: it is written to, and stays a device.
  Shell null = sh("XPGN convert -o /dev/null valid.pgn");
  CHECK(null.status == 0);
  struct stat st = {};
  CHECK(stat("/dev/null", &st) == 0);
  CHECK(S_ISCHR(st.st_mode));
}

TEST_CASE("no subcommand writes over one of its inputs, by any name", "[cli][io]") {
  Scratch scratch("clash");
  const std::string input = scratch / "in.pgn";
  fs::copy_file(std::string(XPGN_TEST_DATA) + "/cli/valid.pgn", input);
  const std::string original = slurp(input);
  fs::create_symlink(input, scratch / "link.pgn");
  fs::create_hard_link(input, scratch / "hard.pgn");
  const std::vector<std::string> commands = {
      "XPGN render -o '" + input + "' '" + input + "'",
      "XPGN render -o '" + scratch / "link.pgn" + "' '" + input + "'",
      "XPGN render -o '" + scratch / "hard.pgn" + "' '" + input + "'",
      "XPGN render '" + input + "' >> '" + scratch / "hard.pgn" + "'",
      "XPGN convert -o '" + scratch / "hard.pgn" + "' '" + scratch / "link.pgn" + "'",
      "XPGN convert '" + input + "' >> '" + input + "'",
      "XPGN convert < '" + input + "' >> '" + scratch / "link.pgn" + "'",
      "XPGN check '" + input + "' >> '" + scratch / "hard.pgn" + "'",
  };
  for (const auto& command : commands) {
    INFO(command);
    Shell r = sh(command);
    CHECK(r.status == 2);
    CHECK(r.err.find("is the same file as the input") != std::string::npos);
    CHECK(slurp(input) == original);
  }
  // --all-plies: a file of the folder that is the input is not written over either.
  const std::string plies = scratch / "plies";
  fs::create_directories(plies);
  fs::copy_file(input, plies + "/game1-ply003.svg");
  Shell all = sh("XPGN render --all-plies -o '" + plies + "' '" + plies + "/game1-ply003.svg'");
  CHECK(all.status == 2);
  CHECK(slurp(plies + "/game1-ply003.svg") == original);
}

TEST_CASE("a failed write is an error naming the output, exit 2", "[cli][io]") {
  const std::vector<std::string> commands = {
      "XPGN convert valid.pgn > /dev/full",  "XPGN convert --to json valid.pgn > /dev/full",
      "XPGN check valid.pgn > /dev/full",    "XPGN perft 2 > /dev/full",
      "XPGN render valid.pgn > /dev/full",   "XPGN variants > /dev/full",
      "XPGN convert -o /dev/full valid.pgn", "XPGN render -o /dev/full valid.pgn",
  };
  for (const auto& command : commands) {
    INFO(command);
    Shell r = sh(command);
    CHECK(r.status == 2);
    const bool to_file = command.find("-o /dev/full") != std::string::npos;
    CHECK(r.err.find(to_file ? "/dev/full: write error: no space left on device"
                             : "standard output: write error: no space left on device") !=
          std::string::npos);
  }
}

TEST_CASE("a file write that fails leaves no file, names the target, exit 2", "[cli][io]") {
  Scratch scratch("limit");
  write_many_games(scratch / "many.pgn", 1000);  // about 350 kB of output
  // Files over 64 KiB (128 KiB where the shell counts 1024-byte blocks) cannot be written.
  Shell r = sh("ulimit -f 128 && XPGN convert -o '" + scratch / "out.pgn" + "' '" +
               scratch / "many.pgn" + "'");
  CHECK(r.status == 2);
  CHECK(r.err.find(scratch / "out.pgn" + ": write error: file too large") != std::string::npos);
  CHECK_FALSE(fs::exists(scratch / "out.pgn"));
  CHECK(names_starting(scratch.dir, ".").empty());
}

TEST_CASE("a closed pipe ends xpgn quietly, even when SIGPIPE is ignored", "[cli][io]") {
  Scratch scratch("pipe");
  write_many_games(scratch / "many.pgn", 2000);                   // far more than a pipe holds
  write_many_games(scratch / "faults.pgn", 2000, "invalid.pgn");  // two diagnostics per copy
  const std::vector<std::string> commands = {
      "convert --to pgn '" + scratch / "many.pgn" + "'",
      "convert --to json '" + scratch / "many.pgn" + "'",
      "convert --to uci '" + scratch / "many.pgn" + "'",
      "check '" + scratch / "faults.pgn" + "'",
      "check --jobs 2 '" + scratch / "faults.pgn" + "'",
  };
  for (const std::string ignore : {"", "trap '' PIPE; "}) {
    for (const auto& command : commands) {
      INFO(ignore << command);
      Shell r = sh(ignore + "{ XPGN " + command + "; echo $? > '" + scratch / "status" +
                   "'; } | head -c 10 > /dev/null");
      CHECK(r.err.empty());
      CHECK(slurp(scratch / "status") == "141\n");  // 128 + SIGPIPE, as a shell shows it
    }
  }
}

TEST_CASE("a directory, a device or an unreadable input is named with the reason", "[cli][io]") {
  Scratch scratch("inputs");
  const std::string dir = scratch / "folder.pgn";
  fs::create_directories(dir);
  for (const std::string command : {"check", "convert", "check --jobs 2"}) {
    INFO(command);
    Shell r = sh("XPGN " + command + " '" + dir + "' valid.pgn");
    CHECK(r.status == 2);
    CHECK(r.err.find(dir + ": is a directory") != std::string::npos);
    CHECK(r.out.find(command == "convert" ? "[Event \"CLI test\"]" : "checked 2 games") !=
          std::string::npos);
  }
  Shell render = sh("XPGN render '" + dir + "'");
  CHECK(render.status == 2);
  CHECK(render.err.find(dir + ": is a directory") != std::string::npos);
  // A device given by name is refused at once (reading /dev/zero would never end).
  Shell device = sh("timeout 20 XPGN check /dev/zero valid.pgn");
  CHECK(device.status == 2);
  CHECK(device.err.find("/dev/zero: is a device, not a file") != std::string::npos);
  CHECK(last_line(device.out) == "checked 2 games: 2 valid, 0 invalid");
  const std::string locked = scratch / "locked.pgn";
  fs::copy_file(std::string(XPGN_TEST_DATA) + "/cli/valid.pgn", locked);
  fs::permissions(locked, fs::perms::none);
  // Root reads every file: the check then runs as user nobody (65534) through setpriv.
  std::string as_user;
  if (geteuid() == 0) {
    if (std::system("command -v setpriv > /dev/null 2>&1") == 0)
      as_user = "setpriv --reuid=65534 --regid=65534 --clear-groups ";
    else
      WARN("unreadable-file check skipped: running as root without setpriv");
  }
  if (geteuid() != 0 || !as_user.empty()) {
    Shell r = sh(as_user + "XPGN check '" + locked + "' valid.pgn");
    CHECK(r.status == 2);
    CHECK(r.err.find(locked + ": permission denied") != std::string::npos);
    CHECK(last_line(r.out) == "checked 2 games: 2 valid, 0 invalid");
  }
}

TEST_CASE("standard input and FIFOs work with --jobs N", "[cli][io]") {
  Scratch scratch("fifo");
  const std::string fifo = scratch / "games.fifo";
  REQUIRE(mkfifo(fifo.c_str(), 0600) == 0);
  const std::string one = sh("XPGN check --jobs 1 invalid.pgn").out;
  for (const std::string jobs : {"1", "2", "4"}) {
    INFO("jobs " << jobs);
    Shell from_fifo =
        sh("cat invalid.pgn > '" + fifo + "' & XPGN check --jobs " + jobs + " '" + fifo + "'");
    CHECK(from_fifo.status == 1);
    CHECK(from_fifo.err.empty());
    std::string expected = one;
    for (auto at = expected.find("invalid.pgn:"); at != std::string::npos;
         at = expected.find("invalid.pgn:", at + fifo.size()))
      expected.replace(at, std::string("invalid.pgn").size(), fifo);
    CHECK(from_fifo.out == expected);
    Shell from_stdin = sh("cat invalid.pgn | XPGN check --jobs " + jobs + " - valid.pgn");
    CHECK(from_stdin.status == 1);
    CHECK(from_stdin.out == sh("XPGN check --jobs 1 - valid.pgn < invalid.pgn").out);
    CHECK(last_line(from_stdin.out) == "checked 5 games: 4 valid, 1 invalid");
  }
}

TEST_CASE("xpgn check --jobs N reports header-only and comment-only files as --jobs 1",
          "[cli][io]") {
  for (const std::string file : {"header-only.pgn", "comment-only.pgn"}) {
    for (const std::string format : {"text", "json"}) {
      INFO(file << " " << format);
      Shell one = sh("XPGN check --format " + format + " --jobs 1 " + file);
      Shell two = sh("XPGN check --format " + format + " --jobs 2 " + file);
      CHECK(one.status == two.status);
      CHECK(one.out == two.out);
      CHECK(one.err == two.err);
    }
  }
}

// Every .pgn file of the shared corpus (subfolders included), the .pgn.xz files decompressed
// into `scratch`; `skipped` says what could not be included.
std::vector<std::string> corpus_files(const Scratch& scratch, std::string& skipped) {
  const fs::path corpus = fs::path(XPGN_SHARED_DIR) / "corpus";
  std::vector<std::string> files;
  if (!fs::is_directory(corpus)) {
    skipped = corpus.string() + " is not a directory (the shared corpus is not checked out)";
    return files;
  }
  const bool have_xz = std::system("command -v xz > /dev/null 2>&1") == 0;
  for (const auto& entry : fs::recursive_directory_iterator(corpus)) {
    const std::string path = entry.path().string();
    if (path.size() > 4 && path.compare(path.size() - 4, 4, ".pgn") == 0) {
      files.push_back(path);
    } else if (path.size() > 7 && path.compare(path.size() - 7, 7, ".pgn.xz") == 0) {
      if (!have_xz) {
        skipped += path + " (no xz command) ";
        continue;
      }
      const std::string out = scratch / entry.path().stem().string();
      if (std::system(("xz -dc '" + path + "' > '" + out + "'").c_str()) == 0)
        files.push_back(out);
      else
        skipped += path + " (xz failed) ";
    }
  }
  std::sort(files.begin(), files.end());
  return files;
}

// Runs `xpgn COMMAND` with --jobs 1 and --jobs 2 over every file of the shared corpus with
// `option` `whole` (such as "--format text"), and over every file but the big ones with `option`
// `small` (a longer output); each pair must give the same output, errors and status.
void corpus_jobs_match(const std::string& command, const std::string& option,
                       const std::string& whole, const std::string& small) {
  Scratch scratch("corpus-" + command);
  std::string skipped;
  const auto files = corpus_files(scratch, skipped);
  if (!skipped.empty()) WARN("corpus " << command << " --jobs test: left out " << skipped);
  if (files.empty()) return;
  std::string all, small_files;
  for (const auto& f : files) {
    all += " '" + f + "'";
    if (fs::file_size(f) < 5000000) small_files += " '" + f + "'";
  }
  for (const auto& [format, args] : {std::pair{whole, all}, std::pair{small, small_files}}) {
    INFO(files.size() << " files, " << command << " " << option << " " << format);
    const std::string run = "XPGN " + command + " " + option + " " + format;
    Shell one = sh(run + " --jobs 1" + args);
    Shell two = sh(run + " --jobs 2" + args);
    CHECK(one.status == two.status);
    CHECK(one.out == two.out);
    CHECK(one.err == two.err);
    CHECK(one.out.size() > 100000);  // the outputs are not trivially equal
  }
}

TEST_CASE("xpgn check --jobs 2 gives the report of --jobs 1 byte for byte on the whole corpus",
          "[cli][io][corpus]") {
  corpus_jobs_match("check", "--format", "text", "json");
}

// Canonical PGN of every file; JSON Lines (some 60 bytes for each byte read) of the small ones.
TEST_CASE("xpgn convert --jobs 2 writes the bytes of --jobs 1 on the whole corpus",
          "[cli][io][corpus]") {
  corpus_jobs_match("convert", "--to", "pgn", "jsonl");
}

TEST_CASE("a replay reaching K+P v K with a running pawn builds no dead-position table",
          "[cli][dead]") {
  // The pawn can promote, which a short search finds: the game needs no table. When the only
  // move takes the queen (so the position is dead), the search finds nothing, and the capture
  // that every move makes, leaving bare kings, decides without the K+Q v K table (a second to
  // build). XPGN_DEAD_TRACE lists the searches made and the tables built ("... from K+P vs K").
  Scratch scratch("dead-trace");
  std::ofstream(scratch / "run.pgn")
      << "[Event \"r\"]\n[SetUp \"1\"]\n[FEN \"8/8/8/4k3/8/8/4P3/4K3 w - - 0 1\"]\n\n1. e4 Kd6 *\n";
  std::ofstream(scratch / "forced.pgn")
      << "[Event \"q\"]\n[SetUp \"1\"]\n[FEN \"k7/1Q6/8/8/8/8/8/4K3 b - - 0 1\"]\n\n*\n";
  setenv("XPGN_DEAD_TRACE", "1", 1);  // inherited by the commands below
  const Shell running = run("check '" + (scratch / "run.pgn") + "'");
  CHECK(running.status == 0);
  CHECK(running.err.find("from K+P vs K") == std::string::npos);
  const Shell forced = run("check '" + (scratch / "forced.pgn") + "'");
  unsetenv("XPGN_DEAD_TRACE");
  INFO(forced.err);
  CHECK(forced.out.find("the game is over (insufficient_material)") != std::string::npos);
  CHECK(forced.err.find("dead-position search: chess K+Q vs K, nothing") != std::string::npos);
  CHECK(forced.err.find("from K+Q vs K") == std::string::npos);
}

TEST_CASE("a position whose search found a mating line is known alive when it comes again",
          "[cli][dead]") {
  // K+Q v K in the generic engine (the FIDE board knows a queen can mate): each ply's position
  // is searched for a mate, and no table is built. The positions of a line found are kept, so
  // when the start comes again after four plies its lookup expands nothing, and the searches
  // between start from near the kept line.
  Scratch scratch("dead-memo");
  std::ofstream(scratch / "again.pgn")
      << "[Event \"m\"]\n[SetUp \"1\"]\n[FEN \"8/8/8/3k4/8/8/1Q6/4K3 w - - 0 1\"]\n\n"
         "1. Qc2 Kd4 2. Qb2+ Kd5 *\n";
  setenv("XPGN_DEAD_TRACE", "1", 1);  // inherited by the command below
  setenv("XPGN_GENERIC_CHESS", "1", 1);
  const Shell again = run("check '" + (scratch / "again.pgn") + "'");
  unsetenv("XPGN_DEAD_TRACE");
  unsetenv("XPGN_GENERIC_CHESS");
  INFO(again.err);
  CHECK(again.status == 0);
  std::vector<std::string> searches;
  std::istringstream lines(again.err);
  for (std::string line; std::getline(lines, line);)
    if (line.rfind("dead-position search: chess K+Q vs K, alive after ", 0) == 0)
      searches.push_back(line);
  REQUIRE(searches.size() == 5);  // the start and each ply's position
  CHECK(searches.front().find("after 0 positions") == std::string::npos);
  CHECK(searches.back() == "dead-position search: chess K+Q vs K, alive after 0 positions");
  CHECK(again.err.find("from K+Q vs K") == std::string::npos);  // no table
}

TEST_CASE("check --format jsonl writes a record per game and a summary; sarif locates problems",
          "[cli][formats]") {
  Scratch scratch("formats");
  std::ofstream(scratch / "two games.pgn")
      << "[Event \"a\"]\n\n1. e4 e5 2. Ke3 *\n\n[Event \"b\"]\n\n1. d4 d5 2. c4 *\n";
  const std::string file = scratch / "two games.pgn";
  const Shell lines = run("check --format jsonl '" + file + "'");
  CHECK(lines.status == 1);
  std::vector<nlohmann::json> records;
  std::istringstream in(lines.out);
  for (std::string line; std::getline(in, line);) records.push_back(nlohmann::json::parse(line));
  REQUIRE(records.size() == 3);
  CHECK(records[0]["format"] == "xpgn-check-record");
  CHECK(records[0]["record"] == "game");
  CHECK(records[0]["valid"] == false);
  CHECK(records[0]["plies"] == 2);
  REQUIRE(records[0]["diagnostics"].size() == 1);
  CHECK(records[0]["diagnostics"][0]["token"] == "Ke3");
  CHECK(records[1]["game"] == 2);
  CHECK(records[1]["line"] == 5);
  CHECK(records[1]["valid"] == true);
  CHECK(records[1]["plies"] == 3);
  CHECK(records[2]["record"] == "summary");
  CHECK(records[2]["invalid"] == 1);

  const Shell sarif = run("check --format sarif '" + file + "'");
  CHECK(sarif.status == 1);
  const auto doc = nlohmann::json::parse(sarif.out);
  CHECK(doc["version"] == "2.1.0");
  const auto& results = doc["runs"][0]["results"];
  REQUIRE(results.size() == 1);
  CHECK(results[0]["ruleId"] == "illegal-move");
  CHECK(results[0]["level"] == "error");
  const auto& where = results[0]["locations"][0]["physicalLocation"];
  CHECK(where["region"]["startLine"] == 3);
  CHECK(where["region"]["startColumn"] == 13);
  // An absolute path becomes a file URI, the blank percent-encoded.
  const std::string uri = where["artifactLocation"]["uri"];
  CHECK(uri.rfind("file:///", 0) == 0);
  CHECK(uri.find("two%20games.pgn") != std::string::npos);
  CHECK(doc["runs"][0]["tool"]["driver"]["rules"][0]["id"] == "illegal-move");

  // Every format gives the same bytes with --jobs 2, and --quiet keeps only the summary.
  for (const char* format : {"text", "json", "jsonl", "sarif"}) {
    INFO(format);
    const std::string args = std::string("check --format ") + format + " '" + file + "' ";
    CHECK(run(args + "--jobs 2 invalid.pgn").out == run(args + "--jobs 1 invalid.pgn").out);
  }
  const Shell quiet = run("check --quiet --format jsonl '" + file + "'");
  CHECK(quiet.out.find("\"record\":\"game\"") == std::string::npos);
  CHECK(quiet.out.find("\"record\":\"summary\"") != std::string::npos);
}

namespace {

// Runs `xpgn COMMAND ARGS` (`check` unless told) with --jobs 1, and with --jobs 3 cutting each
// input into batches of about `batch` bytes (XPGN_CHECK_BATCH_BYTES, so that small files make
// many batches); both must give the same output, errors and status. `feed` goes before the
// command ("cat F | "). Returns the output of --jobs 1.
// The --jobs 1 runs of check_batches_match by command line. A --jobs 1 run is made without
// XPGN_CHECK_BATCH_BYTES, the same whatever batch size the --jobs 3 run is given, so a test case
// that compares several batch sizes runs each command line once with --jobs 1 (and --jobs 3 for
// each size); cleared where such a test case starts, as its scratch files are made anew.
std::map<std::string, Shell>& one_thread_runs() {
  static std::map<std::string, Shell> runs;
  return runs;
}

std::string check_batches_match(const std::string& args, const std::string& batch,
                                const std::string& feed = "",
                                const std::string& command = "check") {
  INFO(feed << command << " " << args << ", batches of " << batch << " bytes");
  const std::string one_line = feed + "XPGN " + command + " --jobs 1 " + args;
  auto known = one_thread_runs().find(one_line);
  if (known == one_thread_runs().end())
    known = one_thread_runs().emplace(one_line, sh(one_line)).first;
  const Shell one = known->second;
  setenv("XPGN_CHECK_BATCH_BYTES", batch.c_str(), 1);  // inherited by the command
  const Shell three = sh(feed + "XPGN " + command + " --jobs 3 " + args);
  unsetenv("XPGN_CHECK_BATCH_BYTES");
  CHECK(one.status == three.status);
  CHECK(one.out == three.out);
  CHECK(one.err == three.err);
  return one.out;
}

}  // namespace

TEST_CASE("xpgn check --jobs 3 cut into many small batches reports as --jobs 1", "[cli][io]") {
  one_thread_runs().clear();
  Scratch scratch("batches");
  // An input that turns to a legacy encoding at game 201 ("Caf\xE9" alone would be Latin-1),
  // decided as CP437 by the bytes that follow it: a batch ending right after that game must
  // take over the decision the whole input makes.
  {
    const std::string valid = slurp(std::string(XPGN_TEST_DATA) + "/cli/valid.pgn");
    std::string marked = valid;
    marked.replace(marked.find("[Event \""), 8, "[Event \"\x81 ");
    std::ofstream out(scratch / "switch.pgn", std::ios::binary);
    for (int i = 0; i < 100; ++i) out << valid << '\n';
    out << "[Event \"Caf\xE9\"]\n[Result \"*\"]\n\n1. e4 e5 *\n\n";
    for (int i = 0; i < 100; ++i) out << marked << '\n';
  }
  const std::string switched = "'" + scratch / "switch.pgn" + "'";
  REQUIRE(run("check " + switched).out.find("decoded as CP437") != std::string::npos);
  // Games too long for --max-game-size 50 or 100 at the reader's 1 MiB refills, and a game of 10 MB
  // (longer than a batch may grow: the rest of that input is checked on the reading thread).
  write_many_games(scratch / "many.pgn", 3000, "invalid.pgn");
  {
    const std::string games = slurp(scratch / "many.pgn");
    std::ofstream out(scratch / "long.pgn", std::ios::binary);
    out << games << "[Event \"long\"]\n\n1. e4 {";
    const std::string line = std::string(99, 'a') + "\n";  // in a comment
    for (int i = 0; i < 100000; ++i) out << line;
    out << "} e5 2. Ke2 *\n\n" << games;
  }
  const std::string many = "'" + scratch / "many.pgn" + "'";
  const std::string longer = "'" + scratch / "long.pgn" + "'";
  for (const std::string batch : {"1", "700", "100000"}) {
    for (const std::string format : {"text", "json", "jsonl", "sarif"})
      check_batches_match("--format " + format +
                              " valid.pgn invalid.pgn header-only.pgn comment-only.pgn " + switched,
                          batch);
    check_batches_match(switched, batch);
    check_batches_match("-", batch, "cat " + switched + " | ");
    check_batches_match("--encoding windows-1252 " + switched, batch);
  }
  for (const std::string batch : {"1000", "300000"}) {
    check_batches_match("--max-game-size 50 " + many, batch);
    check_batches_match(longer + " valid.pgn", batch);
    check_batches_match("--max-game-size 100 --format jsonl " + longer, batch);
    check_batches_match("--max-game-size 100 -", batch, "cat " + longer + " | ");
  }
  CHECK(run("check --max-game-size 50 " + many).out.find("the reader's limit") !=
        std::string::npos);
}

TEST_CASE("xpgn check --jobs 3 in small batches reports as --jobs 1 on legacy-encoded corpus files",
          "[cli][io][corpus]") {
  one_thread_runs().clear();
  const fs::path corpus = fs::path(XPGN_SHARED_DIR) / "corpus";
  const fs::path packed = corpus / "masters-gnuchess-book-60k.pgn.xz";
  if (!fs::exists(packed) || std::system("command -v xz > /dev/null 2>&1") != 0) {
    WARN("legacy-encoding batch test skipped: no " << packed.string() << " or no xz");
    return;
  }
  Scratch scratch("legacy");
  // 60000 games, CP437 from game 3,368 on (decided on the megabyte that follows it).
  const std::string masters = scratch / "masters.pgn";
  REQUIRE(std::system(("xz -dc '" + packed.string() + "' > '" + masters + "'").c_str()) == 0);
  const std::string file = "'" + masters + "'";
  for (const std::string name : {"dortmund.pgn", "pychess-mate-in-2.pgn"})  // ISO-8859-1
    check_batches_match("'" + (corpus / name).string() + "'", "1");
  check_batches_match("--format jsonl -", "20000", "cat " + file + " | ");
  // Too long games are found at the reader's refills; the encoding look-ahead holds these back.
  check_batches_match("--max-game-size 200 " + file, "30000");
  // The parts of `xpgn split` (a part may start where the encoding is still undecided).
  const Shell parts = run("split --args --parts 3 " + file);
  REQUIRE(parts.status == 0);
  std::istringstream lines(parts.out);
  for (std::string part; std::getline(lines, part);)
    check_batches_match("--part-summary " + part, "50000");
}

TEST_CASE("xpgn convert --jobs 3 cut into many small batches writes what --jobs 1 writes",
          "[cli][io]") {
  one_thread_runs().clear();
  Scratch scratch("convert-batches");
  write_many_games(scratch / "many.pgn", 200, "invalid.pgn");
  // A game of 10 MB in a comment between games: longer than a batch may grow (four batches and
  // eight reader refills, some 8.4 MB with batches of 1,000 bytes), so the rest of that input is
  // converted on the reading thread.
  {
    const std::string games = slurp(scratch / "many.pgn");
    std::ofstream out(scratch / "long.pgn", std::ios::binary);
    out << games << "[Event \"long\"]\n\n1. e4 {";
    const std::string line = std::string(99, 'a') + "\n";
    for (int i = 0; i < 100000; ++i) out << line;
    out << "} e5 2. Ke2 *\n\n" << games;
  }
  const std::string many = "'" + scratch / "many.pgn" + "'";
  const std::string longer = "'" + scratch / "long.pgn" + "'";
  // Variant games too (births, portals, passes and re-entry), from the samples.
  std::string samples;
  for (const auto& entry : fs::recursive_directory_iterator(XPGN_SAMPLES_DIR))
    if (entry.path().extension() == ".pgn") samples += " '" + entry.path().string() + "'";
  REQUIRE(!samples.empty());
  // A missing input among the others: its error comes where one thread gives it.
  const std::string inputs =
      "valid.pgn invalid.pgn header-only.pgn missing.pgn comment-only.pgn " + many + samples;
  for (const std::string batch : {"1", "700", "100000"}) {
    for (const std::string format : {"pgn", "json", "jsonl", "lan", "uci", "figurine"}) {
      const std::string out =
          check_batches_match("--to " + format + " " + inputs, batch, "", "convert");
      CHECK(out.size() > 100000);  // not trivially equal
    }
    check_batches_match("--to json -", batch, "cat " + many + " | ", "convert");
  }
  check_batches_match("--to jsonl " + longer + " valid.pgn", "1000", "", "convert");
  check_batches_match("--to pgn --max-game-size 100 " + longer, "1000", "", "convert");
  // An output file is written whole, as with one thread; not at all when an input is missing.
  const std::string a = scratch / "a.json", b = scratch / "b.json";
  const std::string readable = "valid.pgn invalid.pgn " + many + samples;
  CHECK(run("convert --to json -o '" + a + "' " + readable).status == 1);
  CHECK(run("convert --jobs 2 --to json -o '" + b + "' " + readable).status == 1);
  CHECK(slurp(a) == slurp(b));
  CHECK(slurp(a).size() > 100000);
  const std::string c = scratch / "c.json";
  CHECK(run("convert --jobs 2 --to json -o '" + c + "' " + inputs).status == 2);
  CHECK(!fs::exists(c));
}
