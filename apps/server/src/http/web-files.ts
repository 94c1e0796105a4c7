import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { ErrCode } from '@portal/shared';
import { sendError } from './envelope.js';

/** apps/web/dist, seen from apps/server/src or apps/server/dist. */
export const defaultWebRoot = () => resolve(dirname(fileURLToPath(import.meta.url)), '../../../web/dist');

/**
 * CSP sources for the inline scripts of the built index.html (the one that picks the page's frame
 * before anything loads): their hashes, so `script-src 'self'` needs no 'unsafe-inline'.
 */
export const inlineScriptHashes = (webRoot = defaultWebRoot()): string[] => {
  const file = join(webRoot, 'index.html');
  if (!existsSync(file)) return [];
  const html = readFileSync(file, 'utf8');
  return [...html.matchAll(/<script(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/g)].map(
    (m) =>
      `'sha256-${createHash('sha256')
        .update(m[1] ?? '')
        .digest('base64')}'`,
  );
};

/** Paths that belong to the API: an unknown one answers a 404 envelope, never the console page. */
const isApiPath = (path: string) =>
  path.endsWith('.action') ||
  /^\/(api|sys_[a-z]+|jm_[a-z]+|am_[a-z]+|pageframe|commonsoft|desktopandapp|healthz)(\/|$)/.test(path) ||
  /^\/(efile|eshell)\/api(\/|$)/.test(path);

/**
 * Serves the built console and answers every other page path with index.html, so client routes
 * (/login, /my-job/...) survive a reload. Unknown client paths reach the console's /404 page.
 */
export const registerWebFiles = async (app: FastifyInstance, webRoot = defaultWebRoot()) => {
  const hasWeb = existsSync(join(webRoot, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webRoot,
      wildcard: false,
      index: false,
      // The build wrote .br and .gz copies (apps/web/build/precompress.ts): sent as the browser's
      // Accept-Encoding allows, with Vary: Accept-Encoding; the plain file otherwise.
      preCompressed: true,
      // Hashed asset names change with their content, so browsers may keep them for good.
      setHeaders: (reply, path) => {
        reply.header('cache-control', path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
    // Assets are registered one route per file by @fastify/static with wildcard: false.
  }
  app.setNotFoundHandler((req, reply) => {
    const path = req.url.split('?')[0] ?? '/';
    const wantsPage = (req.method === 'GET' || req.method === 'HEAD') && !isApiPath(path) && !/\.[a-z0-9]{1,5}$/i.test(path);
    if (wantsPage && hasWeb) return reply.header('cache-control', 'no-cache').sendFile('index.html');
    return sendError(reply, ErrCode.PARAM_INVALID, 'notFound', 'The resource is not exist!', { status: 404 });
  });
};
