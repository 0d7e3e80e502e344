import { defaultKeymap, history, historyKeymap } from '@codemirror/commands';
import { markdownKeymap, markdownLanguage } from '@codemirror/lang-markdown';
import { EditorState } from '@codemirror/state';
import { EditorView, keymap } from '@codemirror/view';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../i18n/translator';
import { uploadPostImage } from '../../api/editor';
import { showToast } from '../../state/notices';
import { cspNonce } from '../../utils/csp-nonce';
import { ImageDialog } from './ImageDialog';
import { describeFile, imageFilesOf, imageProblem } from './image-files';
import { LinkDialog } from './LinkDialog';
import type { EditorButtonPart } from '../../plugins/parts';
import { type Edit, type TextState, image, link, replaceSelection } from './markdown-commands';
import { MarkdownHelp } from './MarkdownHelp';
import { Preview } from './Preview';
import { Toolbar } from './Toolbar';
import { TOOLBAR, type ToolbarItem } from './toolbar-items';
import { EDITOR_MIN_HEIGHT, type MarkdownEditorProps } from './props';
import './editor.css';

type Dialog = 'link' | 'image' | null;

const stateOf = (view: EditorView): TextState => {
  const { from, to } = view.state.selection.main;
  return { text: view.state.doc.toString(), from, to };
};

function applyTo(view: EditorView, edit: Edit) {
  view.dispatch({
    changes: { from: edit.from, to: edit.to, insert: edit.insert },
    selection: { anchor: edit.anchor, head: edit.head },
    scrollIntoView: true,
    userEvent: 'input',
  });
  view.focus();
}

/**
 * The Markdown editor (CodeMirror 6): toolbar, image upload by dialog, paste or drop, and the live
 * preview. Loaded on demand by LazyMarkdownEditor so only writing pages download it.
 */
export function MarkdownEditor({ value, onChange, labelledBy, describedBy, invalid, testId }: MarkdownEditorProps) {
  const { t } = useTranslation();
  const host = useRef<HTMLDivElement>(null);
  const viewRef = useRef<EditorView | null>(null);
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  const [dialog, setDialog] = useState<Dialog>(null);
  const [help, setHelp] = useState(false);
  const [uploads, setUploads] = useState(0);

  // Uploads run after the event handler returned: they read the translator through a ref.
  const tRef = useRef(t);
  tRef.current = t;

  useEffect(() => {
    const insertImages = async (view: EditorView, files: File[], at: number) => {
      for (const file of files) {
        const problem = imageProblem(file);
        if (problem) {
          showToast(tRef.current(problem), 'danger');
          continue;
        }
        setUploads((n) => n + 1);
        try {
          const url = await uploadPostImage(file);
          const pos = Math.min(at, view.state.doc.length);
          applyTo(view, image({ text: view.state.doc.toString(), from: pos, to: pos }, url, describeFile(file.name)));
          at = view.state.selection.main.head;
        } catch {
          // The request client already told the user why.
        } finally {
          setUploads((n) => n - 1);
        }
      }
    };
    const shortcuts = TOOLBAR.flat().flatMap((item) =>
      item.shortcut
        ? [
            {
              key: item.shortcut,
              run: (view: EditorView) => {
                if ('edit' in item) applyTo(view, item.edit(stateOf(view), tRef.current));
                else if (item.opens !== 'help') setDialog(item.opens);
                return true;
              },
            },
          ]
        : [],
    );

    const view = new EditorView({
      parent: host.current!,
      state: EditorState.create({
        doc: value,
        extensions: [
          history(),
          keymap.of([...shortcuts, ...markdownKeymap, ...defaultKeymap, ...historyKeymap]),
          // The bare language (lists continue on Enter) without markdown(), which would pull in the
          // HTML, CSS and JavaScript modes for embedded code and triple the download.
          markdownLanguage.extension,
          EditorView.lineWrapping,
          // CodeMirror writes its styles into a <style> element, which the page's policy allows by nonce.
          EditorView.cspNonce.of(cspNonce()),
          EditorView.contentAttributes.of(labelledBy ? { 'aria-labelledby': labelledBy } : {}),
          EditorView.theme({ '.cm-content': { minHeight: `${EDITOR_MIN_HEIGHT}px` } }),
          EditorView.updateListener.of((update) => {
            if (update.docChanged) onChangeRef.current(update.state.doc.toString());
          }),
          EditorView.domEventHandlers({
            paste(event, view) {
              const files = imageFilesOf(event.clipboardData?.files);
              if (!files.length) return false;
              event.preventDefault();
              void insertImages(view, files, view.state.selection.main.head);
              return true;
            },
            drop(event, view) {
              const files = imageFilesOf(event.dataTransfer?.files);
              if (!files.length) return false;
              event.preventDefault();
              const at = view.posAtCoords({ x: event.clientX, y: event.clientY }) ?? view.state.selection.main.head;
              void insertImages(view, files, at);
              return true;
            },
          }),
        ],
      }),
    });
    viewRef.current = view;
    return () => {
      view.destroy();
      viewRef.current = null;
    };
    // The editor is created once; later prop changes are applied below or read through refs.
  }, []);

  // A value set from outside (a restored draft, a reset after submit) replaces the text.
  useEffect(() => {
    const view = viewRef.current;
    if (view && view.state.doc.toString() !== value) {
      view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: value } });
    }
  }, [value]);

  // Set by hand rather than as content attributes so the editor need not be rebuilt when an error
  // comes or goes.
  useEffect(() => {
    const content = host.current?.querySelector('.cm-content');
    if (!content) return;
    const set = (name: string, v: string | undefined) => (v ? content.setAttribute(name, v) : content.removeAttribute(name));
    set('aria-invalid', invalid ? 'true' : undefined);
    set('aria-describedby', describedBy);
  }, [invalid, describedBy]);

  const onItem = (item: ToolbarItem) => {
    const view = viewRef.current;
    if (!view) return;
    if ('edit' in item) applyTo(view, item.edit(stateOf(view), t));
    else if (item.opens === 'help') setHelp((open) => !open);
    else setDialog(item.opens);
  };

  const closeDialog = () => {
    setDialog(null);
    viewRef.current?.focus();
  };
  const insert = (make: (s: TextState) => Edit) => {
    const view = viewRef.current;
    setDialog(null);
    if (view) applyTo(view, make(stateOf(view)));
  };
  const selectedText = () => {
    const view = viewRef.current;
    if (!view) return '';
    const { from, to } = view.state.selection.main;
    return view.state.sliceDoc(from, to);
  };
  // A plugin gets the text around the caret, not CodeMirror: its button works whatever the editor is.
  const onPluginButton = (button: EditorButtonPart) => {
    const view = viewRef.current;
    if (!view) return;
    button.run({
      selection: selectedText,
      replaceSelection: (text, select) => applyTo(view, replaceSelection(stateOf(view), text, select)),
    });
  };

  return (
    <div className={`markdown-editor border rounded ${invalid ? 'border-danger' : ''}`} data-testid={testId}>
      <Toolbar onItem={onItem} onPluginButton={onPluginButton} />
      {help && <MarkdownHelp />}
      <div ref={host} />
      {uploads > 0 && (
        <div className="small text-body-secondary px-3 py-1" role="status">
          {t('editor.image_dialog.uploading')}
        </div>
      )}
      <Preview content={value} />
      {dialog === 'link' && (
        <LinkDialog initialText={selectedText()} onClose={closeDialog} onInsert={(url, text) => insert((s) => link(s, url, text))} />
      )}
      {dialog === 'image' && <ImageDialog onClose={closeDialog} onInsert={(url, alt) => insert((s) => image(s, url, alt))} />}
    </div>
  );
}
