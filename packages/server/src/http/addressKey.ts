/**
 * The key every per-address limit counts a client under: its network, not its exact address. An IPv4
 * address is one subscriber (or one NAT), but an IPv6 subscriber is given a whole /64 at least, so counting
 * each IPv6 address apart would let anyone on a home line pick a fresh address per request. Different
 * spellings of one network give one key. Only limits use it: logs and sessions keep the address as it came.
 *
 * - IPv4 `a.b.c.d` (also inside `::ffff:a.b.c.d` or `::ffff:102:304`, or with a `:port`) → `a.b.c.d`
 * - IPv6 (`[…]`, `:port`, zone id `%eth0` and case aside) → its /64, e.g. `2001:db8:0:1::/64`
 * - anything else (never expected from a socket or our proxy) → itself, trimmed and bounded; never throws
 */
export function addressKey(address: string): string {
  const text = String(address).trim().toLowerCase().slice(0, 100);
  const bare = withoutPort(text);
  const v4 = parseIPv4(bare);
  if (v4) return v4.join(".");
  const v6 = parseIPv6(bare);
  if (!v6) return text.slice(0, 64);
  if (v6.slice(0, 5).every((g) => g === 0) && v6[5] === 0xffff) {
    const [hi = 0, lo = 0] = v6.slice(6);
    return [hi >> 8, hi & 0xff, lo >> 8, lo & 0xff].join(".");
  }
  return `${v6
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(":")}::/64`;
}

/** `[v6]`, `[v6]:port` → `v6`; `a.b.c.d:port` → `a.b.c.d`; anything else unchanged. */
function withoutPort(text: string): string {
  const bracketed = /^\[([^\]]*)\](?::\d{1,5})?$/.exec(text);
  if (bracketed) return bracketed[1] ?? "";
  const v4WithPort = /^(\d{1,3}(?:\.\d{1,3}){3}):\d{1,5}$/.exec(text);
  return v4WithPort ? (v4WithPort[1] ?? "") : text;
}

function parseIPv4(text: string): number[] | undefined {
  if (!/^\d{1,3}(\.\d{1,3}){3}$/.test(text)) return undefined;
  const octets = text.split(".").map(Number);
  return octets.every((n) => n <= 255) ? octets : undefined;
}

/** The eight 16-bit groups of an IPv6 address, or undefined when `text` is not one. */
function parseIPv6(text: string): number[] | undefined {
  const address = text.split("%")[0] ?? "";
  if (!address.includes(":")) return undefined;
  const halves = address.split("::");
  if (halves.length > 2) return undefined;
  const groups = halves.map((half) => (half === "" ? [] : half.split(":")));
  // A dotted IPv4 may only end the address; it stands for its last two groups.
  const last = groups[groups.length - 1] ?? [];
  const tail = last[last.length - 1];
  if (tail?.includes(".")) {
    const v4 = parseIPv4(tail);
    if (!v4) return undefined;
    const [a = 0, b = 0, c = 0, d = 0] = v4;
    last.splice(-1, 1, ((a << 8) | b).toString(16), ((c << 8) | d).toString(16));
  }
  if (!groups.every((half) => half.every((g) => /^[0-9a-f]{1,4}$/.test(g)))) return undefined;
  const [head = [], rest] = groups;
  if (rest === undefined) return head.length === 8 ? head.map((g) => Number.parseInt(g, 16)) : undefined;
  const missing = 8 - head.length - rest.length;
  if (missing < 1) return undefined;
  return [...head, ...Array<string>(missing).fill("0"), ...rest].map((g) => Number.parseInt(g, 16));
}
