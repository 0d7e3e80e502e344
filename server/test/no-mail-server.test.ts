import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, installedSite, type TestSite, useSmtp } from './support/app.js';

const run = promisify(execFile);
const CLI = path.resolve(import.meta.dirname, '../bin/answer.js');

/** `answer user activate` as an operator types it; resolves with the exit code and output. */
async function activate(dataDir: string, email: string) {
  try {
    const { stdout, stderr } = await run(process.execPath, [CLI, 'user', 'activate', email, '-C', dataDir], { env: { ...process.env, LOG_LEVEL: 'warn' } });
    return { code: 0, stdout, stderr };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

let site: TestSite;
beforeAll(async () => {
  site = await installedSite();
});
afterAll(async () => {
  await site.close();
});

const siteinfo = async () => body((await site.app.inject({ method: 'GET', url: '/answer/api/v1/siteinfo' }))).data;

describe('a site without a mail server', () => {
  it('says so in the public site information', async () => {
    expect((await siteinfo()).smtp_configured).toBe(false);
  });

  it('lets the operator activate an account from the command line, with the activation bonus once', async () => {
    const reg = await site.app.inject({
      method: 'POST',
      url: '/answer/api/v1/user/register/email',
      payload: { name: 'newcomer', e_mail: 'newcomer@example.com', pass: 'password-123' },
      remoteAddress: '10.9.9.9',
    });
    expect(reg.statusCode).toBe(200);
    const id = String(body(reg).data.id);
    const row = () => site.runtime.database.selectFrom('user').select(['mail_status', 'rank']).where('id', '=', id).executeTakeFirstOrThrow();
    const before = await row();
    expect(Number(before.mail_status)).toBe(2);

    const first = await activate(site.dataDir, 'Newcomer@Example.com');
    expect(first.code).toBe(0);
    expect(first.stdout).toContain('Activated newcomer');
    const after = await row();
    expect(Number(after.mail_status)).toBe(1);
    expect(Number(after.rank)).toBe(Number(before.rank) + 1);

    const again = await activate(site.dataDir, 'newcomer@example.com');
    expect(again.code).toBe(0);
    expect(again.stdout).toContain('already activated');
    expect(Number((await row()).rank)).toBe(Number(before.rank) + 1);
  });

  it('refuses an unknown address with exit code 1', async () => {
    const result = await activate(site.dataDir, 'nobody@example.com');
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('No account has the e-mail address nobody@example.com');
  });
});

describe('once the admin sets a mail server', () => {
  it('says that mail can be sent', async () => {
    await useSmtp(site, 2525);
    expect((await siteinfo()).smtp_configured).toBe(true);
  });
});
