import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { forgetSiteSettings, loadSiteSettings } from '../src/features/siteinfo/service.js';
import { webManifest } from '../src/features/siteinfo/web-manifest.js';
import { installedSite, type TestSite } from './support/app.js';

let site: TestSite;
beforeAll(async () => {
  site = await installedSite();
});
afterAll(async () => site.close());

describe('GET /manifest.json', () => {
  it('names the site and its theme colour, without a session', async () => {
    const res = await site.app.inject({ method: 'GET', url: '/manifest.json' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/manifest\+json/);
    const settings = await loadSiteSettings(site.app.runtime);
    expect(res.json()).toMatchObject({ name: settings.general.name, start_url: '/', theme_color: '#0033ff', icons: [] });
  });

  it('lists the branding icons with their types and shortens a long name', async () => {
    const settings = await loadSiteSettings(site.app.runtime);
    const manifest = webManifest({
      ...settings,
      general: { ...settings.general, name: 'A rather long site name' },
      branding: { ...settings.branding, square_icon: '/uploads/branding/a.png', favicon: '/uploads/branding/b.webp' },
      theme: { ...settings.theme, theme_config: { default: { navbar_style: 'light', primary_color: '#112233' } } },
    });
    expect(manifest.short_name).toBe('A rather lon');
    expect(manifest.theme_color).toBe('#112233');
    expect(manifest.icons).toEqual([
      { src: '/uploads/branding/a.png', sizes: 'any', purpose: 'any', type: 'image/png' },
      { src: '/uploads/branding/b.webp', sizes: 'any', purpose: 'any', type: 'image/webp' },
    ]);
  });
});

describe('GET /favicon.ico', () => {
  const storeBranding = async (favicon: string) => {
    const db = site.runtime.database;
    const row = await db.selectFrom('site_info').select('content').where('type', '=', 'branding').executeTakeFirst();
    const content = JSON.stringify({ ...(row ? JSON.parse(row.content) : {}), favicon });
    if (row) await db.updateTable('site_info').set({ content }).where('type', '=', 'branding').execute();
    else await db.insertInto('site_info').values({ type: 'branding', content, created_at: 0 }).execute();
    await forgetSiteSettings(site.runtime);
  };

  it('leads to the branding icon, but never to a value that is not an image reference (saved before values were checked)', async () => {
    await storeBranding('/uploads/branding/icon.png');
    const icon = await site.app.inject({ method: 'GET', url: '/favicon.ico' });
    expect(icon.statusCode).toBe(302);
    expect(icon.headers.location).toBe('/uploads/branding/icon.png');
    for (const bad of ['javascript:alert(document.domain)', '//evil.example/x.ico', 'data:text/html,<script>alert(1)</script>']) {
      await storeBranding(bad);
      const res = await site.app.inject({ method: 'GET', url: '/favicon.ico' });
      expect(res.statusCode, bad).toBe(204);
    }
    await storeBranding('');
  });
});
