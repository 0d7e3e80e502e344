import { act } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/api-error';
import { siteStore } from '../../state/site';
import { AdminLegal } from './AdminLegal';
import { AdminLogin } from './AdminLogin';
import { General } from './General';
import { Interface } from './Interface';
import { Privileges } from './Privileges';
import { QuestionSettings } from './QuestionSettings';
import { Security } from './Security';
import { Seo } from './Seo';
import { SettingsUsers } from './SettingsUsers';
import { Smtp } from './Smtp';
import { Write } from './Write';
import { adminPageHarness, click, settle } from './admin-test-utils';

const api = vi.hoisted(() => ({
  getSiteGroup: vi.fn(),
  saveSiteGroup: vi.fn(),
  getAdminLanguageOptions: vi.fn(),
  getSmtpSettings: vi.fn(),
  saveSmtpSettings: vi.fn(),
  getPrivileges: vi.fn(),
  savePrivileges: vi.fn(),
  CUSTOM_PRIVILEGE_LEVEL: 99,
}));
vi.mock('../../api/admin-settings', () => api);

/** Types into an input or textarea the way React notices. */
const type = async (el: Element | null, value: string) => {
  expect(el).toBeTruthy();
  const proto = el instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  await act(async () => {
    Object.getOwnPropertyDescriptor(proto, 'value')!.set!.call(el, value);
    el!.dispatchEvent(new Event('input', { bubbles: true }));
  });
  await settle();
};
/** The public settings the pages read beside their group (the SEO example, the tag suggestions). */
const SITE = { general: { site_url: 'https://ask.example.com' }, site_write: { recommend_tags: [] } } as never;
const saveButton = () => [...document.querySelectorAll('button')].find((b) => b.textContent?.trim() === 'Save');
const errorOf = (host: HTMLElement, field: string) => host.querySelector(`#field-${field}-error`)?.textContent;

const GENERAL = {
  name: 'Ask Us',
  short_description: '',
  description: '',
  site_url: 'https://ask.example.com',
  contact_email: 'owner@example.com',
  check_update: false,
};

describe('General settings', () => {
  const page = adminPageHarness('/admin/general', <General />);
  beforeEach(() => {
    vi.clearAllMocks();
    api.getSiteGroup.mockResolvedValue({ ...GENERAL });
    api.saveSiteGroup.mockResolvedValue(undefined);
  });

  it('loads the group and saves the edited values', async () => {
    await page.open('/admin/general');
    expect(api.getSiteGroup).toHaveBeenCalledWith('general', expect.anything());
    const name = page.host.querySelector('#field-name') as HTMLInputElement;
    expect(name.value).toBe('Ask Us');
    await type(name, 'Ask Everyone');
    await click(page.host.querySelector('#field-check_update'));
    await click(saveButton());
    expect(api.saveSiteGroup).toHaveBeenCalledWith('general', { ...GENERAL, name: 'Ask Everyone', check_update: true });
  });

  it('shows a value the contract refuses beside its field without asking the server', async () => {
    await page.open('/admin/general');
    await type(page.host.querySelector('#field-contact_email'), 'not-an-address');
    await click(saveButton());
    expect(api.saveSiteGroup).not.toHaveBeenCalled();
    expect(errorOf(page.host, 'contact_email')).toBe('Invalid e-mail address.');
  });

  it("shows the server's field error beside its field", async () => {
    api.saveSiteGroup.mockRejectedValue(new ApiError(400, 'error.common.invalid_url', 'Invalid URL.', null, [{ error_field: 'site_url', error_msg: 'The site URL is not reachable.' }]));
    await page.open('/admin/general');
    await click(saveButton());
    expect(api.saveSiteGroup).toHaveBeenCalledTimes(1);
    expect(errorOf(page.host, 'site_url')).toBe('The site URL is not reachable.');
    expect(page.host.querySelector('[data-testid="form-message"]')).toBeNull();
  });
});

describe('Login settings', () => {
  const page = adminPageHarness('/admin/login', <AdminLogin />);
  beforeEach(() => {
    vi.clearAllMocks();
    api.getSiteGroup.mockImplementation(async (group: string) =>
      group === 'login'
        ? { allow_new_registrations: true, allow_email_registrations: true, allow_password_login: true, login_required: false, allow_email_domains: ['example.com'] }
        : { sign_up: 'anyone', allowed_domains: [], new_user_role: 'user', role_mapping: [{ group: 'staff', role: 'admin' }] },
    );
    api.saveSiteGroup.mockResolvedValue(undefined);
  });

  it("sets the sign-in services' policy: who may sign up, and groups that make staff", async () => {
    await page.open('/admin/login');
    const form = page.host.querySelector('[data-testid="settings-external-login"]')!;
    const select = form.querySelector('#field-sign_up') as HTMLSelectElement;
    await act(async () => {
      select.value = 'allowed_domains';
      select.dispatchEvent(new Event('change', { bubbles: true }));
    });
    await settle();
    await type(form.querySelector('#field-allowed_domains'), 'partner.example\n');
    const addGroup = [...form.querySelectorAll('button')].find((b) => b.textContent === 'Add a group')!;
    await click(addGroup);
    await type(form.querySelectorAll('[data-testid="role-mapping"] input')[1]!, 'Answer-Mods');
    await click(form.querySelector('button[type="submit"]'));
    expect(api.saveSiteGroup).toHaveBeenCalledWith('external-login', {
      sign_up: 'allowed_domains',
      allowed_domains: ['partner.example'],
      new_user_role: 'user',
      role_mapping: [
        { group: 'staff', role: 'admin' },
        { group: 'Answer-Mods', role: 'moderator' },
      ],
    });
  });

  it('edits the allowed domains one per line and sends them as a list', async () => {
    await page.open('/admin/login');
    const domains = page.host.querySelector('#field-allow_email_domains') as HTMLTextAreaElement;
    expect(domains.value).toBe('example.com');
    await type(domains, 'example.com\n\n  team.example.org \n');
    await click(saveButton());
    expect(api.saveSiteGroup).toHaveBeenCalledWith('login', expect.objectContaining({ allow_email_domains: ['example.com', 'team.example.org'] }));
  });
});

describe('SEO settings', () => {
  const page = adminPageHarness('/admin/seo', <Seo />);
  beforeEach(() => {
    vi.clearAllMocks();
    siteStore.set(SITE);
    api.getSiteGroup.mockResolvedValue({ permalink: 1, robots: 'User-agent: *' });
    api.saveSiteGroup.mockResolvedValue(undefined);
  });

  it('shows an example address that follows the chosen style', async () => {
    await page.open('/admin/seo');
    const example = () => page.host.querySelector('[data-testid="permalink-example"]')?.textContent;
    expect(example()).toBe('Example: https://ask.example.com/questions/10010000000000001/how-to-install');
    await click(page.host.querySelector('#field-permalink-2'));
    expect(example()).toBe('Example: https://ask.example.com/questions/10010000000000001');
    await click(page.host.querySelector('#field-permalink-3'));
    expect(example()).toBe('Example: https://ask.example.com/questions/D1D1/how-to-install');
    await click(page.host.querySelector('#field-permalink-4'));
    expect(example()).toBe('Example: https://ask.example.com/questions/D1D1');
    await click(saveButton());
    expect(api.saveSiteGroup).toHaveBeenCalledWith('seo', { permalink: 4, robots: 'User-agent: *' });
  });
});

describe('Privileges', () => {
  const page = adminPageHarness('/admin/privileges', <Privileges />);
  const level = (n: number, values: [number, number]) => ({
    level: n,
    level_desc: `Level ${n} description`,
    privileges: [
      { key: 'vote_up', label: 'Upvote', value: values[0] },
      { key: 'edit', label: 'Edit posts', value: values[1] },
    ],
  });
  beforeEach(() => {
    vi.clearAllMocks();
    api.getPrivileges.mockResolvedValue({ options: [level(1, [1, 200]), level(2, [15, 1000]), level(3, [15, 2000]), level(99, [1, 200])], selected_level: 2 });
    api.savePrivileges.mockResolvedValue(null);
  });
  const customInput = (key: string) => page.host.querySelector(`tr[data-key="${key}"] input`) as HTMLInputElement;

  it('shows every level side by side and saves custom values typed in the table', async () => {
    await page.open('/admin/privileges');
    const cells = [...page.host.querySelectorAll('tr[data-key="edit"] td')].map((td) => td.textContent);
    expect(cells.slice(0, 4)).toEqual(['Edit posts', '200', '1000', '2000']);
    expect(customInput('edit').disabled).toBe(true);
    await click(page.host.querySelector('#field-level-99'));
    expect(customInput('edit').disabled).toBe(false);
    await type(customInput('edit'), '500');
    await click(saveButton());
    expect(api.savePrivileges).toHaveBeenCalledWith(99, [
      { key: 'vote_up', value: 1 },
      { key: 'edit', value: 500 },
    ]);
  });

  it('refuses a custom value below 1 without a request', async () => {
    await page.open('/admin/privileges');
    await click(page.host.querySelector('#field-level-99'));
    await type(customInput('vote_up'), '0');
    await click(saveButton());
    expect(api.savePrivileges).not.toHaveBeenCalled();
    expect(customInput('vote_up').classList.contains('is-invalid')).toBe(true);
  });

  it('saves a preset level without custom values', async () => {
    await page.open('/admin/privileges');
    await click(page.host.querySelector('#field-level-1'));
    await click(saveButton());
    expect(api.savePrivileges).toHaveBeenCalledWith(1, []);
  });
});

describe('Security settings', () => {
  const page = adminPageHarness('/admin/security', <Security />);
  beforeEach(() => {
    vi.clearAllMocks();
    api.getSiteGroup.mockResolvedValue({ password_min_length: 8, session_lifetime_days: 14, captcha_enabled: true, limits: {} });
    api.saveSiteGroup.mockResolvedValue(undefined);
  });

  it('refuses limits that are not JSON, and sends parsed ones', async () => {
    await page.open('/admin/security');
    const limits = page.host.querySelector('#field-limits') as HTMLTextAreaElement;
    await type(limits, '{"hard": ');
    expect(errorOf(page.host, 'limits')).toBe('Not valid JSON: fix it or empty the field.');
    await click(saveButton());
    expect(api.saveSiteGroup).not.toHaveBeenCalled();
    await type(limits, '{"hard": {"question": {"max": 20, "windowSeconds": 3600}}}');
    await click(saveButton());
    expect(api.saveSiteGroup).toHaveBeenCalledWith('security', expect.objectContaining({ limits: { hard: { question: { max: 20, windowSeconds: 3600 } } } }));
  });
});

describe('SMTP settings', () => {
  const page = adminPageHarness('/admin/smtp', <Smtp />);
  const SMTP = {
    from_email: 'noreply@example.com',
    from_name: 'Ask Us',
    smtp_host: 'mail.example.com',
    smtp_port: 587,
    encryption: 'TLS',
    smtp_username: 'mailer',
    smtp_password: '********',
    smtp_authentication: true,
    test_email_recipient: '',
  };
  beforeEach(() => {
    vi.clearAllMocks();
    api.getSmtpSettings.mockResolvedValue({ ...SMTP });
  });

  it("sends a test mail with the settings and shows the mail server's refusal beside the address", async () => {
    api.saveSmtpSettings.mockRejectedValue(new ApiError(400, 'error.smtp.test_failed', 'Sending the test mail failed: 535 auth failed'));
    await page.open('/admin/smtp');
    expect((page.host.querySelector('#field-smtp_password') as HTMLInputElement).value).toBe('********');
    await type(page.host.querySelector('#field-test_email_recipient'), 'me@example.com');
    await click(page.host.querySelector('[data-testid="smtp-test"]'));
    expect(api.saveSmtpSettings).toHaveBeenCalledWith({ ...SMTP, test_email_recipient: 'me@example.com' });
    expect(errorOf(page.host, 'test_email_recipient')).toBe('Sending the test mail failed: 535 auth failed');
  });

  it('checks the port before saving', async () => {
    await page.open('/admin/smtp');
    await type(page.host.querySelector('#field-smtp_port'), '70000');
    await click(saveButton());
    expect(api.saveSmtpSettings).not.toHaveBeenCalled();
    expect(errorOf(page.host, 'smtp_port')).toBe('Use a port number from 1 to 65535.');
  });
});

describe.each([
  ['interface', <Interface />, { language: 'en_US', time_zone: 'UTC' }, '#field-time_zone'],
  ['users', <SettingsUsers />, { default_avatar: 'gravatar', gravatar_base_url: '', allow_update_display_name: true, allow_update_username: false, allow_update_avatar: true, allow_update_bio: true, allow_update_website: true, allow_update_location: true }, '#field-gravatar_base_url'],
  ['write', <Write />, { restrict_answer: true, required_tag: false, recommend_tags: [{ slug_name: 'node', display_name: 'Node' }], reserved_tags: [] }, '[data-testid="field-recommend_tags"]'],
  ['question', <QuestionSettings />, { min_title_length: 6, min_body_length: 10, max_tags: 5, allow_answer_closed: false }, '#field-min_title_length'],
  ['legal', <AdminLegal />, { terms_of_service_original_text: 'Be nice.', terms_of_service_parsed_text: '', privacy_policy_original_text: '', privacy_policy_parsed_text: '' }, '[data-testid="settings-legal"]'],
])('the %s page', (group, element, values, field) => {
  const page = adminPageHarness(`/admin/${group}`, element);
  beforeEach(() => {
    vi.clearAllMocks();
    api.getSiteGroup.mockResolvedValue(values);
    siteStore.set(SITE);
    api.getAdminLanguageOptions.mockResolvedValue([{ label: 'English', value: 'en_US' }]);
    api.saveSiteGroup.mockResolvedValue(undefined);
  });

  it('shows its group and saves it unchanged', async () => {
    await page.open(`/admin/${group}`);
    expect(page.host.querySelector(field)).toBeTruthy();
    await click(saveButton());
    expect(api.saveSiteGroup).toHaveBeenCalledWith(group, values);
  });
});
