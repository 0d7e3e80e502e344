import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import Form from 'react-bootstrap/Form';
import { useTranslation } from '../i18n/translator';
import type { TagBrief } from '../api/post-types';
import { getRevisions } from '../api/revisions';
import { RevisionDiff } from './RevisionDiff';
import { type LabelText, revisionLabel } from './revision-label';
import { type RevisionContent, revisionContent, sideOf } from './revision-snapshot';
import { fromNow } from './TimeAgo';

// The history records a question's tags by slug only, so the form's tags are compared by slug too.
const bySlug = (tag: TagBrief) => tag.slug_name;

interface RevisionPickerProps {
  objectId: string;
  type: 'question' | 'answer' | 'tag';
  /** What the form holds now. */
  current: RevisionContent;
  /** Puts a chosen revision into the form; saving it stays an ordinary edit. */
  onLoad: (content: RevisionContent) => void;
}

/**
 * The "Revision" select above an edit form, listing the object's applied revisions newest first
 * (the newest is what the form starts from). Choosing one loads it into the form; a collapsible diff
 * shows how the form now differs from the chosen revision.
 */
export function RevisionPicker({ objectId, type, current, onLoad }: RevisionPickerProps) {
  const { t, i18n } = useTranslation();
  const history = useQuery({ queryKey: ['revisions', objectId], queryFn: ({ signal }) => getRevisions(objectId, signal), staleTime: 0 });
  const [chosenId, setChosenId] = useState('');
  const revisions = history.data ?? [];
  if (!revisions.length) return null;
  const chosenIndex = Math.max(0, revisions.findIndex((r) => r.id === chosenId));
  const chosen = revisions[chosenIndex]!;
  const text: LabelText = { translate: (key, values) => t(key, values), fromNow: (time) => fromNow(time, i18n.language) };

  const choose = (id: string) => {
    const revision = revisions.find((r) => r.id === id);
    if (!revision) return;
    setChosenId(id);
    onLoad(revisionContent(type, revision));
  };

  return (
    <div className="mb-4" data-testid="revision-picker">
      <Form.Group controlId="revision-select" className="mb-2">
        <Form.Label>{t('revision_picker.label')}</Form.Label>
        <Form.Select value={chosen.id} onChange={(e) => choose(e.target.value)} aria-describedby="revision-select-help">
          {revisions.map((r, i) => (
            <option key={r.id} value={r.id}>
              {revisionLabel(revisions, i, text)}
            </option>
          ))}
        </Form.Select>
        <Form.Text id="revision-select-help">{t('revision_picker.help')}</Form.Text>
      </Form.Group>
      <details>
        <summary className="small">{t('revision_picker.compare', { n: revisions.length - chosenIndex })}</summary>
        <div className="mt-2 border rounded p-3 bg-body-tertiary">
          <RevisionDiff before={sideOf(revisionContent(type, chosen), bySlug)} after={sideOf(current, bySlug)} testId="revision-diff" />
        </div>
      </details>
    </div>
  );
}
