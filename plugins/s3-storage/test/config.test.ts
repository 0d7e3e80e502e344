import type { ConfigValues, FieldError } from '@answer/plugin-sdk';
import { describe, expect, it } from 'vitest';
import plugin from '../src/server.ts';

const validate = (values: ConfigValues) => plugin.config!.validate!(values) as FieldError[];

const valid: ConfigValues = {
  endpoint: 'https://s3.example.com',
  region: 'us-east-1',
  bucket: 'answer-files',
  access_key_id: 'AKIAEXAMPLE',
  secret_access_key: 'secret',
  path_style: false,
  key_prefix: 'answer/',
  url_mode: 'public',
  public_base_url: '',
  signed_url_minutes: 60,
};

/** The fields with errors for `valid` changed by `change`. */
const fieldsFailing = (change: ConfigValues) => validate({ ...valid, ...change }).map((error) => error.field);

describe('config validation', () => {
  it('accepts a complete configuration and the form defaults plus a bucket', () => {
    expect(validate(valid)).toEqual([]);
    const defaults = Object.fromEntries(plugin.config!.fields.filter((f) => f.default !== undefined).map((f) => [f.name, f.default]));
    expect(validate({ ...defaults, bucket: 'answer-files' })).toEqual([]);
  });

  it('gives every error in English and Chinese', () => {
    const errors = validate({ endpoint: 'ftp://x', region: 'Bad Region', bucket: 'A', access_key_id: 'x', key_prefix: '../', url_mode: 'other', public_base_url: 'nope', signed_url_minutes: 0 });
    expect(errors.map((e) => e.field).sort()).toEqual(['bucket', 'endpoint', 'key_prefix', 'public_base_url', 'region', 'secret_access_key', 'signed_url_minutes', 'url_mode']);
    for (const { message } of errors) {
      expect(message).toMatchObject({ en_US: expect.any(String), zh_CN: expect.stringMatching(/[\u4e00-\u9fff]/) });
    }
  });

  it.each(['', 'ab', 'a'.repeat(64), 'Answer-Files', 'answer_files', '-answer', 'answer-', 'answer..files', 'answer.-files', '192.168.1.10', 'xn--answer', 'answer-s3alias', 'answer--ol-s3'])(
    'refuses the bucket name %j',
    (bucket) => {
      expect(fieldsFailing({ bucket })).toEqual(['bucket']);
    },
  );

  it.each(['abc', 'answer.files.example', 'a'.repeat(63), '1-answer'])('accepts the bucket name %j', (bucket) => {
    expect(fieldsFailing({ bucket })).toEqual([]);
  });

  it.each(['s3.example.com', 'ftp://s3.example.com', 'https://user:pw@s3.example.com', 'https://s3.example.com/?x=1', 'https://s3.example.com/#top', 'javascript:alert(1)'])(
    'refuses the endpoint %j',
    (endpoint) => {
      expect(fieldsFailing({ endpoint })).toEqual(['endpoint']);
    },
  );

  it('accepts http and https endpoints, with a port or a path, and none (Amazon S3)', () => {
    for (const endpoint of ['http://127.0.0.1:9000', 'https://minio.example.com/', 'https://gateway.example.com/s3', '']) expect(fieldsFailing({ endpoint })).toEqual([]);
  });

  it('needs a region for Amazon S3 only, and a well-formed one', () => {
    expect(fieldsFailing({ endpoint: '', region: '' })).toEqual(['region']);
    expect(fieldsFailing({ region: '' })).toEqual([]);
    expect(fieldsFailing({ region: 'auto' })).toEqual([]);
    expect(fieldsFailing({ region: 'US East 1' })).toEqual(['region']);
  });

  it('takes both keys or neither', () => {
    expect(fieldsFailing({ access_key_id: '', secret_access_key: '' })).toEqual([]);
    expect(fieldsFailing({ secret_access_key: '' })).toEqual(['secret_access_key']);
    expect(fieldsFailing({ access_key_id: '' })).toEqual(['access_key_id']);
  });

  it('checks the key prefix', () => {
    for (const key_prefix of ['', 'answer', '/answer/', 'a/b-c/d_e.f/']) expect(fieldsFailing({ key_prefix })).toEqual([]);
    for (const key_prefix of ['../up', 'a/../b', 'a//b', 'a b', 'a\\b', '.hidden/', 'ü/']) expect(fieldsFailing({ key_prefix })).toEqual(['key_prefix']);
  });

  it('checks the public base URL, and asks for one with an R2 endpoint in public mode', () => {
    expect(fieldsFailing({ public_base_url: 'https://cdn.example.com/files' })).toEqual([]);
    expect(fieldsFailing({ public_base_url: 'cdn.example.com' })).toEqual(['public_base_url']);
    const r2 = { endpoint: 'https://0123abcd.r2.cloudflarestorage.com', region: 'auto' };
    expect(fieldsFailing(r2)).toEqual(['public_base_url']);
    expect(fieldsFailing({ ...r2, public_base_url: 'https://pub-0123.r2.dev' })).toEqual([]);
    expect(fieldsFailing({ ...r2, url_mode: 'signed' })).toEqual([]);
  });

  it('takes a whole number of minutes from 1 to 10080', () => {
    for (const signed_url_minutes of [1, 10080, '30']) expect(fieldsFailing({ signed_url_minutes })).toEqual([]);
    for (const signed_url_minutes of [0, 10081, 1.5, 'soon']) expect(fieldsFailing({ signed_url_minutes })).toEqual(['signed_url_minutes']);
  });
});

describe('the form and the plugin info', () => {
  it('declares the fields with Chinese titles and keeps the secret secret', () => {
    const fields = plugin.config!.fields;
    expect(fields.map((f) => f.name)).toEqual([
      'endpoint',
      'region',
      'bucket',
      'access_key_id',
      'secret_access_key',
      'path_style',
      'key_prefix',
      'url_mode',
      'public_base_url',
      'signed_url_minutes',
      'test_connection',
    ]);
    for (const field of fields) expect(field.title).toMatchObject({ en_US: expect.any(String), zh_CN: expect.stringMatching(/[\u4e00-\u9fff]/) });
    expect(fields.filter((f) => f.secret).map((f) => f.name)).toEqual(['secret_access_key']);
    expect(fields.find((f) => f.name === 'url_mode')?.options?.map((o) => o.value)).toEqual(['public', 'signed']);
    expect(fields.find((f) => f.name === 'signed_url_minutes')).toMatchObject({ min: 1, max: 10080 });
  });

  it('names itself', () => {
    expect(plugin.info).toMatchObject({ slug_name: 's3_storage', version: '1.0.0', author: 'Answer team', sdk: '1.0.0' });
    expect(plugin.info.name).toMatchObject({ en_US: 'S3-compatible storage', zh_CN: expect.any(String) });
  });
});
