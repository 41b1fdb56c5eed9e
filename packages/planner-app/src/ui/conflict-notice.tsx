// The notice of a write refused because its location or scenario changed or
// went away elsewhere (another user, another tab). It says who changed it and
// when, that the edit is still in the form and not saved, and offers to load
// the other change or to overwrite it; a deletion elsewhere gets its own
// message. Shown inside the dialog the edit was made in, which stays open.
import { useId } from 'react';
import { t } from '../i18n';
import { conflictText, type WriteConflict } from '../stores/editing/failures';

export function ConflictNotice({
  conflict,
  busy,
  onLoadOther,
  onOverwrite,
}: {
  conflict: WriteConflict;
  busy: boolean;
  onLoadOther: () => void;
  onOverwrite: () => void;
}) {
  const titleId = useId();
  const changed = conflict.kind === 'changed';
  return (
    <section className="conflict-notice" role="alert" aria-labelledby={titleId}>
      <h3 id={titleId}>{changed ? t('conflictTitle') : t('deletedElsewhereTitle')}</h3>
      <p>{conflictText(conflict)}</p>
      {changed && (
        <>
          <p>{t('conflictKeepsEdit')}</p>
          <div className="conflict-actions">
            <button type="button" className="button" disabled={busy} onClick={onLoadOther}>
              {t('conflictLoadOther')}
            </button>
            <button type="button" className="button" disabled={busy} onClick={onOverwrite}>
              {t('conflictOverwrite')}
            </button>
          </div>
        </>
      )}
    </section>
  );
}
