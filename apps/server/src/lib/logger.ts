/**
 * What the server's code logs through. Fastify's logger (pino) has this shape; layers below HTTP
 * (cluster, services) depend on this interface, never on Fastify.
 */
export interface LogFn {
  (obj: object, msg?: string): void;
  (msg: string): void;
}

export interface Logger {
  debug: LogFn;
  info: LogFn;
  warn: LogFn;
  error: LogFn;
}

/** For code that must be given a logger but whose caller has nothing to say (tests, scripts). */
export const silentLogger: Logger = { debug: () => {}, info: () => {}, warn: () => {}, error: () => {} };
