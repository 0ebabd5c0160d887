/**
 * The routes docs/product.md lists (§7), written from the app's own route table so the list
 * cannot fall behind the code:
 *
 *   npm run docs:routes
 *
 * builds the app on a throwaway embedded database and rewrites what stands between the
 * markers below. The first table is the API as /api/docs documents it: every route that is
 * neither hidden nor untagged, with who may call it (a route of a signed-in group, or
 * public), its query or JSON body, and its schema's summary. The second lists what answers
 * outside that document (health, metrics, the files, the embedded OpenID provider's pages),
 * described by OUTSIDE_THE_API below. src/server/api-routes-doc.test.ts renders the same
 * text from a test app and fails when the doc holds anything else.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '#server/app.ts';
import { loadConfig } from '#server/config.ts';
import { fromPglite, pgliteExtensions } from '#server/db/index.ts';

export const API_ROUTES_DOC = fileURLToPath(new URL('../docs/product.md', import.meta.url));
export const API_ROUTES_START = '<!-- api-routes:start -->';
export const API_ROUTES_END = '<!-- api-routes:end -->';

/**
 * What answers outside the API document, by the start of its path. A route the document
 * leaves out whose path starts with none of these stops the generation: say here what it is.
 */
const OUTSIDE_THE_API: Record<string, string> = {
  '/api/docs': 'this API described: a browsable page, and the document as JSON and YAML',
  '/healthz': '200 while the process answers',
  '/readyz': '200 once the database answers and start-up is done; 503 while starting or stopping',
  '/metrics': 'Prometheus metrics, to `Authorization: Bearer <METRICS_TOKEN>` (404 when unset)',
  '/uploads': 'uploaded files; a stand-in while an upload is processing',
  '/oidc': 'the embedded OpenID provider (when no external issuer is set)',
  '/interaction': "the provider's sign-in and create-account pages",
  '/account': "the provider's forgot-password and reset-password pages",
};

/** The order of a path's rows. HEAD is left out: Fastify adds it to every GET. */
const METHOD_ORDER = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];
/** A route answering this many methods besides HEAD (the provider's) is shown as "any". */
const EVERY_METHOD_COUNT = 8;

interface JsonSchema {
  $ref?: string;
  properties?: Record<string, unknown>;
  allOf?: JsonSchema[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
}

interface Operation {
  summary?: string;
  parameters?: { in: string; name: string }[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}

interface ApiDocument {
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, JsonSchema> };
}

/** The generated text between the markers: both tables, from a ready app. */
export function renderApiRoutes(app: FastifyInstance): string {
  const document = app.swagger() as unknown as ApiDocument;
  const signedIn = new Set<string>();
  const registered: { method: string; url: string }[] = [];
  for (const route of app.registeredRoutes) {
    for (const method of [route.method].flat()) {
      if (method === 'HEAD') continue;
      const url = documentPath(route.url ?? '');
      registered.push({ method, url });
      if (route.config?.signedIn) signedIn.add(`${method} ${url}`);
    }
  }

  const apiRows: { url: string; method: string; cells: string[] }[] = [];
  const documented = new Set<string>();
  for (const [url, operations] of Object.entries(document.paths)) {
    for (const [lowerMethod, operation] of Object.entries(operations)) {
      const method = lowerMethod.toUpperCase();
      documented.add(`${method} ${url}`);
      if (!operation.summary) {
        throw new Error(`${method} ${url} has no summary: give its schema one`);
      }
      apiRows.push({
        url,
        method,
        cells: [
          method,
          code(url),
          signedIn.has(`${method} ${url}`) ? 'signed in' : 'public',
          whatItTakes(operation, document),
          operation.summary,
        ],
      });
    }
  }
  apiRows.sort(
    (a, b) =>
      compare(a.url, b.url) || METHOD_ORDER.indexOf(a.method) - METHOD_ORDER.indexOf(b.method),
  );

  return [
    table(
      ['Method', 'Path', 'Who', 'Query or body', 'What it does'],
      apiRows.map((row) => row.cells),
    ),
    '',
    'Outside the API document:',
    '',
    table(
      ['Method', 'Paths', 'What'],
      outsideRows(registered.filter(({ method, url }) => !documented.has(`${method} ${url}`))),
    ),
  ].join('\n');
}

/** docs/product.md with `section` between the markers. */
export function withApiRoutes(doc: string, section: string): string {
  const { before, after } = splitAtMarkers(doc);
  return `${before}${API_ROUTES_START}\n\n${section}\n\n${API_ROUTES_END}${after}`;
}

/** What docs/product.md holds between the markers, or undefined without them. */
export function apiRoutesIn(doc: string): string | undefined {
  const start = doc.indexOf(API_ROUTES_START);
  const end = doc.indexOf(API_ROUTES_END);
  if (start < 0 || end < start) return undefined;
  return doc.slice(start + API_ROUTES_START.length, end).trim();
}

function splitAtMarkers(doc: string): { before: string; after: string } {
  const start = doc.indexOf(API_ROUTES_START);
  const end = doc.indexOf(API_ROUTES_END);
  if (start < 0 || end < start) {
    throw new Error(`${API_ROUTES_DOC} needs ${API_ROUTES_START} and ${API_ROUTES_END}`);
  }
  return { before: doc.slice(0, start), after: doc.slice(end + API_ROUTES_END.length) };
}

/** `/api/users/:id` as the document spells it, `/api/users/{id}`. */
function documentPath(url: string): string {
  return url.replace(/:(\w+)/g, '{$1}');
}

function compare(a: string, b: string): number {
  if (a === b) return 0;
  return a < b ? -1 : 1;
}

/** The query's parameters and the JSON body's fields, by name (an upload's summary names its field). */
function whatItTakes(operation: Operation, document: ApiDocument): string {
  const query = (operation.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name);
  const json = operation.requestBody?.content?.['application/json']?.schema;
  const body = json ? fieldsOf(json, document) : [];
  const parts = [];
  if (query.length > 0) parts.push(`query: ${query.map(code).join(', ')}`);
  if (body.length > 0) parts.push(`body: ${body.join(', ')}`);
  return parts.join('; ');
}

/** A body's top-level fields, through references and every shape of a union. */
function fieldsOf(schema: JsonSchema, document: ApiDocument): string[] {
  const resolved = schema.$ref
    ? document.components?.schemas?.[schema.$ref.replace('#/components/schemas/', '')]
    : schema;
  if (!resolved) return [];
  const fields = new Set(Object.keys(resolved.properties ?? {}));
  for (const part of [
    ...(resolved.allOf ?? []),
    ...(resolved.anyOf ?? []),
    ...(resolved.oneOf ?? []),
  ]) {
    for (const field of fieldsOf(part, document)) fields.add(field);
  }
  return [...fields];
}

/** The routes outside the document, one row per entry of OUTSIDE_THE_API. */
function outsideRows(routes: { method: string; url: string }[]): string[][] {
  const groups = new Map<string, { methods: Set<string>; urls: Set<string> }>();
  for (const { method, url } of routes) {
    const start = Object.keys(OUTSIDE_THE_API).find((s) => url === s || url.startsWith(`${s}/`));
    if (!start) {
      throw new Error(
        `${method} ${url} is neither in the API document nor in OUTSIDE_THE_API of ` +
          'scripts/api-routes.ts: tag it, or say there what it is',
      );
    }
    const group = groups.get(start) ?? { methods: new Set(), urls: new Set() };
    group.methods.add(method);
    group.urls.add(url);
    groups.set(start, group);
  }
  return Object.keys(OUTSIDE_THE_API).flatMap((start) => {
    const group = groups.get(start);
    if (!group) return [];
    const methods =
      group.methods.size >= EVERY_METHOD_COUNT
        ? 'any'
        : METHOD_ORDER.filter((m) => group.methods.has(m)).join(', ');
    const urls = [...group.urls].sort(compare).map(code).join(', ');
    return [[methods, urls, OUTSIDE_THE_API[start] ?? '']];
  });
}

function code(text: string): string {
  return `\`${text}\``;
}

/** A Markdown table laid out as Prettier lays it out, so `npm run format` leaves it alone. */
function table(head: string[], rows: string[][]): string {
  const cells = [head, ...rows].map((row) => row.map((cell) => cell.replaceAll('|', '\\|')));
  const widths = head.map((_, column) =>
    Math.max(3, ...cells.map((row) => (row[column] ?? '').length)),
  );
  const line = (row: string[]) =>
    `| ${widths.map((width, column) => (row[column] ?? '').padEnd(width)).join(' | ')} |`;
  const [heading = [], ...body] = cells;
  return [line(heading), line(widths.map((width) => '-'.repeat(width))), ...body.map(line)].join(
    '\n',
  );
}

/**
 * Builds the app on an empty embedded database with the settings the tests build it with
 * (testing/test-app.ts), so the tables are the ones the test renders, and rewrites the doc.
 */
async function writeApiRoutesDoc(): Promise<void> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'encore-api-routes-'));
  const database = fromPglite(await PGlite.create({ extensions: pgliteExtensions }));
  try {
    // The embedded OpenID provider reads its keys while the app is built.
    await database.migrate();
    const app = await buildApp({
      config: loadConfig({ NODE_ENV: 'test', PORT: '3999', DATA_DIR: dataDir }),
      db: database.db,
      sessionSecret: randomBytes(32).toString('hex'),
      clientDir: path.join(dataDir, 'no-client'),
    });
    try {
      await app.ready();
      const doc = await readFile(API_ROUTES_DOC, 'utf8');
      await writeFile(API_ROUTES_DOC, withApiRoutes(doc, renderApiRoutes(app)));
    } finally {
      await app.close();
    }
    process.stdout.write(`API routes written to ${path.relative(process.cwd(), API_ROUTES_DOC)}\n`);
  } finally {
    await database.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await writeApiRoutesDoc();
}
