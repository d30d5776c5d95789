// Reading a number a reader typed into a widget field with the answer
// checker's own lexer and parser, so "32K", "32,768", "1e6", "2 GiB" and
// "85.1 億" mean in a field exactly what they mean in an exercise box.
// One piece of code reads both (docs/answers.md, "Fields").
#pragma once

#include <string>

#include "core/exact.hpp"

namespace tally {

// What the field holds, which decides how a K/M/G/T letter is read and which
// units are allowed:
//  - Tokens: a length; K/M/G/T are binary (the chapter's 32K = 32,768);
//    "token", "個 token" allowed.
//  - Count: requests, steps, heads…; K/M/G/T are decimal; "條請求" allowed.
//  - Bytes: B, KB/MB/GB (decimal) or KiB/MiB/GiB (binary); a bare number is
//    bytes; K/M/G/T letters are decimal.
enum class QuantityKind { Tokens, Count, Bytes };

struct QuantityReading {
    bool ok = false;
    u128 value = 0;
    std::string understood;  // zh-Hant: "32,768 個 token（K 以 1,024 計）"
    std::string problem;     // zh-Hant, without the field's name: why it was refused
};

// Refuses, with a reason: unreadable text, a unit of another kind ("2 GiB"
// for a length), percentages, negative values and fractions ("1.5", "0.3K"
// = 307.2 — never rounded).  Range is the caller's (each field has its own).
QuantityReading read_quantity(const std::string& text, QuantityKind kind);

// "tokens", "count", "bytes"; false for anything else.
bool quantity_kind_from_id(const std::string& id, QuantityKind& out);

}  // namespace tally
