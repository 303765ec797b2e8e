import { z } from 'zod';
import { hasControlCharacters, plainText } from './fields';

/**
 * The bot check: invisible proof of work on ALTCHA's open protocol (version 1). GET /api/challenge
 * hands out an HMAC-signed challenge that expires; the widget finds the number whose SHA-256 with
 * the salt is the challenge (in slices on the page's thread, while the supporter types) and sends the solution as
 * `altcha` with a signature, a letter to generate or a letter to submit. Each solution works once.
 * `website` is a honeypot: a field people never see, which naive bots fill in.
 */
export const challengeSchema = z.object({
  algorithm: z.literal('SHA-256'),
  challenge: z.string(),
  maxnumber: z.number().int(),
  salt: z.string(),
  signature: z.string(),
});
export type ProofOfWorkChallenge = z.infer<typeof challengeSchema>;

/** A solved challenge, as the widget base64-encodes it into `altcha`. */
export const solutionSchema = z.object({
  algorithm: z.literal('SHA-256'),
  challenge: z.string().regex(/^[0-9a-f]{64}$/),
  number: z.number().int().min(0),
  salt: z.string().max(200),
  signature: z.string().regex(/^[0-9a-f]{64}$/),
});

export const BOT_CHECK_TEXTS = {
  missing: 'The anti-spam check had not finished: wait a moment and send again',
  invalid: 'The anti-spam check did not pass: reload the page and send again',
  expired: 'The anti-spam check expired while the page was open: send again',
  reused: 'This anti-spam check was already used: send again',
} as const;

/** The fields the sign, generate and submit bodies carry for the bot check. */
export const botCheckFields = {
  altcha: z
    .string({ error: BOT_CHECK_TEXTS.invalid })
    .max(2000, BOT_CHECK_TEXTS.invalid)
    .refine((v) => !hasControlCharacters(v), BOT_CHECK_TEXTS.invalid)
    .optional(),
  website: plainText('website', 500).optional(),
};

/** How long a challenge can be solved and used (the widget asks for a new one well before). */
export const CHALLENGE_LIFETIME_MS = 20 * 60_000;
