import type { ConfigFieldWire, InputType } from '@answer/plugin-sdk';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/api-error';
import { initI18n, loadAreaStrings } from '../../i18n';
import { toastStore } from '../../state/notices';
import { PluginForm } from './PluginForm';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const upload = vi.hoisted(() => ({ uploadPostImage: vi.fn() }));
vi.mock('../../api/editor', () => upload);

const field = (name: string, type: ConfigFieldWire['type'], over: Partial<ConfigFieldWire> = {}): ConfigFieldWire => ({
  name,
  type,
  title: `${name} title`,
  description: '',
  required: false,
  value: '',
  ui_options: {},
  options: [],
  ...over,
});
const input = (inputType: InputType, value: unknown) => field(`in_${inputType.replace('-', '_')}`, 'input', { value, ui_options: { input_type: inputType } });
const options = (...values: string[]) => values.map((value) => ({ label: `${value} label`, value }));

const INPUTS: [InputType, unknown, string][] = [
  ['color', '#112233', '#112233'],
  ['date', '2024-01-02', '2024-01-02'],
  ['datetime-local', '2024-01-02T03:04', '2024-01-02T03:04'],
  ['email', 'owner@example.com', 'owner@example.com'],
  ['month', '2024-01', '2024-01'],
  ['number', 42, '42'],
  ['password', '********', '********'],
  ['range', 5, '5'],
  ['search', 'query', 'query'],
  ['tel', '+1 555 0100', '+1 555 0100'],
  ['time', '10:30', '10:30'],
  ['url', 'https://example.com', 'https://example.com'],
  ['week', '2024-W01', '2024-W01'],
];

const FIELDS: ConfigFieldWire[] = [
  field('general', 'legend', { title: 'General', description: 'How the plugin talks to the service.' }),
  field('site_name', 'input', { required: true, value: 'Ask', description: 'Shown in the header.', ui_options: { input_type: 'text', placeholder: 'My site' } }),
  ...INPUTS.map(([type, value]) => input(type, value)),
  field('notes', 'textarea', { value: 'long text', ui_options: { rows: '5', placeholder: 'Anything' } }),
  field('agree', 'checkbox', { value: true, ui_options: { label: 'I agree' } }),
  field('channels', 'checkbox', { value: ['b'], options: options('a', 'b', 'c') }),
  field('mode', 'radio', { value: 'x', options: options('x', 'y') }),
  field('colour', 'select', { options: options('red', 'blue'), ui_options: { placeholder: 'Pick one' } }),
  field('logo', 'upload', { value: '/uploads/post/logo.png' }),
  field('zone', 'timezone', { value: 'Europe/Paris' }),
  field('active', 'switch', { value: false, ui_options: { label: 'Turned on' } }),
  field('test', 'button', {
    ui_options: {
      text: 'Test connection',
      variant: 'secondary',
      action: { url: '/answer/admin/api/plugin/chat/test', method: 'post', loading: { text: 'Testing...', state: 'none' }, on_complete: { toast_return_message: true, refresh_form_config: true } },
    },
  }),
];

/** What the form sends for FIELDS untouched: every valued field, numbers as text, no legend or button. */
const SENT = {
  site_name: 'Ask',
  ...Object.fromEntries(INPUTS.map(([type, , sent]) => [`in_${type.replace('-', '_')}`, sent])),
  notes: 'long text',
  agree: true,
  channels: ['b'],
  mode: 'x',
  colour: '',
  logo: '/uploads/post/logo.png',
  zone: 'Europe/Paris',
  active: false,
};

let root: Root;
let host: HTMLDivElement;
const onSave = vi.fn();
const onReload = vi.fn();

async function open(fields: ConfigFieldWire[] = FIELDS) {
  const router = createMemoryRouter([{ path: '/', element: <PluginForm fields={fields} onSave={onSave} onReload={onReload} testId="form" /> }]);
  await act(async () => root.render(<RouterProvider router={router} />));
}
const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 0)));
const $ = <E extends Element = HTMLInputElement>(selector: string) => host.querySelector<E>(selector)!;
/** Sets a control's value the way React notices. */
async function setValue(el: HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement, value: string) {
  const proto = Object.getPrototypeOf(el) as object;
  await act(async () => {
    Object.getOwnPropertyDescriptor(proto, 'value')!.set!.call(el, value);
    el.dispatchEvent(new Event(el instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true }));
  });
}
const click = async (el: Element) => {
  await act(async () => (el as HTMLElement).click());
  await settle();
};
const save = () => click([...host.querySelectorAll('button[type="submit"]')].at(-1)!);
const toasts = () => toastStore.get().map((t) => `${t.variant}: ${t.message}`);

beforeAll(() => Promise.all([initI18n(), loadAreaStrings()]));
beforeEach(() => {
  host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
  onSave.mockReset().mockResolvedValue(null);
  onReload.mockReset().mockResolvedValue(undefined);
  toastStore.set([]);
});
afterEach(async () => {
  await act(async () => root.unmount());
  host.remove();
  vi.unstubAllGlobals();
});

describe('a plugin config form', () => {
  it('draws every field type and input type, with titles, required marks, descriptions and placeholders', async () => {
    await open();
    expect($('h2').textContent).toBe('General');
    expect(host.textContent).toContain('How the plugin talks to the service.');

    const name = $('#field-site_name');
    expect([name.type, name.value, name.placeholder, name.required]).toEqual(['text', 'Ask', 'My site', true]);
    expect($('label[for="field-site_name"]').textContent).toBe('site_name title*');
    expect(name.getAttribute('aria-describedby')).toBe('field-site_name-help');
    expect($('#field-site_name-help').textContent).toBe('Shown in the header.');

    for (const [type, , shown] of INPUTS) {
      const control = $(`#field-in_${type.replace('-', '_')}`);
      expect([control.type, control.value], type).toEqual([type, shown]);
    }
    expect(host.querySelector('output')?.textContent).toBe('5');

    const notes = $<HTMLTextAreaElement>('#field-notes');
    expect([notes.tagName, notes.rows, notes.value, notes.placeholder]).toEqual(['TEXTAREA', 5, 'long text', 'Anything']);
    expect([$('#field-agree').type, $('#field-agree').checked, $('label[for="field-agree"]').textContent]).toEqual(['checkbox', true, 'agree title']);
    expect(host.textContent).toContain('I agree');
    expect([...host.querySelectorAll<HTMLInputElement>('input[name="channels"]')].map((box) => [box.type, box.value, box.checked])).toEqual([
      ['checkbox', 'a', false],
      ['checkbox', 'b', true],
      ['checkbox', 'c', false],
    ]);
    expect($('fieldset#field-channels legend').textContent).toBe('channels title');
    expect([...host.querySelectorAll<HTMLInputElement>('input[name="mode"]')].map((r) => [r.type, r.checked])).toEqual([
      ['radio', true],
      ['radio', false],
    ]);
    expect([...$<HTMLSelectElement>('#field-colour').options].map((o) => o.textContent)).toEqual(['Pick one', 'red label', 'blue label']);
    expect($('#field-logo').type).toBe('file');
    expect($<HTMLImageElement>('[data-field="logo"] img').getAttribute('src')).toBe('/uploads/post/logo.png');
    const zone = $<HTMLSelectElement>('#field-zone');
    expect([zone.tagName, zone.value]).toEqual(['SELECT', 'Europe/Paris']);
    expect([...zone.options].some((o) => o.value === 'Asia/Shanghai')).toBe(true);
    expect([$('#field-active').type, $('#field-active').checked]).toEqual(['checkbox', false]);
    expect($('#field-active').closest('.form-switch')).not.toBeNull();
    expect($<HTMLButtonElement>('#field-test').textContent).toBe('Test connection');
  });

  it('sends every valued field as its control holds it', async () => {
    await open();
    await save();
    expect(onSave).toHaveBeenCalledWith(SENT);
    expect(toasts()).toEqual(['success: Settings saved.']);
  });

  it('sends what was entered: numbers as typed, ticked boxes as a list in option order, switches as booleans', async () => {
    await open();
    await setValue($('#field-in_number'), '7.50');
    await setValue($('#field-in_range'), '8');
    await setValue($('#field-site_name'), 'Ask Us');
    await setValue($<HTMLTextAreaElement>('#field-notes'), 'line 1\nline 2');
    await click($('#field-channels-2'));
    await click($('#field-channels-0'));
    await click($('#field-channels-1'));
    await click($('#field-agree'));
    await click($('#field-active'));
    await click($('#field-mode-1'));
    await setValue($<HTMLSelectElement>('#field-colour'), 'blue');
    await setValue($<HTMLSelectElement>('#field-zone'), 'Asia/Shanghai');
    await save();
    expect(onSave).toHaveBeenCalledWith({
      ...SENT,
      in_number: '7.50',
      in_range: '8',
      site_name: 'Ask Us',
      notes: 'line 1\nline 2',
      channels: ['a', 'c'],
      agree: false,
      active: true,
      mode: 'y',
      colour: 'blue',
      zone: 'Asia/Shanghai',
    });
  });

  it('uploads a chosen image and keeps its address as the value, or none once removed', async () => {
    upload.uploadPostImage.mockResolvedValue('/uploads/post/new.png');
    await open();
    const file = new File(['png'], 'new.png', { type: 'image/png' });
    const picker = $('#field-logo');
    Object.defineProperty(picker, 'files', { value: [file], configurable: true });
    await act(async () => picker.dispatchEvent(new Event('change', { bubbles: true })));
    await settle();
    expect(upload.uploadPostImage).toHaveBeenCalledWith(file);
    expect($<HTMLImageElement>('[data-field="logo"] img').getAttribute('src')).toBe('/uploads/post/new.png');
    await save();
    expect(onSave).toHaveBeenLastCalledWith({ ...SENT, logo: '/uploads/post/new.png' });

    await click([...host.querySelectorAll('[data-field="logo"] button')].find((b) => b.textContent === 'Remove')!);
    await save();
    expect(onSave).toHaveBeenLastCalledWith({ ...SENT, logo: '' });
  });

  it("shows the server's field errors under their fields, and other failures above the button", async () => {
    onSave.mockRejectedValueOnce(
      new ApiError(400, 'error.plugin.field_required', 'Invalid.', null, [
        { error_field: 'site_name', error_msg: 'This field is required.' },
        { error_field: 'channels', error_msg: 'Choose one of the options.' },
      ]),
    );
    await open();
    await save();
    expect($('#field-site_name-error').textContent).toBe('This field is required.');
    expect($('#field-site_name').classList.contains('is-invalid')).toBe(true);
    expect($('#field-site_name').getAttribute('aria-describedby')).toBe('field-site_name-help field-site_name-error');
    expect($('#field-channels-error').textContent).toBe('Choose one of the options.');
    expect(host.querySelector('[data-testid="form-message"]')).toBeNull();
    expect(toasts()).toEqual([]);

    // Editing a field clears its error.
    await setValue($('#field-site_name'), 'Ask Us');
    expect(host.querySelector('#field-site_name-error')).toBeNull();

    onSave.mockRejectedValueOnce(new ApiError(429, 'error.rate_limited', 'Too many requests.'));
    await save();
    expect($('[data-testid="form-message"]').textContent).toBe('Too many requests.');
  });

  it("calls a button's route with the form as it is, shows its loading text, toasts its answer and reads the form again", async () => {
    let answer: (body: unknown) => void = () => undefined;
    const fetch = vi.fn(() => new Promise<Response>((resolve) => (answer = (body) => resolve(new Response(JSON.stringify(body), { status: 200 })))));
    vi.stubGlobal('fetch', fetch);
    await open();
    await setValue($('#field-site_name'), 'Changed, not saved');
    await click($('#field-test'));
    expect($('#field-test').textContent).toBe('Testing...');
    expect($<HTMLButtonElement>('#field-test').disabled).toBe(true);
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect([url, init.method, JSON.parse(init.body as string)]).toEqual(['/answer/admin/api/plugin/chat/test', 'POST', { config_fields: { ...SENT, site_name: 'Changed, not saved' } }]);

    await act(async () => answer({ code: 200, reason: 'base.success', msg: 'Connected to the service.', data: null }));
    await settle();
    expect(toasts()).toEqual(['success: Connected to the service.']);
    expect(onReload).toHaveBeenCalledTimes(1);
    expect($('#field-test').textContent).toBe('Test connection');
    expect(onSave).not.toHaveBeenCalled();
  });

  it("toasts a button's data.message when it has one, and shows its field errors", async () => {
    const fetch = vi.fn(async () => new Response(JSON.stringify({ code: 200, reason: 'base.success', msg: 'Success.', data: { message: 'Sent a test message.' } })));
    vi.stubGlobal('fetch', fetch);
    const button = field('ping', 'button', { title: 'Ping', ui_options: { action: { url: '/answer/admin/api/plugin/chat/ping', method: 'GET', on_complete: { toast_return_message: true, refresh_form_config: false } } } });
    await open([field('webhook', 'input', { ui_options: { input_type: 'url' } }), button]);
    await click($('#field-ping'));
    expect(toasts()).toEqual(['success: Sent a test message.']);
    expect(onReload).not.toHaveBeenCalled();
    // A GET carries no body.
    expect((fetch.mock.calls[0] as unknown as [string, RequestInit])[1].body).toBeUndefined();

    fetch.mockResolvedValueOnce(
      new Response(JSON.stringify({ code: 400, reason: 'error.plugin.field_url', msg: 'Invalid.', data: [{ error_field: 'webhook', error_msg: 'Enter a web address.' }] }), { status: 400 }),
    );
    await click($('#field-ping'));
    expect($('#field-webhook-error').textContent).toBe('Enter a web address.');
  });
});
