import { createCipheriv, createDecipheriv, randomBytes, type ScryptOptions, scrypt } from 'node:crypto';
import { Transform, type TransformCallback } from 'node:stream';

/**
 * Encryption of a backup with BACKUP_KEY (decision 207): AES-256-GCM under a key that scrypt derives
 * from BACKUP_KEY and a random salt kept in the file's header, so every file has its own key.
 *
 * A backup is streamed, and one GCM tag over a whole stream is checked only at its end, after every
 * byte has been handed on (to pg_restore, say). So the payload is sealed in segments of 64 KiB, each
 * with its own tag, and nothing of a segment is handed on before its tag is checked. The nonce is the
 * segment's number and a flag on the last segment: segments cannot be reordered, dropped or cut off
 * at the end without the check failing. The header line is authenticated with every segment.
 */
export const SEALING = 'aes-256-gcm';

const SEGMENT_BYTES = 64 * 1024;
const TAG_BYTES = 16;
const KEY_BYTES = 32;

export interface ScryptCost {
  N: number;
  r: number;
  p: number;
}

/** 32 MiB and a fraction of a second per derivation: each guessed key costs as much. */
export const SCRYPT_COST: ScryptCost = { N: 2 ** 15, r: 8, p: 1 };

export const newSalt = () => randomBytes(16);

export function deriveKey(passphrase: string, salt: Buffer, cost: ScryptCost): Promise<Buffer> {
  const options: ScryptOptions = { ...cost, maxmem: 256 * cost.N * cost.r };
  return new Promise((resolve, reject) =>
    scrypt(passphrase, salt, KEY_BYTES, options, (err, key) => (err ? reject(err) : resolve(key))),
  );
}

function nonce(segment: number, last: boolean): Buffer {
  const bytes = Buffer.alloc(12);
  bytes.writeBigUInt64BE(BigInt(segment), 3);
  bytes[11] = last ? 1 : 0;
  return bytes;
}

/** A segment that fails its check: its number (0 is the first), for the caller's message. */
export class SegmentCheckError extends Error {
  constructor(readonly segment: number) {
    super(`backup segment ${segment} fails its check`);
  }
}

/** Cuts the stream into segments of `size` bytes; the last (possibly short) one is known at the end. */
abstract class SegmentTransform extends Transform {
  private buffered = Buffer.alloc(0);
  protected segment = 0;

  constructor(private readonly size: number) {
    super();
  }

  protected abstract convert(bytes: Buffer, last: boolean): Buffer;

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback) {
    this.buffered = Buffer.concat([this.buffered, chunk]);
    try {
      // Strictly more than a segment: only then is this one known not to be the last.
      while (this.buffered.length > this.size) {
        this.push(this.convert(this.buffered.subarray(0, this.size), false));
        this.buffered = this.buffered.subarray(this.size);
        this.segment++;
      }
      callback();
    } catch (err) {
      callback(err as Error);
    }
  }

  override _flush(callback: TransformCallback) {
    try {
      this.push(this.convert(this.buffered, true));
      callback();
    } catch (err) {
      callback(err as Error);
    }
  }
}

class Sealer extends SegmentTransform {
  constructor(
    private readonly key: Buffer,
    private readonly header: Buffer,
  ) {
    super(SEGMENT_BYTES);
  }

  protected convert(plain: Buffer, last: boolean): Buffer {
    const cipher = createCipheriv('aes-256-gcm', this.key, nonce(this.segment, last), {
      authTagLength: TAG_BYTES,
    });
    cipher.setAAD(this.header);
    return Buffer.concat([cipher.update(plain), cipher.final(), cipher.getAuthTag()]);
  }
}

class Opener extends SegmentTransform {
  constructor(
    private readonly key: Buffer,
    private readonly header: Buffer,
  ) {
    super(SEGMENT_BYTES + TAG_BYTES);
  }

  protected convert(sealed: Buffer, last: boolean): Buffer {
    if (sealed.length < TAG_BYTES) throw new SegmentCheckError(this.segment);
    const decipher = createDecipheriv('aes-256-gcm', this.key, nonce(this.segment, last), {
      authTagLength: TAG_BYTES,
    });
    decipher.setAAD(this.header);
    decipher.setAuthTag(sealed.subarray(sealed.length - TAG_BYTES));
    const plain = decipher.update(sealed.subarray(0, sealed.length - TAG_BYTES));
    try {
      decipher.final();
    } catch {
      throw new SegmentCheckError(this.segment);
    }
    return plain;
  }
}

/** Encrypts what is written to it; `header` is the file's header line, bound to every segment. */
export const sealingStream = (key: Buffer, header: string): Transform => new Sealer(key, Buffer.from(header));

/** Decrypts a sealed payload, failing with `SegmentCheckError` before it hands on a segment that fails. */
export const openingStream = (key: Buffer, header: string): Transform => new Opener(key, Buffer.from(header));
