import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { type Database, openDatabase } from '../db/client.ts';

const INDEX_HTML = '<!doctype html><title>Tasreeh</title><div id="root"></div>';
const LOGIN_HTML = '<!doctype html><title>Tasreeh</title><div id="root"><form>Log in</form></div>';
const SCRIPT = `export const greeting = ${JSON.stringify('hello '.repeat(200))};`;

let database: Database;
let app: FastifyInstance;
let webDir: string;

/** A build as apps/web writes it: each compressible file next to its brotli and gzip copies. */
function writeBuilt(relative: string, content: string): void {
  const file = path.join(webDir, relative);
  writeFileSync(file, content);
  writeFileSync(`${file}.br`, brotliCompressSync(content));
  writeFileSync(`${file}.gz`, gzipSync(content));
}

beforeAll(async () => {
  webDir = mkdtempSync(path.join(tmpdir(), 'tasreeh-web-'));
  mkdirSync(path.join(webDir, 'assets'));
  writeBuilt('index.html', INDEX_HTML);
  writeBuilt('login.html', LOGIN_HTML);
  writeBuilt('assets/index-AbC123.js', SCRIPT);
  writeFileSync(path.join(webDir, 'robots.txt'), 'User-agent: *\nAllow: /\n');
  database = await openDatabase({ dataDir: 'memory' });
  const config = loadConfig({ JWT_SECRET: 'k7Q2v9XpL4mZ8rT1wY6bN3cF5hJ0dS2a', WEB_DIST_DIR: webDir });
  app = await buildApp({ config, database, logger: false });
});
afterAll(async () => {
  await app.close();
  await database.close();
  rmSync(webDir, { recursive: true, force: true });
});

const get = (url: string, acceptEncoding?: string) =>
  app.inject({ method: 'GET', url, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });

describe('the web app', () => {
  it('sends a hashed asset brotli-compressed to a browser that takes brotli, cached for a year', async () => {
    const response = await get('/assets/index-AbC123.js', 'gzip, deflate, br');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(SCRIPT);
  });

  it('sends gzip to a browser that takes only gzip, and the file as it is to one that takes neither', async () => {
    const gzipped = await get('/assets/index-AbC123.js', 'gzip');
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzipped.rawPayload).toString()).toBe(SCRIPT);

    const plain = await get('/assets/index-AbC123.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(plain.body).toBe(SCRIPT);
  });

  it('sends index.html compressed and always revalidated, for itself and for a client route', async () => {
    for (const url of ['/index.html', '/register', '/admin/students/profile/7']) {
      const response = await get(url, 'br, gzip');
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type'], url).toMatch(/text\/html/);
      expect(response.headers['content-encoding'], url).toBe('br');
      expect(response.headers['cache-control'], url).toBe('no-cache');
      expect(brotliDecompressSync(response.rawPayload).toString(), url).toBe(INDEX_HTML);
    }
  });

  it('sends a screen the build rendered as HTML for its own path only, revalidated', async () => {
    for (const url of ['/login', '/login/', '/login?next=%2Fadmin%2Fdashboard']) {
      const response = await get(url, 'br, gzip');
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type'], url).toMatch(/text\/html/);
      expect(response.headers['cache-control'], url).toBe('no-cache');
      expect(brotliDecompressSync(response.rawPayload).toString(), url).toBe(LOGIN_HTML);
    }
    for (const url of ['/', '/admin/login', '/login/extra']) {
      const response = await get(url, 'br, gzip');
      expect(brotliDecompressSync(response.rawPayload).toString(), url).toBe(INDEX_HTML);
    }
  });

  it('revalidates an unhashed file outside /assets each time', async () => {
    const response = await get('/robots.txt', 'br, gzip');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it('refuses a path with a broken escape or a NUL as a bad request, never an error of its own', async () => {
    for (const url of ['/%E0%A4%A', '/%', '/login%00', '/assets/%00index-AbC123.js']) {
      expect((await get(url)).statusCode, url).toBe(400);
    }
  });
});
