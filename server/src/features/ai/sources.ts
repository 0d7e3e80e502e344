import type { AiCitation } from '@answer/contract';

/**
 * The posts the model is shown during one answer, numbered in the order they were first shown.
 * The numbers are what the model cites (`[3]`), and the only way a citation reaches the reader is
 * through this book: a number the model invents maps to nothing and is dropped.
 */
export interface Source extends AiCitation {
  /** The post's text as the model reads it (Markdown, trimmed). */
  text: string;
}

export class SourceBook {
  readonly list: Source[] = [];
  private readonly byObject = new Map<string, Source>();

  /** The source for a post, numbered on first sight. */
  add(source: Omit<Source, 'n'>): Source {
    const known = this.byObject.get(source.object_id);
    if (known) return known;
    const added = { ...source, n: this.list.length + 1 };
    this.list.push(added);
    this.byObject.set(source.object_id, added);
    return added;
  }

  get(n: number): Source | undefined {
    return this.list[n - 1];
  }

  /** The sources a text cites by `[n]`, each once, in number order. */
  cited(text: string): AiCitation[] {
    const numbers = new Set<number>();
    for (const m of text.matchAll(/\[(\d{1,3})\]/g)) if (this.get(Number(m[1]))) numbers.add(Number(m[1]));
    return [...numbers].sort((a, b) => a - b).map((n) => {
      const { text: _text, ...citation } = this.get(n)!;
      return citation;
    });
  }
}

/** A post's text for the model: at most `max` characters, cut at a word. */
export function trimForModel(text: string, max: number): string {
  const clean = text.replace(/\r/g, '').replace(/\n{3,}/g, '\n\n').trim();
  if (clean.length <= max) return clean;
  const cut = clean.slice(0, max);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), max - 40))} …`;
}

/** How a source is written into the prompt: its number, kind, title and text. */
export function sourceBlock(s: Source): string {
  return `[${s.n}] ${s.kind === 'question' ? 'Question' : 'Answer to'}: ${s.title}\n${s.text}`;
}
