import zlib from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { forgetSiteSettings } from '../src/features/siteinfo/service.js';
import { ADMIN, installedSite, login, member, type TestSite } from './support/app.js';

let site: TestSite;
let token: string;

beforeAll(async () => {
  site = await installedSite();
  token = await login(site, ADMIN.email, ADMIN.password);
});
afterAll(async () => site.close());

/** A multipart body built by hand, the way a browser's FormData sends it. */
function multipart(fields: Record<string, string>, file?: { name: string; type: string; data: Buffer }) {
  const boundary = '----answertest';
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  }
  if (file) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`));
    parts.push(file.data, Buffer.from('\r\n'));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const upload = (fields: Record<string, string>, file?: { name: string; type: string; data: Buffer }, auth = token) => {
  const { payload, headers } = multipart(fields, file);
  return site.app.inject({ method: 'POST', url: '/answer/api/v1/file', payload, headers: { ...headers, authorization: auth } });
};

const png = (w = 40, h = 30) =>
  sharp({ create: { width: w, height: h, channels: 3, background: '#3366ff' } })
    .png()
    .withMetadata({ exif: { IFD0: { Copyright: 'secret-location' } } })
    .toBuffer();

/**
 * A valid PNG that is tiny on disk but huge once decoded: a 1-bit grayscale image of zeros, so the
 * deflated pixel data compresses a thousand to one (16000 x 16000 is about 31 KB).
 */
function pixelBomb(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([1, 0, 0, 0, 0], 8); // bit depth 1, grayscale, deflate, no filter, no interlace
  const rows = Buffer.alloc((1 + Math.ceil(width / 8)) * height); // filter byte 0 + packed pixels, all zero
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(rows, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

describe('uploads', () => {
  it('stores a verified image without its metadata and serves it', async () => {
    const res = await upload({ source: 'post' }, { name: 'photo.png', type: 'image/png', data: await png() });
    expect(res.statusCode, res.body).toBe(200);
    const url = res.json().data as string;
    expect(url).toMatch(/^\/uploads\/post\/[0-9a-f]{32}\.png$/);
    const served = await site.app.inject({ method: 'GET', url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta.width).toBe(40);
    expect(meta.exif).toBeUndefined();
  });

  it('makes avatars 256x256 and lets the user choose one', async () => {
    const res = await upload({ source: 'avatar' }, { name: 'me.png', type: 'image/png', data: await png(600, 400) });
    const url = res.json().data as string;
    const meta = await sharp((await site.app.inject({ method: 'GET', url })).rawPayload).metadata();
    expect([meta.width, meta.height, meta.format]).toEqual([256, 256, 'webp']);
    const set = await site.app.inject({
      method: 'PUT',
      url: '/answer/api/v1/user/info',
      headers: { authorization: token },
      payload: { avatar: { type: 'custom', custom: url } },
    });
    expect(set.statusCode).toBe(200);
    const info = await site.app.inject({ method: 'GET', url: '/answer/api/v1/user/info', headers: { authorization: token } });
    expect(info.json().data.avatar).toMatchObject({ type: 'custom', custom: url });
  });

  it('holds branding images to their size rules, with a field error', async () => {
    const huge = await upload({ source: 'branding' }, { name: 'logo.png', type: 'image/png', data: await png(4100, 20) });
    expect(huge.statusCode).toBe(400);
    expect(huge.json()).toMatchObject({ reason: 'error.upload.branding_too_large', data: [{ error_field: 'file', error_msg: expect.stringMatching(/4096/) }] });
    const favicon = await upload({ source: 'branding', field: 'favicon' }, { name: 'f.png', type: 'image/png', data: await png(600, 600) });
    expect(favicon.statusCode).toBe(400);
    expect(favicon.json().reason).toBe('error.upload.favicon_size');
    const icon = await upload({ source: 'branding', field: 'square_icon' }, { name: 'i.png', type: 'image/png', data: await png(200, 200) });
    expect(icon.statusCode, icon.body).toBe(200);
    expect(icon.json().data).toMatch(/^\/uploads\/branding\//);
  });

  it('judges by content, not by name: text named .png and SVG are refused', async () => {
    const fake = await upload({ source: 'post' }, { name: 'x.png', type: 'image/png', data: Buffer.from('not an image at all') });
    expect(fake.statusCode).toBe(400);
    expect(fake.json().reason).toBe('error.upload.unsupported_file_format');
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>');
    const res = await upload({ source: 'post' }, { name: 'x.png', type: 'image/png', data: svg });
    expect(res.statusCode).toBe(400);
  });

  it.each(['post', 'avatar'])('refuses a small %s file with huge dimensions before decoding it', async (source) => {
    const bomb = pixelBomb(16000, 16000);
    expect(bomb.length).toBeLessThan(64 * 1024);
    const res = await upload({ source }, { name: 'bomb.png', type: 'image/png', data: bomb });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ reason: 'error.upload.too_many_pixels', msg: expect.stringMatching(/40 megapixels/) });
  });

  it('refuses files over 4 MB, unknown sources, missing files and visitors', async () => {
    const big = Buffer.alloc(4 * 1024 * 1024 + 10, 1);
    const tooBig = await upload({ source: 'post' }, { name: 'big.png', type: 'image/png', data: big });
    expect(tooBig.statusCode).toBe(400);
    expect(tooBig.json().reason).toBe('error.upload.too_large');
    expect((await upload({ source: 'elsewhere' }, { name: 'a.png', type: 'image/png', data: await png() })).json().reason).toBe(
      'error.upload.source_unsupported',
    );
    expect((await upload({ source: 'post' })).statusCode).toBe(400);
    expect((await upload({ source: 'post' }, { name: 'a.png', type: 'image/png', data: await png() }, '')).statusCode).toBe(401);
  });

  it('on a private site serves uploads only to whoever may read the site, for that browser alone', async () => {
    const url = (await upload({ source: 'post' }, { name: 'p.png', type: 'image/png', data: await png() })).json().data as string;
    // A public site's uploads may be kept by anyone in between.
    expect((await site.app.inject({ method: 'GET', url })).headers['cache-control']).toBe('public, max-age=2592000');
    const visitCookie = async (email: string) => {
      const res = await site.app.inject({ method: 'POST', url: '/answer/api/v1/user/login/email', payload: { e_mail: email, pass: 'password-123' } });
      expect(res.statusCode, res.body).toBe(200);
      return String(res.headers['set-cookie']).split(';')[0]!;
    };
    const inactive = await member(site, 'uploadsinactive');
    const suspended = await member(site, 'uploadssuspended');
    const inactiveCookie = await visitCookie('uploadsinactive@example.com');
    const suspendedCookie = await visitCookie('uploadssuspended@example.com');
    for (const [who, status] of [[inactive, 'inactive'], [suspended, 'suspended']] as const) {
      const res = await site.app.inject({ method: 'PUT', url: '/answer/admin/api/user/status', headers: { authorization: token }, payload: { user_id: who.id, status } });
      expect(res.statusCode, res.body).toBe(200);
    }
    const db = site.runtime.database;
    const row = await db.selectFrom('site_info').select('content').where('type', '=', 'login').executeTakeFirstOrThrow();
    await db.updateTable('site_info').set({ content: JSON.stringify({ ...JSON.parse(row.content), login_required: true }) }).where('type', '=', 'login').execute();
    await forgetSiteSettings(site.runtime);
    try {
      for (const cookie of [undefined, inactiveCookie, suspendedCookie, 'visit=not-a-session']) {
        const denied = await site.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
        expect(denied.statusCode, cookie).toBe(302);
        expect(denied.headers.location).toBe('/403');
      }
      // The same sessions are refused by the API's reads too: one rule.
      const suspendedToken = (await site.app.inject({ method: 'POST', url: '/answer/api/v1/user/login/email', payload: { e_mail: 'uploadssuspended@example.com', pass: 'password-123' } })).json().data.access_token;
      expect((await site.app.inject({ method: 'GET', url: '/answer/api/v1/question/page', headers: { authorization: suspendedToken } })).json()).toMatchObject({ code: 403, data: { type: 'suspended' } });
      const loginRes = await site.app.inject({ method: 'POST', url: '/answer/api/v1/user/login/email', payload: { e_mail: ADMIN.email, pass: ADMIN.password } });
      const cookie = String(loginRes.headers['set-cookie']).split(';')[0]!;
      const allowed = await site.app.inject({ method: 'GET', url, headers: { cookie } });
      expect(allowed.statusCode).toBe(200);
      expect(allowed.headers['cache-control']).toBe('private, no-cache');
      expect(String(allowed.headers.vary)).toMatch(/cookie/i);
    } finally {
      await db.updateTable('site_info').set({ content: row.content }).where('type', '=', 'login').execute();
      await forgetSiteSettings(site.runtime);
    }
  });
});
