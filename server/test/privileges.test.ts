import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, body, installedSite, login, member, type TestSite } from './support/app.js';

const SETTING = '/answer/admin/api/setting/privileges';

describe('privilege levels and the permission check', () => {
  let site: TestSite;
  let admin: string;
  let low: { id: string; token: string };

  const call = (method: 'GET' | 'PUT', url: string, token?: string, payload?: unknown) =>
    site.app.inject({ method, url, headers: token ? { authorization: token } : {}, payload: payload as object });
  const downvote = async (token: string) =>
    body(await call('GET', '/answer/api/v1/permission?action=question.vote_down', token)).data['question.vote_down'];

  beforeAll(async () => {
    site = await installedSite();
    admin = await login(site, ADMIN.email, ADMIN.password);
    low = await member(site, 'lowmember', 124);
  });
  afterAll(async () => site?.close());

  it('shows the three preset levels and a custom one, level 2 selected after install', async () => {
    const res = await call('GET', SETTING, admin);
    expect(res.statusCode).toBe(200);
    const data = body(res).data;
    expect(data.selected_level).toBe(2);
    expect(data.options.map((o: { level: number }) => o.level)).toEqual([1, 2, 3, 99]);
    const level2 = data.options[1].privileges as { key: string; value: number }[];
    expect(level2.find((p) => p.key === 'question.vote_down')?.value).toBe(125);
    expect(level2.find((p) => p.key === 'tag.add')?.value).toBe(750);
  });

  it('keeps the settings from members and visitors', async () => {
    expect((await call('GET', SETTING, low.token)).statusCode).toBe(403);
    expect((await call('GET', SETTING)).statusCode).toBe(401);
    expect((await call('GET', '/answer/api/v1/permission?action=question.vote_down')).statusCode).toBe(401);
  });

  it('opens a gate exactly at its threshold and names the reputation needed below it', async () => {
    const below = await downvote(low.token);
    expect(below.has_permission).toBe(false);
    expect(below.no_permission_tip).toContain('125');
    expect(below.need_reputation).toBe(125);
    await site.runtime.database.updateTable('user').set({ rank: 125 }).where('id', '=', low.id).execute();
    expect(await downvote(low.token)).toEqual({ has_permission: true, no_permission_tip: '', need_reputation: 0 });
    await site.runtime.database.updateTable('user').set({ rank: 124 }).where('id', '=', low.id).execute();
  });

  it('applies a custom level at once and refuses bad input with field errors', async () => {
    const bad = await call('PUT', SETTING, admin, { level: 99, custom_privileges: [{ key: 'question.vote_down', value: 0 }] });
    expect(bad.statusCode).toBe(400);
    expect(Array.isArray(body(bad).data)).toBe(true);
    expect((await call('PUT', SETTING, admin, { level: 7 })).statusCode).toBe(400);
    expect((await call('PUT', SETTING, admin, { level: 'two', custom_privileges: 'all' })).statusCode).toBe(400);

    const ok = await call('PUT', SETTING, admin, { level: 99, custom_privileges: [{ key: 'question.vote_down', value: 100 }] });
    expect(ok.statusCode).toBe(200);
    expect((await downvote(low.token)).has_permission).toBe(true);
    const after = body(await call('GET', SETTING, admin)).data;
    expect(after.selected_level).toBe(99);
    expect(after.options[3].privileges.find((p: { key: string }) => p.key === 'question.vote_down').value).toBe(100);

    expect((await call('PUT', SETTING, admin, { level: 3 })).statusCode).toBe(200);
    expect((await downvote(low.token)).has_permission).toBe(false);
  });
});
