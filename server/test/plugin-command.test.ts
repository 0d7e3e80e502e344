import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import YAML from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, body, installedSite, login, type TestSite } from './support/app.js';
import { writePluginFixtures } from './support/plugin-fixtures.js';

const run = promisify(execFile);
const CLI = path.resolve(import.meta.dirname, '../bin/answer.js');

/** `answer plugin ...` as an operator types it: the exit code and output. */
async function plugin(dataDir: string, ...args: string[]) {
  try {
    const { stdout, stderr } = await run(process.execPath, [CLI, 'plugin', ...args, '-C', dataDir], { env: { ...process.env, LOG_LEVEL: 'warn' } });
    return { code: 0, stdout, stderr };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

describe('answer plugin', () => {
  let site: TestSite;
  let fixtures: ReturnType<typeof writePluginFixtures>;
  const configured = () => YAML.parse(fs.readFileSync(path.join(site.dataDir, 'conf', 'config.yaml'), 'utf8')).plugins ?? [];

  beforeAll(async () => {
    fixtures = writePluginFixtures();
    site = await installedSite();
  });
  afterAll(async () => {
    await site.close();
    fs.rmSync(fixtures.root, { recursive: true, force: true });
  });

  it('adds a plugin folder from outside the project once it loads, and the restarted site offers it', async () => {
    const added = await plugin(site.dataDir, 'add', fixtures.hello);
    expect(added.code, added.stderr).toBe(0);
    expect(added.stdout).toContain('Added Hello (hello_fixture)');
    expect(configured()).toEqual([fixtures.hello]);
    expect((await plugin(site.dataDir, 'add', fixtures.hello)).stdout).toContain('already listed');
    const listed = await plugin(site.dataDir, 'list');
    expect(listed.stdout).toMatch(/hello_fixture\s+config\s+Hello 1\.2\.3 \(ok\)/);
    await site.restart();
    const admin = await login(site, ADMIN.email, ADMIN.password);
    const plugins = body(await site.app.inject({ url: '/answer/admin/api/plugins', headers: { authorization: admin } })).data;
    expect(plugins.some((p: { slug_name: string }) => p.slug_name === 'hello_fixture')).toBe(true);
  });

  it('refuses what does not load, and removes by folder or by slug', async () => {
    const broken = await plugin(site.dataDir, 'add', fixtures.brokenLoad);
    expect(broken.code).toBe(1);
    expect(broken.stderr).toContain('the broken plugin cannot start');
    expect(configured()).toEqual([fixtures.hello]);
    expect((await plugin(site.dataDir, 'remove', 'hello_fixture')).code).toBe(0);
    expect(configured()).toEqual([]);
    expect((await plugin(site.dataDir, 'remove', 'hello_fixture')).code).toBe(1);
  });
});
