import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { ANSWER_BIN, serverNodeFlags, spawnSite, untilHealthy } from './local-site.js';
import { rssMegabytes } from './rss.js';
import { writeDump } from './stackexchange-dump.js';

/**
 * Measures `answer import stackexchange` on a fresh SQLite site:
 *
 *   node --import tsx server/bench/stackexchange-import.ts [posts=100000]
 *
 * Installs a site in a temporary folder, writes a synthetic dump of that many posts
 * (stackexchange-dump.ts), runs the import as the CLI does (counter recount included) and prints
 * posts per second, the import process's CPU time (all its threads: unlike the rate, it barely
 * moves when other work shares the machine), the Posts.xml stage's share of it, and its peak
 * resident memory.
 * IMPORT_NODE_FLAGS adds flags to the import's node, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof".
 */
const posts = Number(process.argv[2] ?? 100_000);
/** The unit of /proc/<pid>/stat times: USER_HZ, 100 on Linux whatever the kernel's own tick. */
const CLOCK_TICKS = 100;
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'answer-se-bench-'));
const dataDir = path.join(work, 'data');
const dump = path.join(work, 'bench.stackexchange.com');

const admin = { name: 'admin', email: 'admin@example.com', password: 'admin-pass-123' };
const port = 20000 + Math.floor(Math.random() * 20000);
const site = spawnSite(dataDir, port, admin, 'ignore');
await untilHealthy(site, port);
site.kill('SIGTERM');
await new Promise((r) => site.once('exit', r));

console.log(`machine reference: ${referenceMs()} ms for a fixed loop (compare figures only between runs with a similar reference)`);
let started = Date.now();
await writeDump(dump, posts);
console.log(`dump of ${posts} posts written in ${((Date.now() - started) / 1000).toFixed(1)} s (${(dirSize(dump) / 1e6).toFixed(0)} MB)`);

started = Date.now();
const extraFlags = (process.env.IMPORT_NODE_FLAGS ?? '').split(' ').filter(Boolean);
const child = spawn(process.execPath, [...serverNodeFlags(), ...extraFlags, ANSWER_BIN, 'import', 'stackexchange', dump, '-C', dataDir], { stdio: ['ignore', 'inherit', 'pipe'] });
let peak = 0;
let cpu = 0;
const threads = new Map<string, number>();
const poll = setInterval(() => {
  peak = Math.max(peak, rssMegabytes(child.pid!, 'VmHWM') ?? 0);
  cpu = cpuSeconds(child.pid!) ?? cpu;
  for (const [tid, seconds] of threadSeconds(child.pid!)) threads.set(tid, seconds);
}, 200);
// The progress lines (stderr, "Posts.xml: 5000/100600 ...") are passed on, and the CPU time read as
// each stage's last line arrives: a stage's CPU is the time between its last line and the one before's.
const stageCpu = new Map<string, number>();
const stageWall = new Map<string, number>();
let stage = '';
let stageStart = 0;
let stageWallStart = Date.now();
let latest = 0;
let latestWall = stageWallStart;
createInterface({ input: child.stderr! }).on('line', (line) => {
  process.stderr.write(`${line}\n`);
  const name = /^([^:]+):/.exec(line)?.[1];
  const now = cpuSeconds(child.pid!);
  if (!name || now === undefined) return;
  if (name !== stage) [stage, stageStart, stageWallStart] = [name, latest, latestWall];
  latest = now;
  latestWall = Date.now();
  stageCpu.set(stage, now - stageStart);
  stageWall.set(stage, latestWall - stageWallStart);
});
const code = await new Promise<number | null>((r) => child.once('exit', r));
clearInterval(poll);
const seconds = (Date.now() - started) / 1000;
const postsCpu = stageCpu.get('Posts.xml') ?? 0;
console.log(`import exit ${code}: ${posts} posts in ${seconds.toFixed(1)} s = ${Math.round(posts / seconds)} posts/s (everything included), CPU ${cpu.toFixed(0)} s (Posts.xml stage ${postsCpu.toFixed(0)} s, ${Math.round((postsCpu * 1e6) / posts)} µs a post), peak RSS ${peak} MB`);
// Threads are all named "node": the main one has the process's id, the busiest other is the conversion thread.
const others = [...threads].filter(([tid]) => tid !== String(child.pid)).map(([, seconds]) => seconds).sort((a, b) => b - a);
const total = (list: number[]) => list.reduce((sum, s) => sum + s, 0).toFixed(1);
console.log(`CPU by thread: main ${threads.get(String(child.pid))?.toFixed(1)} s, busiest other (conversion) ${others[0]?.toFixed(1)} s, the ${others.length - 1} others (collector, file reads, ...) ${total(others.slice(1))} s`);
console.log('stage: wall s, CPU s (each from the end of the stage before; the summary after the last stage is not counted)');
for (const [name, wall] of stageWall) console.log(`  ${name}: ${(wall / 1000).toFixed(2)}, ${(stageCpu.get(name) ?? 0).toFixed(2)}`);
fs.rmSync(work, { recursive: true, force: true });

/** User and system time of a process, all threads, in seconds (Linux; the last reading before it ends, 200 ms short at most). */
function cpuSeconds(pid: number): number | undefined {
  try {
    // Fields 14 and 15 of /proc/<pid>/stat, counted after the command name (which may hold spaces).
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
  } catch {
    return undefined;
  }
}

/**
 * A fixed piece of pure JavaScript work, timed: the same code measured on this machine has run two to three times slower
 * on some days than on others, with nothing else running and no steal time reported, so figures carry this reference.
 */
function referenceMs(): number {
  const started = performance.now();
  let x = 0;
  for (let i = 0; i < 3e8; i++) x += i % 7;
  if (x < 0) console.log(x);
  return Math.round(performance.now() - started);
}

/** Each thread's CPU seconds so far, by thread id (Linux: /proc/<pid>/task), so a run shows what besides the two busy threads takes CPU. */
function threadSeconds(pid: number): Map<string, number> {
  const out = new Map<string, number>();
  try {
    for (const tid of fs.readdirSync(`/proc/${pid}/task`)) {
      const stat = fs.readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      out.set(tid, (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS);
    }
  } catch {
    // The process or one of its threads ended between the listing and the read.
  }
  return out;
}

function dirSize(dir: string): number {
  return fs.readdirSync(dir).reduce((sum, f) => sum + fs.statSync(path.join(dir, f)).size, 0);
}
