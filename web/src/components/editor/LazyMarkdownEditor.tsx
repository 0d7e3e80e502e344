import { Suspense, lazy } from 'react';
import { PageLoading } from '../PageLoading';
import { EDITOR_MIN_HEIGHT, type MarkdownEditorProps } from './props';

// CodeMirror is large: it downloads with the first page that writes, never with the entry chunk.
const Editor = lazy(() => import('./MarkdownEditor').then((m) => ({ default: m.MarkdownEditor })));

/** The Markdown editor, loaded on first use; a spinner of similar height holds its place meanwhile. */
export function MarkdownEditor(props: MarkdownEditorProps) {
  return (
    <Suspense
      fallback={
        <div className="border rounded" style={{ minHeight: EDITOR_MIN_HEIGHT + 40 }}>
          <PageLoading />
        </div>
      }
    >
      <Editor {...props} />
    </Suspense>
  );
}
