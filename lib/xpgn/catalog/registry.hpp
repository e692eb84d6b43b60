// The registry of rule components and end rules a definition file may name, each with a reader
// of its parameters. Add a C++ component to the catalog with register_component() (see
// docs/variant-files.md, "Adding a component").
#pragma once

#include <functional>
#include <initializer_list>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "xpgn/rules/variant.hpp"

namespace xpgn::catalog {

// A JSON pointer token for `key` ("~" and "/" escaped as RFC 6901 says).
std::string pointer_token(const std::string& key);

// Thrown by Params when a parameter is wrong: where, as a JSON pointer relative to the entry
// ("rook_files/0"; keys escaped with pointer_token; "" = the entry itself), and what was
// expected. The catalog turns it into a DefinitionError with the file position.
struct ParamError {
  std::string key;
  std::string message;
};

// The parameters of one component entry of a definition ({"name": "promotion", "choices":
// "QRBN"}), read against the variant spec whose pieces and board are already set. Each reader
// validates and throws ParamError with a precise message; done() refuses unread keys.
class Params {
 public:
  Params(const nlohmann::ordered_json& entry, const rules::VariantSpec& variant);

  // A boolean, `fallback` when absent.
  bool flag(const std::string& key, bool fallback);
  // An integer in [min, max], `fallback` when absent.
  int integer(const std::string& key, int fallback, int min, int max);
  // One of `allowed` (strings), `fallback` when absent.
  std::string choice(const std::string& key, std::initializer_list<const char*> allowed,
                     const std::string& fallback);
  // A string of SAN letters each naming a piece of the variant (a pawn's letter counts as a
  // SAN letter here); required when `fallback` is null.
  std::string san_letters(const std::string& key, const char* fallback = nullptr);
  // A string of FEN letters (upper case) each naming a piece of the variant; required when
  // `fallback` is null.
  std::string fen_letters(const std::string& key, const char* fallback = nullptr);
  // A square name of the variant's board ("c4"), required.
  Square square(const std::string& key);
  // A file: an integer (0 = the a-file, negative counts from the right edge: -1 = last file)
  // or a file letter; validated against the board.
  int file(const nlohmann::ordered_json& value, const std::string& where);
  // The raw value of `key` (null when absent); the key counts as read.
  const nlohmann::ordered_json& raw(const std::string& key);
  // The variant spec the parameters are read against.
  const rules::VariantSpec& variant() const { return variant_; }

  // Throws ParamError for the first key that no reader asked for.
  void done() const;

 private:
  const nlohmann::ordered_json& entry_;
  const rules::VariantSpec& variant_;
  std::vector<std::string> read_{"name", "remove"};
};

// How a registry entry is built: reads its parameters from `params` and adds its rule to the
// spec (components or end_rules).
using BuildFunction = std::function<void(Params& params, rules::VariantSpec& spec)>;

// A component (or end rule) a definition may name: what it is for (one line, for the docs and
// messages) and how it is built (`build`, see BuildFunction).
struct ComponentSpec {
  std::string name;     // "promotion": kebab-case, as written in definition files
  std::string summary;  // one line
  BuildFunction build;
};

// Registers a rule component under spec.name (replacing one of that name); call before the
// first lookup. The built-in components are registered on first use of the registry.
void register_component(ComponentSpec spec);
// Registers an end rule under spec.name, likewise.
void register_end_rule(ComponentSpec spec);

// The registered components and end rules, in registration order.
const std::vector<ComponentSpec>& components();
const std::vector<ComponentSpec>& end_rules();

// The component or end rule named `name`, nullptr if none.
const ComponentSpec* find_component(std::string_view name);
const ComponentSpec* find_end_rule(std::string_view name);

}  // namespace xpgn::catalog
