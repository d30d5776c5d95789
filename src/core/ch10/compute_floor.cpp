#include "compute_floor.hpp"

namespace tally::ch10 {

ComputeFloor compute_floor(const Ratio& flops, const Ratio& peak, const Ratio& efficiency, const Ratio& seconds, u128 cards) {
    const Ratio card_rate = peak * efficiency;
    ComputeFloor f;
    f.cards_exact = flops / (card_rate * seconds);
    f.cards = f.cards_exact.ceil();
    f.seconds_on_cards = flops / (card_rate * Ratio(cards));
    return f;
}

}  // namespace tally::ch10
