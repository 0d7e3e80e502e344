import type { DashboardInfo, SiteInfo } from '@answer/contract';
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ThemeSync } from '../../app/ThemeSync';
import { siteStore } from '../../state/site';
import { Branding } from './Branding';
import { Dashboard } from './Dashboard';
import { Themes } from './Themes';
import { adminPageHarness, click, settle } from './admin-test-utils';

const api = vi.hoisted(() => ({
  getSiteGroup: vi.fn(),
  saveSiteGroup: vi.fn(),
  refreshSiteInfo: vi.fn(),
  getDashboard: vi.fn(),
}));
vi.mock('../../api/admin-settings', () => api);
const editor = vi.hoisted(() => ({ uploadImage: vi.fn(), uploadPostImage: vi.fn(), renderMarkdown: vi.fn() }));
vi.mock('../../api/editor', () => editor);
// jsdom decodes no images: the size the browser would read is given here.
const imageSize = vi.hoisted(() => ({ readImageSize: vi.fn() }));
vi.mock('./image-size', () => imageSize);

const dashboardInfo = (): DashboardInfo => ({
  question_count: 1234,
  answer_count: 56,
  comment_count: 7,
  vote_count: 89,
  user_count: 10,
  report_count: 3,
  uploading_files: true,
  smtp: 'not_configured',
  https: true,
  time_zone: 'UTC',
  occupying_storage_space: '2.00 KB',
  app_start_time: '93784',
  login_required: false,
  go_version: 'v22.0.0',
  database_type: 'postgres',
  database_version: '16.2',
  database_size: '1.00 MB',
  version_info: { version: '1.4.0', revision: 'abcdef123456', remote_version: '' },
  daily: Array.from({ length: 30 }, (_, i) => ({ date: `2026-10-${String(i + 1).padStart(2, '0')}`, question_count: i, answer_count: 2, user_count: i % 3 })),
  operator: {
    node_version: 'v22.1.0',
    memory_rss: 50 * 1024 * 1024,
    heap_used: 20 * 1024 * 1024,
    uptime_seconds: 93_784,
    started_at: 1_700_000_000,
    database_bytes: 1048576,
    storage_bytes: 2048,
    upload_files: 3,
    outbox_pending: 4,
    outbox_failed: 2,
    outbox_last_error: 'connect ECONNREFUSED',
    redis: false,
  },
});

const changeValue = async (input: HTMLInputElement | HTMLSelectElement, value: string) => {
  await act(async () => {
    const proto = input instanceof HTMLSelectElement ? HTMLSelectElement.prototype : HTMLInputElement.prototype;
    Object.getOwnPropertyDescriptor(proto, 'value')!.set!.call(input, value);
    input.dispatchEvent(new Event(input instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true }));
  });
  await settle();
};

describe('Dashboard', () => {
  const page = adminPageHarness('/admin', <Dashboard />);
  beforeEach(() => vi.clearAllMocks());

  it('shows the figures, the 30-day chart, system and health from the reply', async () => {
    api.getDashboard.mockResolvedValue({ info: dashboardInfo() });
    await page.open('/admin');
    const counts = [...page.host.querySelectorAll('[data-testid="dashboard-count"]')].map((c) => c.textContent);
    expect(counts).toHaveLength(6);
    expect(counts[1]).toContain('56');
    expect(counts[5]).toContain('3');
    expect(page.host.querySelector('[data-testid="dashboard-count"] a, a[href="/review"]')?.getAttribute('href')).toBe('/review');
    const chart = page.host.querySelector('[data-testid="dashboard-chart"] svg')!;
    expect(chart.getAttribute('role')).toBe('img');
    expect(chart.querySelectorAll('polyline')).toHaveLength(3);
    expect(chart.querySelector('polyline')!.getAttribute('points')!.split(' ')).toHaveLength(30);
    expect(chart.querySelector('desc')!.textContent).toContain('435');
    const system = page.host.querySelector('[data-testid="dashboard-system"]')!.textContent!;
    expect(system).toContain('PostgreSQL 16.2');
    expect(system).toContain('1.0 MB');
    expect(system).toContain('v22.1.0');
    expect(system).toContain('1d 2h 3m');
    const health = page.host.querySelector('[data-testid="dashboard-health"]')!;
    expect(health.querySelector('a[href="/admin/smtp"]')).toBeTruthy();
    expect(health.textContent).toContain('ECONNREFUSED');
    // No site info with published terms here: the owner is pointed at Admin → Legal.
    expect(health.querySelector('[data-testid="dashboard-legal-missing"]')?.getAttribute('href')).toBe('/admin/legal');
  });

  it('says when the dashboard cannot be loaded and retries', async () => {
    api.getDashboard.mockRejectedValue(new Error('down'));
    await page.open('/admin');
    const error = page.host.querySelector('[data-testid="dashboard-error"]');
    expect(error).toBeTruthy();
    api.getDashboard.mockResolvedValue({ info: { ...dashboardInfo(), daily: [] } });
    await click(error!.querySelector('button'));
    expect(page.host.querySelector('[data-testid="dashboard-error"]')).toBeNull();
    expect(page.host.textContent).toContain('No activity recorded yet.');
  });
});

describe('Themes', () => {
  const page = adminPageHarness('/admin/themes', <Themes />);
  beforeEach(() => {
    vi.clearAllMocks();
    api.getSiteGroup.mockResolvedValue({ theme: 'default', theme_config: { default: { navbar_style: 'colored', primary_color: '#0033ff' } }, color_scheme: 'system' });
    api.saveSiteGroup.mockResolvedValue(undefined);
  });

  it('previews and saves the chosen colour and navbar style in theme_config', async () => {
    await page.open('/admin/themes');
    await changeValue(page.host.querySelector<HTMLInputElement>('[data-testid="theme-primary-hex"]')!, '#aa5500');
    await changeValue(page.host.querySelector<HTMLSelectElement>('#theme-navbar-style')!, 'light');
    await changeValue(page.host.querySelector<HTMLSelectElement>('#theme-color-scheme')!, 'dark');
    const preview = page.host.querySelector<HTMLElement>('[data-testid="theme-preview"] button')!;
    expect(preview.style.backgroundColor).toBe('rgb(170, 85, 0)');
    await click(page.host.querySelector('button[type="submit"]'));
    expect(api.saveSiteGroup).toHaveBeenCalledWith('theme', {
      theme: 'default',
      theme_config: { default: { navbar_style: 'light', primary_color: '#aa5500' } },
      color_scheme: 'dark',
    });
  });

  it('refuses an invalid colour before sending it', async () => {
    await page.open('/admin/themes');
    await changeValue(page.host.querySelector<HTMLInputElement>('[data-testid="theme-primary-hex"]')!, 'blue');
    await click(page.host.querySelector('button[type="submit"]'));
    expect(api.saveSiteGroup).not.toHaveBeenCalled();
    expect(page.host.querySelector('.invalid-feedback.d-block')).toBeTruthy();
  });
});

describe('Branding', () => {
  const page = adminPageHarness('/admin/branding', <Branding />);
  const pick = async (field: string, file: File) => {
    const input = page.host.querySelector<HTMLInputElement>(`#branding-${field}`)!;
    Object.defineProperty(input, 'files', { value: [file], configurable: true });
    await act(async () => input.dispatchEvent(new Event('change', { bubbles: true })));
    await settle();
  };
  beforeEach(() => {
    vi.clearAllMocks();
    api.getSiteGroup.mockResolvedValue({ logo: '', mobile_logo: '', square_icon: '', favicon: '/uploads/branding/old.png' });
    api.saveSiteGroup.mockResolvedValue(undefined);
  });

  it('uploads an image, previews it and stores its URL in the group', async () => {
    imageSize.readImageSize.mockResolvedValue({ width: 300, height: 300 });
    editor.uploadImage.mockResolvedValue('/uploads/branding/icon.png');
    await page.open('/admin/branding');
    await pick('square_icon', new File(['x'], 'icon.png', { type: 'image/png' }));
    expect(editor.uploadImage).toHaveBeenCalledWith('branding', expect.any(File), { field: 'square_icon' });
    expect(page.host.querySelector('[data-testid="branding-square_icon"] img')?.getAttribute('src')).toBe('/uploads/branding/icon.png');
    // Removing the favicon clears it.
    await click(page.host.querySelector('[data-testid="branding-favicon"] button'));
    await click(page.host.querySelector('button[type="submit"]'));
    expect(api.saveSiteGroup).toHaveBeenCalledWith('branding', { logo: '', mobile_logo: '', square_icon: '/uploads/branding/icon.png', favicon: '' });
  });

  it('refuses a favicon that is too large before uploading it', async () => {
    imageSize.readImageSize.mockResolvedValue({ width: 1024, height: 1024 });
    await page.open('/admin/branding');
    await pick('favicon', new File(['x'], 'big.png', { type: 'image/png' }));
    expect(editor.uploadImage).not.toHaveBeenCalled();
    expect(page.host.querySelector('[data-testid="branding-favicon"] .invalid-feedback')?.textContent).toContain('512');
  });
});

const site = (over: { primary?: string; favicon?: string; css?: string; head?: string }): SiteInfo =>
  ({
    general: { name: 'Demo', short_description: '', description: '', site_url: '', contact_email: '', check_update: false },
    interface: { language: 'en_US', time_zone: 'UTC' },
    branding: { logo: '', mobile_logo: '', square_icon: '/uploads/branding/sq.png', favicon: over.favicon ?? '' },
    login: { allow_new_registrations: true, allow_email_registrations: true, allow_password_login: true, login_required: false, allow_email_domains: [] },
    theme: { theme: 'default', theme_config: { default: { navbar_style: 'colored', primary_color: over.primary ?? '#0033ff' } }, color_scheme: 'light' },
    custom_css_html: { custom_head: over.head ?? '', custom_css: over.css ?? '', custom_header: '', custom_footer: '', custom_sidebar: '' },
  }) as unknown as SiteInfo;

describe('appearance follows the site store', () => {
  it('applies primary colour, favicon, custom CSS and head on every change, without duplicates', async () => {
    const host = document.createElement('div');
    const root = createRoot(host);
    await act(async () => root.render(<ThemeSync />));
    await act(async () => siteStore.set(site({ primary: '#112233', favicon: '/uploads/branding/a.png', head: '<meta name="x-custom" content="1">' })));
    const style = () => document.head.querySelector('style[data-appearance="primary-color"]')!.textContent!;
    const favicon = () => document.head.querySelector('link[rel="icon"]')!.getAttribute('href');
    const css = () => document.head.querySelector('link[data-appearance="custom-css"]')!.getAttribute('href');
    expect(style()).toContain('--bs-primary:#112233');
    expect(style()).toContain('--bs-primary-rgb:17,34,51');
    expect(favicon()).toBe('/uploads/branding/a.png');
    expect(document.head.querySelector('link[rel="apple-touch-icon"]')!.getAttribute('href')).toBe('/uploads/branding/sq.png');
    expect(document.head.querySelector('link[rel="manifest"]')).toBeTruthy();
    const firstCss = css();

    await act(async () => siteStore.set(site({ primary: '#445566', css: 'body{color:red}', head: '<meta name="x-custom" content="2">' })));
    expect(style()).toContain('--bs-primary:#445566');
    // Without a favicon the square icon serves.
    expect(favicon()).toBe('/uploads/branding/sq.png');
    expect(css()).not.toBe(firstCss);
    expect(css()).toMatch(/^\/custom\.css\?v=/);
    const custom = document.head.querySelectorAll('meta[name="x-custom"]');
    expect(custom).toHaveLength(1);
    expect(custom[0]!.getAttribute('content')).toBe('2');
    expect(document.head.querySelectorAll('link[rel="icon"]')).toHaveLength(1);
    expect(document.head.querySelector('meta[name="theme-color"]')!.getAttribute('content')).toBe('#445566');
    await act(async () => root.unmount());
  });
});
