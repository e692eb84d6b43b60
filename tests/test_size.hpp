// Test sizes for the sanitizer job. Under ASan+UBSan (.ci/sanitize sets XPGN_TEST_SANITIZED=1)
// a few heavy tests run a smaller size of the same checks; the full size runs in the ordinary
// build (docs/testing.md, "CI time").
#pragma once

#include <cstdlib>
#include <cstring>

namespace xpgn::test {

// True when the sanitizer job runs the tests (XPGN_TEST_SANITIZED=1 in the environment).
inline bool sanitized_run() {
  const char* text = std::getenv("XPGN_TEST_SANITIZED");
  return text != nullptr && std::strcmp(text, "1") == 0;
}

}  // namespace xpgn::test
