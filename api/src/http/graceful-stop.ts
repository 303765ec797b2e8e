import type { IncomingMessage, Server, ServerResponse } from 'node:http';

type Handler = (req: IncomingMessage, res: ServerResponse) => unknown;

export interface StoppableServer {
  /**
   * Stops accepting connections, closes idle keep-alive sockets at once, answers every open request
   * with `Connection: close`, and resolves when all of them are done ({ cut: false }) or when
   * `graceMs` has passed; then it destroys what is left and resolves { cut: true }.
   */
  stop(graceMs: number): Promise<{ cut: boolean }>;
}

/**
 * Serves `handler` on `server` and knows what is still open, so that a stop can be clean.
 *
 * Hand-written on Node's own server.closeIdleConnections() / closeAllConnections(): the libraries
 * for this (http-terminator, stoppable) do not report whether the grace period cut anything off,
 * which the exit code must say, and count a request as done when its socket closes, while our
 * handler may still be writing (a signature waiting for its batch's COMMIT). Here a request is
 * open until both its handler has settled and its response has closed.
 */
export function serveStoppably(server: Server, handler: Handler): StoppableServer {
  let stopping = false;
  const open = new Set<ServerResponse>();
  let allDone: () => void = () => undefined;

  const finished = (res: ServerResponse) => {
    open.delete(res);
    if (!stopping) return;
    // Its socket has just become idle: close it rather than wait for the client's next request.
    server.closeIdleConnections();
    if (open.size === 0) allDone();
  };

  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    // A keep-alive client that sends another request after the stop began gets its answer, and
    // then its connection is closed, instead of being served for as long as it keeps asking.
    if (stopping) res.setHeader('Connection', 'close');
    open.add(res);
    // Done once both the handler has settled and the response has closed. Counted with events and
    // one callback, not promises: this runs for every request, the hot read's included.
    let waitingFor = 2;
    const oneDone = () => {
      if (--waitingFor === 0) finished(res);
    };
    res.once('close', oneDone);
    let handled: unknown;
    try {
      handled = handler(req, res);
    } catch {
      handled = undefined;
    }
    if (handled instanceof Promise) handled.then(oneDone, oneDone);
    else oneDone();
  });

  return {
    async stop(graceMs) {
      stopping = true;
      for (const res of open) if (!res.headersSent) res.setHeader('Connection', 'close');
      const serverClosed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeIdleConnections();
      const requestsDone = open.size === 0 ? Promise.resolve() : new Promise<void>((resolve) => (allDone = resolve));
      let timer: NodeJS.Timeout | undefined;
      const graceOver = new Promise<'cut'>((resolve) => (timer = setTimeout(() => resolve('cut'), graceMs)));
      const outcome = await Promise.race([Promise.all([requestsDone, serverClosed]).then(() => 'clean' as const), graceOver]);
      clearTimeout(timer);
      if (outcome === 'clean') return { cut: false };
      server.closeAllConnections();
      return { cut: true };
    },
  };
}
