import http from 'node:http';
import { createApp } from './app';
import { mailSoon } from './confirmations/mail-soon';
import { ConfigError, loadConfig, type Config } from './config';
import type { Database } from './db/data-source';
import { openDatabase } from './db/open';
import { checkpointInThread, type WalCheckpointer } from './db/wal-checkpointer';
import { seedIfEmpty } from './db/seed';
import { startDeliveryScheduler } from './deliveries/scheduler';
import { serveStoppably } from './http/graceful-stop';
import { createLogger, type Logger } from './http/logger';
import { prepareOutbox } from './mail/outbox';
import { logMailRoute, startMailWorker } from './mail/start';
import { geocoderFrom } from './geocoding/geocoder-from-config';
import { startGeocodeWorker } from './geocoding/worker';
import { isLoopbackListenAddress } from './public-url';

async function main() {
  const config = loadConfig();
  const logger = createLogger(config.logLevel);
  // An error nothing caught stops the process, as Node's default does, but it says so in the log,
  // and the lines still waiting for the end of the turn (http/log-destination.ts) are written
  // first: Node exits on an uncaught error without the 'exit' event that would write them.
  process.on('uncaughtException', (error, origin) => {
    logger.fatal(origin === 'unhandledRejection' ? 'stopping: a rejected promise nothing handled' : 'stopping: an error nothing caught', { error });
    logger.flush();
    process.stderr.write(`[dais] stopped by an uncaught error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(1);
  });
  const db = await openDatabase(config.database);
  const checkpointer = await walCheckpointer(db, config, logger);
  // Before anything can queue mail, demo data included.
  prepareOutbox(db, config.mail);
  const seeded = await seedIfEmpty(db, config);
  if (seeded) logger.info('seeded demo data (a fresh database; SEED_DEMO_DATA=false turns this off)');

  const server = http.createServer();
  const serving = serveStoppably(server, createApp({ config, db, logger }));
  // Mail queued before a crash or restart goes out now; no request waits for this.
  const mail = await startMailWorker({ db, config, logger });
  const scheduler = startDeliveryScheduler(db, logger, config.deliveryCheckMs, config.anonymiseAfterDays);
  // Signatures and letters waiting for their district (a campaign with a boundary set) are placed off the request path.
  const geocoding = startGeocodeWorker({ db, logger, geocoder: geocoderFrom(config) });
  await listen(server, config);
  const bound = server.address();
  const address = bound && typeof bound === 'object' ? `${bound.family === 'IPv6' ? `[${bound.address}]` : bound.address}:${bound.port}` : String(bound);
  logger.info(`Dais is running on ${config.publicUrl}`, {
    listening: address,
    database: config.database.dialect === 'sqlite' ? `sqlite:${config.database.path}` : 'postgres',
  });
  if (config.devOAuth) {
    logger.info(
      'No Google client configured: "Admin Login" uses the built-in DEVELOPMENT-ONLY sign-in. ' +
        'Set GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET for real Google sign-in.',
    );
    // HOST was set explicitly (the default is loopback): say plainly what that exposes.
    if (!isLoopbackListenAddress(config.host)) {
      logger.error(`HOST=${config.host} lets other machines reach the development sign-in, where anyone can sign in as anyone`);
    }
  }
  logMailRoute(config, logger);

  // Open requests are finished (each signature waits for its batch's COMMIT inside its request)
  // and so are the e-mails being sent (what is still being sent at the end of the grace period goes
  // back to the outbox), then the database is closed. Exit 1 when the grace period had to cut
  // something off, so a supervisor or an operator sees that the stop was not clean.
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    const seconds = config.stopGraceMs / 1000;
    logger.info(`${signal}: no new connections; finishing open requests and e-mails being sent (at most ${seconds} s), then stopping`);
    // The scheduler first: a packet it is queuing commits (or not) before the database closes.
    await scheduler.stop();
    // A job in hand is finished or given back (at most one request's timeout).
    await geocoding.stop();
    const [requests, sending] = await Promise.all([serving.stop(config.stopGraceMs), mail.stop(config.stopGraceMs)]);
    const cut = requests.cut || sending.cut;
    // The confirmation e-mails of the last signatures, queued after their COMMIT (the upkeep would send them later).
    await mailSoon(db).settled();
    await checkpointer?.stop();
    await db.ds.destroy().catch((error: unknown) => logger.error('closing the database failed', { error }));
    if (cut) logger.error(`stopped after the ${seconds} s grace period (STOP_GRACE_SECONDS), cutting off ${requests.cut ? 'requests still open' : 'e-mails still being sent (queued again)'}`);
    else logger.info('stopped cleanly');
    process.exit(cut ? 1 : 0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}

/** SQLite's checkpoints on a thread of their own (db/wal-checkpointer.ts); without one, where they were. */
async function walCheckpointer(db: Database, config: Config, logger: Logger): Promise<WalCheckpointer | null> {
  if (config.database.dialect !== 'sqlite' || config.database.path === ':memory:') return null;
  const failed = (error: unknown) => logger.error('SQLite checkpoints on their own thread failed; the server checkpoints as it writes', { error });
  return checkpointInThread(db, config.database.path, failed).catch((error: unknown) => {
    failed(error);
    return null;
  });
}

/** A start-up failure with one line that says what to do, instead of a stack. */
class CannotStart extends Error {}

function listen(server: http.Server, config: Config): Promise<void> {
  return new Promise((resolve, reject) => {
    const refused = (err: NodeJS.ErrnoException) => {
      const where = `${config.host}:${config.port}`;
      if (err.code === 'EADDRINUSE') reject(new CannotStart(`Port ${config.port} is already in use: stop the other server or set PORT.`));
      else if (err.code === 'EACCES') reject(new CannotStart(`Port ${config.port} needs more privileges than this user has: set PORT to 1024 or above.`));
      else if (err.code === 'EADDRNOTAVAIL') reject(new CannotStart(`HOST ${config.host} is not an address of this machine: set HOST to one of its addresses, or leave it unset.`));
      else reject(new CannotStart(`Cannot listen on ${where}: ${err.message}`));
    };
    server.once('error', refused);
    server.listen(config.port, config.host, () => {
      server.off('error', refused);
      resolve();
    });
  });
}

main().catch((err: unknown) => {
  if (err instanceof ConfigError || err instanceof CannotStart) {
    process.stderr.write(`${err.message}\n`);
  } else {
    process.stderr.write(`[dais] could not start: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  }
  process.exit(1);
});
