/**
 * The critical modules `npm run test:mutation` mutates, in named groups run one at a time.
 * A group is the code one regression would hide in: its `mutate` files are changed one mutant at a
 * time, and every API test that covers the changed line (Stryker's per-test coverage) must fail.
 * Add a group when a new critical module lands.
 */
export interface MutationGroup {
  name: string;
  /** What the group guards, printed beside its score. */
  about: string;
  /** Paths relative to api/. */
  mutate: string[];
  /**
   * The suites that guard it (globs relative to api/). Stryker's dry run runs them all once to learn
   * which test covers which mutant, then runs only those per mutant; suites that start the server as
   * a child process or need the built widget cannot see a mutant and are left out.
   */
  tests: string[];
}

export const MUTATION_GROUPS: MutationGroup[] = [
  {
    name: 'signing',
    about: 'the signature batch: one drain at a time, lock order, outage handling',
    mutate: ['src/commands/signature-batcher.ts', 'src/commands/sign-petition.ts', 'src/commands/submit-letter.ts'],
    // The confirmation suite signs on a campaign that confirms: the batch's pending rows and their e-mail.
    // Floods: repeats folded by the unique key, and each signature's network. The bot check: a
    // solution spent in the batch's own transaction, one replayed at once within one batch. A
    // letter's submission (submit-letter.ts): the letters' suites, each mode's e-mail included.
    tests: [
      'src/commands/**/*.test.ts',
      'src/routes/signatures/*.test.ts',
      'test/hot-paths.test.ts',
      'src/routes/confirmations/*.test.ts',
      'src/floods/floods.test.ts',
      'src/bot-check/bot-check.test.ts',
      'src/routes/letters/*.test.ts',
    ],
  },
  {
    name: 'http',
    about: 'validation, the error list, security headers, rate limits',
    mutate: ['src/http/validate.ts', 'src/http/errors.ts', 'src/http/security.ts', 'src/http/rate-limit.ts', 'src/http/csv.ts'],
    // csv.ts: the formula guard and its exact inverse, which the packet's digests are checked through.
    tests: ['src/http/*.test.ts', 'src/packet/integrity.test.ts', 'test/headers.test.ts', 'src/routes/health/*.test.ts', 'src/routes/signatures/*.test.ts', 'src/routes/settings/*.test.ts', 'src/routes/uploads/*.test.ts'],
  },
  {
    name: 'auth',
    about: 'admin guards and roles, sessions, one-time sign-in codes, who is an admin, admins managing admins, the development OAuth provider',
    // dev-oauth.ts vouches for whoever types an address: it must stay reachable from this machine only.
    mutate: ['src/auth/guards.ts', 'src/auth/sessions.ts', 'src/auth/login-codes.ts', 'src/auth/admins.ts', 'src/commands/manage-admins.ts', 'src/auth/dev-oauth.ts'],
    tests: ['src/auth/*.test.ts', 'src/routes/sessions/*.test.ts', 'test/reliability/access.test.ts', 'src/routes/admin-admins/*.test.ts'],
  },
  {
    name: 'letters',
    about: 'the letter writer and what it reads of the Public Comment fields',
    // The English frame moved from write-letter.ts to phrasebook.ts; Spanish reads the body's name and the title itself.
    mutate: [
      'src/letters/write-letter.ts',
      'src/letters/phrasing.ts',
      'src/letters/phrasebook.ts',
      'src/letters/es/phrasebook.ts',
      'src/letters/es/decision-body.ts',
      'src/letters/es/request-action.ts',
      'src/contract/public-comment.ts',
    ],
    tests: ['src/letters/**/*.test.ts', 'src/routes/letters/letters.test.ts'],
  },
  {
    name: 'uploads',
    about: 'image uploads checked by content',
    mutate: ['src/uploads/sniff.ts'],
    tests: ['src/uploads/*.test.ts', 'src/routes/uploads/*.test.ts', 'test/reliability/uploads.test.ts'],
  },
  {
    name: 'public-read',
    about: "the cached public campaign read widgets poll",
    mutate: ['src/services/public-campaigns.ts'],
    tests: ['src/services/public-campaigns.test.ts', 'src/routes/campaigns/*.test.ts'],
  },
  {
    name: 'mail',
    about: 'the mail outbox: queueing, claims with leases, failures and retries',
    mutate: ['src/mail/outbox.ts', 'src/mail/claims.ts', 'src/mail/failures.ts'],
    tests: ['src/mail/**/*.test.ts', 'src/routes/admin-mail/*.test.ts'],
  },
  {
    name: 'delivery',
    about: 'the delivery scheduler and what the hearing packet counts',
    mutate: [
      'src/deliveries/scheduler.ts',
      'src/packet/render.ts',
      'src/packet/summary.ts',
      'src/packet/times.ts',
      // What decides which letters reach the clerk: a packet's letters, and each mode's one e-mail a letter.
      'src/commands/queue-packet.ts',
      'src/commands/deliver-letter.ts',
      // Each letter to its writer's representative, and the letters that wait for their district.
      'src/commands/deliver-waiting-letters.ts',
      'src/deliveries/letter-waits.ts',
      // The texts of each letter's e-mail and the packet's.
      'src/deliveries/mail-text.ts',
    ],
    tests: [
      'src/routes/letters/each-mode.test.ts',
      'src/routes/letters/representatives.test.ts',
      'src/deliveries/*.test.ts',
      'src/packet/*.test.ts',
      'src/routes/deliveries/*.test.ts',
      'src/routes/admin-packet/admin-packet.test.ts',
      // What the packet says of letters confirmed by e-mail.
      'src/routes/confirmations/*.test.ts',
    ],
  },
  {
    name: 'packet',
    about: "what the hearing packet says of its letters and how: contents, words, the cover's figures, the CSV's columns, numbers laid out unshaped",
    mutate: [
      'src/packet/contents.ts',
      'src/packet/words.ts',
      'src/packet/cover-content.ts',
      'src/packet/csv-columns.ts',
      'src/packet/letter-digest.ts',
      'src/packet/plain-layout.ts',
    ],
    // The PDF itself is drawn in a worker thread, where no mutant is active: these modules are
    // held by what the API thread makes of them (the HTML packet, the CSV, the summary) and by
    // the tests that call them directly.
    tests: ['src/packet/*.test.ts', 'src/routes/admin-packet/admin-packet.test.ts'],
  },
  {
    name: 'confirmations',
    about: 'confirmed supporters: the daily e-mail, its links, confirming and removing, reminders and expiry',
    mutate: [
      'src/confirmations/send.ts',
      'src/confirmations/upkeep.ts',
      'src/confirmations/tokens.ts',
      'src/confirmations/links.ts',
      'src/confirmations/mail-soon.ts',
      'src/commands/confirm-by-token.ts',
      'src/commands/remove-by-token.ts',
      // What the removal link and an admin's erasure both run.
      'src/commands/remove-records.ts',
      // The erasure's last step: the SQLite log folded in and emptied (tried again while the checkpointer thread holds it).
      'src/privacy/scrub-mail.ts',
    ],
    // Erasure runs remove-records; a quarantined row is confirmed but not counted. The signature
    // batch's suite is where an e-mail that could not be queued after its COMMIT is reported (mail-soon.ts).
    tests: [
      'src/routes/confirmations/*.test.ts',
      'src/confirmations/*.test.ts',
      'src/privacy/privacy.test.ts',
      'src/privacy/erasure.test.ts',
      'src/floods/floods.test.ts',
      'src/commands/signature-batcher.test.ts',
      'src/db/wal-checkpointer.test.ts',
      'src/privacy/forget-old-pages.test.ts',
    ],
  },
  {
    name: 'boundaries',
    about: "boundary sets: an upload stored whole or not at all, a set in use kept, a campaign's set checked",
    // A campaign is created naming its set (create-campaign.ts); a set is stored, listed and deleted (save-boundary-set.ts).
    mutate: ['src/commands/create-campaign.ts', 'src/commands/save-boundary-set.ts'],
    tests: [
      'src/routes/admin-boundary-sets/*.test.ts',
      'src/routes/admin-campaigns/*.test.ts',
      'src/districts/*.test.ts',
      'src/db/migrations/districts.test.ts',
      'src/audit/*.test.ts',
    ],
  },
  {
    name: 'bot-check',
    about: 'the proof of work on the public writes: forged, expired and reused solutions refused',
    mutate: ['src/bot-check/proof-of-work.ts', 'src/bot-check/verify-solution.ts'],
    tests: ['src/bot-check/*.test.ts'],
  },
];
