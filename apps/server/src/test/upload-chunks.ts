import { request } from 'node:http';
import { uploadStatus } from '@portal/shared';
import type { TestApp, TestClient } from './harness.js';

/**
 * A browser sending the whole `data` as one chunk over real HTTP whose connection drops after
 * `cut` bytes; answers once the server has recorded the bytes it wrote (the upload's offset).
 */
export const sendChunkCutOff = async (t: TestApp, c: TestClient, uploadId: string, data: Buffer, cut: number) => {
  if (!t.app.server.listening) await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  if (typeof address !== 'object' || address === null) throw new Error('the test server does not listen');
  const { port } = address;
  await new Promise<void>((resolve) => {
    const req = request({
      host: '127.0.0.1',
      port,
      method: 'PATCH',
      path: `/efile/api/uploads/${uploadId}`,
      headers: c.chunkHeaders(0, { 'content-length': data.length }),
    });
    req.on('error', () => resolve());
    req.on('close', () => resolve());
    req.write(data.subarray(0, cut), () => setTimeout(() => req.destroy(), 500));
  });
  // The server records what it wrote once it notices the drop.
  let offset = 0;
  for (let i = 0; i < 100 && offset === 0; i++) {
    await new Promise((r) => setTimeout(r, 50));
    offset = (await c.call(uploadStatus, { params: { uploadId } })).data.offset;
  }
  return offset;
};
