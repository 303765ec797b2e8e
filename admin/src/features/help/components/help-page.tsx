import { PublicLayout } from '../../../components/public-layout';
import { Link } from '../../../lib/router';
import { CONTACT_EMAIL } from '../../../lib/site';
import { usePageTitle } from '../../../lib/use-page-title';

/** /help: what a supporter can do on a campaign, and where to ask. */
export function HelpPage() {
  usePageTitle('Help');
  return (
    <PublicLayout>
      <article className="prose">
        <h1>Help for supporters</h1>
        <p>
          Each campaign has its own page, reached through <strong>Take Action</strong> on the{' '}
          <Link to="/">campaign list</Link> or through a form embedded on an organization’s website. A campaign offers up
          to three things you can do.
        </p>

        <h2>Sign the petition</h2>
        <p>
          Fill in your name, e-mail and address, and press <strong>Sign Petition</strong>. Your address shows the decision
          makers that you live in their area. Phone and comment are optional. Signing twice with the same e-mail counts
          once. Untick “Display my name publicly as a supporter” if you prefer your name not to be shown.
        </p>

        <h2>Write a letter</h2>
        <ol>
          <li>Fill in your details and choose the perspective you write from (for example parent or business owner).</li>
          <li>Tick the points that matter to you, then press <strong>Generate Letter</strong>.</li>
          <li>Read the letter, change any words you like with <strong>Edit Letter</strong>, and copy or download it.</li>
          <li>
            Press <strong>Submit Letter</strong> to send it to the campaign, which delivers letters to the decision body.
          </li>
        </ol>
        <p>The letter is formatted to fit one standard 8.5 × 11 inch page when printed.</p>

        <h2>Share</h2>
        <p>
          The Share tab opens Facebook, Twitter, LinkedIn or your e-mail program with a message about the campaign. Nothing
          is posted until you confirm it there.
        </p>

        <h2>Something went wrong?</h2>
        <ul>
          <li>If a form says a field is missing or not valid, correct that field and submit again; nothing was sent.</li>
          <li>If a campaign shows “Campaign Not Found”, it has ended or been switched off by its organizers.</li>
          <li>
            To change or remove something you sent, see <Link to="/privacy">our privacy notice</Link> or write to{' '}
            <a href={`mailto:${CONTACT_EMAIL}`}>{CONTACT_EMAIL}</a>.
          </li>
        </ul>
      </article>
    </PublicLayout>
  );
}
