import { createTestDatabase } from "./harness.ts";
import { startTcpProxy, type TcpProxy } from "./tcpProxy.ts";

/**
 * A fresh PostgreSQL database reached through a proxy whose link a test cuts, stalls and restores (this
 * machine's PostgreSQL serves other test files too, so it is never stopped itself): `fn` gets the URL through
 * the proxy, the proxy, and the URL that goes around it. The link is restored and all dropped after `fn`.
 * Needs DATABASE_URL.
 */
export async function behindProxy(
  fn: (url: string, proxy: TcpProxy, directUrl: string) => Promise<void>,
): Promise<void> {
  const db = await createTestDatabase();
  const real = new URL(db.env.DATABASE_URL as string);
  const proxy = await startTcpProxy({ host: real.hostname, port: Number(real.port || 5432) });
  const viaProxy = new URL(real);
  viaProxy.hostname = "127.0.0.1";
  viaProxy.port = String(proxy.port);
  try {
    await fn(viaProxy.toString(), proxy, real.toString());
  } finally {
    proxy.up();
    await proxy.close();
    await db.drop();
  }
}
