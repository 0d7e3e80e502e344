import type { Runtime } from '../../../runtime.js';
import { budgetLeft, spendTokens } from '../usage.js';
import { EmbeddingFailure, embedTexts } from './client.js';
import { embeddingSetup } from './setup.js';
import { MAX_CHARS } from './store.js';

/**
 * The vector of a reader's text (a search, a title being typed), for the in-process index. Never
 * throws and never waits long: a provider that is down, slow, over its rate limit or replying
 * nonsense gives null, and the caller keeps its full-text results. After a failure the provider is
 * left alone for PAUSE_MS, so a provider that is down does not add a timeout to every search (new
 * settings, another address or model, are tried at once).
 * Recent texts' vectors are kept (the same search asked again costs no call and no tokens).
 */
const TIMEOUT_MS = 3000;
const PAUSE_MS = 30_000;
const KEEP = 500;

interface State {
  /** The address and model that failed, and until when they are left alone. */
  paused: string;
  pausedUntil: number;
  vectors: Map<string, Float32Array>;
}
const states = new WeakMap<Runtime, State>();

function stateOf(runtime: Runtime): State {
  let state = states.get(runtime);
  if (!state) states.set(runtime, (state = { paused: '', pausedUntil: 0, vectors: new Map() }));
  return state;
}

export async function queryVector(runtime: Runtime, text: string): Promise<{ model: string; vector: Float32Array } | null> {
  const input = text.trim().slice(0, MAX_CHARS);
  if (!input) return null;
  const setup = await embeddingSetup(runtime);
  if (!setup) return null;
  const state = stateOf(runtime);
  const provider = `${setup.api_host}\n${setup.model}`;
  const key = `${provider}\n${input}`;
  const kept = state.vectors.get(key);
  if (kept) {
    // Most recently used last: the first key is the one to drop.
    state.vectors.delete(key);
    state.vectors.set(key, kept);
    return { model: setup.model, vector: kept };
  }
  if (state.paused === provider && Date.now() < state.pausedUntil) return null;
  try {
    if (!(await budgetLeft(runtime))) return null;
    const { vectors, tokens } = await embedTexts(setup, [input], TIMEOUT_MS);
    await spendTokens(runtime, tokens);
    const vector = vectors[0]!;
    state.vectors.set(key, vector);
    if (state.vectors.size > KEEP) state.vectors.delete(state.vectors.keys().next().value!);
    return { model: setup.model, vector };
  } catch (error) {
    state.paused = provider;
    state.pausedUntil = Date.now() + PAUSE_MS;
    console.error(`semantic search: ${error instanceof EmbeddingFailure ? error.message : `embedding failed (${String(error)})`}; full-text only for ${PAUSE_MS / 1000} s`);
    return null;
  }
}

/** Ends a pause after a failure (tests, which make the same provider fail and recover). */
export function resumeQueries(runtime: Runtime): void {
  stateOf(runtime).pausedUntil = 0;
}
