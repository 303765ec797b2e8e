import { PublicLayout } from '../../../components/public-layout';
import { CONTACT_EMAIL } from '../../../lib/site';
import { usePageTitle } from '../../../lib/use-page-title';

/** /privacy: what is collected, why, who sees it, how long it is kept, and how to have it removed. */
export function PrivacyPage() {
  usePageTitle('Privacy');
  const removal = `mailto:${CONTACT_EMAIL}?subject=${encodeURIComponent('Removal request')}`;
  return (
    <PublicLayout>
      <article className="prose">
        <h1>Privacy notice</h1>
        <p>This notice explains what we collect when you support a campaign, why, and what you can ask us to do with it.</p>

        <h2>What we collect</h2>
        <ul>
          <li>When you sign a petition: your name, e-mail address, street address, city, state and ZIP code, and, if you give them, your phone number and comment.</li>
          <li>When you write a letter: the same details, the perspective you chose, the points you selected, and the text of the letter you submit.</li>
          <li>Whether you agreed to have your name displayed publicly as a supporter.</li>
        </ul>
        <p>We do not use advertising or tracking cookies. Supporters get no cookies at all; organizers who sign in get the cookies that keep them signed in.</p>

        <h2>Why we collect it</h2>
        <ul>
          <li>To count your support toward the campaign’s goal and show decision makers that real constituents stand behind it.</li>
          <li>Your address shows that you live in the area the decision body serves; it also addresses and signs your letter.</li>
          <li>Your e-mail lets us count each person once and reach you about your submission if needed.</li>
        </ul>

        <h2>Who sees it</h2>
        <ul>
          <li>The campaign’s administrators see the details you submit, to review, print and share letters with decision makers.</li>
          <li>
            Submitted letters, with the name and address they carry, go to the decision body (for example a city council or
            planning board). Public comment letters may become part of the <strong>public record</strong>, where anyone can read them.
          </li>
          <li>Your name is shown publicly as a supporter only if you left that option ticked. Your e-mail, address and phone are never shown publicly.</li>
          <li>We do not sell your information or give it to advertisers.</li>
        </ul>

        <h2>How long we keep it</h2>
        <p>
          We keep signatures and letters for as long as the campaign runs and afterwards as the record of what was submitted,
          until you ask us to remove them. Letters already delivered to a decision body, or entered into its public record,
          are kept by that body under its own rules, which we cannot change.
        </p>

        <h2>How to see, correct or remove your information</h2>
        <p>
          Write to <a href={removal}>{CONTACT_EMAIL}</a> with the e-mail address you used and the campaign you supported. We
          will tell you what we hold, correct it, or remove your signature and letters from our records, and confirm when it
          is done.
        </p>
      </article>
    </PublicLayout>
  );
}
