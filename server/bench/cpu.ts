import fs from 'node:fs';

/** Clock ticks per second of /proc/<pid>/stat times (USER_HZ, 100 on Linux). */
const TICKS_PER_SECOND = 100;

/**
 * CPU time a process has used so far (user and system), in microseconds; Linux only, undefined
 * elsewhere. A route's CPU per request does not depend on what else the machine runs, unlike its
 * req/s: the comparison that still holds on a shared machine.
 */
export function cpuMicroseconds(pid: number): number | undefined {
  try {
    // Fields after the command name (which may hold spaces) start at the closing parenthesis.
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return ((Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND) * 1e6;
  } catch {
    return undefined;
  }
}
