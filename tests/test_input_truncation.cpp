// Issue 37: an input file cut short by another program while xpgn reads it. Inputs are read with
// read() into a bounded buffer (no mapping: touching pages of a mapped file beyond its new end
// raised SIGBUS and killed the process); the end coming before the bytes the file had when it was
// opened is a precise error for that file, and the run goes on with the next one. The tests cut
// the file deterministically: XPGN_TEST_TRUNCATE_INPUT=N truncates each named input whose name
// starts with "xpgn-cut-test-" to N bytes
// right after its first read (tools/io.cpp; the reader reads 1 MiB at a time).
#include <catch2/catch.hpp>

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "test_shell.hpp"

namespace {

namespace fs = std::filesystem;

// A folder of its own for one test, removed at the end.
struct Folder {
  explicit Folder(const std::string& name)
      : path(fs::temp_directory_path() / ("xpgn-" + name + "-" + std::to_string(getpid()))) {
    fs::remove_all(path);
    fs::create_directories(path);
  }
  ~Folder() { fs::remove_all(path); }
  fs::path path;
};

// `games` games of about 90 bytes each, Kasparov with White, numbered in their Event tags.
std::string games_text(int games, const std::string& event) {
  std::string text;
  for (int i = 1; i <= games; ++i)
    text += "[Event \"" + event + " " + std::to_string(i) +
            "\"]\n[White \"Kasparov, G\"]\n[Black \"B\"]\n[Result \"1-0\"]\n\n"
            "1. e4 e5 2. Nf3 1-0\n\n";
  return text;
}

void write_file(const fs::path& path, const std::string& text) {
  std::ofstream(path, std::ios::binary) << text;
}

// The number of times `what` occurs in `text`.
std::size_t count(const std::string& text, const std::string& what) {
  std::size_t n = 0;
  for (std::size_t at = 0; (at = text.find(what, at)) != std::string::npos; at += what.size()) ++n;
  return n;
}

const std::string binary = XPGN_BINARY;

}  // namespace

TEST_CASE("an input cut short while it is read is an error for that file, not a crash",
          "[select][cli][input]") {
  Folder dir("truncated");
  const std::string big = games_text(40000, "big");  // about 3.6 MB: several reads
  const std::string small = games_text(3, "small");
  REQUIRE(big.size() > 3 * (1u << 20));
  REQUIRE(small.size() < 1000);  // read whole by its first read: not cut
  const std::string cd = "cd '" + dir.path.string() + "' && ";

  SECTION("select by tags (the tag scan) and by play (the replay)") {
    for (const std::string criteria : {"--player kasparov", "--min-plies 1"}) {
      INFO(criteria);
      write_file(dir.path / "xpgn-cut-test-a.pgn", big);
      write_file(dir.path / "b.pgn", small);
      const xpgn::test::ShellRun r =
          xpgn::test::run_shell(cd + "XPGN_TEST_TRUNCATE_INPUT=1000 '" + binary + "' select " +
                                criteria + " xpgn-cut-test-a.pgn b.pgn 2>err.txt");
      std::stringstream err;
      err << std::ifstream(dir.path / "err.txt").rdbuf();
      INFO(err.str());
      CHECK(fs::file_size(dir.path / "xpgn-cut-test-a.pgn") == 1000);  // the hook did cut it
      CHECK(r.status == 2);
      // The error names the file and what happened.
      CHECK(err.str().find("xpgn: xpgn-cut-test-a.pgn: the file was cut short while it was read") !=
            std::string::npos);
      const std::string had =
          std::to_string(big.size()) + " bytes were to be read, its end came after ";
      const std::size_t at = err.str().find(had);
      REQUIRE(at != std::string::npos);
      const std::size_t read = std::stoul(err.str().substr(at + had.size()));
      CHECK(read >= 1000);
      CHECK(read < big.size());
      CHECK(err.str().find("(it now has 1000 bytes)") != std::string::npos);
      CHECK(err.str().find("b.pgn") == std::string::npos);
      // The games of the bytes read came out as read, up to the cut; then the next file whole.
      CHECK(count(r.out, "[Event \"big ") == count(big.substr(0, read), "[Event "));
      CHECK(r.out.compare(0, 1000, big, 0, 1000) == 0);
      CHECK(r.out.size() >= small.size());
      CHECK(r.out.substr(r.out.size() - small.size()) == small);
    }
  }

  SECTION("select -o writes nothing when an input was cut") {
    write_file(dir.path / "xpgn-cut-test-a.pgn", big);
    const xpgn::test::ShellRun r =
        xpgn::test::run_shell(cd + "XPGN_TEST_TRUNCATE_INPUT=0 '" + binary +
                              "' select --player kasparov -o out.pgn xpgn-cut-test-a.pgn 2>&1");
    CHECK(r.status == 2);
    CHECK(r.out.find("xpgn: xpgn-cut-test-a.pgn: the file was cut short") != std::string::npos);
    CHECK(r.out.find("(it now has 0 bytes)") != std::string::npos);
    CHECK(!fs::exists(dir.path / "out.pgn"));
  }

  SECTION("check reports it too") {
    write_file(dir.path / "xpgn-cut-test-a.pgn", big);
    const xpgn::test::ShellRun r = xpgn::test::run_shell(
        cd + "XPGN_TEST_TRUNCATE_INPUT=5000 '" + binary + "' check -q xpgn-cut-test-a.pgn 2>&1");
    CHECK(r.status != 0);
    CHECK(r.status != -1);  // exited, not killed by a signal
    CHECK(r.out.find("xpgn-cut-test-a.pgn: the file was cut short while it was read") !=
          std::string::npos);
  }

  SECTION("a range cut short says where its reading started and ended, in the file's bytes") {
    write_file(dir.path / "xpgn-cut-test-a.pgn", big);
    // A range from the start of the second game to the end, its game and line given (so that
    // no scan up to it reads the file first); the file is cut to 100,000 bytes after the range's
    // first read.
    const std::size_t start = big.find("[Event", 1);
    REQUIRE(start != std::string::npos);
    const std::size_t line = count(big.substr(0, start), "\n") + 1;
    const xpgn::test::ShellRun r = xpgn::test::run_shell(
        cd + "XPGN_TEST_TRUNCATE_INPUT=100000 '" + binary + "' check -q --range " +
        std::to_string(start) + ": --first-game 2 --first-line " + std::to_string(line) +
        " xpgn-cut-test-a.pgn 2>&1");
    INFO(r.out);
    CHECK(r.status != 0);
    const std::string was = std::to_string(big.size() - start) +
                            " bytes were to be read from byte " + std::to_string(start) +
                            " on, its end came after ";
    const std::size_t at = r.out.find(was);
    REQUIRE(at != std::string::npos);
    const std::size_t read = std::stoul(r.out.substr(at + was.size()));
    // Offsets in the file's bytes: the end came at or after its byte 100,000 (the first read may
    // have gone further before the cut), before the range's end.
    CHECK(read >= 100000 - start);
    CHECK(read < big.size() - start);
    CHECK(r.out.find(" of them, at byte " + std::to_string(start + read) +
                     " (it now has 100000 bytes)") != std::string::npos);
  }

  SECTION("a file read to its end is not an error") {
    write_file(dir.path / "xpgn-cut-test-a.pgn", big);
    // Cut after the first read to a size larger than the file: nothing changes.
    const xpgn::test::ShellRun r =
        xpgn::test::run_shell(cd + "XPGN_TEST_TRUNCATE_INPUT=" + std::to_string(big.size()) + " '" +
                              binary + "' select -q --player kasparov xpgn-cut-test-a.pgn 2>&1");
    CHECK(r.status == 0);
    CHECK(r.out == big);
  }
}
