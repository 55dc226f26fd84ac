import { type ChildProcess, spawn } from 'node:child_process';

export interface ServerProcess {
  child: ChildProcess;
  /** The exit code once the process has ended. */
  exited: Promise<number | null>;
  /** Everything the process wrote so far, stdout and stderr together. */
  output(): string;
}

/**
 * The real server (`src/server/main.ts`) in its own process, configured only by `env` (on top of
 * PATH, LOG_LEVEL info and a free port), its output collected for the test to search. `launcher` is a
 * command that runs it (e.g. `unshare --pid --fork`), given node's command line as its arguments.
 */
export function startServer(env: Record<string, string>, launcher: string[] = []): ServerProcess {
  const [command, ...args] = [...launcher, process.execPath, '--import', 'tsx', 'src/server/main.ts'];
  const child = spawn(command as string, args, {
    env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'info', PORT: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited, output: () => output };
}

/**
 * The server's URL once its log says it listens. Throws with the output if it exits first, or kills it
 * and throws if it takes longer than `timeoutMs`: a cap for a server that hangs, not a measure of a
 * start, which takes over 30 s from the sources on a busy 2-CPU machine (tsx transforms every module).
 */
export async function waitForListening(server: ServerProcess, timeoutMs = 5 * 60_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const match = server.output().match(/Server listening at (http:\/\/127\.0\.0\.1:\d+)/);
    if (match?.[1]) return match[1];
    if (server.child.exitCode !== null) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  server.child.kill('SIGKILL');
  throw new Error(`server did not start:\n${server.output()}`);
}
