import { useId, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import { useTranslation } from 'react-i18next';
import { NO_CONDITIONS, type SearchConditions } from '../search-conditions';
import { BpmRange, GenreChoices, KeyChoices, KeyModeChoices, MoodChoices, SpeedChoices } from './FilterFields';

export interface FilterModalProps {
  show: boolean;
  conditions: SearchConditions;
  onApply: (next: SearchConditions) => void;
  onClose: () => void;
}

/**
 * Every filter on one sheet (the search bar's filter modal, PRODUCT §2): changes stay a draft until
 * 'show results', which searches at once.
 */
export default function FilterModal({ show, conditions, onApply, onClose }: FilterModalProps) {
  const { t } = useTranslation();
  const name = useId();
  const [draft, setDraft] = useState(conditions);
  // Reset starts the BPM boxes again too: a number that was no bound, and its message, go with the rest.
  const [resets, setResets] = useState(0);
  const set = (patch: Partial<SearchConditions>) => setDraft((d) => ({ ...d, ...patch }));
  return (
    <Modal show={show} onHide={onClose} size="lg" scrollable aria-labelledby={`${name}-title`} data-testid="filter-modal">
      <Modal.Header closeButton closeLabel={t('common.close')}>
        <Modal.Title id={`${name}-title`} as="h2" className="h5">
          {t('filters.modalTitle')}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body className="sori-filter-sheet">
        <section>
          <h3 className="sori-panel-title">{t('filters.genre')}</h3>
          <div className="sori-sheet-scroll">
            <GenreChoices name={`${name}-genre`} value={draft.genre} onChange={(genre) => set({ genre })} />
          </div>
        </section>
        <section>
          <h3 className="sori-panel-title">{t('filters.speed')}</h3>
          <SpeedChoices name={`${name}-speed`} value={draft.speed} onChange={(speed) => set({ speed })} />
        </section>
        <section className="sori-sheet-wide">
          <h3 className="sori-panel-title">{t('filters.moods')}</h3>
          <MoodChoices value={draft.moods} onChange={(moods) => set({ moods })} />
        </section>
        <section>
          <h3 className="sori-panel-title">{t('filters.key')}</h3>
          <KeyChoices value={draft.soundKey} onChange={(soundKey) => set({ soundKey })} />
          <KeyModeChoices value={draft.keyMode} onChange={(keyMode) => set({ keyMode })} />
        </section>
        <section>
          <h3 className="sori-panel-title">{t('filters.bpm')}</h3>
          <BpmRange key={resets} min={draft.bpmMin} max={draft.bpmMax} onChange={(bpmMin, bpmMax) => set({ bpmMin, bpmMax })} />
        </section>
      </Modal.Body>
      <Modal.Footer className="justify-content-between">
        <Button
          variant="link"
          onClick={() => {
            setDraft({ ...NO_CONDITIONS, q: draft.q });
            setResets((n) => n + 1);
          }}
          data-testid="filter-modal-reset"
        >
          {t('filters.reset')}
        </Button>
        <div className="d-flex gap-2">
          <Button variant="outline-secondary" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button variant="primary" onClick={() => onApply(draft)} data-testid="filter-modal-apply">
            {t('filters.apply')}
          </Button>
        </div>
      </Modal.Footer>
    </Modal>
  );
}
