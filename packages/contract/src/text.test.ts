import type { z } from 'zod';
import { describe, expect, it } from 'vitest';
import * as contract from './index.js';
import { CONTROL_CHARACTER_REASON, text } from './text.js';

const reasonOf = (value: unknown) => {
  const r = text().max(10).safeParse(value);
  return r.success ? null : r.error.issues[0]!.message;
};

describe('text()', () => {
  it('accepts tab, newline, carriage return, emoji and right-to-left text', () => {
    for (const ok of ['a\tb', 'a\r\nb', '😀', '\u200Fשלום', '']) expect(text().safeParse(ok).success).toBe(true);
  });

  it('refuses NUL, other C0 and C1 controls, DEL, U+FFFE/U+FFFF and lone surrogates', () => {
    for (const bad of ['a\u0000b', '\u0001', '\u001B[0m', '\u007F', '\u0085', '\uFFFE', '\uFFFF', '\uD800', 'x\uDC00', '\uDBFFx'])
      expect(reasonOf(bad)).toBe(CONTROL_CHARACTER_REASON);
  });

  it('stops at the character check before the length check', () => {
    expect(reasonOf('\u0000'.repeat(50))).toBe(CONTROL_CHARACTER_REASON);
    expect(reasonOf('a'.repeat(50))).not.toBe(CONTROL_CHARACTER_REASON);
  });

  it('keeps its message for a missing or wrong-typed value', () => {
    const r = text('error.common.required').safeParse(12);
    expect(r.success ? null : r.error.issues[0]!.message).toBe('error.common.required');
  });
});

/** Every string node of a schema, found through objects, arrays, unions, optionals, defaults and pipes. */
function stringNodes(schema: z.ZodType, path: string, out: [string, z.ZodType][] = []): [string, z.ZodType][] {
  const def = (schema as unknown as { _zod: { def: Record<string, any> } })._zod.def;
  if (def.type === 'string') out.push([path, schema]);
  if (def.type === 'object') for (const [k, v] of Object.entries(def.shape)) stringNodes(v as z.ZodType, `${path}.${k}`, out);
  if (def.type === 'array') stringNodes(def.element, `${path}[]`, out);
  if (def.type === 'union') for (const o of def.options) stringNodes(o, path, out);
  if (def.type === 'pipe') for (const side of [def.in, def.out]) stringNodes(side, path, out);
  if (def.innerType) stringNodes(def.innerType, path, out);
  return out;
}

describe('request schemas', () => {
  it('use text() for every string field, so none lets a control character through', () => {
    const schemas = Object.entries(contract).filter(([, v]) => v && typeof v === 'object' && '_zod' in v) as [string, z.ZodType][];
    const strings = schemas.flatMap(([name, schema]) => stringNodes(schema, name));
    expect(strings.length).toBeGreaterThan(50);
    const leaky = strings.filter(([, node]) => node.safeParse('a\u0000b').success).map(([path]) => path);
    expect(leaky).toEqual([]);
  });
});
