import fs from 'node:fs';
import path from 'node:path';
import YAML from 'yaml';
import type { NotificationMessage, ReviewContent, SearchContent, SearchQuery } from '@answer/plugin-sdk';
import type { TestSite } from './app.js';
import { tempDir } from './app.js';

/**
 * Third-party plugins of the types the core asks on its own paths (search, reviewer,
 * notification), as plain ES modules written to a temporary folder and added through config.yaml
 * `plugins:`. They run in the test's process: each records what it was given, and is steered
 * (answer, throw, hang), through one object on globalThis that the tests reset.
 */
export type Mode = 'ok' | 'throw' | 'hang';

export interface SearchFixture {
  mode: Mode;
  results: { objectId: string; type: string }[];
  total: number;
  queries: SearchQuery[];
  updates: SearchContent[];
  deletes: string[];
  /** updateContent calls still to fail, each once. */
  failUpdates: number;
  synced: { questions: SearchContent[]; answers: SearchContent[]; pages: number; done: boolean };
}

export interface ReviewerFixture {
  mode: Mode;
  result: 'approved' | 'need_review' | 'delete_directly';
  reason: string;
  /** Which of its rules the reviewer says decided ('' for none). */
  rule: string;
}

export interface HookFixtures {
  search: SearchFixture;
  reviewers: Record<'reviewer_one' | 'reviewer_two', ReviewerFixture>;
  /** What each reviewer was asked, in order. */
  reviewed: { slug: string; content: ReviewContent }[];
  notified: NotificationMessage[];
  /** notify calls still to fail, each once. */
  failNotify: number;
}

const KEY = '__answerHookFixtures';

/** Puts every fixture back to "answer, record nothing yet". */
export function resetHookFixtures(): HookFixtures {
  const approve = (): ReviewerFixture => ({ mode: 'ok', result: 'approved', reason: '', rule: '' });
  const state: HookFixtures = {
    search: { mode: 'ok', results: [], total: 0, queries: [], updates: [], deletes: [], failUpdates: 0, synced: { questions: [], answers: [], pages: 0, done: false } },
    reviewers: { reviewer_one: approve(), reviewer_two: approve() },
    reviewed: [],
    notified: [],
    failNotify: 0,
  };
  (globalThis as Record<string, unknown>)[KEY] = state;
  return state;
}

export const hookFixtures = (): HookFixtures => (globalThis as unknown as Record<string, HookFixtures>)[KEY]!;

const PREAMBLE = `
const state = () => globalThis.${KEY};
const steer = (mode, answer) => {
  if (mode === 'throw') throw new Error('the fixture was told to fail');
  if (mode === 'hang') return new Promise(() => {});
  return answer();
};
`;

const SEARCH = `${PREAMBLE}
export default {
  info: { slug_name: 'search_fixture', name: 'Search fixture', description: 'Answers searches as the test says.', version: '1.0.0', sdk: '1.0.0' },
  search: {
    description: { icon: '<svg xmlns="http://www.w3.org/2000/svg" width="16" height="16"></svg>', link: 'https://search.example.com/about', name: { en_US: 'Fixture Search', zh_CN: '测试搜索' } },
    async search(query) {
      const s = state().search;
      s.queries.push(query);
      return steer(s.mode, () => ({ results: s.results, total: s.total }));
    },
    async updateContent(content) {
      const s = state().search;
      if (s.failUpdates > 0) {
        s.failUpdates--;
        throw new Error('the index is busy');
      }
      s.updates.push(content);
    },
    async deleteContent(id) {
      state().search.deletes.push(id);
    },
    async sync(syncer) {
      const s = state().search.synced;
      for (const kind of ['questions', 'answers']) {
        for (let page = 1; ; page++) {
          const list = await syncer[kind](page, 2);
          if (!list.length) break;
          s[kind].push(...list);
          s.pages++;
        }
      }
      s.done = true;
    },
  },
};
`;

const reviewer = (slug: string) => `${PREAMBLE}
export default {
  info: { slug_name: '${slug}', name: '${slug}', description: 'Reviews posts as the test says.', version: '1.0.0', sdk: '1.0.0' },
  reviewer: {
    async review(content) {
      const r = state().reviewers['${slug}'];
      state().reviewed.push({ slug: '${slug}', content });
      return steer(r.mode, () => ({ result: r.result, reason: r.reason, ...(r.rule && { rule: r.rule }) }));
    },
  },
};
`;

const NOTIFY = `${PREAMBLE}
export default {
  info: { slug_name: 'notify_fixture', name: 'Notify fixture', description: 'Records notifications.', version: '1.0.0', sdk: '1.0.0' },
  notification: {
    async notify(message) {
      const s = state();
      if (s.failNotify > 0) {
        s.failNotify--;
        throw new Error('the chat service is down');
      }
      s.notified.push(message);
    },
  },
};
`;

/** Writes the fixtures, lists them in the site's config.yaml and restarts it; returns the folder to remove. */
export async function addHookFixtures(site: TestSite): Promise<string> {
  const root = tempDir('answer-hook-plugins-');
  const dirs = Object.entries({ search_fixture: SEARCH, reviewer_one: reviewer('reviewer_one'), reviewer_two: reviewer('reviewer_two'), notify_fixture: NOTIFY }).map(([name, code]) => {
    const dir = path.join(root, name);
    fs.mkdirSync(dir);
    fs.writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name: `answer-plugin-${name}`, version: '1.0.0', type: 'module', main: 'index.js' }));
    fs.writeFileSync(path.join(dir, 'index.js'), code);
    return dir;
  });
  const configFile = path.join(site.dataDir, 'conf', 'config.yaml');
  fs.writeFileSync(configFile, YAML.stringify({ ...YAML.parse(fs.readFileSync(configFile, 'utf8')), plugins: dirs }));
  await site.restart();
  // Hangs are given up quickly.
  site.runtime.plugins.hookTimeoutMs = 300;
  return root;
}
