import type { Redis } from "ioredis";

/** A node's answer to a request, or why none came. */
export type BusReply = { answer: unknown } | "undelivered" | "late";

type Handler = (payload: unknown, from: string) => unknown;

type Message =
  | { t: "req"; id: number; from: string; m: string; p: unknown }
  | { t: "res"; id: number; p: unknown }
  | { t: "news"; from: string; m: string; p: unknown };

/**
 * Messages between the nodes of one site over Redis pub/sub: a request to one node answered by it, and
 * news to all. Delivery is at most once: a request to a node that is gone resolves to undefined at once
 * (nobody subscribed) or after the timeout, and the caller decides what that means.
 */
export class NodeBus {
  private readonly pending = new Map<number, { resolve: (v: unknown) => void; timer: NodeJS.Timeout }>();
  private readonly handlers = new Map<string, Handler>();
  private seq = 0;
  private readonly all: string;

  constructor(
    private readonly pub: Redis,
    private readonly sub: Redis,
    private readonly prefix: string,
    readonly nodeId: string,
    private readonly onError: (err: unknown) => void = () => {},
  ) {
    this.all = `${prefix}:nodes`;
  }

  private channel(node: string): string {
    return `${this.prefix}:node:${node}`;
  }

  async start(): Promise<void> {
    // The subscriber reconnects and subscribes again by itself; meanwhile requests time out.
    this.sub.on("error", () => {});
    this.sub.on("message", (_channel: string, raw: string) => this.receive(raw));
    await this.sub.subscribe(this.channel(this.nodeId), this.all);
  }

  /** Registers the answer to one kind of request or news. */
  on(method: string, handler: Handler): void {
    this.handlers.set(method, handler);
  }

  /** Asks one node; undefined when it is not there, does not answer in time, or Redis is away. */
  async request(node: string, method: string, payload: unknown, timeoutMs = 3_000): Promise<unknown> {
    const reply = await this.ask(node, method, payload, timeoutMs);
    return typeof reply === "object" ? reply.answer : undefined;
  }

  /**
   * Asks one node, and says why there is no answer: "undelivered" (nobody heard the request: the node is not
   * there, or Redis is away) or "late" (it was sent, and may have been acted on, but no answer came in time).
   */
  ask(node: string, method: string, payload: unknown, timeoutMs: number): Promise<BusReply> {
    const id = ++this.seq;
    return new Promise((resolve) => {
      const timer = setTimeout(() => this.settle(id, "late"), timeoutMs);
      this.pending.set(id, { resolve: resolve as (v: unknown) => void, timer });
      const msg: Message = { t: "req", id, from: this.nodeId, m: method, p: payload };
      this.pub.publish(this.channel(node), JSON.stringify(msg)).then(
        (receivers) => {
          if (receivers === 0) this.settle(id, "undelivered");
        },
        (err: unknown) => {
          this.onError(err);
          this.settle(id, "undelivered");
        },
      );
    });
  }

  /** Whether a node is there to hear requests (its subscription is held by a live connection). */
  async isListening(node: string): Promise<boolean> {
    const [, count] = (await this.pub.pubsub("NUMSUB", this.channel(node))) as [string, number];
    return Number(count) > 0;
  }

  /** Tells every other node. */
  broadcast(method: string, payload: unknown): void {
    const msg: Message = { t: "news", from: this.nodeId, m: method, p: payload };
    this.pub.publish(this.all, JSON.stringify(msg)).catch(this.onError);
  }

  close(): void {
    for (const id of [...this.pending.keys()]) this.settle(id, "late");
    this.sub.disconnect();
  }

  private settle(id: number, value: unknown): void {
    const p = this.pending.get(id);
    if (!p) return;
    clearTimeout(p.timer);
    this.pending.delete(id);
    p.resolve(value);
  }

  private receive(raw: string): void {
    let msg: Message;
    try {
      msg = JSON.parse(raw) as Message;
    } catch {
      return;
    }
    if (msg.t === "res") {
      this.settle(msg.id, { answer: msg.p });
      return;
    }
    if (msg.from === this.nodeId) return;
    const handler = this.handlers.get(msg.m);
    if (!handler) return;
    if (msg.t === "news") {
      try {
        handler(msg.p, msg.from);
      } catch (err) {
        this.onError(err);
      }
      return;
    }
    const { id, from } = msg;
    Promise.resolve()
      .then(() => handler(msg.p, from))
      .then(
        (answer) => answer,
        (err: unknown) => {
          this.onError(err);
          return null;
        },
      )
      .then((answer) => {
        const res: Message = { t: "res", id, p: answer ?? null };
        return this.pub.publish(this.channel(from), JSON.stringify(res));
      })
      .catch(this.onError);
  }
}
