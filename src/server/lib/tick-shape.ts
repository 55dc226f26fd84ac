import { createHook } from 'node:async_hooks';

let retained: object | null = null;

/**
 * Keeps one of Node's `process.nextTick` queue entries alive for the life of the process, so that
 * the hidden class V8 gives those entries never dies.
 *
 * Why: `nextTick` builds each entry as an object literal with symbol keys, and V8 turns such a
 * literal's property definitions generic ("megamorphic", never undone) the first time it meets a
 * second hidden class for the same literal. Hidden classes are collected when no object uses them,
 * so a full garbage collection at a moment when no tick is queued (opening the embedded database
 * causes several) makes the next tick build a new class and switches that code to the slow path
 * for good: every tick then costs about a microsecond, several per HTTP request. Measured on
 * `/healthz` under a CPU profile: 22 000 against 36 000 requests/s (decision 191). One entry kept
 * alive keeps the class chain alive, and the literal stays on its fast path.
 *
 * The entry is caught with an `init` hook enabled around one `nextTick` call and disabled at once,
 * so no hook runs afterwards. Call before anything collects garbage heavily; later calls do nothing.
 */
export function retainTickShape(): void {
  if (retained) return;
  const hook = createHook({
    init(_asyncId, type, _triggerAsyncId, resource) {
      if (type === 'TickObject') retained ??= resource;
    },
  });
  hook.enable();
  try {
    process.nextTick(noop);
  } finally {
    hook.disable();
  }
}

function noop() {}
