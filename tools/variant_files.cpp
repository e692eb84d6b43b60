// `--variant-file FILE`, shared by every subcommand that takes a variant or reads games.
#include <iostream>
#include <string>
#include <string_view>
#include <vector>

#include "commands.hpp"
#include "xpgn/catalog/catalog.hpp"

namespace xpgn::cli {

void add_variant_file_option(CLI::App& sub, std::vector<std::string>& files) {
  sub.add_option("--variant-file", files,
                 "Read a variant definition (JSON, docs/variant-files.md, or a Fairy-Stockfish "
                 "variants.ini: each section a variant) and add it to the catalog; games and "
                 "--variant may then name it (repeatable)")
      ->option_text("FILE")
      ->allow_extra_args(false);  // one file per --variant-file; the rest are inputs
}

void add_ini_section_option(CLI::App& sub, std::vector<std::string>& sections) {
  sub.add_option("--variant", sections,
                 "Of a Fairy-Stockfish variants.ini given by --variant-file, read only the section "
                 "NAME (and the parents it needs), leaving the others and their problems aside; "
                 "repeatable. Games still name their variant in [Variant]")
      ->option_text("NAME")
      ->allow_extra_args(false);  // one name per --variant; the rest are inputs
}

bool load_variant_files(const std::vector<std::string>& files, std::vector<std::string>* ids,
                        const std::vector<std::string>& sections) {
  if (files.empty()) return true;
  const auto errors = catalog::load_files(files, ids, sections);
  for (const auto& e : errors) std::cerr << e.text() << '\n';
  return errors.empty();
}

}  // namespace xpgn::cli
