import { loginSchema, registerSchema } from '@answer/contract';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../api/api-error';
import { checkForm, serverFormErrors } from './form-errors';

const fields = (...list: [string, string][]) =>
  new ApiError(400, 'base.request_format_error', 'request format error', [], list.map(([error_field, error_msg]) => ({ error_field, error_msg })));

describe('checking a form against its schema', () => {
  const translate = (key: string) => `T(${key})`;

  it('returns the parsed values when the form is valid', () => {
    expect(checkForm(loginSchema, { e_mail: ' a@b.co ', pass: 'x' }, translate)).toEqual({
      data: { e_mail: 'a@b.co', pass: 'x', captcha_id: '', captcha_code: '' },
    });
  });

  it('returns one translated message per invalid field', () => {
    const result = checkForm(registerSchema, { name: 'ab', e_mail: 'nope', pass: 'has a space' }, translate);
    expect(result).toEqual({
      errors: { name: 'T(error.user.name_length)', e_mail: 'T(error.common.email_invalid)', pass: 'T(error.password.space_invalid)' },
    });
  });
});

describe('showing what the server refused', () => {
  it('puts field errors beside the fields the form has', () => {
    const error = fields(['e_mail', 'e-mail or password is incorrect'], ['pass', 'too short'], ['pass', 'second']);
    expect(serverFormErrors(error, ['e_mail', 'pass'], 'failed')).toEqual({
      fields: { e_mail: 'e-mail or password is incorrect', pass: 'too short' },
      message: '',
    });
  });

  it('shows errors for fields the form lacks as its message', () => {
    expect(serverFormErrors(fields(['captcha_code', 'wrong captcha']), ['e_mail'], 'failed')).toEqual({
      fields: {},
      message: 'wrong captcha',
    });
  });

  it("shows a field-less failure's message (rate limit, network), else the fallback", () => {
    const limited = new ApiError(429, 'error.common.rate_limited', 'Too many attempts. Please wait about 15 minutes.');
    expect(serverFormErrors(limited, ['e_mail'], 'failed')).toEqual({ fields: {}, message: 'Too many attempts. Please wait about 15 minutes.' });
    expect(serverFormErrors(new ApiError(500, '', ''), ['e_mail'], 'failed')).toEqual({ fields: {}, message: 'failed' });
    expect(serverFormErrors(new TypeError('boom'), ['e_mail'], 'failed')).toEqual({ fields: {}, message: 'failed' });
  });
});
