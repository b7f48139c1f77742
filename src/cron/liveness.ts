// Whether a process recorded by pid and host still runs: lock holders (./lock.ts) and the processes of
// runs left `running` in the store (./store.ts). Only a process on this host can be checked.
import { readFileSync } from 'node:fs';
import { hostname } from 'node:os';

/** A process as recorded: its pid, its host, and (on Linux) when it started. */
export interface ProcessRef {
  pid: number;
  host: string;
  /** When the process started, in clock ticks since boot (/proc), so a reused pid is not taken for it. */
  procStart?: number | undefined;
}

/** Fields 3… of /proc/<pid>/stat (state, ppid, …); undefined where there is no /proc or no such process. */
function procStat(pid: number): string[] | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces and parentheses: the fields start after its last ')'.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  } catch {
    return undefined;
  }
}

/** Start time of process `pid` (field 22 of /proc/<pid>/stat). */
export function procStartOf(pid: number): number | undefined {
  const start = Number(procStat(pid)?.[19]);
  return Number.isFinite(start) ? start : undefined;
}

/**
 * Whether a recorded process is known to be gone: it ran on this host and no process has its pid any more
 * (or a zombie does, or another process started at another time). Undefined when it cannot be told (another host).
 */
export function processGone(p: ProcessRef): boolean | undefined {
  if (p.host !== hostname()) return undefined;
  try {
    process.kill(p.pid, 0);
  } catch (err) {
    // EPERM: it exists, owned by another user.
    return (err as NodeJS.ErrnoException).code === 'ESRCH';
  }
  const stat = procStat(p.pid);
  if (stat?.[0] === 'Z') return true; // killed, not yet reaped by its parent
  const now = procStartOf(p.pid);
  return p.procStart !== undefined && now !== undefined && now !== p.procStart;
}

/** This process, as recorded. */
export function thisProcess(): ProcessRef & { procStart?: number } {
  const procStart = procStartOf(process.pid);
  return { pid: process.pid, host: hostname(), ...(procStart !== undefined ? { procStart } : {}) };
}
