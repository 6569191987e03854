import { build } from 'esbuild';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Readable } from 'node:stream';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { extractPage } from '../../functions/core/crawl/extract-page.js';
import { readHeadMetadata } from '../../functions/core/crawl/head-metadata.js';
import { parseSitemap } from '../../functions/core/crawl/sitemap.js';
import { LAMBDA_ALIASES, lambdaBuildOptions } from '../../lib/bundling.js';
import { buildSideEntries } from '../../lib/side-entries.js';
import { ZOD_JSON_SCHEMA_LEFT_OUT, ZOD_JSON_SCHEMA_MODULE } from '../../lib/zod-json-schema-left-out.js';
import { createKnowledgeEntryRequestSchema } from '../../functions/contracts/knowledge.js';
import { bundleFunction } from '../../lib/bundle-function.js';
import { synonymsOf } from '../../functions/core/knowledge/synonyms.js';
import type { readDocument } from '../../functions/core/documents/read-document.js';
import { pdfFixture } from '../support/document-fixtures.js';
import { Validator as ModelCheck } from '../../lib/lambda-shims/electrodb-model-check.js';

const repoRoot = resolve(import.meta.dirname, '../..');

/** Bundles `contents` (a module of the repository's root) with the Lambda options into `outfile`. */
const bundleExports = (contents: string, outfile: string) =>
  build({ ...lambdaBuildOptions(repoRoot), stdin: { contents, resolveDir: repoRoot, loader: 'ts' }, outfile, metafile: true });

const page = `<!doctype html><html lang="en"><head>
<title>Caf&eacute; &amp; Bakery | Maple &amp; Rye</title>
<meta name="description" content="Bread, pastries &amp; coffee.">
<meta property="og:site_name" content="Maple &amp; Rye">
<style>.hero { color: red } @media (max-width: 600px) { .hero { display: none } }</style>
<script>window.tracking = 1;</script>
</head><body>
<nav><a href="/">Home</a><a href="/menu">Menu</a></nav>
<main><article>
<h1>Our caf&eacute;</h1>
${Array.from({ length: 6 }, (_, n) => `<p>Paragraph ${n}: we bake na&iuml;ve &ldquo;country&rdquo; loaves every morning&nbsp;at 6 am, with flour from a mill two villages away, and sell them warm.</p>`).join('\n')}
<h2>Prices</h2>
<table><tr><th>Item</th><th>Price</th></tr><tr><td>Sourdough</td><td>&euro;4.50</td></tr></table>
<p style="font-weight: bold">Ask about <a href="/cakes?x=1">cakes</a>.</p>
</article></main>
<footer>218 Harbor Street</footer>
</body></html>`;

const sitemap = `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
<url><loc>https://bakery.example/</loc></url><url><loc>https://bakery.example/menu?a=1&amp;b=2</loc></url>
</urlset>`;

describe('Lambda bundle aliases (lib/bundling.ts)', () => {
  const outDir = mkdtempSync(join(tmpdir(), 'lambda-bundling-'));
  afterAll(() => rmSync(outDir, { recursive: true, force: true }));

  it('point at files that exist', () => {
    for (const target of Object.values(LAMBDA_ALIASES)) expect(existsSync(resolve(repoRoot, target)), target).toBe(true);
  });

  it('leave page extraction, head metadata and sitemaps as the sources give them, page extraction in a file of its own', async () => {
    const outfile = join(outDir, 'crawl.mjs');
    const { metafile } = await bundleExports(
      [
        "export { extractPage } from './functions/core/crawl/page-reader.ts';",
        "export { readHeadMetadata } from './functions/core/crawl/head-metadata.ts';",
        "export { parseSitemap } from './functions/core/crawl/sitemap.ts';",
      ].join('\n'),
      outfile,
    );
    const inputs = Object.keys(metafile.inputs);
    // The HTML parser is loaded when a page is read, from the page reader beside the bundle; Readability,
    // from a file beside that, for article pages only.
    expect(inputs.filter((input) => /linkedom|turndown|@mozilla\/readability/.test(input))).toEqual([]);
    const sides = await buildSideEntries(inputs, outDir);
    expect(sides.map((side) => side.name)).toEqual(['page-reader', 'article-reader']);
    const reader = sides[0]!.inputs;
    expect(reader).toContain('lib/lambda-shims/css-parser-left-out.ts');
    expect(reader.filter((input) => input.includes('@acemir/cssom') || input.includes('domutils/lib') || input.includes('@mozilla/readability'))).toEqual([]);
    const bundled = (await import(pathToFileURL(outfile).href)) as {
      extractPage: (html: string, url: string) => Promise<ReturnType<typeof extractPage>>;
      readHeadMetadata: typeof readHeadMetadata;
      parseSitemap: typeof parseSitemap;
    };
    const url = 'https://bakery.example/cafe';
    expect(await bundled.extractPage(page, url)).toEqual(extractPage(page, url));
    expect(extractPage(page, url).text).toContain('€4.50');
    // The same page as a blog post: read by Readability.
    const post = page.replace('<head>', '<head><meta property="og:type" content="article">');
    expect(await bundled.extractPage(post, url)).toEqual(extractPage(post, url));
    expect(extractPage(post, url).text).toContain('flour from a mill two villages away');
    expect(bundled.readHeadMetadata(page)).toEqual(readHeadMetadata(page));
    expect(bundled.parseSitemap(sitemap)).toEqual(parseSitemap(sitemap));
  }, 60_000);

  it('leave PDF.js out of process-document, which reads documents with the worker bundled beside it', async () => {
    const dir = join(outDir, 'process-document');
    const outfile = join(dir, 'index.mjs');
    const { metafile } = await bundleExports("export { readDocument } from './functions/core/documents/read-document.ts';", outfile);
    expect(Object.keys(metafile.inputs).filter((input) => /unpdf|pdfjs|word-extractor/.test(input))).toEqual([]);
    expect((await buildSideEntries(Object.keys(metafile.inputs), dir)).map((side) => side.name)).toEqual(['extract-worker']);
    const bundled = (await import(pathToFileURL(outfile).href)) as { readDocument: typeof readDocument };
    const { text } = await bundled.readDocument('.pdf', await pdfFixture(['Sourdough is baked at dawn.']));
    expect(text).toContain('Sourdough is baked at dawn.');
  }, 60_000);

  it("leave WordNet's related words out of the bundles that search, which read them from the file beside the handler", async () => {
    const dir = join(outDir, 'search');
    const outfile = join(dir, 'index.mjs');
    const { metafile } = await bundleExports("export { synonymsOf } from './functions/core/knowledge/synonyms.ts';", outfile);
    expect(Object.keys(metafile.inputs).filter((input) => input.endsWith('related-words.json'))).toEqual([]);
    expect((await buildSideEntries(Object.keys(metafile.inputs), dir)).map((side) => side.name)).toEqual(['related-words']);
    const bundled = (await import(pathToFileURL(outfile).href)) as { synonymsOf: typeof synonymsOf };
    expect(bundled.synonymsOf('oper')).toContain('surgeri');
    expect(bundled.synonymsOf('oper')).toEqual(synonymsOf('oper'));
  }, 60_000);

  it("validate with zod as the sources do, without zod's JSON Schema output", async () => {
    const dir = join(outDir, 'zod');
    const outfile = join(dir, 'index.mjs');
    const { metafile } = await bundleExports("export { createKnowledgeEntryRequestSchema } from './functions/contracts/knowledge.ts';", outfile);
    const jsonSchemaModules = Object.entries(Object.values(metafile.outputs).find((output) => output.entryPoint)?.inputs ?? {}).filter(([input]) => ZOD_JSON_SCHEMA_MODULE.test(input));
    expect(jsonSchemaModules).toHaveLength(2);
    for (const [, { bytesInOutput }] of jsonSchemaModules) expect(bytesInOutput).toBeLessThan(1024);
    const bundled = ((await import(pathToFileURL(outfile).href)) as { createKnowledgeEntryRequestSchema: typeof createKnowledgeEntryRequestSchema }).createKnowledgeEntryRequestSchema;
    for (const body of [{ title: 'Opening hours', content: 'Mon-Fri 9-5' }, { title: '', content: 'x' }, { title: 'x'.repeat(500), content: 'y' }, {}, 'text']) {
      expect(JSON.parse(JSON.stringify(bundled.safeParse(body)))).toEqual(JSON.parse(JSON.stringify(createKnowledgeEntryRequestSchema.safeParse(body))));
    }
    expect(() => bundled.toJSONSchema()).toThrow(ZOD_JSON_SCHEMA_LEFT_OUT);
  }, 60_000);

  it("give a function only its own route of lib/routes.ts, and its handler still finds it", async () => {
    const dir = join(outDir, 'health');
    const { file } = await bundleFunction('health', dir);
    const bundle = readFileSync(file, 'utf8');
    expect(bundle).toContain('"/health"');
    // Another route's path: the whole table is not in the bundle.
    expect(bundle).not.toContain('/admin/waitlist');
    const { handler } = (await import(pathToFileURL(file).href)) as { handler: (event: unknown, context: unknown) => Promise<{ statusCode: number; body: string }> };
    const event = { version: '2.0', routeKey: 'GET /health', rawPath: '/health', headers: {}, requestContext: { requestId: 'r1', http: { method: 'GET', path: '/health' } } };
    const answer = await handler(event, { awsRequestId: 'a1', getRemainingTimeInMillis: () => 10_000 });
    expect(answer.statusCode).toBe(200);
    expect(JSON.parse(answer.body)).toMatchObject({ status: 'ok' });
  }, 60_000);

  it("answer ElectroDB's model checks as the real validator does, for every model and entity", async () => {
    const { Validator } = createRequire(import.meta.url)('jsonschema') as {
      Validator: { prototype: { validate: (instance: unknown, schema: unknown) => { errors: unknown[] } } };
    };
    const real = Validator.prototype.validate;
    // ElectroDB asks about each instance against one schema or two (beta, then v1): valid if any passes.
    const realAnswers = new Map<unknown, boolean>();
    Validator.prototype.validate = function (this: unknown, instance: unknown, schema: unknown) {
      const result = real.call(this, instance, schema);
      realAnswers.set(instance, (realAnswers.get(instance) ?? false) || result.errors.length === 0);
      return result;
    };
    try {
      vi.resetModules();
      // Entities are built on first use (functions/core/data/lazy-service.ts): use every one.
      const { dataService } = await import('../../functions/core/data/db.js');
      const { entityBuilders } = await import('../../functions/core/data/entities.js');
      for (const name of Object.keys(entityBuilders)) void dataService.entities[name as keyof typeof entityBuilders];
    } finally {
      Validator.prototype.validate = real;
    }
    const check = new ModelCheck();
    const answers = [...realAnswers].map(([instance, valid]) => ({ valid, standIn: check.validate(instance).errors.length === 0 }));
    expect(answers.filter(({ valid }) => valid).length).toBeGreaterThan(5);
    expect(answers.filter(({ valid }) => !valid).length).toBeGreaterThan(5);
    expect(answers.filter(({ valid, standIn }) => valid !== standIn)).toEqual([]);
  });

  it('leave event streams out of the S3 client, which still puts and reads objects', async () => {
    const outfile = join(outDir, 's3.mjs');
    const { metafile } = await bundleExports("export { S3Client, PutObjectCommand, GetObjectCommand } from '@aws-sdk/client-s3';", outfile);
    expect(Object.keys(metafile.inputs).filter((input) => input.includes('submodules/event-streams'))).toEqual([]);
    // Only the schemas of the commands used (lib/sdk-schema-keys.ts): not those of all of S3's operations.
    const code = readFileSync(outfile, 'utf8');
    expect(code).toContain('GetObjectOutput');
    expect(code).not.toContain('PutBucketAnalyticsConfiguration');
    const { S3Client, PutObjectCommand, GetObjectCommand } = (await import(pathToFileURL(outfile).href)) as typeof import('@aws-sdk/client-s3');
    // An in-memory bucket behind the client's request handler: what S3 would store and return.
    const stored = new Map<string, Buffer>();
    const requestHandler = {
      async handle(request: { method: string; path: string; body?: unknown }) {
        if (request.method === 'PUT') {
          const chunks: Buffer[] = [];
          for await (const chunk of request.body as AsyncIterable<Buffer> | string[]) chunks.push(Buffer.from(chunk));
          stored.set(request.path, Buffer.concat(chunks));
          return { response: { statusCode: 200, headers: { etag: '"e"' }, body: Readable.from([]) } };
        }
        const body = stored.get(request.path);
        if (!body) {
          const error = '<?xml version="1.0" encoding="UTF-8"?><Error><Code>NoSuchKey</Code><Message>The specified key does not exist.</Message></Error>';
          return { response: { statusCode: 404, headers: { 'content-type': 'application/xml' }, body: Readable.from([Buffer.from(error)]) } };
        }
        return { response: { statusCode: 200, headers: { 'content-length': String(body.length) }, body: Readable.from([body]) } };
      },
    };
    const client = new S3Client({ region: 'eu-west-1', credentials: { accessKeyId: 'a', secretAccessKey: 'b' }, forcePathStyle: true, requestHandler });
    await client.send(new PutObjectCommand({ Bucket: 'docs', Key: 'menu.txt', Body: 'Sourdough 4.50' }));
    const { Body } = await client.send(new GetObjectCommand({ Bucket: 'docs', Key: 'menu.txt' }));
    expect(await Body!.transformToString()).toBe('Sourdough 4.50');
    // S3's errors are still told apart by their schemas, as functions/core does with NoSuchKey.
    await expect(client.send(new GetObjectCommand({ Bucket: 'docs', Key: 'gone.txt' }))).rejects.toMatchObject({
      name: 'NoSuchKey',
      $metadata: { httpStatusCode: 404 },
    });
  });

  // Its error schemas are rewritten too (lib/sdk-schema-keys.ts): a failed condition must stay one.
  it('keep DynamoDB errors apart in the DynamoDB client, as conditional writes need', async () => {
    const outfile = join(outDir, 'dynamodb.mjs');
    await bundleExports("export { DynamoDBClient, PutItemCommand } from '@aws-sdk/client-dynamodb';", outfile);
    const { DynamoDBClient, PutItemCommand } = (await import(pathToFileURL(outfile).href)) as typeof import('@aws-sdk/client-dynamodb');
    // DynamoDB's answer to a put whose condition does not hold.
    const requestHandler = {
      handle: async () => ({
        response: {
          statusCode: 400,
          headers: { 'content-type': 'application/x-amz-json-1.0' },
          body: Readable.from([Buffer.from(JSON.stringify({ __type: 'com.amazonaws.dynamodb.v20120810#ConditionalCheckFailedException', message: 'The conditional request failed' }))]),
        },
      }),
    };
    const client = new DynamoDBClient({ region: 'eu-west-1', credentials: { accessKeyId: 'a', secretAccessKey: 'b' }, requestHandler, maxAttempts: 1 });
    const put = new PutItemCommand({ TableName: 't', Item: { pk: { S: 'visitor' } }, ConditionExpression: 'attribute_not_exists(pk)' });
    await expect(client.send(put)).rejects.toMatchObject({ name: 'ConditionalCheckFailedException', $metadata: { httpStatusCode: 400 } });
  });

  it('write stack traces in source positions, reading the source map only when a stack is formatted', async () => {
    const outfile = join(outDir, 'stack.mjs');
    await bundleExports("export { requireEnv } from './functions/core/runtime/env.ts';", outfile);
    const throwLine = readFileSync(resolve(repoRoot, 'functions/core/runtime/env.ts'), 'utf8').split('\n').findIndex((line) => line.includes('Missing environment variable')) + 1;
    // A fresh process as Lambda starts one (no --enable-source-maps), the map moved away until after the import.
    const script = `
      import { renameSync } from 'node:fs';
      const [file] = process.argv.slice(1);
      renameSync(file + '.map', file + '.away');
      const { requireEnv } = await import(file);
      renameSync(file + '.away', file + '.map');
      try { requireEnv('STACK_TEST_UNSET'); } catch (error) { process.stdout.write(JSON.stringify({ stack: error.stack, nodeMaps: process.sourceMapsEnabled })); }`;
    const run = spawnSync(process.execPath, ['--input-type=module', '-e', script, outfile], { encoding: 'utf8', env: { ...process.env, NODE_OPTIONS: '' } });
    const { stack, nodeMaps } = JSON.parse(run.stdout) as { stack: string; nodeMaps: boolean };
    expect(nodeMaps).toBe(false);
    expect(stack.split('\n')[0]).toBe('Error: Missing environment variable STACK_TEST_UNSET');
    expect(stack.split('\n')[1]).toMatch(new RegExp(`^    at .*functions/core/runtime/env\\.ts:${throwLine}:\\d+\\)?$`));
  });

  it('write stack traces in bundle positions when a bundle has no source map', async () => {
    const outfile = join(outDir, 'stack-unmapped.mjs');
    await bundleExports("export { requireEnv } from './functions/core/runtime/env.ts';", outfile);
    rmSync(`${outfile}.map`);
    const script = `
      const { requireEnv } = await import(process.argv[1]);
      try { requireEnv('STACK_TEST_UNSET'); } catch (error) { process.stdout.write(error.stack); }`;
    const run = spawnSync(process.execPath, ['--input-type=module', '-e', script, outfile], { encoding: 'utf8', env: { ...process.env, NODE_OPTIONS: '' } });
    expect(run.stdout.split('\n')[0]).toBe('Error: Missing environment variable STACK_TEST_UNSET');
    expect(run.stdout.split('\n')[1]).toMatch(/^ {4}at .*stack-unmapped\.mjs:\d+:\d+\)?$/);
  });
});
