/** A WebSocket stand-in for client tests: records what the code does, lets the test play the server. */
export class FakeWebSocket {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSING = 2;
  static readonly CLOSED = 3;
  static instances: FakeWebSocket[] = [];

  readyState = FakeWebSocket.CONNECTING;
  sent: string[] = [];
  closedWith: number | null = null;
  onopen: ((event: Event) => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  onclose: ((event: CloseEvent) => void) | null = null;

  constructor(readonly url: string) {
    FakeWebSocket.instances.push(this);
  }

  static reset() {
    FakeWebSocket.instances = [];
  }

  static get last(): FakeWebSocket {
    const socket = FakeWebSocket.instances.at(-1);
    if (!socket) throw new Error('no socket was opened');
    return socket;
  }

  send(data: string) {
    if (this.readyState !== FakeWebSocket.OPEN) throw new Error('send while not open');
    this.sent.push(data);
  }

  close(code?: number) {
    this.closedWith = code ?? 1005;
    this.readyState = FakeWebSocket.CLOSED;
    this.onclose?.({ code: this.closedWith } as CloseEvent);
  }

  // The server's side.
  serverOpens() {
    this.readyState = FakeWebSocket.OPEN;
    this.onopen?.(new Event('open'));
  }

  serverSends(data: unknown) {
    this.onmessage?.({ data: typeof data === 'string' ? data : JSON.stringify(data) } as MessageEvent);
  }

  /** The connection drops (or never opened): error then close, as browsers report it. */
  serverDrops(code = 1006) {
    this.readyState = FakeWebSocket.CLOSED;
    this.onerror?.(new Event('error'));
    this.onclose?.({ code } as CloseEvent);
  }
}
