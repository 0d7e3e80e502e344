import { LIMITS, type SiteInfo } from '@answer/contract';
import { describe, expect, it } from 'vitest';
import { passwordLengthProblem, passwordMinLength } from './password-rule';

describe('site password rule', () => {
  it("takes the site's minimum, or the contract's until site info has loaded", () => {
    expect(passwordMinLength(null)).toBe(LIMITS.passwordMin);
    expect(passwordMinLength({ site_security: { password_min_length: 12 } } as SiteInfo)).toBe(12);
  });

  it('refuses passwords shorter than the minimum only', () => {
    expect(passwordLengthProblem('elevenchars', 12)).toBe('account.form.password_too_short');
    expect(passwordLengthProblem('twelve-chars', 12)).toBeUndefined();
  });
});
