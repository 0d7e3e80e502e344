import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSiteSettings } from '../src/features/siteinfo/service.js';
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
