import type { ProofOfWork } from './bot-check/proof-of-work';
import type { Config } from './config';
import type { Database } from './db/data-source';
import type { Logger } from './http/logger';
import type { RateLimiter } from './http/rate-limit';

/** What every route module is built from. */
export interface Deps {
  config: Config;
  db: Database;
  logger: Logger;
  rateLimit: RateLimiter;
  /** The bot check the public writes pass before they write. */
  botCheck: ProofOfWork;
}
