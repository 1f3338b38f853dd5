import { describe, expect, it } from "vitest";
import { Presence } from "./presence.ts";

function watched() {
  const p = new Presence();
  const changes: string[] = [];
  const local: string[] = [];
  p.onChange((key, online, departure) => changes.push(`${key}:${online ? "on" : `off (${departure})`}`));
  p.onLocalChange((key, online) => local.push(`${key}:${online ? "on" : "off"}`));
  return { p, changes, local };
}

describe("Presence", () => {
  it("counts sockets: online from the first, offline after the last", () => {
    const { p, changes } = watched();
    p.connected("u:1");
    p.connected("u:1");
    p.disconnected("u:1");
    expect(p.isOnline("u:1")).toBe(true);
    p.disconnected("u:1");
    expect(p.isOnline("u:1")).toBe(false);
    expect(changes).toEqual(["u:1:on", "u:1:off (lost)"]);
  });

  it("keeps a person online while another node still has a socket of theirs", () => {
    const { p, changes, local } = watched();
    p.connected("u:1");
    p.remoteChanged("n2", "u:1", true, 1_000);
    p.disconnected("u:1");
    expect(p.isOnline("u:1")).toBe(true);
    expect(local).toEqual(["u:1:on", "u:1:off"]);
    expect(changes).toEqual(["u:1:on"]);
    p.remoteChanged("n2", "u:1", false, 2_000);
    expect(changes).toEqual(["u:1:on", "u:1:off (lost)"]);
  });

  it("says whether the last connection left on purpose (a closed tab), here or on another node", () => {
    const { p, changes } = watched();
    p.connected("u:1");
    p.connected("u:1");
    p.disconnected("u:1", "left");
    p.disconnected("u:1", "lost");
    p.connected("u:1");
    p.disconnected("u:1", "left");
    p.remoteChanged("n2", "u:2", true, 1_000);
    p.remoteChanged("n2", "u:2", false, 2_000, "left");
    expect(changes).toEqual(["u:1:on", "u:1:off (lost)", "u:1:on", "u:1:off (left)", "u:2:on", "u:2:off (left)"]);
  });

  it("replaces a node's list with its snapshot, telling only what changed", () => {
    const { p, changes } = watched();
    p.remoteSnapshot("n2", ["u:1", "u:2"], 1_000);
    p.remoteSnapshot("n2", ["u:2", "u:3"], 2_000);
    expect(changes).toEqual(["u:1:on", "u:2:on", "u:1:off (lost)", "u:3:on"]);
  });

  it("forgets a silent node: its people go offline unless seen elsewhere", () => {
    const { p, changes } = watched();
    p.remoteSnapshot("n2", ["u:1", "u:2"], 1_000);
    p.remoteSnapshot("n3", ["u:2"], 5_000);
    p.forgetSilentNodes(4_000);
    expect(p.isOnline("u:1")).toBe(false);
    expect(p.isOnline("u:2")).toBe(true);
    expect(changes).toEqual(["u:1:on", "u:2:on", "u:1:off (lost)"]);
  });

  it("counts each person online once, whichever nodes they are on", () => {
    const { p } = watched();
    expect(p.onlineCount()).toBe(0);
    p.connected("u:1");
    p.connected("u:1");
    p.connected("s:guest");
    expect(p.onlineCount()).toBe(2);
    p.remoteSnapshot("n2", ["u:1", "u:2"], 1_000);
    expect(p.onlineCount()).toBe(3);
    p.forgetSilentNodes(2_000);
    expect(p.onlineCount()).toBe(2);
  });
});
