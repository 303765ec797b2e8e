import type { MailStatus } from '../contract';
import { NO_SMTP_REASON, type MailSettings } from '../mail/mail-config';

/** Never the SMTP_URL: it carries the password. */
export function toMailStatus(mail: MailSettings, devMailboxUrl: string | null, backlog: { waiting: number; oldest: Date | null }): MailStatus {
  return {
    transport: mail.transport,
    from: mail.from,
    dev_mailbox_url: devMailboxUrl,
    problem: mail.transport === 'unconfigured' ? NO_SMTP_REASON : null,
    outbox: { waiting: backlog.waiting, oldest_waiting_at: backlog.oldest?.toISOString() ?? null },
  };
}
