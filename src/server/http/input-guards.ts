import type { FastifyInstance } from 'fastify';
import { httpErrors } from './errors.js';

/** Deeper JSON than any request of this product needs; refused before anything recurses over it. */
export const MAX_JSON_DEPTH = 32;

const NUL_MESSAGE = 'The request contains a NUL character, which no field accepts';

/**
 * Bad bytes are bad input, judged once at the edge rather than field by field: a NUL in the path or
 * query (PostgreSQL text cannot hold one, so it used to surface as a 500) and, in JSON bodies, a NUL
 * escape or nesting deeper than MAX_JSON_DEPTH answer 400. The JSON itself is then parsed by Fastify's
 * own parser, which keeps its `__proto__`/`constructor` poisoning checks.
 */
export function registerInputGuards(app: FastifyInstance) {
  // Callback hooks rather than async ones on every request: an async hook costs a promise and a turn
  // of the microtask queue even when it has nothing to do.
  app.addHook('onRequest', (request, _reply, done) => {
    done(/%00|\0/i.test(request.url) ? httpErrors.INVALID_INPUT(NUL_MESSAGE) : undefined);
  });
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const problem = scanJson(body as string);
    if (problem) {
      done(httpErrors.INVALID_INPUT(problem), undefined);
      return;
    }
    parseJson(request, body as string, done);
  });
}

/** One pass over the raw text: how deep it nests, and whether a string holds `\u0000` or a raw NUL. */
export function scanJson(text: string): string | null {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0) return NUL_MESSAGE;
    if (inString) {
      if (c === 0x5c /* \ */) {
        if (text.startsWith('u0000', i + 1)) return NUL_MESSAGE;
        i++;
      } else if (c === 0x22 /* " */) {
        inString = false;
      }
    } else if (c === 0x22) {
      inString = true;
    } else if (c === 0x5b /* [ */ || c === 0x7b /* { */) {
      depth++;
      if (depth > MAX_JSON_DEPTH)
        return `The JSON body is nested too deeply (limit ${MAX_JSON_DEPTH} levels)`;
    } else if (c === 0x5d /* ] */ || c === 0x7d /* } */) {
      depth--;
    }
  }
  return null;
}
