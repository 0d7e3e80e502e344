import { describe, expect, it } from 'vitest';
import { baseInfoSchema, dbSettingsSchema } from './install.js';

const good = {
  lang: 'en_US',
  site_name: 'My Site',
  site_url: 'https://qa.example.com',
  contact_email: 'a@example.com',
  name: 'admin',
  password: 'password1',
  email: 'admin@example.com',
};

const failedFields = (r: { success: boolean; error?: { issues: { path: PropertyKey[] }[] } }) =>
  r.success ? [] : r.error!.issues.map((i) => String(i.path[0]));

describe('install schemas (spec section 5, install rules)', () => {
  it('accepts a complete base-info and defaults login_required to false', () => {
    const r = baseInfoSchema.safeParse(good);
    expect(r.success && r.data.login_required).toBe(false);
  });

  it.each([
    ['site_name', 'x'.repeat(31)],
    ['site_url', 'ftp://x'],
    ['site_url', `https://e.com/${'a'.repeat(510)}`],
    ['name', 'x'.repeat(31)],
    ['password', '1234567'],
    ['password', 'x'.repeat(33)],
    ['email', 'not-an-email'],
  ])('rejects %s = %s', (field, value) => {
    expect(failedFields(baseInfoSchema.safeParse({ ...good, [field]: value }))).toContain(field);
  });

  it('says an empty e-mail address is required, not invalid', () => {
    for (const field of ['email', 'contact_email']) {
      const r = baseInfoSchema.safeParse({ ...good, [field]: '' });
      expect(r.success ? [] : r.error.issues.filter((i) => i.path[0] === field).map((i) => i.message)[0]).toBe('error.common.required');
    }
  });

  it('accepts the limits themselves', () => {
    const r = baseInfoSchema.safeParse({ ...good, site_name: 'x'.repeat(30), name: 'x'.repeat(30), password: 'x'.repeat(32) });
    expect(r.success).toBe(true);
  });

  it('needs host, user and database name for server databases, nothing for SQLite', () => {
    expect(dbSettingsSchema.safeParse({ db_type: 'sqlite3' }).success).toBe(true);
    expect(failedFields(dbSettingsSchema.safeParse({ db_type: 'mysql' })).sort()).toEqual(['db_host', 'db_name', 'db_username']);
  });
});
