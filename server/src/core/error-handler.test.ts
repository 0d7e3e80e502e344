import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorHandler } from './error-handler.js';

/** Fastify's own client errors reach the one error handler and leave as 4xx envelopes. */
const app = Fastify({ bodyLimit: 1024 });
app.decorateRequest('lang', 'en_US');
app.setErrorHandler(errorHandler);
app.post('/echo', async (request) => request.body);
app.get('/boom', async () => {
  throw new Error('database on fire');
});

beforeAll(() => app.ready());
afterAll(() => app.close());

const post = (payload: string, contentType: string) => () => app.inject({ method: 'POST', url: '/echo', payload, headers: { 'content-type': contentType } });

describe('client errors of the framework', () => {
  it.each([
    ['unparsable JSON', post('{"a":', 'application/json'), 400, 'base.request_format_error'],
    ['an empty JSON body', post('', 'application/json'), 400, 'base.request_format_error'],
    ['an unknown content type', post('a=1', 'application/x-unknown'), 415, 'base.request_format_error'],
    ['a body over the limit', post(JSON.stringify({ a: 'x'.repeat(2048) }), 'application/json'), 413, 'base.request_too_large'],
  ])('answers %s with %i', async (_name, reply, status, reason) => {
    const res = await reply();
    expect(res.statusCode).toBe(status);
    expect(res.json()).toMatchObject({ code: status, reason, data: null });
    expect(res.json().msg).not.toBe('');
  });

  it('answers an unknown error 500 base.unknown without its message', async () => {
    const res = await app.inject({ method: 'GET', url: '/boom' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toMatchObject({ code: 500, reason: 'base.unknown' });
    expect(res.body).not.toContain('fire');
  });
});
