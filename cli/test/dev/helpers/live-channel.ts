/** A test client of the dev server's live-update channel (server-sent events). */
export interface DevMessage {
  type: 'hello' | 'problems' | 'update' | 'reload';
  [key: string]: unknown;
}

export interface Problem {
  file?: string;
  line?: number;
  column?: number;
  message: string;
  text: string;
}

export interface RouteUpdate {
  path: string;
  chunk: string;
  sidebar: string | null;
}

export class LiveChannel {
  readonly messages: DevMessage[] = [];
  private readonly controller = new AbortController();
  private waiters: (() => void)[] = [];

  private constructor(private readonly url: string) {}

  static async connect(origin: string): Promise<LiveChannel> {
    const channel = new LiveChannel(`${origin}/__docgen/dev/events`);
    const response = await fetch(channel.url, { signal: channel.controller.signal });
    if (!response.ok || !response.body) throw new Error(`live channel: HTTP ${response.status}`);
    void channel.read(response.body);
    await channel.next((m) => m.type === 'hello', 10_000, 'the hello message');
    return channel;
  }

  /** Resolves with the first message (from the start of the channel) that `match` accepts. */
  next(match: (m: DevMessage) => boolean, timeoutMs = 15_000, what = 'a matching message', from = 0): Promise<DevMessage> {
    return new Promise((resolve, reject) => {
      const check = () => {
        const found = this.messages.slice(from).find(match);
        if (!found) return false;
        clearTimeout(timer);
        this.waiters = this.waiters.filter((w) => w !== check);
        resolve(found);
        return true;
      };
      const timer = setTimeout(() => {
        this.waiters = this.waiters.filter((w) => w !== check);
        reject(new Error(`timed out after ${timeoutMs} ms waiting for ${what}; got ${JSON.stringify(this.messages.slice(from))}`));
      }, timeoutMs);
      if (!check()) this.waiters.push(check);
    });
  }

  /** Position to wait from: only messages after this call count. */
  mark(): number {
    return this.messages.length;
  }

  close(): void {
    this.controller.abort();
  }

  private async read(body: ReadableStream<Uint8Array>) {
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for await (const chunk of body as unknown as AsyncIterable<Uint8Array>) {
        buffer += decoder.decode(chunk, { stream: true });
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const frame = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const data = frame.split('\n').filter((l) => l.startsWith('data: ')).map((l) => l.slice(6)).join('\n');
          if (data) this.messages.push(JSON.parse(data) as DevMessage);
        }
        for (const w of [...this.waiters]) w();
      }
    } catch {
      // aborted by close(), or the server went away
    }
  }
}
