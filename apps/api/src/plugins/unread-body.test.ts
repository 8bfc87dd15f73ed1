import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { students } from '../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../test/test-app.ts';

/**
 * A reply sent before the request's body was read whole (an upload refused as too large): the
 * next request on the same keep-alive connection must still be answered. Over a real socket:
 * `inject` has no connection to hang.
 */
let t: TestApp;
let port: number;
let token: string;
let studentId: number;

beforeAll(async () => {
  t = await buildTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
  token = (await t.loginAs('super admin')).token;
  const [student] = await t.db.select({ id: students.id }).from(students).where(eq(students.onHold, false));
  if (!student) throw new Error('no demo student');
  studentId = student.id;
});
afterAll(() => t.close());

interface Answer {
  status: number;
  body: string;
  /** Whether the request went over a connection an earlier request had used. */
  reusedSocket: boolean;
}

function send(
  agent: http.Agent,
  options: { method: string; path: string; headers?: http.OutgoingHttpHeaders; body?: Buffer },
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        agent,
        host: '127.0.0.1',
        port,
        method: options.method,
        path: options.path,
        headers: options.headers,
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            body: Buffer.concat(chunks).toString(),
            reusedSocket: request.reusedSocket,
          }),
        );
      },
    );
    // The server may answer and close before the whole body is sent: the answer still counts.
    request.on('error', reject);
    request.end(options.body);
  });
}

const BOUNDARY = 'tasreeh-test-boundary';

/** A multipart form with one file field of `size` bytes (a PNG signature, then zeros). */
function uploadOf(size: number): { headers: http.OutgoingHttpHeaders; body: Buffer } {
  const bytes = Buffer.alloc(size);
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(bytes);
  const body = Buffer.concat([
    Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="photo.png"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
  ]);
  return {
    headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}`, 'content-length': body.length },
    body,
  };
}

describe('an upload refused part-way through its file', () => {
  it('is answered 400 at once, and the next request on the same connection is answered too', async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const upload = uploadOf(3 * 1024 * 1024);
      const refused = await send(agent, {
        method: 'PUT',
        path: `/api/students/${studentId}/attachments/photo`,
        headers: { ...upload.headers, authorization: `Bearer ${token}` },
        body: upload.body,
      });
      expect(refused.status).toBe(400);
      expect(JSON.parse(refused.body)).toMatchObject({ code: 'FILE_TOO_LARGE' });
      // The rest of the refused file was read and dropped: the same connection serves the next request.
      const next = await send(agent, { method: 'GET', path: '/api/health' });
      expect(next).toMatchObject({ status: 200, reusedSocket: true });
    } finally {
      agent.destroy();
    }
  });
});
