import { useId, useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../components/Icon';

/** A file's bytes, read by FileReader (which every browser and jsdom have, unlike `Blob.arrayBuffer` in jsdom). */
function bytesOf(file: Blob): Promise<ArrayBuffer> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as ArrayBuffer);
    reader.onerror = () => reject(reader.error ?? new Error('the file could not be read'));
    reader.readAsArrayBuffer(file);
  });
}

/** The SHA-256 of a file as lower-case hex, worked out in the browser (Web Crypto); the file goes nowhere. */
export async function sha256Hex(file: Blob): Promise<string> {
  // A view of the bytes rather than the buffer: jsdom's FileReader gives a buffer of another realm, which
  // Node's Web Crypto refuses; a browser takes either.
  const digest = await crypto.subtle.digest('SHA-256', new Uint8Array(await bytesOf(file)));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
}

type Result =
  | { state: 'idle' }
  | { state: 'reading'; name: string }
  | { state: 'match' | 'mismatch'; name: string; hash: string }
  | { state: 'failed'; name: string };

/**
 * "Is the file you hold the licensed one?": a reviewer sent a track (a brand, a network) chooses the file and
 * learns whether its SHA-256 is the licence's, without a command line. The file is read in this browser only
 * (said so); a re-encoded or edited copy does not match, and the answer says why that can be. Needs Web
 * Crypto, which a page served over HTTPS (or from localhost) has; without it the section is not shown.
 */
export function FileMatch({ sha256 }: { sha256: string }) {
  const { t } = useTranslation();
  const inputId = useId();
  const [result, setResult] = useState<Result>({ state: 'idle' });
  // The newest choice wins: a slow read of an earlier file does not overwrite the answer about a later one.
  const latest = useRef(0);
  if (typeof crypto === 'undefined' || !crypto.subtle) return null;

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    const run = ++latest.current;
    if (!file) {
      setResult({ state: 'idle' });
      return;
    }
    setResult({ state: 'reading', name: file.name });
    try {
      const hash = await sha256Hex(file);
      if (run === latest.current) setResult({ state: hash === sha256 ? 'match' : 'mismatch', name: file.name, hash });
    } catch {
      if (run === latest.current) setResult({ state: 'failed', name: file.name });
    }
  };

  return (
    <section className="sori-file-match" aria-labelledby={`${inputId}-title`} data-testid="file-match">
      <h2 id={`${inputId}-title`} className="h6">
        {t('verify.match.title')}
      </h2>
      <p className="small text-body-secondary">{t('verify.match.intro')}</p>
      {/* The browser's own file control speaks the browser's language ("Choose File / No file chosen"), not the
          page's: a button of the page's own, with the input inside it, named by the field's label. */}
      <div className="mb-2">
        <div className="small fw-semibold mb-1" id={`${inputId}-label`}>
          {t('verify.match.choose')}
        </div>
        <label className="btn btn-outline-secondary btn-sm sori-file-pick">
          {t('verify.match.pick')}
          <input
            id={inputId}
            type="file"
            className="visually-hidden"
            aria-labelledby={`${inputId}-label`}
            onChange={(e) => void choose(e as ChangeEvent<HTMLInputElement>)}
            data-testid="file-match-input"
          />
        </label>
        <span className="small text-body-secondary ms-2" data-testid="file-match-chosen">
          {result.state === 'idle' ? t('verify.match.none') : result.name}
        </span>
      </div>
      <div role="status" className="sori-file-match-result" data-testid="file-match-result" data-state={result.state}>
        {result.state === 'reading' ? <span>{t('verify.match.reading', { name: result.name })}</span> : null}
        {result.state === 'match' ? (
          <span className="text-success-emphasis fw-semibold">
            <Icon name="check" aria-hidden="true" /> {t('verify.match.same', { name: result.name })}
          </span>
        ) : null}
        {result.state === 'mismatch' ? (
          <>
            <span className="text-danger-emphasis fw-semibold">{t('verify.match.different', { name: result.name })}</span>
            <code className="sori-licence-hash">{t('verify.match.itsHash', { hash: result.hash })}</code>
          </>
        ) : null}
        {result.state === 'failed' ? <span className="text-danger-emphasis">{t('verify.match.failed', { name: result.name })}</span> : null}
      </div>
    </section>
  );
}
