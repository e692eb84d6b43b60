// A rule component that only offers a notation of its own (own_notation.hpp), as the xiangqi
// family's "xiangqi-notation" (xiangqi_notation.hpp) and janggi's "janggi-notation"
// (janggi_notation.hpp) do. It acts in no hook of the move cycle.
#pragma once

#include <string>
#include <string_view>

#include "xpgn/rules/component.hpp"

namespace xpgn::rules {

// The component `name` (a literal) offering a `Notation` (an OwnNotation); its validate() is
// `limits`: why a variant cannot be written in the notation, "" when it can.
template <class Notation>
class NotationComponent final : public RuleComponent {
 public:
  NotationComponent(std::string_view name, std::string (*limits)(const Variant&))
      : name_(name), limits_(limits) {}
  std::string_view name() const override { return name_; }
  Declaration declaration() const override {
    Declaration d;
    d.hooks = 0;
    d.has_own_notation = true;
    return d;
  }
  std::string validate(const Variant& v) const override { return limits_(v); }
  const OwnNotation* own_notation() const override { return &notation_; }

 private:
  std::string_view name_;
  std::string (*limits_)(const Variant&);
  Notation notation_;
};

}  // namespace xpgn::rules
