// Issue 29: a hall's branding. Its admins (and the app admin) upload its logo — PNG, JPEG or WebP of
// at most 200 kB, anything else refused with the error shape and a message in Tamil and English —
// served publicly with caching headers; the hall's events carry its branding to the devices (the pull),
// again whenever it changes; the provider's own events carry none. The book built on the server
// embeds the logo on its cover.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiErrorSchema } from '../../contract/errors';
import { uuidv7 } from '../../contract/ids';
import { createTestApp, type TestApp } from '../test-utils';
import { loginCookie, seedEvent, seedUser } from '../../tests/sync/fixtures';
import { loadBookInput } from '../report/load';
import { samplePng } from '../../tests/support/png';

let t: TestApp;
let adminCookie = '';
let hall: { id: string; cookie: string };
let other: { cookie: string };
let orgId = '';
let hallEvent = '';
let familyEvent = '';

function multipart(file: Buffer, filename = 'logo.png', type = 'image/png') {
  const boundary = `----moi${randomUUID()}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`;
  return { payload: Buffer.concat([Buffer.from(head), file, Buffer.from(`\r\n--${boundary}--\r\n`)]), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
const upload = (cookie: string, file: Buffer, filename?: string, type?: string) => {
  const m = multipart(file, filename, type);
  return t.app.inject({ method: 'POST', url: `/moi/orgs/${orgId}/logo`, payload: m.payload, headers: { ...m.headers, cookie } });
};
async function pulledEvents(cookie: string) {
  const res = await t.app.inject({ method: 'GET', url: '/moi/sync/pull?since=0&limit=5000', headers: { cookie } });
  expect(res.statusCode, res.body).toBe(200);
  const rows = new Map<string, Record<string, unknown>>();
  for (const c of (res.json() as { changes: Array<{ type: string; id: string; row?: Record<string, unknown> }> }).changes) if (c.type === 'event' && c.row) rows.set(c.id, c.row);
  return rows;
}

beforeAll(async () => {
  t = await createTestApp();
  adminCookie = (await loginCookie(t.app, 'admin', 'admin-test-password')).cookie;
  const h = await seedUser(t.app, `hall${randomUUID().slice(0, 6)}`, 'event_admin');
  hall = { id: h.id, cookie: (await loginCookie(t.app, h.username, h.password, randomUUID())).cookie };
  const o = await seedUser(t.app, `other${randomUUID().slice(0, 6)}`, 'event_admin');
  other = { cookie: (await loginCookie(t.app, o.username, o.password)).cookie };
  const org = await t.app.inject({ method: 'POST', url: '/moi/orgs', headers: { cookie: adminCookie }, payload: { nameEn: 'Lakshmi Mahal', nameTa: 'லட்சுமி மஹால்', brandColour: '#8a1c2b', receiptFooter: 'Madurai · 0452 123456' } });
  orgId = org.json().org.id;
  expect((await t.app.inject({ method: 'PUT', url: `/moi/orgs/${orgId}/members`, headers: { cookie: adminCookie }, payload: { userId: hall.id, role: 'admin' } })).statusCode).toBe(200);
  hallEvent = uuidv7();
  const ev = await t.app.inject({ method: 'POST', url: `/moi/orgs/${orgId}/events`, headers: { cookie: hall.cookie }, payload: { id: hallEvent, titleEn: 'Hall wedding', functionType: 'wedding', date: '2026-12-01' } });
  expect(ev.statusCode, ev.body).toBe(201);
  familyEvent = await seedEvent(t.app, { adminIds: [hall.id] });
}, 60_000);
afterAll(async () => { await t?.close(); });

describe('a hall’s logo and branding', () => {
  it('refuses a file too large or not a PNG, JPEG or WebP image, with the error shape and a message in Tamil and English', async () => {
    const big = Buffer.concat([samplePng(), Buffer.alloc(210 * 1024)]);
    const tooBig = await upload(hall.cookie, big);
    expect(tooBig.statusCode).toBe(413);
    const e1 = apiErrorSchema.parse(tooBig.json());
    expect(e1.code).toBe('file_too_large');
    expect(e1.message).toMatch(/200 kB.*[\u0B80-\u0BFF]/s);
    const gif = await upload(hall.cookie, Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1'), 'logo.gif', 'image/gif');
    expect(gif.statusCode).toBe(415);
    expect(apiErrorSchema.parse(gif.json()).message).toMatch(/PNG, JPEG or WebP.*[\u0B80-\u0BFF]/s);
    // A text file named .png is judged by its bytes.
    expect((await upload(hall.cookie, Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).statusCode).toBe(415);
    // Nor is a logo named by a file id (it could be anyone's picture): only an upload sets it.
    expect((await t.app.inject({ method: 'PATCH', url: `/moi/orgs/${orgId}`, headers: { cookie: adminCookie }, payload: { logoFileId: 'someone-elses-file' } })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'POST', url: '/moi/orgs', headers: { cookie: adminCookie }, payload: { nameEn: 'Other Hall', logoFileId: 'someone-elses-file' } })).statusCode).toBe(400);
    // Another hall's admin may not change it.
    expect((await upload(other.cookie, samplePng())).statusCode).toBe(404);
  });

  it('the hall’s admin uploads it; it is served publicly with caching headers; the hall’s events carry it, the provider’s do not', async () => {
    const before = (await pulledEvents(hall.cookie)).get(hallEvent);
    expect(before?.brand).toMatchObject({ nameEn: 'Lakshmi Mahal', colour: '#8a1c2b', footer: 'Madurai · 0452 123456', logoFileId: null });
    const res = await upload(hall.cookie, samplePng());
    expect(res.statusCode, res.body).toBe(200);
    const fileId = res.json().org.logoFileId as string;
    expect(fileId).toBeTruthy();
    const logo = await t.app.inject({ method: 'GET', url: `/moi/org-logo/${fileId}` });
    expect(logo.statusCode).toBe(200);
    expect(logo.headers['content-type']).toBe('image/png');
    expect(logo.headers['cache-control']).toContain('max-age=31536000');
    expect(logo.rawPayload.equals(samplePng())).toBe(true);
    expect((await t.app.inject({ method: 'GET', url: `/moi/org-logo/${fileId}`, headers: { 'if-none-match': `"${fileId}"` } })).statusCode).toBe(304);
    const rows = await pulledEvents(hall.cookie);
    expect(rows.get(hallEvent)?.brand).toMatchObject({ logoFileId: fileId });
    expect(rows.get(familyEvent)?.brand ?? null).toBeNull();
    // A new logo replaces the old one, which is no longer served.
    const again = await upload(adminCookie, samplePng(64, 64));
    expect(again.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: `/moi/org-logo/${fileId}` })).statusCode).toBe(404);
    // The server's book of the hall's event has the logo for its cover.
    const input = await loadBookInput(t.app.db, hallEvent);
    expect(input?.brandLogo).toMatch(/^data:image\/png;base64,/);
    expect((await loadBookInput(t.app.db, familyEvent))?.event.brand ?? null).toBeNull();
  });

  it('a change of the hall’s name or colour reaches its events’ rows', async () => {
    const r = await t.app.inject({ method: 'PATCH', url: `/moi/orgs/${orgId}`, headers: { cookie: hall.cookie }, payload: { nameEn: 'Lakshmi Mahal A/C', brandColour: '#004488' } });
    expect(r.statusCode, r.body).toBe(200);
    expect((await pulledEvents(hall.cookie)).get(hallEvent)?.brand).toMatchObject({ nameEn: 'Lakshmi Mahal A/C', colour: '#004488' });
  });
});
