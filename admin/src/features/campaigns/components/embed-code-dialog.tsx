import { useId } from 'react';
import { Modal } from '../../../components/modal';
import { copyText } from '../../../lib/clipboard';
import { useNotify } from '../../../lib/notify';
import { embedOptions, type EmbedOption } from '../utils/embed-options';
import { EMBED_COPIED_MESSAGE } from '../../../lib/embed-code';


interface EmbedCodeDialogProps {
  open: boolean;
  onClose: () => void;
  campaign: { id: number; title: string };
}

/** 'Copy Embed Code': both snippets, the script tag first and why, each readable and with its own copy button. */
export function EmbedCodeDialog({ open, onClose, campaign }: EmbedCodeDialogProps) {
  const options = embedOptions(window.location.origin, campaign);
  return (
    <Modal open={open} title="Embed Code" onClose={onClose} showClose closeOnBackdrop size="lg">
      <p>Paste one of these into the page where the campaign should appear. The script tag is the better one wherever a site allows it.</p>
      {options.map((option) => (
        <EmbedSnippet key={option.id} option={option} />
      ))}
    </Modal>
  );
}

function EmbedSnippet({ option }: { option: EmbedOption }) {
  const notify = useNotify();
  const id = useId();
  const copy = async () => {
    try {
      await copyText(option.code);
      notify.success(EMBED_COPIED_MESSAGE);
    } catch (error) {
      console.error('Failed to copy embed code:', error);
      notify.error('Could not copy the embed code: your browser refused access to the clipboard. Select the code and copy it yourself.');
    }
  };
  return (
    <section className="embed-snippet" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>{option.title}</h3>
      <p id={`${id}-desc`} className="field-hint">
        {option.description}
      </p>
      <textarea
        className="code"
        readOnly
        rows={option.id === 'iframe' ? 4 : 2}
        value={option.code}
        aria-labelledby={`${id}-title`}
        aria-describedby={`${id}-desc`}
        onFocus={(e) => e.target.select()}
      />
      <button type="button" className="button button-secondary button-small" onClick={() => void copy()}>
        {option.copyLabel}
      </button>
    </section>
  );
}
