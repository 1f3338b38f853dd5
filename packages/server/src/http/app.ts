import { existsSync } from "node:fs";
import { join } from "node:path";
import fastifyCookie from "@fastify/cookie";
import fastifyStatic from "@fastify/static";
import Fastify, { type FastifyInstance, type FastifyRequest, type FastifyServerOptions } from "fastify";
import type { Config } from "../config.ts";
import { forbidden, HttpError, toApiError } from "./errors.ts";
import { isAllowedOrigin } from "./origin.ts";

const STATE_CHANGING = new Set(["POST", "PUT", "PATCH", "DELETE"]);

const CSP = [
  "default-src 'self'",
  // WebAssembly only: the analysis page's engine runs Stockfish's WASM build in a Worker.
  "script-src 'self' 'wasm-unsafe-eval'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self' ws: wss:",
  "worker-src 'self' blob:",
  "frame-ancestors 'none'",
  "base-uri 'self'",
  "form-action 'self'",
].join("; ");

/** The Fastify app with the cross-cutting parts: logging, errors, origin check, headers, the web app. */
export async function createHttpApp(
  config: Config,
  opts: { logStream?: NodeJS.WritableStream } = {},
): Promise<FastifyInstance> {
  const logger: FastifyServerOptions["logger"] =
    config.logLevel === "silent"
      ? false
      : { level: config.logLevel, ...(opts.logStream ? { stream: opts.logStream } : {}) };
  const app = Fastify({
    logger,
    bodyLimit: 64 * 1024,
    trustProxy: config.trustProxy,
    routerOptions: { maxParamLength: 200 },
    return503OnClosing: true,
  });

  await app.register(fastifyCookie);

  app.addHook("onRequest", async (req) => {
    if (STATE_CHANGING.has(req.method) && !isAllowedOrigin(req.headers.origin, req.headers.host, config.publicOrigin)) {
      throw forbidden("Cross-origin request refused");
    }
  });

  app.addHook("onSend", async (_req, reply) => {
    reply.header("content-security-policy", CSP);
    reply.header("x-content-type-options", "nosniff");
    reply.header("referrer-policy", "same-origin");
    reply.header("x-frame-options", "DENY");
  });

  app.setErrorHandler((error, req, reply) => {
    const { status, body, headers } = toApiError(error);
    // A 5xx the code chose (engines busy, the node restarting) is a state, not a fault: no stack for it.
    if (status >= 500 && !(error instanceof HttpError)) req.log.error({ err: error }, "request failed");
    else if (status >= 500) req.log.warn({ status, code: body.code }, body.message);
    else req.log.info({ status, code: body.code }, body.message);
    void reply.status(status).headers(headers).send(body);
  });

  const indexHtml = config.webDist ? join(config.webDist, "index.html") : undefined;
  const serveWeb = indexHtml !== undefined && existsSync(indexHtml);
  if (serveWeb && config.webDist) {
    await app.register(fastifyStatic, {
      root: config.webDist,
      wildcard: false,
      index: false,
      // The web build writes .br and .gz beside each asset; they are sent as they are.
      preCompressed: true,
      cacheControl: false,
      setHeaders(reply, path) {
        // Vite names built assets by content hash, so they never change under the same name.
        if (path.includes("/assets/")) reply.header("cache-control", "public, max-age=31536000, immutable");
      },
    });
  }

  app.setNotFoundHandler((req, reply) => {
    if (serveWeb && wantsPage(req)) {
      // Client-side routes (/play, /profile, ...) all load the single page app.
      void reply.header("cache-control", "no-cache").sendFile("index.html");
      return;
    }
    void reply.status(404).send({ message: `Not found: ${req.method} ${req.url.split("?")[0]}`, code: "not_found" });
  });

  return app;
}

/** A browser opening a URL (address bar, link), not the app's own fetch (which asks for JSON or anything). */
export function wantsPage(req: FastifyRequest): boolean {
  return req.method === "GET" && (req.headers.accept ?? "").includes("text/html");
}
