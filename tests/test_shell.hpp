// Running a shell command from a test: the one place that pipes a command's output into a string.
#pragma once

#include <sys/wait.h>

#include <array>
#include <cstdio>
#include <string>

namespace xpgn::test {

// What a shell command did: its exit status (-1 when it could not run or did not exit normally)
// and everything it wrote to standard output.
struct ShellRun {
  int status = -1;
  std::string out;
};

// Runs `command` with /bin/sh (popen) and waits for it; standard error goes where the command
// line sends it.
inline ShellRun run_shell(const std::string& command) {
  ShellRun r;
  FILE* pipe = popen(command.c_str(), "r");
  if (!pipe) return r;
  std::array<char, 4096> buffer{};
  std::size_t n = 0;
  while ((n = std::fread(buffer.data(), 1, buffer.size(), pipe)) > 0)
    r.out.append(buffer.data(), n);
  const int raw = pclose(pipe);
  r.status = WIFEXITED(raw) ? WEXITSTATUS(raw) : -1;
  return r;
}

}  // namespace xpgn::test
