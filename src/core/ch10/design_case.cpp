#include "design_case.hpp"

#include "checkpoint_interval.hpp"
#include "core/units.hpp"

namespace tally::ch10 {

namespace {

// a − b, or 0 when b ≥ a (sizes here are never negative).
Ratio less_or_zero(const Ratio& a, const Ratio& b) { return b < a ? a - b : Ratio(0); }

}  // namespace

DesignCase design_case(const DesignInputs& in) {
    DesignCase r;
    const Ratio p(in.cards);
    r.hosts = ceil_div(in.cards, in.cards_per_host);
    r.steps = ceil_div(in.tokens, in.step_tokens);
    r.micro_batches = ceil_div(in.step_sequences, in.cards);

    r.resident_bytes = Ratio(mul(in.params, in.state_bytes_per_param)) / p;
    r.peak_bytes = r.resident_bytes + in.live_bytes;
    r.fits = r.peak_bytes <= in.usable_bytes;
    r.memory_margin_bytes = less_or_zero(in.usable_bytes, r.peak_bytes);

    r.compute_seconds = in.flops_per_step / (p * in.peak_flops * in.efficiency);
    r.compute_per_micro_batch = r.compute_seconds / Ratio(r.micro_batches);
    const Ratio share = Ratio(in.cards - 1, in.cards);  // (p−1)/p of every collective crosses this card's link
    r.collective_bytes = share * Ratio(mul(2, in.params));
    r.link_bytes = Ratio(mul(3, r.micro_batches)) * r.collective_bytes;
    r.link_seconds = r.link_bytes / in.link_bytes_per_second;
    r.link_per_micro_batch = r.link_seconds / Ratio(r.micro_batches);
    r.exposed_seconds = Ratio(2) * share * Ratio(mul(2, in.embedding_params)) / in.link_bytes_per_second;
    r.step_seconds = r.compute_seconds + r.exposed_seconds + in.input_wait_seconds;
    r.unhidden_step_seconds = r.compute_seconds + r.link_seconds + in.input_wait_seconds;

    r.checkpoint_seconds = in.checkpoint_bytes / in.checkpoint_bytes_per_second;
    const IntervalLoss loss = interval_loss(r.checkpoint_seconds, in.rate_per_second, in.recovery_seconds, in.interval_seconds);
    r.save_share = loss.save;
    r.redo_share = loss.redo;
    r.recovery_share = loss.recovery;
    r.overhead_share = loss.total;

    const Ratio steps(r.steps);
    const Ratio grow = Ratio(1) + loss.total;
    r.base_days = steps * r.step_seconds / kDay;
    r.training_days = r.base_days * grow;
    r.finish_days = in.reserve_days + r.training_days;
    r.on_time = r.finish_days <= in.deadline_days;
    r.spare_days = less_or_zero(in.deadline_days, r.finish_days);
    r.late_days = less_or_zero(r.finish_days, in.deadline_days);

    const Ratio working = (in.deadline_days - in.reserve_days) * kDay;
    r.raw_step_budget_seconds = working / steps;
    r.deadline_step_seconds = in.deadline_days * kDay / steps;
    r.step_budget_seconds = r.raw_step_budget_seconds / grow;
    r.budget_met = r.step_seconds <= r.step_budget_seconds;
    r.step_margin_seconds = less_or_zero(r.step_budget_seconds, r.step_seconds);
    r.communication_budget_seconds = less_or_zero(r.step_budget_seconds, r.compute_seconds + in.input_wait_seconds);
    r.compute_budget_seconds = less_or_zero(r.step_budget_seconds, r.exposed_seconds + in.input_wait_seconds);
    r.minimum_efficiency =
        r.compute_budget_seconds == Ratio(0) ? Ratio(0) : in.efficiency * r.compute_seconds / r.compute_budget_seconds;

    r.tokens_per_second_deadline = Ratio(in.tokens) / (in.deadline_days * kDay);
    r.tokens_per_second_after_reserve = Ratio(in.tokens) / working;
    r.card_hours = p * r.training_days * Ratio(24);
    r.card_hours_with_reserve = p * r.finish_days * Ratio(24);
    return r;
}

}  // namespace tally::ch10
