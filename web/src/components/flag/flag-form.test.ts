import { describe, expect, it } from 'vitest';
import type { Reason } from '../../api/operations';
import { checkFlag, DUPLICATE_REASON } from './flag-form';

const reason = (reason_type: number, content_type = ''): Reason => ({ reason_type, name: `r${reason_type}`, description: '', content_type, placeholder: '' });
const reasons = [reason(57), reason(59, 'textarea'), reason(DUPLICATE_REASON, 'text')];

describe('checkFlag', () => {
  it('needs a reason from the list', () => {
    expect(checkFlag({ report_type: null, content: '' }, reasons)).toEqual({ report_type: 'flag.reason_required' });
    expect(checkFlag({ report_type: 61, content: '' }, reasons)).toEqual({ report_type: 'flag.reason_required' });
    expect(checkFlag({ report_type: 57, content: '' }, reasons)).toEqual({});
  });

  it('needs text where the reason has a field, and a link for a duplicate', () => {
    expect(checkFlag({ report_type: 59, content: '  ' }, reasons)).toEqual({ content: 'flag.text_required' });
    expect(checkFlag({ report_type: 59, content: 'Off topic' }, reasons)).toEqual({});
    expect(checkFlag({ report_type: 59, content: 'x'.repeat(501) }, reasons)).toEqual({ content: 'flag.too_long' });
    expect(checkFlag({ report_type: DUPLICATE_REASON, content: '' }, reasons)).toEqual({ content: 'flag.url_required' });
    expect(checkFlag({ report_type: DUPLICATE_REASON, content: 'the other one' }, reasons)).toEqual({ content: 'flag.url_invalid' });
    expect(checkFlag({ report_type: DUPLICATE_REASON, content: 'ftp://example.com/q/1' }, reasons)).toEqual({ content: 'flag.url_invalid' });
    expect(checkFlag({ report_type: DUPLICATE_REASON, content: 'https://example.com/questions/1' }, reasons)).toEqual({});
  });
});
