import { describe, expect, it } from 'vitest';
import { describeError } from '../src/error-text.ts';
import { cacheControl, contentHeaders } from '../src/object-headers.ts';
import { readSettings } from '../src/settings.ts';
import { publicUrl, signedRouteUrl } from '../src/urls.ts';

const settings = (values: Record<string, unknown>) => readSettings({ bucket: 'answer-files', region: 'eu-central-1', ...values });

describe('public URLs', () => {
  it("use Amazon S3's virtual-hosted address by default", () => {
    expect(publicUrl(settings({}), 'site/post/a.png')).toBe('https://answer-files.s3.eu-central-1.amazonaws.com/site/post/a.png');
    expect(publicUrl(settings({ region: 'cn-north-1' }), 'a.png')).toBe('https://answer-files.s3.cn-north-1.amazonaws.com.cn/a.png');
  });

  it('use path style when asked, for dotted buckets and for IP or localhost endpoints', () => {
    expect(publicUrl(settings({ path_style: true }), 'a.png')).toBe('https://s3.eu-central-1.amazonaws.com/answer-files/a.png');
    expect(publicUrl(settings({ bucket: 'files.example.com' }), 'a.png')).toBe('https://s3.eu-central-1.amazonaws.com/files.example.com/a.png');
    expect(publicUrl(settings({ endpoint: 'http://10.0.0.5:9000/' }), 'a.png')).toBe('http://10.0.0.5:9000/answer-files/a.png');
    expect(publicUrl(settings({ endpoint: 'http://localhost:9000' }), 'a.png')).toBe('http://localhost:9000/answer-files/a.png');
  });

  it('put the bucket in front of a custom endpoint host, keeping its path', () => {
    expect(publicUrl(settings({ endpoint: 'https://s3.example.com' }), 'a.png')).toBe('https://answer-files.s3.example.com/a.png');
    expect(publicUrl(settings({ endpoint: 'https://gw.example.com/s3/', path_style: true }), 'a.png')).toBe('https://gw.example.com/s3/answer-files/a.png');
  });

  it('prefer the public base URL (CDN) in public mode', () => {
    expect(publicUrl(settings({ public_base_url: 'https://cdn.example.com/' }), 'site/a.png')).toBe('https://cdn.example.com/site/a.png');
  });

  it('in signed mode point at the site route, root-relative when no site URL is set', () => {
    expect(signedRouteUrl('https://q.example.com', 'post/a.png')).toBe('https://q.example.com/answer/api/v1/plugin/s3_storage/file/post/a.png');
    expect(signedRouteUrl('', 'post/a.png')).toBe('/answer/api/v1/plugin/s3_storage/file/post/a.png');
  });
});

describe('object headers', () => {
  it('cache random names for a year and other names for an hour, privately in signed mode', () => {
    expect(cacheControl('post/3f2a9c0b7d1e4f6a8b2c4d6e8f0a1b3c.png', 'public')).toBe('public, max-age=31536000, immutable');
    expect(cacheControl('post/123e4567-e89b-12d3-a456-426614174000.png', 'signed')).toBe('private, max-age=31536000, immutable');
    expect(cacheControl('branding/logo.png', 'public')).toBe('public, max-age=3600');
  });

  it('send only the verified image types inline', () => {
    expect(contentHeaders('image/webp')).toEqual({ contentType: 'image/webp' });
    expect(contentHeaders('text/html')).toEqual({ contentType: 'text/html', contentDisposition: 'attachment' });
    expect(contentHeaders('text/html\r\nX-Evil: 1')).toEqual({ contentType: 'application/octet-stream', contentDisposition: 'attachment' });
  });
});

describe('error text', () => {
  it('names the code, status and message, and blanks out the secret', () => {
    const error = Object.assign(new Error('signature for key s3cr3t-value did not match'), { name: 'SignatureDoesNotMatch', $metadata: { httpStatusCode: 403 } });
    expect(describeError(error, 's3cr3t-value')).toBe('SignatureDoesNotMatch (HTTP 403): signature for key *** did not match');
    expect(describeError(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:9'), { code: 'ECONNREFUSED' }), '')).toBe('ECONNREFUSED: connect ECONNREFUSED 127.0.0.1:9');
  });
});
