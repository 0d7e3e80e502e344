import fs from 'node:fs';
import path from 'node:path';
import { COLOR_SCHEMES, DB_TYPES, NOTIFICATION_SOURCES } from '@answer/contract';
import { describe, expect, it } from 'vitest';
import enUS from '../../../locales/en_US/ui.json';
import zhCN from '../../../locales/zh_CN/ui.json';
import { ADMIN_MENU } from '../pages/admin/menu';
import { AVATAR_CHOICES } from '../pages/settings/AvatarPicker';

const SRC = path.resolve(import.meta.dirname, '..');
const CONTRACT = path.resolve(import.meta.dirname, '../../../packages/contract/src');

function flatten(bundle: object, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(bundle)) {
    if (value && typeof value === 'object') for (const [k, v] of flatten(value, `${prefix}${key}.`)) out.set(k, v);
    else out.set(`${prefix}${key}`, String(value));
  }
  return out;
}

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(file);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.test.ts') ? [file] : [];
  });
}

/** Every key the code names literally: t('x.y'), titleKey="x.y", key: 'x.y', and schema messages. */
function keysUsedInCode(): Set<string> {
  const used = new Set<string>();
  const patterns = [/\bt\('([a-z0-9_.]+)'/g, /(?:titleKey|messageKey)="([a-z0-9_.]+)"/g, /\bkey: '([a-z0-9_]+\.[a-z0-9_.]+)'/g, /'(page_error\.[a-z_]+)'/g];
  for (const file of sources(SRC)) {
    const text = fs.readFileSync(file, 'utf8');
    for (const pattern of patterns) for (const m of text.matchAll(pattern)) used.add(m[1]!);
  }
  for (const file of ['install.ts', 'account.ts']) {
    const schemas = fs.readFileSync(path.join(CONTRACT, file), 'utf8');
    for (const m of schemas.matchAll(/message: '([a-z0-9_.]+)'/g)) used.add(m[1]!);
  }
  for (const item of ADMIN_MENU) {
    used.add(`admin.menu.${item.key}`);
    for (const child of item.children ?? []) used.add(`admin.menu.${child.key}`);
  }
  for (const type of DB_TYPES) used.add(`install.db.types.${type}`);
  for (const tab of ['profile', 'notify', 'account', 'interface']) used.add(`settings.${tab}`);
  for (const scheme of COLOR_SCHEMES) used.add(`settings.interface_page.schemes.${scheme}`);
  for (const source of NOTIFICATION_SOURCES) used.add(`settings.notify_page.${source}`);
  for (const choice of AVATAR_CHOICES) used.add(`settings.profile_page.avatar_${choice}`);
  return used;
}

describe('UI translation bundles', () => {
  const en = flatten(enUS);
  const zh = flatten(zhCN);

  it('name every key the code uses', () => {
    const missing = [...keysUsedInCode()].filter((key) => !en.has(key));
    expect(missing).toEqual([]);
  });

  it('zh_CN translates exactly the en_US keys', () => {
    expect([...zh.keys()].sort()).toEqual([...en.keys()].sort());
  });

  it('keep the same {{placeholders}} in every translation', () => {
    const vars = (s: string) => [...s.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
    const different = [...en].filter(([key, text]) => JSON.stringify(vars(text)) !== JSON.stringify(vars(zh.get(key) ?? '')));
    expect(different).toEqual([]);
  });
});
