import { readdirSync, readFileSync } from 'node:fs';

/** Linux reports CPU time in clock ticks of 10 ms. */
const MICROS_PER_TICK = 10_000;

function ticksOf(pid: string): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return null;
  }
}

/**
 * A PostgreSQL backend names its database in its process title (`postgres: [cluster: ]user database
 * host(port) state`), once it has started: until then it bears the server's command line, so a process of the
 * server is asked again at the next reading.
 */
function kindOf(pid: string, database: string): 'ours' | 'postgres' | 'other' {
  try {
    const title = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
    const words = title.split(' ');
    const client = words.findIndex((word) => /\(\d+\)$|^\[local\]$/.test(word));
    if (title.startsWith('postgres: ') && client > 0 && words[client - 1] === database) return 'ours';
    return title.includes('postgres') ? 'postgres' : 'other';
  } catch {
    return 'other';
  }
}

/**
 * The CPU time the PostgreSQL backends serving one database use while it runs, in microseconds (Linux,
 * a server on this machine; NaN elsewhere). Backends come and go (psql's ends when psql exits), so
 * /proc is read every `everyMs`: a backend's last reading counts, so what it used after that reading
 * and before it ended (at most `everyMs`) is missed.
 */
export function sampleDatabaseCpu(database: string, everyMs = 20): { stop(): number } {
  if (process.platform !== 'linux') return { stop: () => Number.NaN };
  const first = new Map<string, number>();
  const last = new Map<string, number>();
  const foreign = new Set<string>();
  const read = (initial: boolean) => {
    for (const pid of readdirSync('/proc')) {
      if (!/^\d+$/.test(pid) || foreign.has(pid)) continue;
      if (!last.has(pid)) {
        const kind = kindOf(pid, database);
        if (kind === 'other') foreign.add(pid);
        if (kind !== 'ours') continue;
      }
      const ticks = ticksOf(pid);
      if (ticks === null) continue;
      if (!first.has(pid)) first.set(pid, initial ? ticks : 0);
      last.set(pid, ticks);
    }
  };
  read(true);
  const timer = setInterval(() => read(false), everyMs);
  return {
    stop() {
      clearInterval(timer);
      read(false);
      let ticks = 0;
      for (const [pid, value] of last) ticks += value - (first.get(pid) ?? 0);
      return ticks * MICROS_PER_TICK;
    },
  };
}
