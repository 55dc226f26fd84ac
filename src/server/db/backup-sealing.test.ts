import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { openingStream, SegmentCheckError, sealingStream } from './backup-sealing.js';

const SEGMENT = 64 * 1024;
const SEALED_SEGMENT = SEGMENT + 16;
const key = randomBytes(32);
const header = 'ORDERFLOW-BACKUP 1 copy aes-256-gcm scrypt=32768,8,1 salt=test';

const seal = (plain: Buffer) => buffer(Readable.from([plain]).pipe(sealingStream(key, header)));
const open = (sealed: Buffer, withKey = key, withHeader = header) =>
  buffer(Readable.from([sealed]).pipe(openingStream(withKey, withHeader)));

describe('backup sealing', () => {
  it.each([0, 1, SEGMENT - 1, SEGMENT, SEGMENT + 1, 3 * SEGMENT, 3 * SEGMENT + 5])(
    'gives back the same %i bytes, in segments of 64 KiB',
    async (size) => {
      const plain = randomBytes(size);
      const sealed = await seal(plain);
      expect(sealed.length).toBe(size + 16 * Math.max(1, Math.ceil(size / SEGMENT)));
      expect(await open(sealed)).toEqual(plain);
    },
  );

  it('refuses another key or another header in the first segment', async () => {
    const sealed = await seal(randomBytes(2 * SEGMENT));
    await expect(open(sealed, randomBytes(32))).rejects.toEqual(new SegmentCheckError(0));
    await expect(open(sealed, key, header.replace('copy', 'pg_dump'))).rejects.toEqual(
      new SegmentCheckError(0),
    );
  });

  it('refuses a file cut at a segment boundary, segments swapped, or one changed byte', async () => {
    const sealed = await seal(randomBytes(3 * SEGMENT + 10));
    await expect(open(sealed.subarray(0, 2 * SEALED_SEGMENT))).rejects.toEqual(new SegmentCheckError(1));
    const swapped = Buffer.concat([
      sealed.subarray(SEALED_SEGMENT, 2 * SEALED_SEGMENT),
      sealed.subarray(0, SEALED_SEGMENT),
      sealed.subarray(2 * SEALED_SEGMENT),
    ]);
    await expect(open(swapped)).rejects.toEqual(new SegmentCheckError(0));
    const changed = Buffer.from(sealed);
    changed[2 * SEALED_SEGMENT + 3] = (changed[2 * SEALED_SEGMENT + 3] ?? 0) ^ 0x80;
    await expect(open(changed)).rejects.toEqual(new SegmentCheckError(2));
  });
});
