// Bad input gets a 4xx with the { code, message } shape, never a 500: NUL characters on every
// registered route (path, query, body; signed in and not), and the other inputs that used to crash.
import { apiErrorSchema } from '../contract/errors';
import { createTestApp, createUser, login, TEST_ADMIN, uniq, type TestApp } from './test-utils';

let t: TestApp;
let adminCookie: string;
beforeAll(async () => {
  t = await createTestApp();
  adminCookie = (await login(t.app, TEST_ADMIN.username, TEST_ADMIN.password)).cookie;
}, 180_000);
afterAll(async () => { await t?.close(); }, 60_000);

function expectShape(res: { statusCode: number; json(): unknown; body: string }, status: number, where: string) {
  expect(res.statusCode, `${where}: ${res.body.slice(0, 200)}`).toBe(status);
  const body = apiErrorSchema.parse(res.json());
  expect(body.message.length).toBeGreaterThan(0);
  return body;
}

/** A URL for the route pattern with every `:param` (and `*`) filled by `value`. */
const fill = (url: string, value: string) => url.replace(/:[A-Za-z_]+/g, encodeURIComponent(value)).replace('*', encodeURIComponent(value));

describe('NUL characters', () => {
  it('answer 400 invalid_body on every registered /moi route, in the path, the query and the body', async () => {
    const routes = t.app.registeredRoutes.filter((r) => r.url.startsWith('/moi'));
    // The walk only means something if it found the API: well over the 40 routes that answered 500.
    expect(routes.length).toBeGreaterThan(40);
    const nul = 'a\u0000b';
    let requests = 0;
    for (const route of routes) {
      const method = route.method as 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
      const hasBody = method !== 'GET' && method !== 'DELETE';
      const variants: { where: string; url: string; payload?: object }[] = [
        { where: 'query', url: `${fill(route.url, 'x1')}?q=${encodeURIComponent(nul)}&since=${encodeURIComponent(nul)}&eventId=${encodeURIComponent(nul)}` },
      ];
      if (route.url.includes(':') || route.url.includes('*')) variants.push({ where: 'path', url: fill(route.url, nul) });
      if (hasBody) {
        variants.push({
          where: 'body',
          url: fill(route.url, 'x1'),
          payload: { id: nul, username: nul, password: nul, name: nul, title: nul, mutations: [{ id: nul, name: nul, args: { note: nul } }] },
        });
      }
      for (const v of variants) {
        for (const cookie of [adminCookie, undefined]) {
          const res = await t.app.inject({ method, url: v.url, ...(v.payload ? { payload: v.payload } : {}), headers: cookie ? { cookie } : {} });
          requests++;
          const body = expectShape(res, 400, `${method} ${route.url} (${v.where}${cookie ? ', signed in' : ''})`);
          expect(body.code).toBe('invalid_body');
        }
      }
    }
    expect(requests).toBeGreaterThan(150);
  }, 180_000);

  it('in a login field is a 400, and the same login without it works', async () => {
    const username = uniq('nul');
    await createUser(t.app, { username, password: 'right-password', role: 'counter_staff' });
    for (const payload of [{ username: `${username}\u0000`, password: 'right-password' }, { username, password: 'right\u0000password' }]) {
      const res = await t.app.inject({ method: 'POST', url: '/moi/auth/login', payload });
      expect(expectShape(res, 400, 'login').code).toBe('invalid_body');
    }
    expect((await login(t.app, username, 'right-password')).user.username).toBe(username);
  });

  it('in the id field of a picture upload is a 400', async () => {
    const boundary = 'moiboundary1';
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da6364f8ffbf1e000502025f8f3a2b0000000049454e44ae426082', 'hex');
    const payload = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="id"\r\n\r\nab\u0000c\r\n`),
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`),
      png,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const res = await t.app.inject({ method: 'POST', url: '/moi/user/uploadProfileImage', payload, headers: { cookie: adminCookie, 'content-type': `multipart/form-data; boundary=${boundary}` } });
    expect(expectShape(res, 400, 'upload').code).toBe('invalid_body');
  });
});

describe('other input that used to answer 500', () => {
  it('GET /moi/user/getuserbyusername/%25 (a literal percent sign) answers an empty list', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/moi/user/getuserbyusername/%25', headers: { cookie: adminCookie } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([]);
  });

  it('PATCH /moi/memberships/:id with an empty object is a 400 naming what to give', async () => {
    const holder = await createUser(t.app, { username: uniq('holder'), password: 'right-password', role: 'event_owner' });
    const made = await t.app.inject({ method: 'POST', url: '/moi/memberships', payload: { plan: 'smart_track', holderId: holder.id, validFrom: '2026-01-01' }, headers: { cookie: adminCookie } });
    expect(made.statusCode, made.body).toBeLessThan(300);
    const { membership } = made.json() as { membership: { id: string; status: string } };
    const res = await t.app.inject({ method: 'PATCH', url: `/moi/memberships/${membership.id}`, payload: {}, headers: { cookie: adminCookie } });
    expect(expectShape(res, 400, 'empty patch').code).toBe('invalid_body');
    const ok = await t.app.inject({ method: 'PATCH', url: `/moi/memberships/${membership.id}`, payload: { status: 'cancelled' }, headers: { cookie: adminCookie } });
    expect((ok.json() as { membership: { status: string } }).membership.status).toBe('cancelled');
  });

  it('a truncated multipart body and one without a boundary answer 400 on the upload route', async () => {
    const boundary = 'moiboundary2';
    const cut = `--${boundary}\r\nContent-Disposition: form-data; name="id"\r\n\r\nabc\r\n--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n\u0089PNG`;
    const truncated = await t.app.inject({ method: 'POST', url: '/moi/user/uploadProfileImage', payload: cut, headers: { cookie: adminCookie, 'content-type': `multipart/form-data; boundary=${boundary}` } });
    expect(expectShape(truncated, 400, 'truncated').code).toBe('invalid_body');
    const noBoundary = await t.app.inject({ method: 'POST', url: '/moi/user/uploadProfileImage', payload: 'whatever', headers: { cookie: adminCookie, 'content-type': 'multipart/form-data' } });
    expect(expectShape(noBoundary, 400, 'no boundary').code).toBe('invalid_body');
  });
});

describe('database data exceptions (SQLSTATE class 22)', () => {
  it('answer 400 invalid_body, while other database errors stay 500', async () => {
    const own = await createTestApp();
    try {
      const { sql } = await import('drizzle-orm');
      // Routes that let a value through to the database the schema did not bound: these stand in
      // for whichever route does so next.
      own.app.get('/moi/test/cast', async (req) => own.app.db.execute(sql`select ${(req.query as { v: string }).v}::int as n`));
      own.app.get('/moi/test/broken', async () => own.app.db.execute(sql`select * from no_such_table`));
      for (const v of ['abc', '99999999999']) { // invalid input syntax (22P02), out of range (22003)
        const res = await own.app.inject({ method: 'GET', url: `/moi/test/cast?v=${v}` });
        expect(expectShape(res, 400, v).code).toBe('invalid_body');
      }
      expect((await own.app.inject({ method: 'GET', url: '/moi/test/cast?v=12' })).statusCode).toBe(200);
      expect(expectShape(await own.app.inject({ method: 'GET', url: '/moi/test/broken' }), 500, 'broken').code).toBe('internal_error');
    } finally {
      await own.close();
    }
  }, 180_000);
});
