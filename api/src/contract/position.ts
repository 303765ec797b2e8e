/**
 * A position, where the campaign asks for one (issue 24): whether a supporter is for what the
 * campaign asks, against it, or neither. The organiser words each choice ('Keep the park public',
 * 'Allow the rezoning'): those words are what the radio group shows and what a letter states, so
 * "support" never has to guess whether the campaign is for or against the item on the agenda.
 *
 * Plain values only (no zod): the widget's bundle takes this module. The schemas are in
 * position-fields.ts.
 */
export const POSITION_OPTIONS = ['none', 'support_oppose', 'support_oppose_neutral'] as const;
export type PositionOptions = (typeof POSITION_OPTIONS)[number];

export const POSITIONS = ['support', 'oppose', 'neutral'] as const;
export type Position = (typeof POSITIONS)[number];

/** The organiser's words for each choice; only the offered ones are required. */
export type PositionLabels = Partial<Record<Position, string>>;

/** Signatures or letters counted (confirmed, outside any quarantine) by the position they took. */
export type PositionCounts = Record<Position, number>;

const OFFERED: Record<PositionOptions, readonly Position[]> = {
  none: [],
  support_oppose: ['support', 'oppose'],
  support_oppose_neutral: ['support', 'oppose', 'neutral'],
};

/**
 * Whether a writer speaks for the campaign's own case: they took no position (none was asked) or
 * support it. Only they take up the ask read from its title, its hidden points and its description;
 * a writer against or neutral says only what they chose.
 */
export const speaksForCampaign = (position: Position | null | undefined): boolean => !position || position === 'support';

/** The choices a campaign's forms offer, in the order they show them. */
export const positionsOffered = (options: PositionOptions): readonly Position[] => OFFERED[options];

const POSITION_NAMES: Record<Position, string> = { support: 'Support', oppose: 'Oppose', neutral: 'Neutral' };

/** A choice's plain name, for where no campaign's wording is at hand. */
export const positionName = (p: Position): string => POSITION_NAMES[p];

/** A position as an organiser or clerk reads it: the campaign's wording, else (never worded, or since cleared) its plain name. */
export const positionWording = (p: Position, labels: PositionLabels | undefined): string => labels?.[p]?.trim() || positionName(p);

export const POSITION_LABEL_MAX = 120;

export const POSITION_MESSAGES = {
  required: 'Please choose your position',
  notOffered: 'This campaign does not ask for that position',
  /** The organiser left an offered choice without words. */
  labelMissing: (p: Position) => `Word the ${p === 'support' ? 'Support' : p === 'oppose' ? 'Oppose' : 'Neutral'} choice: what a supporter who picks it asks for`,
} as const;

/** The first offered choice the organiser has not worded, or null when every one is. */
export function unwordedPosition(c: { position_options: PositionOptions; position_labels: PositionLabels }): Position | null {
  return positionsOffered(c.position_options).find((p) => !c.position_labels[p]?.trim()) ?? null;
}

/**
 * The position a request may store for this campaign: null where it asks none (whatever was sent),
 * the one sent where it is offered; a missing or unoffered one is refused with the message to show.
 */
export function positionProblem(options: PositionOptions, position: Position | null): string | null {
  const offered = positionsOffered(options);
  if (offered.length === 0) return null;
  if (position === null) return POSITION_MESSAGES.required;
  return offered.includes(position) ? null : POSITION_MESSAGES.notOffered;
}

/** What is stored: the position sent where the campaign asks one (positionProblem has passed), else null. */
export const storedPosition = (options: PositionOptions, position: Position | null): Position | null =>
  positionsOffered(options).length > 0 ? position : null;

export const NO_POSITION_COUNTS: PositionCounts = { support: 0, oppose: 0, neutral: 0 };
