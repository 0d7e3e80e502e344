import cliProgress from 'cli-progress';

/**
 * Progress of a long command (import, dump, restore, reindex), one stage at a time. On a terminal a
 * bar with counts, rate and time left is redrawn in place; elsewhere (CI, logs, a pipe) a plain line
 * is printed every few seconds and at the end of each stage, so a log shows how far it got.
 */
export interface Progress {
  /** Starts a stage; `total` may be unknown (0) when a stream's length is not known ahead. */
  stage(name: string, total?: number): void;
  /** Counts `n` more items of the current stage. */
  tick(n?: number): void;
  /** Ends the current stage (also done by the next `stage` call and by `finish`). */
  finish(): void;
}

export interface ProgressOptions {
  /** Where lines go; stderr by default so a command's report on stdout stays clean. */
  stream?: NodeJS.WriteStream;
  /** Seconds between plain lines when not on a terminal. */
  lineEvery?: number;
  /** Forces plain lines even on a terminal (tests). */
  plain?: boolean;
}

const rateOf = (done: number, seconds: number) => (seconds > 0 ? Math.round(done / seconds) : 0);

function describeTime(seconds: number): string {
  if (!Number.isFinite(seconds)) return '?';
  if (seconds < 60) return `${Math.ceil(seconds)}s`;
  const minutes = Math.floor(seconds / 60);
  return minutes < 60 ? `${minutes}m${String(Math.round(seconds % 60)).padStart(2, '0')}s` : `${Math.floor(minutes / 60)}h${String(minutes % 60).padStart(2, '0')}m`;
}

export function createProgress(options: ProgressOptions = {}): Progress {
  const stream = options.stream ?? process.stderr;
  return stream.isTTY && !options.plain ? barProgress(stream) : lineProgress(stream, (options.lineEvery ?? 2) * 1000);
}

/** A progress that shows nothing (dry runs inside tests, library calls). */
export const silentProgress: Progress = { stage() {}, tick() {}, finish() {} };

function barProgress(stream: NodeJS.WriteStream): Progress {
  let bar: cliProgress.SingleBar | null = null;
  let started = 0;
  let value = 0;
  let total = 0;
  const finish = () => {
    bar?.stop();
    bar = null;
  };
  return {
    stage(name, size = 0) {
      finish();
      started = Date.now();
      value = 0;
      total = size;
      bar = new cliProgress.SingleBar(
        {
          stream,
          format: total ? `${name} [{bar}] {percentage}% {value}/{total} {rate}/s, {left} left` : `${name} {value} {rate}/s`,
          hideCursor: true,
          clearOnComplete: false,
        },
        cliProgress.Presets.shades_classic,
      );
      bar.start(total, 0, { rate: 0, left: '?' });
    },
    tick(n = 1) {
      if (!bar) return;
      value += n;
      const rate = rateOf(value, (Date.now() - started) / 1000);
      bar.update(total ? Math.min(value, total) : value, { rate, left: rate && total ? describeTime(Math.max(0, total - value) / rate) : '?' });
    },
    finish,
  };
}

function lineProgress(stream: NodeJS.WriteStream, everyMs: number): Progress {
  let name = '';
  let total = 0;
  let done = 0;
  let started = 0;
  let lastLine = 0;
  const line = () => {
    const seconds = (Date.now() - started) / 1000;
    const rate = rateOf(done, seconds);
    const counts = total ? `${done}/${total} (${Math.floor((done / total) * 100)}%)` : String(done);
    const left = total && rate && done < total ? `, ${describeTime((total - done) / rate)} left` : '';
    stream.write(`${name}: ${counts}, ${rate}/s${left}\n`);
    lastLine = Date.now();
  };
  const finish = () => {
    if (name) line();
    name = '';
  };
  return {
    stage(next, size = 0) {
      finish();
      name = next;
      total = size;
      done = 0;
      started = lastLine = Date.now();
    },
    tick(n = 1) {
      done += n;
      if (Date.now() - lastLine >= everyMs) line();
    },
    finish,
  };
}
