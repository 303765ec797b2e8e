import http from 'node:http';
import { createApp } from './app';
import { ConfigError, loadConfig } from './config';
import { openDatabase } from './db/open';
import { seedIfEmpty } from './db/seed';
import { createLogger } from './http/logger';
import { isLoopbackListenAddress } from './public-url';

async function main() {
  const config = loadConfig();
  const logger = createLogger(config.logLevel);
  const db = await openDatabase(config.database);
  const seeded = await seedIfEmpty(db, config);
  if (seeded) logger.info('seeded demo data (a fresh database; SEED_DEMO_DATA=false turns this off)');

  const server = http.createServer(createApp({ config, db, logger }).callback());
  server.listen(config.port, config.host, () => {
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
  });

  const stop = (signal: string) => {
    logger.info(`${signal}: finishing open requests, then stopping`);
    server.close(() => void db.ds.destroy().finally(() => process.exit(0)));
    setTimeout(() => process.exit(0), 10_000).unref();
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}

main().catch((err: unknown) => {
  if (err instanceof ConfigError) {
    process.stderr.write(`${err.message}\n`);
  } else {
    process.stderr.write(`[dais] could not start: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  }
  process.exit(1);
});
