// Ops behind the V4.1 KV-ratio article's widgets (docs/api.md):
//   kv_footprint   requests × (tokens × bytes per token [+ window]) in GB and GiB
//   replay_window  one frame of the replay-window animation
//   effort_scale   one point of the 1 … 100 reasoning-effort scale
#pragma once

#include "json_out.hpp"

namespace tally::api {

Json op_kv_footprint(const Json& request);
Json op_replay_window(const Json& request);
Json op_effort_scale(const Json& request);

}  // namespace tally::api
