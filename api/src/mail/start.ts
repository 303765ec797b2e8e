import type { Config } from '../config';
import type { Database } from '../db/data-source';
import type { Logger } from '../http/logger';
import { serverAttachmentRenderers, type AttachmentRenderers } from './attachments';
import { NO_SMTP_REASON, smtpServerLabel } from './mail-config';
import { prepareOutbox } from './outbox';
import { transportFor } from './transports';
import { MailWorker, type MailWorkerOptions } from './worker';

/** The outbox's worker for this process, started (main.ts; the test harness on request). */
export async function startMailWorker(d: {
  db: Database;
  config: Config;
  logger: Logger;
  renderers?: AttachmentRenderers;
  options?: Partial<MailWorkerOptions>;
}): Promise<MailWorker> {
  prepareOutbox(d.db, d.config.mail);
  const worker = new MailWorker(
    {
      db: d.db,
      logger: d.logger,
      transport: transportFor(d.config.mail, d.db),
      from: d.config.mail.from,
      renderers: d.renderers ?? serverAttachmentRenderers,
    },
    d.options,
  );
  await worker.start();
  return worker;
}

/** The start-up line that says where mail goes; a warning when it goes nowhere yet. */
export function logMailRoute(config: Config, logger: Logger): void {
  const { mail } = config;
  if (mail.transport === 'smtp' && mail.smtpUrl) {
    logger.info(`E-mail is sent through ${smtpServerLabel(mail.smtpUrl)} from ${mail.from}`);
  } else if (mail.transport === 'dev-mailbox') {
    logger.info(`No SMTP_URL: e-mail is not sent but kept in the development mailbox at ${config.publicUrl}/dev-mailbox (this machine only)`);
  } else {
    logger.warn(`E-mail is NOT being sent. ${NO_SMTP_REASON}. Until then every message (packet deliveries, letters to decision bodies) waits in the outbox; none is lost.`);
  }
}
