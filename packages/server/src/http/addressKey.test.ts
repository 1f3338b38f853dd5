import { describe, expect, it } from "vitest";
import { addressKey } from "./addressKey.ts";

describe("addressKey", () => {
  it.each([
    // IPv4 is counted as is.
    ["203.0.113.7", "203.0.113.7"],
    [" 203.0.113.7 ", "203.0.113.7"],
    ["203.0.113.7:51234", "203.0.113.7"],
    ["0.0.0.0", "0.0.0.0"],
    ["255.255.255.255", "255.255.255.255"],
    // IPv4-mapped IPv6 (what a dual-stack socket reports) is that IPv4, however it is spelled.
    ["::ffff:203.0.113.7", "203.0.113.7"],
    ["::FFFF:203.0.113.7", "203.0.113.7"],
    ["0:0:0:0:0:ffff:203.0.113.7", "203.0.113.7"],
    ["::ffff:cb00:7107", "203.0.113.7"],
    ["[::ffff:203.0.113.7]:443", "203.0.113.7"],
    // IPv6 is counted by its /64, in one spelling.
    ["2001:db8:1:2:3:4:5:6", "2001:db8:1:2::/64"],
    ["2001:0DB8:0001:0002:ffff:ffff:ffff:ffff", "2001:db8:1:2::/64"],
    ["2001:db8:1:2::", "2001:db8:1:2::/64"],
    ["2001:db8:1:2::1", "2001:db8:1:2::/64"],
    ["2001:db8::1", "2001:db8:0:0::/64"],
    ["2001:db8:0:0:0:0:0:1", "2001:db8:0:0::/64"],
    ["2001:db8::1:2:3:4", "2001:db8:0:0::/64"],
    ["2001:db8::1:2:3:4:5", "2001:db8:0:1::/64"],
    ["2001:db8:1::2:3:4", "2001:db8:1:0::/64"],
    ["fe80::1%eth0", "fe80:0:0:0::/64"],
    ["FE80::abcd%25en0", "fe80:0:0:0::/64"],
    ["[2001:db8:1:2::9]", "2001:db8:1:2::/64"],
    ["[2001:db8:1:2::9]:8080", "2001:db8:1:2::/64"],
    ["::1", "0:0:0:0::/64"],
    ["::", "0:0:0:0::/64"],
    ["64:ff9b::203.0.113.7", "64:ff9b:0:0::/64"],
    // Not an address: itself (trimmed, lower case, bounded), so it never throws and never merges with a real one.
    ["", ""],
    ["unknown", "unknown"],
    ["  Hello World ", "hello world"],
    ["256.1.1.1", "256.1.1.1"],
    ["1.2.3", "1.2.3"],
    ["1.2.3.4.5", "1.2.3.4.5"],
    ["2001:db8::1::2", "2001:db8::1::2"],
    ["2001:db8:1:2:3:4:5:6:7", "2001:db8:1:2:3:4:5:6:7"],
    ["1:2:3:4:5:6:7::8", "1:2:3:4:5:6:7::8"],
    ["2001:db8::g", "2001:db8::g"],
    ["12345::1", "12345::1"],
    [":::", ":::"],
    [":1::", ":1::"],
    ["1.2.3.4::", "1.2.3.4::"],
    ["::ffff:1.2.3.400", "::ffff:1.2.3.400"],
    ["[::1", "[::1"],
    ["x".repeat(500), "x".repeat(64)],
  ])("%j → %j", (address, key) => {
    expect(addressKey(address)).toBe(key);
  });

  it("gives every address of one /64 one key, and another /64 another", () => {
    const home = ["2001:db8:aa:bb::1", "2001:db8:aa:bb:dead:beef:0:1", "2001:DB8:AA:BB:0:0:0:FFFF"];
    expect(new Set(home.map(addressKey)).size).toBe(1);
    expect(addressKey("2001:db8:aa:bc::1")).not.toBe(addressKey(home[0] ?? ""));
  });

  it("does not throw on values that are not strings at all", () => {
    for (const odd of [undefined, null, 42, {}] as unknown as string[]) expect(() => addressKey(odd)).not.toThrow();
  });
});
