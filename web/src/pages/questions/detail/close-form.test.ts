import { describe, expect, it } from 'vitest';
import type { Reason } from '../../../api/operations';
import { checkClose } from './close-form';

const reason = (reason_type: number, content_type = ''): Reason => ({ reason_type, name: `r${reason_type}`, description: '', content_type, placeholder: '' });
const REASONS = [reason(60, 'text'), reason(63), reason(59, 'textarea')];
const SITE = 'https://qa.example.com';

describe('close dialog', () => {
  it('needs a reason', () => {
    expect(checkClose({ close_type: null, close_msg: '' }, REASONS, SITE)).toEqual({ close_type: 'question.close.reason_required' });
    expect(checkClose({ close_type: 99, close_msg: '' }, REASONS, SITE)).toEqual({ close_type: 'question.close.reason_required' });
  });

  it('takes a reason without a message as it is', () => {
    expect(checkClose({ close_type: 63, close_msg: '' }, REASONS, SITE)).toEqual({});
  });

  it('needs the message of a reason that asks for one', () => {
    expect(checkClose({ close_type: 59, close_msg: '  ' }, REASONS, SITE)).toEqual({ close_msg: 'question.close.msg_required' });
    expect(checkClose({ close_type: 59, close_msg: 'Off topic here' }, REASONS, SITE)).toEqual({});
  });

  it('needs a duplicate to link to a question of this site', () => {
    expect(checkClose({ close_type: 60, close_msg: '' }, REASONS, SITE)).toEqual({ close_msg: 'question.close.msg_required' });
    expect(checkClose({ close_type: 60, close_msg: 'see the other one' }, REASONS, SITE)).toEqual({ close_msg: 'question.close.url_invalid' });
    expect(checkClose({ close_type: 60, close_msg: 'ftp://qa.example.com/questions/1' }, REASONS, SITE)).toEqual({ close_msg: 'question.close.url_invalid' });
    expect(checkClose({ close_type: 60, close_msg: 'https://elsewhere.org/questions/1' }, REASONS, SITE)).toEqual({ close_msg: 'question.close.url_origin' });
    expect(checkClose({ close_type: 60, close_msg: ' https://qa.example.com/questions/10010000000000001 ' }, REASONS, SITE)).toEqual({});
  });
});
