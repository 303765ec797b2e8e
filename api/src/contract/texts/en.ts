/**
 * Every text a supporter sees, in English: the widget, the letter review and success screens, the
 * share texts, the confirmation e-mails and pages, the PDF's file name and the landing page's
 * campaign cards. SPEC.md's texts are here letter for letter. es.ts must have the same keys (its
 * type is this catalogue's), and catalogues.test.ts fails when one lacks a key or a placeholder.
 *
 * A text with something in it is a function of it; numbers and dates arrive formatted (format.ts,
 * the browser's Intl in the catalogue's locale). No zod: the widget's bundle takes this module.
 */
import type { Perspective } from '../perspectives';

/** A count: its value, as the locale writes it, and its plural category (Intl.PluralRules). */
type Count = { n: number; shown: string; plural: Intl.LDMLPluralRule };

export const en = {
  locale: 'en-US',

  loadingCampaign: 'Loading campaign...',
  loadingLetter: 'Loading letter...',
  notFoundTitle: 'Campaign Not Found',
  notFoundText: 'This campaign may have been removed or is no longer active.',
  previewNote:
    'Preview: this campaign is switched off, so supporters cannot see it and nothing can be sent from it until it is switched on.',
  supporters: (c: Count) => `${c.plural === 'one' ? 'supporter' : 'supporters'}`,
  goal: (goal: string) => `Goal: ${goal}`,
  percentOfGoal: (percent: string) => `${percent}% of goal reached`,
  goalReachedNext: (next: string) => `Goal reached! Next goal: ${next} supporters`,
  moreToReach: (more: string, target: string, isGoal: boolean) => `${more} more to reach ${target}${isGoal ? ' (the goal)' : ''}`,
  recentSupporters: 'Recent supporters',
  actionsUnavailableTitle: 'Actions Unavailable',
  actionsUnavailableText: 'No actions are currently available for this campaign.',
  tabsLabel: 'Ways to support this campaign',
  tabs: { sign: 'Sign Petition', letter: 'Write Letter', share: 'Share' },

  fullName: 'Full Name',
  emailAddress: 'Email Address',
  streetAddress: 'Street Address',
  city: 'City',
  state: 'State',
  zipCode: 'ZIP Code',
  phoneNumber: 'Phone Number',
  optional: ' (optional)',
  privacyNotice: 'Privacy notice',
  opensInNewTab: ' (opens in a new tab)',
  opensInNewWindow: ' (opens in a new window)',
  honeypot: 'Leave this field empty',

  whyImportant: 'Why is this campaign important to you?',
  displayPublicly: 'Display my name publicly as a supporter',
  signing: 'Signing...',
  signPetition: 'Sign Petition',
  signDataNote: 'Your signature and address are kept by the campaign and may be presented to the decision body.',
  signFailed: 'Failed to sign petition',
  thankYou: 'Thank You!',
  signatureAdded: 'Your signature has been added to the petition. Together, we can make a difference!',
  signatureInbox: (email: string) =>
    `One more step: we sent an e-mail to ${email}. Open it and follow the link to confirm your signature; it counts once you do.`,
  writeTo: (body: string | null) => `Write to ${body ?? 'the decision body'}`,
  writeToHint: 'A letter in your own words carries more weight than a signature. Your details are filled in for you.',
  continue: 'Continue',
  share: 'Share',

  yourPerspective: 'Your Perspective',
  /** The radio group's legend, where the campaign asks a position (the choices are the organiser's words). */
  yourPosition: 'Your position',
  /**
   * The select where the campaign has districts (a boundary set): optional, it starts on 'Not sure'.
   * No hint under it: whether the address will place the supporter depends on a geocoder the widget
   * cannot see, and on the address itself.
   */
  whichDistrict: 'Which district do you live in?',
  notSure: 'Not sure',
  /** Over the counts by position under the progress bar, where the organiser shows them. */
  positionCountsHeading: 'Positions so far',
  perspectiveHint: 'This determines your opening voice and local connection in the letter.',
  selectPerspective: 'Select your perspective',
  perspectives: {
    landowner: 'Landowner',
    educator: 'Educator',
    homeowner: 'Homeowner',
    parent: 'Parent',
    business_owner: 'Business Owner',
    student: 'Student',
    retiree: 'Retiree',
    healthcare_worker: 'Healthcare Worker',
    veteran: 'Veteran',
    community_member: 'Community Member',
  } satisfies Record<Perspective, string> as Record<Perspective, string>,
  messagePoints: 'Message Points',
  selectOnePoint: 'Please select at least one message point.',
  noPoints:
    "No additional message points available for this campaign. A letter will be generated using the campaign's core messaging.",
  ownWords: 'How does this affect you or your family?',
  ownWordsHint: (typed: string, max: string) =>
    `In your own words: a sentence or two opens your letter, and makes it count for more than an identical one. ${typed} of ${max} characters.`,
  generating: 'Generating Letter...',
  generateLetter: 'Generate Letter',
  letterDataNote:
    'Nothing is sent yet: you review the letter first. Once submitted it goes to the decision body and may become public record.',
  generateFailed: 'Failed to generate letter',

  reviewTitle: 'Review Your Support Letter',
  backToCampaigns: 'Back to Campaigns',
  from: 'From:',
  perspective: 'Perspective:',
  personalLetter: 'Your letter is personal: it carries your own words, which decision makers weigh far above identical letters.',
  notPersonalLetter:
    'Your letter has few words of your own yet. Decision makers weigh a personal letter far above identical ones: edit it to add a sentence or two about how this affects you.',
  saveChanges: 'Save Changes',
  cancel: 'Cancel',
  editLetter: 'Edit Letter',
  copy: 'Copy',
  download: 'Download',
  editYourLetter: 'Edit your letter',
  onePageNote: 'This letter is formatted to fit one standard 8.5x11 inch page when printed.',
  submitting: 'Submitting...',
  submitLetter: 'Submit Letter',
  submitDataNote: 'Submitting sends this letter, with your name and address, to the decision body; it may become public record.',
  submitFailed: 'Failed to submit letter',
  copied: 'Letter copied to clipboard!',
  copyBlocked: 'Copying is blocked on this page: select the letter text and copy it yourself.',
  preparingPdf: 'Preparing your PDF…',
  pdfFailed: 'The PDF could not be created. Please try again.',
  successTitle: 'Letter Submitted Successfully!',
  successText: 'Your letter is now available for administrators to review, print and share with decision makers.',
  returnToCampaigns: 'Return to Campaigns',
  downloadCopy: 'Download Copy',
  letterInbox: (email: string) =>
    `One more step: look in ${email} for our e-mail and follow its link to confirm your letter; it is counted and delivered once you do.`,
  /** The PDF's file name, before its .pdf: 'support-letter-riverside-park'. */
  pdfFileStem: 'support-letter',
  /** The PDF's document title (its properties; a reader's window title). */
  pdfTitle: (title: string) => `Support letter: ${title}`,

  delivery: {
    theDecisionBody: 'the decision body',
    sendingNow: (body: string) => `Your letter is being sent to ${body} now.`,
    /** Where each letter goes to its writer's district representative: 'Council Member Ana Rivera'. */
    sendingToRepresentative: (representative: string, body: string) => `Your letter is being sent to ${representative} now, with ${body} in copy.`,
    /** The same, while a geocoder has yet to find the writer's district (it waits at most ten minutes). */
    findingRepresentative: (body: string) =>
      `Your letter will be sent to your district's representative, with ${body} in copy, as soon as your address is matched to a district (within 10 minutes).`,
    arrivedLate: (by: string) => `It arrived after the written-comment deadline (${by}), so it is marked late.`,
    passed: (by: string, body: string) =>
      `The written-comment deadline (${by}) has passed, so your letter is marked late; the organisers decide whether it still goes to ${body}.`,
    packetBy: (body: string, by: string) => `It will be delivered to ${body}, with the other letters, before the written-comment deadline: ${by}.`,
    packet: (body: string) => `It will be delivered to ${body} with the other letters.`,
    organisersBy: (body: string, by: string) => `The organisers will deliver it to ${body} before the written-comment deadline: ${by}.`,
    organisers: (body: string) => `The organisers will deliver it to ${body}.`,
  },

  shareTitle: 'Share This Campaign',
  shareText: 'Help amplify this message by sharing it with your network.',
  shareMessage: (title: string) => `Join me in supporting this campaign: ${title}`,
  shareSubject: (title: string) => `Support: ${title}`,
  shareEmail: 'Email',

  /** A field the server refused, when the server's own (English) words cannot be shown. */
  fieldIssue: {
    required: (label: string) => `${label} is required`,
    tooLong: (label: string, max: string) => `${label} must be at most ${max} characters`,
    tooShort: (label: string, min: string) => `${label} must be at least ${min} characters`,
    email: 'Please enter a valid email address',
    invalid: (label: string) => `Please check ${label}`,
  },
  /** A refusal the server gave for the whole request, by its error code. */
  failure: {
    rate_limited: 'Too many attempts from this connection. Please wait a minute and try again.',
    not_found: 'This campaign may have been removed or is no longer active.',
    action_disabled: 'This campaign is not taking this action at the moment.',
    unavailable: 'The server is busy. Please try again in a moment.',
  },

  confirm: {
    notFound: 'This link is not valid. Check that you opened the whole link from the e-mail.',
    expired: 'This confirmation link has expired. Sign or submit your letter again to get a new one.',
    removeExpired: 'This removal link has expired. To have what you sent taken back, write to the organisers of the campaign.',
    linkNotValidTitle: 'Link not valid',
    linkNotValidHeading: 'This link is not valid',
    confirmingHeading: (title: string) => `Confirming your support for “${title}”`,
    removeHeading: (title: string) => `Remove what you sent to “${title}”?`,
    needsScript: 'This page needs JavaScript to confirm. Turn it on and reload the page.',
    removeExplained:
      'This deletes your signature and any letters you sent for this campaign under this e-mail address, or under any form of it that reaches the same mailbox, and takes them off the counts. A letter already delivered to the decision body cannot be called back: they keep the copy they were sent, with your name and contact details. Ours is erased.',
    confirmButton: 'Confirm',
    removeButton: 'Remove my signature and letters',
    confirmPageTitle: 'Confirm your support',
    removePageTitle: 'Remove your support',
    /**
     * The page's script fills these in itself ({what}, {What} capitalised, {title}, {n}): plain
     * strings, handed to it as JSON in the page.
     */
    script: {
      confirming: 'Confirming…',
      removing: 'Removing…',
      yourSignature: 'your signature',
      yourLetter: 'your letter',
      yourLetters: 'your {n} letters',
      and: ' and ',
      alreadyConfirmed: 'Already confirmed: there is nothing more to do. Thank you!',
      confirmedOne: 'Thank you! {What} for “{title}” now counts.',
      confirmedMany: 'Thank you! {What} for “{title}” now count.',
      alreadyRemoved: 'Already removed: nothing under this address is left on this campaign.',
      removedOne: 'Removed: {what} for “{title}” is gone from the campaign and its counts.',
      removedMany: 'Removed: {what} for “{title}” are gone from the campaign and its counts.',
      deliveredOne: 'A letter of yours had already been delivered to the decision body: they keep the copy they were sent, which Dais cannot call back. To have it withdrawn there too, write to them.',
      deliveredMany: '{n} of your letters had already been delivered to the decision body: they keep the copies they were sent, which Dais cannot call back. To have them withdrawn there too, write to them.',
      unreachable: 'The server could not be reached. Check your connection, then press the button.',
    },
  },

  mail: {
    what: (signatures: number, letters: number): string => {
      if (signatures > 0 && letters > 0) return letters === 1 ? 'your signature and your letter' : 'your signature and your letters';
      if (letters > 0) return letters === 1 ? 'your letter' : 'your letters';
      return 'your signature';
    },
    /** One line of what an e-mail asks to confirm, under the name and place it was sent with. */
    signatureItem: (name: string, street: string, city: string) => `Your signature, as ${name}, ${street}, ${city}`,
    letterItem: (name: string, street: string, city: string, opening: string) => `A letter signed ${name}, ${street}, ${city}, that begins: "${opening}"`,
    subject: (reminder: boolean, what: string, title: string) => `${reminder ? 'Reminder: please' : 'Please'} confirm ${what} for "${title}"`,
    body: (m: { reminder: boolean; to: string; title: string; items: string[]; what: string; withLetters: boolean; confirmUrl: string; until: string; removeUrl: string }) =>
      `Hello,\n\n` +
      `${m.reminder ? 'We have not heard back yet: someone' : 'Someone'}, hopefully you, used this address (${m.to}) to support "${m.title}":\n\n` +
      m.items.map((item) => `- ${item}\n`).join('') +
      `\nTo make ${m.what} ${m.withLetters ? 'count and go to the decision body' : 'count'}, confirm that it was you:\n\n` +
      `${m.confirmUrl}\n\n` +
      `This link confirms what is listed above and nothing else. It works until ${m.until}; if you do nothing, nothing is counted and what was sent under your address is deleted then.\n\n` +
      `Not you, or changed your mind? Until the same day, this link removes everything sent under this address for this campaign:\n\n` +
      `${m.removeUrl}\n\n` +
      `Sent by Dais on behalf of the organisers of the campaign "${m.title}".\n`,
  },

  card: {
    signatures: (c: Count) => `${c.shown} ${c.plural === 'one' ? 'signature' : 'signatures'}`,
    active: 'Active',
    takeAction: 'Take Action',
  },
};

export type SupporterTexts = typeof en;
