import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config.ts";

describe("loadConfig", () => {
  it("has working defaults with an empty environment", () => {
    const c = loadConfig({});
    expect(c.port).toBe(3000);
    expect(c.dataDir.endsWith("/data")).toBe(true);
    expect(c.databaseUrl).toBeUndefined();
    expect(c.redisUrl).toBeUndefined();
    expect(c.engineWorkers).toBeGreaterThanOrEqual(1);
    expect(c.secureCookies).toBe(false);
    expect(c.statementTimeoutMs).toBe(5_000);
    expect(c.connectLimits).toEqual({ burst: 30, perSecond: 3, open: 100 });
    expect(c.firstMoveMs).toBeUndefined();
  });

  it("reads every variable", () => {
    const c = loadConfig({
      PORT: "8080",
      DATA_DIR: "/var/chess",
      DATABASE_URL: "postgres://u@h:5432/db",
      REDIS_URL: "redis://127.0.0.1:6379",
      STOCKFISH_PATH: "/usr/games/stockfish",
      PUBLIC_ORIGIN: "https://chess.example",
      ENGINE_WORKERS: "3",
      STATEMENT_TIMEOUT_MS: "2500",
      CONNECT_BURST_PER_IP: "10",
      CONNECT_RATE_PER_IP: "0.5",
      SOCKETS_PER_IP: "20",
      FIRST_MOVE_LIMITS_MS: "1000,2000,3000,4000",
    });
    expect(c).toMatchObject({
      port: 8080,
      dataDir: "/var/chess",
      databaseUrl: "postgres://u@h:5432/db",
      redisUrl: "redis://127.0.0.1:6379",
      stockfishPath: "/usr/games/stockfish",
      publicOrigin: "https://chess.example",
      engineWorkers: 3,
      statementTimeoutMs: 2500,
      connectLimits: { burst: 10, perSecond: 0.5, open: 20 },
      firstMoveMs: { bullet: 1000, blitz: 2000, rapid: 3000, classical: 4000 },
      secureCookies: true,
    });
  });

  it("treats empty strings as unset", () => {
    expect(loadConfig({ DATABASE_URL: "", REDIS_URL: " " }).databaseUrl).toBeUndefined();
  });

  it.each([
    [{ PORT: "http" }, "PORT"],
    [{ PORT: "70000" }, "PORT"],
    [{ DATABASE_URL: "mysql://x" }, "DATABASE_URL"],
    [{ REDIS_URL: "localhost:6379" }, "REDIS_URL"],
    [{ PUBLIC_ORIGIN: "https://chess.example/" }, "PUBLIC_ORIGIN"],
    [{ ENGINE_WORKERS: "0" }, "ENGINE_WORKERS"],
    [{ ENGINE_NICENESS: "20" }, "ENGINE_NICENESS"],
    [{ WORKERS: "remote" }, "WORKERS"],
    [{ WORKERS: "external", REDIS_URL: "redis://127.0.0.1:6379" }, "DATABASE_URL"],
    [{ JOB_LOCK_MS: "10" }, "JOB_LOCK_MS"],
    [{ STATEMENT_TIMEOUT_MS: "0" }, "STATEMENT_TIMEOUT_MS"],
    [{ CONNECT_BURST_PER_IP: "0" }, "CONNECT_BURST_PER_IP"],
    [{ CONNECT_RATE_PER_IP: "0" }, "CONNECT_RATE_PER_IP"],
    [{ SOCKETS_PER_IP: "many" }, "SOCKETS_PER_IP"],
    [{ FIRST_MOVE_LIMITS_MS: "15000,20000,30000" }, "FIRST_MOVE_LIMITS_MS"],
    [{ FIRST_MOVE_LIMITS_MS: "500,20000,30000,35000" }, "FIRST_MOVE_LIMITS_MS"],
  ])("names the bad variable in %j", (env, name) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(name);
  });
});
