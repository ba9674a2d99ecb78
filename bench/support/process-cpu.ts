import fs from 'node:fs';

/** User + system CPU milliseconds of a process and all its threads (Linux /proc; NaN elsewhere). */
export function processCpuMs(pid: number): number {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return Number.NaN;
  }
}

/** As processCpuMs, but 0 once the process is gone (a PostgreSQL backend that ended), for sums. */
function cpuMsOf(pid: number): number {
  const ms = processCpuMs(pid);
  return Number.isNaN(ms) ? 0 : ms;
}

export function cpuMsOfProcesses(pids: readonly number[]): number {
  return pids.reduce((sum, pid) => sum + cpuMsOf(pid), 0);
}

/**
 * CPU milliseconds of a process and all its children, living or ended: a PostgreSQL postmaster
 * reaps its backends, so theirs is in its cumulative children's time once they end.
 */
export function cpuMsOfTree(pid: number): number {
  let reaped: number;
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    reaped = ((Number(fields[13]) + Number(fields[14])) * 1000) / 100;
  } catch {
    return 0;
  }
  return cpuMsOf(pid) + reaped + cpuMsOfProcesses(childrenOf(pid));
}

/** The direct children of a process (a PostgreSQL postmaster's backends and helpers). */
export function childrenOf(parent: number): number[] {
  const children: number[] = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const fields = fs.readFileSync(`/proc/${entry}/stat`, 'utf8').split(') ')[1]!.split(' ');
      if (Number(fields[1]) === parent) children.push(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  return children;
}

/**
 * User + system CPU milliseconds of each thread of a process (Linux /proc/PID/task), keyed by
 * thread id; the main thread's id is the process id.
 */
export function threadCpuMs(pid: number): Map<number, number> {
  const threads = new Map<number, number>();
  for (const tid of fs.readdirSync(`/proc/${pid}/task`)) {
    try {
      const fields = fs.readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8').split(') ')[1]!.split(' ');
      threads.set(Number(tid), ((Number(fields[11]) + Number(fields[12])) * 1000) / 100);
    } catch {
      // ended meanwhile
    }
  }
  return threads;
}

/** The whole machine's CPU ticks, idle (with iowait) and all, from /proc/stat: for idle shares over a window. */
export function machineTicks(): { idle: number; total: number } {
  const fields = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1, 9).map(Number);
  return { idle: fields[3]! + fields[4]!, total: fields.reduce((sum, value) => sum + value, 0) };
}
