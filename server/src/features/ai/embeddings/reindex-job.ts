import type { AiReindexState } from '@answer/contract';
import type { Progress } from '../../../core/progress.js';
import type { Runtime } from '../../../runtime.js';
import { EmbeddingFailure } from './client.js';
import { reindexEmbeddings } from './reindex.js';

/**
 * `answer ai reindex` from Admin → AI: the same work in the background of the instance that was
 * asked, its progress kept in the shared cache so every instance's admin page shows it. One run at a
 * time across instances: the run holds a lock that it renews as it goes, so a run whose process was
 * killed frees the lock within LOCK_SECONDS and can be started again (it resumes: posts already
 * embedded cost nothing).
 */
const STATE = 'ai.reindex.state';
const LOCK = 'ai.reindex.lock';
const LOCK_SECONDS = 300;
const STATE_SECONDS = 7 * 24 * 3600;
const now = () => Math.floor(Date.now() / 1000);

const IDLE: AiReindexState = { running: false, done: 0, total: 0, embedded: 0, started_at: 0, finished_at: 0, stopped: '', msg: '' };

export async function reindexState(runtime: Runtime): Promise<AiReindexState> {
  const state = (await runtime.shared.get<AiReindexState>(STATE)) ?? IDLE;
  // A run whose lock lapsed died with its process.
  if (state.running && !(await runtime.shared.get(LOCK))) return { ...state, running: false, stopped: 'provider', msg: 'error.ai.reindex_interrupted' };
  return state;
}

/**
 * The state as stored; `msg` is a reason key (the route translates it for the reader).
 * Starts a run unless one is going; false when one is.
 */
export async function startReindex(runtime: Runtime, log: (error: unknown) => void): Promise<boolean> {
  if (!(await runtime.shared.add(LOCK, 1, LOCK_SECONDS))) return false;
  let state: AiReindexState = { ...IDLE, running: true, started_at: now() };
  const save = () => runtime.shared.set(STATE, state, STATE_SECONDS);
  await save();
  let lastSaved = 0;
  const progress: Progress = {
    stage(_name, total = 0) {
      state = { ...state, total };
    },
    tick(n = 1) {
      state = { ...state, done: state.done + n };
      // At most once a second, renewing the lock with it.
      if (Date.now() - lastSaved < 1000) return;
      lastSaved = Date.now();
      void save();
      void runtime.shared.set(LOCK, 1, LOCK_SECONDS);
    },
    finish() {},
  };
  void (async () => {
    try {
      const report = await reindexEmbeddings(runtime, progress);
      state = report
        ? { ...state, embedded: report.embedded, stopped: report.outOfBudget ? 'out_of_budget' : '' }
        : { ...state, stopped: 'off' };
    } catch (error) {
      log(error);
      state = { ...state, stopped: 'provider', msg: error instanceof EmbeddingFailure ? `error.ai.provider.${error.reason}` : 'base.unknown' };
    } finally {
      state = { ...state, running: false, finished_at: now() };
      await save();
      await runtime.shared.delete(LOCK);
    }
  })();
  return true;
}
