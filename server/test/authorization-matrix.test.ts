import { ADMIN_API_PREFIX } from '@answer/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { RegisteredRoute } from './support/registered-routes.js';
import { member, type TestSite } from './support/app.js';
import { adminOf, dialectTargets, siteOn, type User } from './support/dialect-sites.js';

/**
 * Who may call what, over every route the app registers, for the six kinds of caller: a visitor, an
 * unverified account, a suspended one, a member, a moderator and the administrator. The guardian
 * decides by the access each route declares; this walks the declarations and the replies, so a new
 * route that forgets its access, or an admin call a moderator can reach, fails here.
 */
const registered = vi.hoisted(() => [] as RegisteredRoute[]);
vi.mock('fastify', async (original) => (await import('./support/registered-routes.js')).recordingFastify(await original(), registered));

type Role = 'visitor' | 'inactive' | 'suspended' | 'member' | 'moderator' | 'admin';
const ROLES: Role[] = ['visitor', 'inactive', 'suspended', 'member', 'moderator', 'admin'];

/** The roles the guardian turns away, per declared access level, and with which status. */
const REFUSED: Record<string, Partial<Record<Role, number>>> = {
  admin: { visitor: 401, inactive: 403, suspended: 403, member: 403, moderator: 403 },
  auth: { visitor: 401, inactive: 403, suspended: 403 },
  'any-status': { visitor: 401 },
  public: {},
  none: {},
};

/**
 * Admin-API paths moderators may call too, by decision (docs/decisions.md, tag merge): the route
 * admits signed-in users and the service asks for the role power.
 */
const STAFF_ADMIN_ROUTES = ['PUT /answer/admin/api/tag/merge'];

/** Placeholders for path parameters: the guardian answers before anything is looked up. */
const fillPath = (url: string) => url.replace(/:[A-Za-z_]+/g, '1').replace(/\*$/, 'x');

describe.each(dialectTargets())('authorization matrix on $name', (target) => {
  let site: TestSite;
  let stop: () => Promise<void>;
  const tokens = {} as Record<Role, string>;
  let routes: { method: string; url: string; access: string | undefined }[] = [];

  beforeAll(async () => {
    registered.length = 0;
    ({ site, stop } = await siteOn(target));
    const seen = new Map<string, (typeof registered)[number]>();
    for (const r of registered) {
      if (!['GET', 'POST', 'PUT', 'DELETE'].includes(r.method) || !r.url.startsWith('/answer/')) continue;
      // Logging out would end the very sessions the walk goes on with.
      if (r.url.endsWith('/logout')) continue;
      seen.set(`${r.method} ${r.url}`, r);
    }
    routes = [...seen.values()];

    const db = site.runtime.database;
    const t = Math.floor(Date.now() / 1000);
    const as = async (name: string): Promise<User> => member(site, name, 100000);
    tokens.visitor = '';
    tokens.admin = (await adminOf(site)).token;
    tokens.member = (await as('matrix.member')).token;
    const moderator = await as('matrix.moderator');
    await db.deleteFrom('user_role_rel').where('user_id', '=', moderator.id).execute();
    await db.insertInto('user_role_rel').values({ user_id: moderator.id, role_id: 3, created_at: t, updated_at: t }).execute();
    tokens.moderator = moderator.token;
    const suspended = await as('matrix.suspended');
    await db.updateTable('user').set({ status: 9 }).where('id', '=', suspended.id).execute();
    tokens.suspended = suspended.token;
    const inactive = await as('matrix.inactive');
    await db.updateTable('user').set({ mail_status: 2 }).where('id', '=', inactive.id).execute();
    tokens.inactive = inactive.token;
  });
  afterAll(async () => {
    await stop?.();
  });

  it('lets moderators and the administrator handle flags and queued posts, and nobody else', async () => {
    const call = (method: 'GET' | 'PUT' | 'POST', url: string, role: Role, payload?: unknown) =>
      site.app.inject({ method, url: `/answer/api/v1${url}`, headers: tokens[role] ? { authorization: tokens[role] } : {}, ...(payload ? { payload } : {}) });
    const db = site.runtime.database;
    // A question by the member, flagged by the moderator; a new member's question held for review.
    const ask = async (role: Role, title: string) =>
      (await call('POST', '/question', role, { title, content: 'A body long enough to be a question.', tags: [{ slug_name: 'support' }] })).json().data.id as string;
    const flaggedQuestion = await ask('member', 'A question somebody will flag as spam');
    expect((await call('POST', '/report', 'moderator', { object_id: flaggedQuestion, report_type: 57 })).statusCode).toBe(200);
    const flag = await db.selectFrom('report').select('id').where('object_id', '=', flaggedQuestion).executeTakeFirstOrThrow();
    const admin = { authorization: tokens.admin };
    const rules = { reputation_below: 0, first_posts: 0, review_words: ['held-for-review'], delete_words: [], max_links: null };
    expect((await site.app.inject({ method: 'PUT', url: '/answer/admin/api/siteinfo/review', headers: admin, payload: rules })).statusCode).toBe(200);
    await ask('member', 'A question with held-for-review in it');
    const review = await db.selectFrom('review').select('id').where('status', '=', 1).executeTakeFirstOrThrow();

    const reads = [
      (role: Role) => call('GET', '/report/unreviewed/post?page=1', role),
      (role: Role) => call('GET', '/review/pending/post/page?page=1', role),
    ];
    for (const read of reads) {
      for (const role of ['moderator', 'admin'] as const) {
        const res = await read(role);
        expect(res.statusCode, role).toBe(200);
        expect(res.json().data.count, role).toBeGreaterThan(0);
      }
      // Members see nothing waiting (an empty page, as upstream, or 403).
      const byMember = await read('member');
      expect(byMember.statusCode === 403 || (byMember.statusCode === 200 && byMember.json().data.count === 0)).toBe(true);
      expect((await read('visitor')).statusCode).toBe(401);
    }
    for (const role of ['visitor', 'inactive', 'suspended', 'member'] as const) {
      const handle = await call('PUT', '/report/review', role, { flag_id: String(flag.id), operation_type: 'ignore_report' });
      const decide = await call('PUT', '/review/pending/post', role, { review_id: Number(review.id), status: 'approve' });
      expect([handle.statusCode, decide.statusCode], role).toEqual(role === 'visitor' ? [401, 401] : [403, 403]);
    }
    expect((await call('PUT', '/report/review', 'moderator', { flag_id: String(flag.id), operation_type: 'ignore_report' })).statusCode).toBe(200);
    expect((await call('PUT', '/review/pending/post', 'moderator', { review_id: Number(review.id), status: 'approve' })).statusCode).toBe(200);
    // The moderation log is the administrator's alone.
    for (const role of ['member', 'moderator'] as const) {
      expect((await site.app.inject({ method: 'GET', url: '/answer/admin/api/moderation/log', headers: { authorization: tokens[role] } })).statusCode).toBe(403);
    }
    const log = await site.app.inject({ method: 'GET', url: '/answer/admin/api/moderation/log?action=flag.ignore', headers: admin });
    expect(log.json().data.list.map((r: { staff_user: { username: string } }) => r.staff_user.username)).toEqual(['matrix.moderator']);
  });

  it('has every API route declare who may call it, and every admin route admins only', () => {
    expect(routes.length).toBeGreaterThan(100);
    expect(routes.filter((r) => !r.access || !(r.access in REFUSED)).map((r) => `${r.method} ${r.url}`)).toEqual([]);
    const adminRoutes = routes.filter((r) => r.url.startsWith(`${ADMIN_API_PREFIX}/`));
    expect(adminRoutes.length).toBeGreaterThan(10);
    expect(adminRoutes.filter((r) => r.access !== 'admin' && !STAFF_ADMIN_ROUTES.includes(`${r.method} ${r.url}`)).map((r) => `${r.method} ${r.url}`)).toEqual([]);
  });

  it('turns away exactly the callers a route does not admit, and never answers 5xx', async () => {
    const unexpected: string[] = [];
    for (const route of routes) {
      const refused = REFUSED[route.access ?? ''] ?? {};
      for (const role of ROLES) {
        const res = await site.app.inject({
          method: route.method as 'GET',
          url: fillPath(route.url),
          headers: tokens[role] ? { authorization: tokens[role] } : {},
          ...(route.method === 'GET' ? {} : { payload: {} }),
        });
        const want = refused[role];
        const label = `${route.method} ${route.url} as ${role}: ${res.statusCode}`;
        if (res.statusCode >= 500) unexpected.push(`${label} (5xx)`);
        else if (want !== undefined && res.statusCode !== want) unexpected.push(`${label}, expected ${want}`);
        // The administrator may do everything the admin API offers.
        else if (route.access === 'admin' && role === 'admin' && (res.statusCode === 401 || res.statusCode === 403)) unexpected.push(`${label}, expected admitted`);
      }
    }
    expect(unexpected).toEqual([]);
  });
});
