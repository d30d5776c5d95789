// Replaces the global operator new/delete of the WASM module (see the header).
#include "request_arena.hpp"

#include <cstdlib>
#include <cstring>
#include <new>

// Under AddressSanitizer (the native arena test, tests/arena/) the unused and
// reset parts of each block are poisoned, so reading anything a request left
// behind is reported at once instead of reading 0xA5 bytes.
#if defined(__SANITIZE_ADDRESS__)
#define TALLY_ARENA_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define TALLY_ARENA_ASAN 1
#endif
#endif
#ifdef TALLY_ARENA_ASAN
#include <sanitizer/asan_interface.h>
#define TALLY_POISON(p, n) ASAN_POISON_MEMORY_REGION(p, n)
#define TALLY_UNPOISON(p, n) ASAN_UNPOISON_MEMORY_REGION(p, n)
#else
#define TALLY_POISON(p, n) ((void)(p), (void)(n))
#define TALLY_UNPOISON(p, n) ((void)(p), (void)(n))
#endif

namespace tally::wasm {
namespace {

constexpr std::size_t kAlign = alignof(std::max_align_t);  // 16 in wasm32
constexpr std::size_t kFirstBlock = std::size_t{256} << 10;
constexpr std::size_t kKeepBetweenRequests = std::size_t{4} << 20;
constexpr int kMaxBlocks = 40;  // doubling sizes: far beyond 32-bit memory
constexpr unsigned char kPoison = 0xA5;

struct Block {
    unsigned char* begin = nullptr;
    std::size_t size = 0;
    std::size_t used = 0;
};

Block blocks[kMaxBlocks];
int block_count = 0;
int current = 0;  // the block being filled
bool active = false;

bool owns(const void* p) {
    const auto* byte = static_cast<const unsigned char*>(p);
    for (int i = 0; i < block_count; ++i) {
        if (byte >= blocks[i].begin && byte < blocks[i].begin + blocks[i].size) return true;
    }
    return false;
}

std::size_t round_up(std::size_t n) { return (n + kAlign - 1) & ~(kAlign - 1); }

void* from_blocks(std::size_t size) {
    size = round_up(size == 0 ? 1 : size);
    for (; current < block_count; ++current) {
        Block& b = blocks[current];
        if (b.size - b.used >= size) {
            void* p = b.begin + b.used;
            b.used += size;
            TALLY_UNPOISON(p, size);
            return p;
        }
    }
    if (block_count == kMaxBlocks) throw std::bad_alloc();
    const std::size_t previous = block_count == 0 ? kFirstBlock / 2 : blocks[block_count - 1].size;
    std::size_t want = previous * 2;
    if (want < size) want = round_up(size);
    auto* memory = static_cast<unsigned char*>(std::aligned_alloc(kAlign, want));
    if (memory == nullptr) throw std::bad_alloc();
    TALLY_POISON(memory + size, want - size);
    blocks[block_count] = Block{memory, want, size};
    current = block_count++;
    return memory;
}

void* allocate(std::size_t size) {
    if (active) return from_blocks(size);
    void* p = std::malloc(size == 0 ? 1 : size);
    if (p == nullptr) throw std::bad_alloc();
    return p;
}

void release(void* p) {
    if (p != nullptr && !owns(p)) std::free(p);
}

}  // namespace

void begin_request_arena() { active = true; }

void leave_request_arena() { active = false; }

void reset_request_arena() {
    std::size_t kept = 0;
    int keep = 0;
    for (int i = 0; i < block_count; ++i) {
        Block& b = blocks[i];
        std::memset(b.begin, kPoison, b.used);
        TALLY_POISON(b.begin, b.size);
        b.used = 0;
        if (kept + b.size <= kKeepBetweenRequests || i == 0) {
            kept += b.size;
            blocks[keep++] = b;
        } else {
            TALLY_UNPOISON(b.begin, b.size);
            std::free(b.begin);
        }
    }
    block_count = keep;
    current = 0;
}

std::size_t request_arena_reserved_bytes() {
    std::size_t total = 0;
    for (int i = 0; i < block_count; ++i) total += blocks[i].size;
    return total;
}

}  // namespace tally::wasm

// Every form of the global operators, so no allocation path bypasses the check.
void* operator new(std::size_t size) { return tally::wasm::allocate(size); }
void* operator new[](std::size_t size) { return tally::wasm::allocate(size); }
void* operator new(std::size_t size, const std::nothrow_t&) noexcept {
    try {
        return tally::wasm::allocate(size);
    } catch (...) {
        return nullptr;
    }
}
void* operator new[](std::size_t size, const std::nothrow_t& tag) noexcept { return operator new(size, tag); }
void operator delete(void* p) noexcept { tally::wasm::release(p); }
void operator delete[](void* p) noexcept { tally::wasm::release(p); }
void operator delete(void* p, std::size_t) noexcept { tally::wasm::release(p); }
void operator delete[](void* p, std::size_t) noexcept { tally::wasm::release(p); }
void operator delete(void* p, const std::nothrow_t&) noexcept { tally::wasm::release(p); }
void operator delete[](void* p, const std::nothrow_t&) noexcept { tally::wasm::release(p); }
