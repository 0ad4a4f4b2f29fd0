// Routes parse → call the domain → shape the answer (issue 26 item 4): no query in a route file, no
// Fastify in server/domain. Reads the sources only. The exceptions are named; the list may only
// shrink: a listed file that has become clean fails too, so its name is taken off.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const ROUTES = join(import.meta.dirname);
const DOMAIN = join(import.meta.dirname, '..', 'domain');

/** Route files that still hold queries (each to be moved to server/domain/). */
const ROUTES_WITH_QUERIES = new Set<string>([]);

/** Domain files that still reach into the request side. */
const DOMAIN_WITH_REQUEST = new Set([
  // A test fixture: it builds the app and calls its endpoints.
  'management/test-world.ts',
]);

const sourceFiles = (dir: string, prefix = ''): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((d) =>
    d.isDirectory() ? sourceFiles(join(dir, d.name), `${prefix}${d.name}/`)
      : d.name.endsWith('.ts') && !d.name.endsWith('.test.ts') ? [`${prefix}${d.name}`] : []);

/** What makes a route file hold a query: the ORM, the tables, or a statement run on a connection. */
function queryMarks(src: string): string[] {
  const marks: string[] = [];
  if (/from\s+'drizzle-orm(\/[^']*)?'/.test(src)) marks.push('imports drizzle-orm');
  if (/from\s+'[./]*db\/schema'/.test(src)) marks.push('imports the schema tables');
  const call = /\b(?:db|tx|t)\s*\.\s*(select|insert|update|delete|execute)\s*[(<]/g;
  for (const m of src.matchAll(call)) marks.push(`calls ${m[0].replace(/\s+/g, '').replace(/[(<]$/, '')}`);
  return marks;
}

/** What makes a domain file reach into the request side: Fastify, or a route module. */
function requestMarks(src: string): string[] {
  const marks: string[] = [];
  if (/from\s+'(fastify|@fastify\/[^']+)'/.test(src)) marks.push('imports fastify');
  if (/from\s+'[./]*routes\/[^']*'/.test(src)) marks.push('imports a route module');
  return marks;
}

describe('routes hold no queries, the domain no requests', () => {
  it('the checks see what they look for', () => {
    expect(queryMarks(`import { eq } from 'drizzle-orm';`)).toEqual(['imports drizzle-orm']);
    expect(queryMarks(`import { users } from '../db/schema';`)).toEqual(['imports the schema tables']);
    expect(queryMarks(`const r = await app.db.select().from(x);`)).toEqual(['calls db.select']);
    expect(queryMarks(`await tx\n  .update(users)`)).toEqual(['calls tx.update']);
    expect(queryMarks(`await db.execute<Row>(sql\`\`)`)).toEqual(['calls db.execute']);
    expect(queryMarks(`const v = await listUsers(db, actor, q);`)).toEqual([]);
    expect(requestMarks(`import type { FastifyRequest } from 'fastify';`)).toEqual(['imports fastify']);
    expect(requestMarks(`export { param } from '../../routes/guard';`)).toEqual(['imports a route module']);
    expect(requestMarks(`import { HttpError } from '../errors';`)).toEqual([]);
  });

  it('no route file holds a query, except those listed', () => {
    const found = Object.fromEntries(sourceFiles(ROUTES).map((f) => [f, queryMarks(readFileSync(join(ROUTES, f), 'utf8'))]));
    const offending = Object.entries(found).filter(([f, marks]) => marks.length && !ROUTES_WITH_QUERIES.has(f));
    expect(offending, 'move these queries to server/domain/').toEqual([]);
    // A listed file not there (yet) is let be: it may be another engineer's work in progress.
    const cleanButListed = [...ROUTES_WITH_QUERIES].filter((f) => f in found && !found[f].length);
    expect(cleanButListed, 'clean now: take them off ROUTES_WITH_QUERIES').toEqual([]);
  });

  it('no domain file imports fastify or a route, except those listed', () => {
    const found = Object.fromEntries(sourceFiles(DOMAIN).map((f) => [f, requestMarks(readFileSync(join(DOMAIN, f), 'utf8'))]));
    const offending = Object.entries(found).filter(([f, marks]) => marks.length && !DOMAIN_WITH_REQUEST.has(f));
    expect(offending, 'the domain takes the actor and plain values, not the request').toEqual([]);
    const cleanButListed = [...DOMAIN_WITH_REQUEST].filter((f) => f in found && !found[f].length);
    expect(cleanButListed, 'clean now: take them off DOMAIN_WITH_REQUEST').toEqual([]);
  });
});
