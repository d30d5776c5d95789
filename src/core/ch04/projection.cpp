#include "core/ch04/projection.hpp"

namespace tally::ch04 {

ProjectionWork projection_work(const ProjectionShape& s) {
    ProjectionWork w;
    w.flops = mul(2, s.rows, s.inputs, s.outputs);
    w.weight_bytes = Ratio(mul(s.inputs, s.outputs)) * s.value_bytes;
    w.input_bytes = Ratio(mul(s.rows, s.inputs)) * s.value_bytes;
    w.output_bytes = Ratio(mul(s.rows, s.outputs)) * s.value_bytes;
    w.bytes = w.weight_bytes + w.input_bytes + w.output_bytes;
    w.intensity = Ratio(w.flops) / w.bytes;
    w.intensity_limit = Ratio(mul(2, s.inputs, s.outputs)) / (s.value_bytes * Ratio(add(s.inputs, s.outputs)));
    return w;
}

Roofline roofline(const ProjectionShape& s, const ProjectionWork& w, const Ratio& flops_per_second,
                  const Ratio& bytes_per_second) {
    Roofline r;
    r.compute_seconds = Ratio(w.flops) / flops_per_second;
    r.memory_seconds = w.bytes / bytes_per_second;
    r.compute_bound = r.memory_seconds <= r.compute_seconds;
    r.ridge = flops_per_second / bytes_per_second;
    if (r.ridge < w.intensity_limit) {
        const Ratio kn(mul(s.inputs, s.outputs));
        const Ratio per_row = Ratio(2) * kn - r.ridge * s.value_bytes * Ratio(add(s.inputs, s.outputs));
        const Ratio m_star = r.ridge * s.value_bytes * kn / per_row;
        r.crossover_rows = m_star;
        r.first_compute_bound_rows = m_star.ceil() == 0 ? u128{1} : m_star.ceil();
    }
    return r;
}

}  // namespace tally::ch04
