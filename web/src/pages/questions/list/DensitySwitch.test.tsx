import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { QuestionListItem } from '../../../api/questions';
import { initI18n } from '../../../i18n';
import { STORAGE_KEYS, storage } from '../../../utils/storage';
import { DensitySwitch } from './DensitySwitch';
import { QuestionItems } from './QuestionItems';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const QUESTION: QuestionListItem = {
  id: '10010000000000001',
  title: 'How do I restart the server?',
  url_title: 'how-do-i-restart-the-server',
  description: 'It keeps the old settings.',
  tags: [],
  vote_count: 3,
  answer_count: 2,
  view_count: 40,
  accepted_answer_id: '10020000000000007',
  pin: 1,
  status: 1,
  operator: { id: '1', username: 'ada', display_name: 'Ada Lovelace', rank: 1234 },
  operated_at: 1_700_000_000,
  operation_type: 'asked',
};

const page = (
  <MemoryRouter>
    <DensitySwitch />
    <QuestionItems list={[QUESTION]} empty="none" />
  </MemoryRouter>
);

let root: Root;
let host: HTMLDivElement;
const item = () => host.querySelector<HTMLElement>('[data-testid="question-item"]')!;
const choice = (density: string) => host.querySelector<HTMLButtonElement>(`[data-density="${density}"]`)!;

beforeAll(() => initI18n());
beforeEach(() => {
  localStorage.clear();
  host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
});
afterEach(async () => {
  await act(async () => root.unmount());
  host.remove();
});

describe('the question list density', () => {
  it('is comfortable by default: counts in boxes, the excerpt, and who did what with avatar and reputation', async () => {
    await act(async () => root.render(page));
    expect(item().dataset.density).toBe('comfortable');
    expect(choice('comfortable').getAttribute('aria-pressed')).toBe('true');
    expect(item().textContent).toContain('It keeps the old settings.');
    const stats = item().querySelector('[data-testid="question-stats"]')!;
    expect(stats.textContent).toContain('3 votes');
    expect(stats.textContent).toContain('40 views');
    // An accepted answer fills the answers box.
    expect(stats.querySelector('[data-accepted="true"]')?.textContent).toBe('2 answers');
    expect(item().querySelector('[data-testid="generated-avatar"]')?.textContent).toBe('AL');
    expect(item().textContent).toContain('1234 rep');
  });

  it('switches to compact, without the excerpt, and remembers the choice', async () => {
    await act(async () => root.render(page));
    await act(async () => choice('compact').click());
    expect(item().dataset.density).toBe('compact');
    expect(choice('compact').getAttribute('aria-pressed')).toBe('true');
    expect(item().textContent).not.toContain('It keeps the old settings.');
    expect(item().querySelector('[data-testid="question-stats"]')).not.toBeNull();
    expect(storage.get(STORAGE_KEYS.listDensity)).toBe('compact');

    // A later visit starts compact.
    await act(async () => root.unmount());
    root = createRoot(host);
    await act(async () => root.render(page));
    expect(item().dataset.density).toBe('compact');
  });

  it('is rendered comfortable on the server, whatever the browser remembers', () => {
    storage.set(STORAGE_KEYS.listDensity, 'compact');
    expect(renderToString(page)).toContain('data-density="comfortable"');
  });

  it('marks answered questions without an accepted answer apart from unanswered ones', async () => {
    await act(async () =>
      root.render(
        <MemoryRouter>
          <QuestionItems list={[{ ...QUESTION, accepted_answer_id: '0' }, { ...QUESTION, id: '2', answer_count: 0, accepted_answer_id: '0' }]} empty="none" />
        </MemoryRouter>,
      ),
    );
    const [answered, open] = [...host.querySelectorAll('[data-testid="question-stats"]')];
    expect(answered?.querySelector('.answers-given')).not.toBeNull();
    expect(open?.querySelector('.answers-given, .answers-accepted')).toBeNull();
  });
});
