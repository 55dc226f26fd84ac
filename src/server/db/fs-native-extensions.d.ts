// The part of fs-native-extensions (no types of its own) this product uses.
declare module 'fs-native-extensions' {
  /**
   * Takes an exclusive lock on the whole file behind `fd` without waiting: false when another open
   * of the file holds one. On Linux an open-file-description lock (F_OFD_SETLK), elsewhere flock.
   */
  export function tryLock(fd: number, options?: { shared?: boolean }): boolean;
  export function unlock(fd: number): void;
}
