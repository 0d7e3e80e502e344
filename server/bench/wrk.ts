import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** What one load run measured: the same fields from wrk or autocannon. */
export interface LoadResult {
  rps: number;
  total: number;
  p50: number;
  p99: number;
  errors: number;
}

/** Whether wrk is installed (Debian package `wrk`): the tool the side-by-side runs use. */
export function wrkInstalled(): boolean {
  try {
    execFileSync('wrk', ['--version'], { stdio: 'ignore' });
    return true;
  } catch (err) {
    // wrk --version prints its version and exits 1: only a missing binary is an error here.
    return (err as NodeJS.ErrnoException).code !== 'ENOENT';
  }
}

const MS = { us: 0.001, ms: 1, s: 1000 } as const;

function milliseconds(text: string): number {
  const m = /^([\d.]+)(us|ms|s)$/.exec(text);
  return m ? Math.round(Number(m[1]) * MS[m[2] as keyof typeof MS] * 100) / 100 : NaN;
}

/** Parses wrk's report (run with --latency). */
export function parseWrk(out: string): LoadResult {
  const number = (re: RegExp) => Number(re.exec(out)?.[1] ?? 0);
  const latency = (percent: number) => milliseconds(new RegExp(`^\\s+${percent}%\\s+(\\S+)`, 'm').exec(out)?.[1] ?? '');
  const socketErrors = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(out);
  return {
    rps: Math.round(number(/Requests\/sec:\s+([\d.]+)/)),
    total: number(/(\d+) requests in/),
    p50: latency(50),
    p99: latency(99),
    errors: number(/Non-2xx or 3xx responses: (\d+)/) + (socketErrors ? socketErrors.slice(1).reduce((sum, n) => sum + Number(n), 0) : 0),
  };
}

/**
 * A wrk script that asks for `paths` in turn, one after the other on every connection (the one
 * thread shares its counter), so a set of distinct queries is cycled through in order.
 */
export function cyclingScript(paths: string[]): string {
  return `local paths = {\n${paths.map((p) => JSON.stringify(p)).join(',\n')}\n}\nlocal i = 0\nrequest = function()\n  i = i + 1\n  return wrk.format("GET", paths[(i % #paths) + 1])\nend\n`;
}

/**
 * `wrk` on one URL with one thread (the other core is the server's), bounded by its own duration.
 * With `paths`, the requests go to those paths of the URL's server in turn (see cyclingScript).
 */
export async function wrkLoad(url: string, options: { connections: number; seconds: number; headers: Record<string, string>; paths?: string[] }): Promise<LoadResult> {
  const args = ['-t1', `-c${options.connections}`, `-d${options.seconds}s`, '--latency', '--timeout', '10s'];
  for (const [name, value] of Object.entries(options.headers)) args.push('-H', `${name}: ${value}`);
  let script: string | undefined;
  if (options.paths) {
    script = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'answer-wrk-')), 'paths.lua');
    fs.writeFileSync(script, cyclingScript(options.paths));
    args.push('-s', script);
  }
  try {
    const child = spawn('wrk', [...args, url], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    if (code !== 0) throw new Error(`wrk exited with ${code}:\n${out}`);
    return parseWrk(out);
  } finally {
    if (script) fs.rmSync(path.dirname(script), { recursive: true, force: true });
  }
}
