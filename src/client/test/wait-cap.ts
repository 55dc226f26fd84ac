/**
 * The cap on a wait for something the screen or a fake does (findBy*, vi.waitFor): a wait ends as soon
 * as its condition holds, so the cap only matters when it never does; generous, because a first render
 * transforms a lazy page's modules on demand and takes several seconds on a busy 2-CPU machine.
 */
export const WAIT_CAP_MS = 30_000;
