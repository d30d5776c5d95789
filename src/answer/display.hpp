// How the answer checker writes values and units in its messages:
// "1,207,959,552 B", "≈ 4.56222", "85.1 億", "（K 以 1,024 計）".  Internal.
#pragma once

#include <optional>
#include <string>

#include "answer.hpp"
#include "math.hpp"
#include "parser.hpp"

namespace tally::checker {

// x rounded to d significant digits, with thousands separators.
std::string sig_text(const Ratio& x, unsigned d);
// Exact value with thousands separators ("3,514.25"), or "≈ 4.56222".
std::string number_text(const Signed& v);
// "-5", "1/3": the exact text of the API's `parsed` field.
std::string signed_exact(const Signed& v);
// " B", " 個 token", "%", "" for a pure number (words from the catalog).
std::string unit_label(AnswerUnit u);
std::string quantity_text(const Signed& v, AnswerUnit u);
// "位元組數（B）", "token 數", "純數" (the catalog's words, answer_kind_*).
std::string kind_name(AnswerUnit u);
// A space before a word that starts with Latin letters: "問的是 token 數".
std::string spaced(const std::string& s);
// The answer unit of a single base; none for a GPU count.
std::optional<AnswerUnit> unit_of_base(int b);
// The Base of a unit, or -1 for Pure, Percent and the compound units.
int base_of_unit(AnswerUnit u);
// The dimension of a unit with a base (every unit but Pure and Percent) and
// the size of one expected unit in it (3600 GPU·s per GPU-hour).
bool unit_dim(AnswerUnit u, Dim& dim, Ratio& factor);
// "（K 以 1,024 計）": which reading of a magnitude letter was used.
std::string letters_note(const Reading& r);

}  // namespace tally::checker
