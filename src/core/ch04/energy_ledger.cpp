#include "core/ch04/energy_ledger.hpp"
#include "core/ch04/picojoules.hpp"

namespace tally::ch04 {

EnergyLedger energy_ledger(const StepWork& w, const EnergyPrices& e, u128 batch, const std::optional<Ratio>& bytes_per_second) {
    EnergyLedger l;
    const Ratio weights_step = w.weight_bytes * e.weight_pj_per_byte * kJoulesPerPicojoule;
    l.weights_j = weights_step / Ratio(batch);
    l.kv_j = w.kv_bytes * e.kv_pj_per_byte * kJoulesPerPicojoule;
    l.compute_j = w.flops * e.pj_per_flop * kJoulesPerPicojoule;
    l.total_j = l.weights_j + l.kv_j + l.compute_j;
    l.weight_share = l.weights_j / l.total_j;
    l.single_total_j = weights_step + l.kv_j + l.compute_j;
    if (l.compute_j == Ratio(0)) {
        l.breakeven_batch = Ratio(0);
        l.first_batch_below_compute = 0;
    } else {
        l.breakeven_batch = weights_step / l.compute_j;
        // weights_step / B < compute  ⟺  B > breakeven.
        l.first_batch_below_compute = l.breakeven_batch.floor() + 1;
    }
    if (bytes_per_second) {
        // One step reads the weights once and every sequence's KV.
        const Ratio bytes = w.weight_bytes + w.kv_bytes * Ratio(batch);
        l.step_seconds = bytes / *bytes_per_second;
        l.watts = l.total_j * Ratio(batch) / *l.step_seconds;
    }
    return l;
}

}  // namespace tally::ch04
