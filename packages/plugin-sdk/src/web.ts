/**
 * The web part of a plugin: a prebuilt ES module the browser loads from the site's own origin
 * (`/plugins/{slug}/...`, so the CSP stays `script-src 'self'`), whose default export is `setup`.
 * The host calls it once with the API below; nothing in the module may rely on the app's own code
 * or bundling. Parts work on plain DOM elements, so a plugin needs no particular React version.
 */
import type { Translatable } from './translatable.js';

/** What an editor button gets: the Markdown editor's text around the caret. */
export interface EditorAccess {
  /** The selected text ('' when nothing is selected). */
  selection(): string;
  /** Replaces the selection (or inserts at the caret) and selects `select` within it, if given. */
  replaceSelection(text: string, select?: { start: number; end: number }): void;
}

export interface EditorButton {
  name: string;
  title: Translatable;
  /** An SVG image, inline (drawn with currentColor, so it follows the theme). */
  icon: string;
  run(editor: EditorAccess): void;
}

/** Something mounted into an element the host owns; the returned function unmounts it. */
export type Mount = (element: HTMLElement) => void | (() => void);

export interface WebHost {
  readonly slug: string;
  /** The reader's interface language, e.g. `en_US`. */
  readonly language: string;
  /** What the plugin's server part chose to send the browser (`publicConfig`). */
  readonly config: Record<string, unknown>;
  /** The colour scheme in use now. */
  theme(): 'light' | 'dark';
  /** Calls `listener` whenever the colour scheme changes; returns a function that stops it. */
  onThemeChange(listener: (theme: 'light' | 'dark') => void): () => void;
  translate(text: Translatable): string;
  /** A button in the Markdown editor's toolbar. */
  addEditorButton(button: EditorButton): void;
  /**
   * Runs over every rendered post body (questions, answers, the editor's preview) once it is in the
   * page, after the host has sanitised it: highlight, typeset, draw, embed. Return a clean-up.
   */
  addRenderer(render: Mount): void;
  /** A box in the right-hand sidebar of the main layout. */
  addSidebarWidget(widget: { title?: Translatable; mount: Mount }): void;
  /** A page under the main layout at `/{path}`; a disabled plugin's page is the 404 page. */
  addPage(page: { path: string; title: Translatable; mount: Mount }): void;
  /** The site's API, signed in as the reader: `/answer/api/v1/...` paths, replies' `data`. */
  api: {
    get<T>(path: string): Promise<T>;
    post<T>(path: string, body?: unknown): Promise<T>;
  };
}

/** The default export of a plugin's web module. */
export type WebSetup = (host: WebHost) => void | Promise<void>;
