import fs from 'node:fs';

/** A process's resident set (VmRSS) in MB, or its peak (VmHWM); Linux only, undefined elsewhere. */
export function rssMegabytes(pid: number, field: 'VmRSS' | 'VmHWM' = 'VmRSS'): number | undefined {
  try {
    const kb = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb ? Math.round(Number(kb) / 1024) : undefined;
  } catch {
    return undefined;
  }
}
