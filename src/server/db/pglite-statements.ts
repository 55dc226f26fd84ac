import {
  type PGlite,
  parse as pgliteParse,
  protocol,
  type QueryOptions,
  type Results,
} from '@electric-sql/pglite';

const { serialize } = protocol;

type BackendMessage = Awaited<ReturnType<PGlite['execProtocolStream']>>[number];

/** Enough for every query shape the product runs; a bulk insert's one-off shapes push out the oldest. */
const MAX_STATEMENTS = 256;

interface Statement {
  name: string;
  paramTypes: number[];
  /** What Describe said about the rows; executing a prepared statement does not send it again. */
  rowDescription: BackendMessage | undefined;
}

/**
 * Runs queries on PGlite as named prepared statements, prepared once per query text: PGlite's own
 * `query` parses and plans each one again and makes six round trips into the engine, which cost a
 * status change (a dozen statements) about 5 ms. A prepared statement is bound and executed in one
 * round trip and keeps its plan (decision 193).
 *
 * Only plain queries come here: one with its own parsers, serializers, parameter types or a blob goes
 * through PGlite's `query`.
 */
export class PreparedStatements {
  private readonly statements = new Map<string, Statement>();
  private readonly evicted: string[] = [];
  private sequence = 0;

  constructor(private readonly pglite: PGlite) {}

  static handles(options: QueryOptions | undefined): boolean {
    if (!options) return true;
    return (
      !options.parsers && !options.serializers && !options.paramTypes && !options.blob && !options.onNotice
    );
  }

  /** Inside a transaction that already holds PGlite's transaction lock. */
  run<T>(text: string, params: readonly unknown[], options: QueryOptions | undefined): Promise<Results<T>> {
    return this.pglite.runExclusive(() => this.execute<T>(text, params, options));
  }

  /** A query on its own, waiting for any open transaction like PGlite's `query`. */
  async runAlone<T>(
    text: string,
    params: readonly unknown[],
    options: QueryOptions | undefined,
  ): Promise<Results<T>> {
    await this.pglite._checkReady();
    return this.pglite._runExclusiveTransaction(async () => {
      const result = await this.run<T>(text, params, options);
      await this.pglite.syncToFs();
      return result;
    });
  }

  private async execute<T>(text: string, params: readonly unknown[], options: QueryOptions | undefined) {
    try {
      const statement = this.statements.get(text) ?? (await this.prepare(text));
      // Most recently used last, so the oldest is the first evicted.
      this.statements.delete(text);
      this.statements.set(text, statement);
      const values = params.map((value, i) => this.serializeParam(value, statement.paramTypes[i]));
      const messages = await this.send(
        serialize.bind({ statement: statement.name, values }),
        serialize.execute({}),
      );
      const withRows = statement.rowDescription ? [statement.rowDescription, ...messages] : messages;
      return pgliteParse.parseResults(withRows, this.pglite.parsers, options)[0] as Results<T>;
    } catch (err) {
      // A table changed under a prepared statement (a migration, a restore): prepare it again next time.
      if (isDatabaseError(err) && (err.code === '0A000' || err.code === '26000')) this.forget(text);
      throw withQuery(err, text, params);
    }
  }

  private async prepare(text: string): Promise<Statement> {
    const name = `orderflow_${++this.sequence}`;
    const messages = await this.send(
      serialize.parse({ name, text, types: [] }),
      serialize.describe({ type: 'S', name }),
    );
    const parameters = messages.find((m) => m.name === 'parameterDescription') as
      | { dataTypeIDs: number[] }
      | undefined;
    const statement: Statement = {
      name,
      paramTypes: parameters?.dataTypeIDs ?? [],
      rowDescription: messages.find((m) => m.name === 'rowDescription'),
    };
    this.statements.set(text, statement);
    if (this.statements.size > MAX_STATEMENTS) {
      const [oldest] = this.statements.keys();
      if (oldest !== undefined) this.forget(oldest);
    }
    return statement;
  }

  private forget(text: string) {
    const statement = this.statements.get(text);
    if (!statement) return;
    this.statements.delete(text);
    this.evicted.push(statement.name);
  }

  /** One round trip: the messages, the closing of evicted statements, and Sync. */
  private send(...messages: Uint8Array[]): Promise<BackendMessage[]> {
    const closes = this.evicted.splice(0).map((name) => serialize.close({ type: 'S', name }));
    return this.pglite.execProtocolStream(concat([...closes, ...messages, serialize.sync()]), {
      syncToFs: false,
    });
  }

  private serializeParam(value: unknown, type: number | undefined): string | null {
    if (value === null || value === undefined) return null;
    const serializer = type === undefined ? undefined : this.pglite.serializers[type];
    return serializer ? serializer(value) : String(value);
  }
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

function isDatabaseError(err: unknown): err is Error & { code?: string } {
  return err instanceof Error && 'code' in err;
}

/** The query and its parameters on the error, as PGlite's own `query` puts them. */
function withQuery(err: unknown, text: string, params: readonly unknown[]): unknown {
  if (err instanceof Error) Object.assign(err, { query: text, params });
  return err;
}
