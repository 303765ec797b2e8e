import { dialectMigration } from './dialect-migration';

// Hand-written. The links of supporter e-mails queued before SupporterMailLinks were random tokens
// whose hashes that migration dropped: they no longer work. Their pending records are marked as
// named by no e-mail, so the confirmation upkeep mails them again, with links of the new kind, once
// their address's daily slot allows.
const up = [
  `UPDATE "supporters" SET "confirm_mails" = 0 WHERE "status" = 'pending'`,
  `UPDATE "letters" SET "confirm_mails" = 0 WHERE "status" = 'pending'`,
];

export const ReMailPendingAfterLinks1795760747198 = dialectMigration('ReMailPendingAfterLinks1795760747198', {
  sqlite: { up, down: [] },
  postgres: { up, down: [] },
});
