// Wall and CPU time of each step of `npm test` (issue 36: the run prints
// what each build step and test layer costs, so a slow one is seen).
// CPU is user + system of the child processes the step waited for, as
// /usr/bin/time reports them: Linux adds a reaped child's time (and that of
// the children it reaped: the compilers under cmake, Chromium under
// Playwright) to the parent's cutime and cstime in /proc/self/stat.
// Only Node built-ins here, as in lib.mjs.
import { readFileSync } from 'node:fs';

const TICKS_PER_SECOND = 100; // getconf CLK_TCK on Linux

/** CPU seconds (user + system) of this process and the children it has reaped so far. */
function cpuSeconds() {
  const own = process.cpuUsage();
  let children = 0;
  try {
    // Fields after the command name, which is in parentheses and may hold spaces: state is field 3.
    const stat = readFileSync('/proc/self/stat', 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    children = (Number(fields[16 - 3]) + Number(fields[17 - 3])) / TICKS_PER_SECOND;
  } catch {
    // No /proc (not Linux): the children's time is not known, the run still reports wall time.
  }
  return (own.user + own.system) / 1e6 + children;
}

const rows = [];

/** Run `step` (sync or async) and record its wall and CPU time under `label`. */
export async function timed(label, step) {
  const wall0 = performance.now();
  const cpu0 = cpuSeconds();
  try {
    return await step();
  } finally {
    rows.push({ label, wall: (performance.now() - wall0) / 1000, cpu: cpuSeconds() - cpu0 });
  }
}

// Rounded to whole seconds first, so 59.6 s reads 1:00, not 0:60.
const minutes = (seconds) => {
  const whole = Math.round(seconds);
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
};

/**
 * The table of the steps timed so far, one row each, and the total: CPU
 * summed over the rows, wall the whole run's (`wall`, seconds), which also
 * holds the untimed setup (installing what is missing).
 */
export function timingTable(wall) {
  const width = Math.max(...rows.map((r) => r.label.length), 5);
  const line = (label, seconds, cpu) => `  ${label.padEnd(width)}  ${minutes(seconds).padStart(6)} wall  ${cpu.toFixed(1).padStart(7)} s CPU`;
  const cpu = rows.reduce((sum, r) => sum + r.cpu, 0);
  return [...rows.map((r) => line(r.label, r.wall, r.cpu)), line('total', wall, cpu)].join('\n');
}
