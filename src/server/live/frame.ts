import type { Socket } from 'node:net';
import type { WebSocket } from 'ws';

const OPEN = 1;

/**
 * One text message for many sockets, framed once (RFC 6455: final, text, unmasked, as a server
 * sends) and written as the same bytes to each. `ws`'s own `send` frames it again for every socket:
 * it measures the text, builds a header and writes the header and the text as two chunks, the text
 * encoded once more in each write; over 1 000 sockets that was about a third of the loop (decision 316).
 *
 * The bytes go straight to the socket's connection, which is what `send` ends in: this server
 * negotiates no extension (`perMessageDeflate: false`, `src/server/live/routes.ts`), and `ws` queues a
 * message instead of writing it only while it compresses or reads a Blob, which it then never does.
 */
export class OutgoingFrame {
  private bytes: Buffer | null = null;

  constructor(private readonly text: string) {}

  /** OPEN sockets only: a socket that is closing gets nothing more. */
  sendTo(socket: WebSocket) {
    if (socket.readyState !== OPEN) return;
    // An open socket always has its connection (`ws` keeps it as `_socket` from the handshake on).
    this.bytes ??= textFrame(this.text);
    (socket as unknown as { _socket: Socket })._socket.write(this.bytes);
  }
}

function textFrame(text: string): Buffer {
  const payload = Buffer.from(text);
  const length = payload.length;
  const headerLength = length < 126 ? 2 : length < 65_536 ? 4 : 10;
  const frame = Buffer.allocUnsafe(headerLength + length);
  frame[0] = 0x81; // FIN, opcode 1 (text)
  if (length < 126) frame[1] = length;
  else if (length < 65_536) {
    frame[1] = 126;
    frame.writeUInt16BE(length, 2);
  } else {
    frame[1] = 127;
    frame.writeBigUInt64BE(BigInt(length), 2);
  }
  payload.copy(frame, headerLength);
  return frame;
}
