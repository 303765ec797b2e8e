import { useId, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { BOUNDARY_LIMITS, type BoundarySet } from '@dais/api/contract';
import { FormField } from '../../../components/form-field';
import { Spinner } from '../../../components/spinner';
import { failureText } from '../../../lib/error-reason';
import { formatNumber } from '../../../lib/format';
import { useNotify } from '../../../lib/notify';
import { createBoundarySet, createBoundarySetInput } from '../api/create-boundary-set';
import { GEOJSON_ACCEPT, nameFromFileName, readGeojsonFile, type ReadGeojson } from '../utils/read-geojson';
import { uploadProblems, type UploadProblems } from '../utils/upload-problems';

const NO_PROBLEMS: UploadProblems = { file: [] };
const MB = BOUNDARY_LIMITS.maxBytes / (1024 * 1024);

interface Shown extends UploadProblems {
  /** The server refused the file: it says so, and that nothing was stored. */
  refused?: boolean;
}

/**
 * Upload a boundary set: a name and a GeoJSON file, read and parsed here as soon as it is chosen
 * (a file that is not JSON is said plainly before anything is sent), then sent as JSON. What the
 * server finds wrong with the file is listed as it words it, every feature named, nothing stored.
 */
export function UploadForm({ onUploaded }: { onUploaded: (set: BoundarySet) => void }) {
  const notify = useNotify();
  const fileId = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const [name, setName] = useState('');
  const [chosen, setChosen] = useState<{ fileName: string; read: ReadGeojson } | null>(null);
  const [reading, setReading] = useState(false);
  const [busy, setBusy] = useState(false);
  const [problems, setProblems] = useState<Shown>(NO_PROBLEMS);
  // Only the last file chosen counts, whichever read finishes first.
  const choice = useRef(0);

  const focusFirstProblem = (found: Shown) => {
    const target = found.name ? 'input[name="name"]' : 'input[type="file"]';
    formRef.current?.querySelector<HTMLElement>(target)?.focus();
  };

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    const mine = ++choice.current;
    setProblems((p) => ({ name: p.name, file: [] }));
    if (!file) {
      setReading(false);
      return setChosen(null);
    }
    if (!name.trim()) setName(nameFromFileName(file.name));
    setReading(true);
    const read = await readGeojsonFile(file);
    if (mine !== choice.current) return;
    setReading(false);
    setChosen({ fileName: file.name, read });
    if (!read.ok) setProblems((p) => ({ name: p.name, file: [read.message] }));
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy || reading) return;
    const found: Shown = { file: [] };
    const checkedName = createBoundarySetInput.shape.name.safeParse(name);
    if (!checkedName.success) found.name = checkedName.error.issues[0]?.message;
    if (!chosen) found.file.push('Choose the GeoJSON file of the districts (.geojson)');
    else if (!chosen.read.ok) found.file.push(chosen.read.message);
    if (found.name || found.file.length > 0 || !chosen?.read.ok) {
      setProblems(found);
      focusFirstProblem(found);
      return;
    }
    setProblems(NO_PROBLEMS);
    setBusy(true);
    try {
      const set = await createBoundarySet({ name, geojson: chosen.read.geojson });
      const count = set.districts.length;
      notify.success(`Uploaded “${set.name}”: ${formatNumber(count)} ${count === 1 ? 'district' : 'districts'}`);
      onUploaded(set);
    } catch (error) {
      console.error('Error uploading boundary set:', error);
      const refused = uploadProblems(error);
      if (refused) {
        const shown = { ...refused, refused: true };
        setProblems(shown);
        focusFirstProblem(shown);
      } else {
        notify.error(failureText('Failed to upload the boundary set', error));
      }
    } finally {
      setBusy(false);
    }
  };

  const fileHintId = `${fileId}-hint`;
  const fileProblemsId = `${fileId}-problems`;
  const fileInvalid = problems.file.length > 0;
  return (
    <form ref={formRef} className="card boundary-upload" aria-labelledby={`${fileId}-title`} noValidate onSubmit={(e) => void submit(e)}>
      <h2 id={`${fileId}-title`} className="boundary-upload-title">
        Upload a boundary set
      </h2>
      <FormField label="Name" error={problems.name} hint="As campaigns will offer it: for example City Council Wards 2026.">
        {(p) => (
          <input
            {...p}
            name="name"
            maxLength={BOUNDARY_LIMITS.name.max}
            autoComplete="off"
            value={name}
            onChange={(e) => {
              setName(e.target.value);
              setProblems((s) => ({ ...s, name: undefined }));
            }}
          />
        )}
      </FormField>
      <div className="field">
        <label className="field-label" htmlFor={fileId}>
          GeoJSON file
        </label>
        <input
          id={fileId}
          className="file-input"
          type="file"
          name="geojson"
          accept={GEOJSON_ACCEPT}
          disabled={busy}
          aria-describedby={fileInvalid ? `${fileHintId} ${fileProblemsId}` : fileHintId}
          aria-invalid={fileInvalid || undefined}
          onChange={(e) => void choose(e)}
        />
        <p id={fileHintId} className="field-hint">
          A .geojson file: a FeatureCollection of the districts in longitude and latitude (WGS84), each with its name, up to {MB} MB
          and {formatNumber(BOUNDARY_LIMITS.maxFeatures)} districts. Have a shapefile? See how to turn it into GeoJSON below.
        </p>
        {reading && (
          <p className="muted inline-status" role="status">
            <Spinner size="sm" /> Reading the file...
          </p>
        )}
        {fileInvalid && (
          <div id={fileProblemsId} className="boundary-problems" role="alert">
            <p className="field-error">
              {problems.refused
                ? `${chosen?.fileName ?? 'This file'} was not stored. Fix ${problems.file.length === 1 ? 'this problem' : 'these problems'} and upload it again:`
                : 'This file cannot be uploaded:'}
            </p>
            <ul>
              {problems.file.map((message, i) => (
                <li key={i}>{message}</li>
              ))}
            </ul>
          </div>
        )}
      </div>
      <div className="button-row">
        <button type="submit" className="button button-primary" disabled={busy || reading}>
          {busy && <Spinner size="sm" />}
          {busy ? 'Uploading...' : 'Upload'}
        </button>
      </div>
    </form>
  );
}
