import { useEffect, useId, useRef } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import InputGroup from 'react-bootstrap/InputGroup';
import Modal from 'react-bootstrap/Modal';
import Spinner from 'react-bootstrap/Spinner';
import { useTranslation } from 'react-i18next';
import { PendingButton } from '../../components/form/PendingButton';
import { Icon } from '../../components/Icon';
import { notices } from '../../lib/notices';
import { usePlaylistShareQuery, useShareMutation } from './queries';

export interface SharePlaylistModalProps {
  playlistId: number;
  onClose: () => void;
}

/**
 * The owner's share dialog of a playlist (PRODUCT §16): make a link anyone can open (signed out too), copy it,
 * or stop sharing, after which the old link no longer opens.
 */
export default function SharePlaylistModal({ playlistId, onClose }: SharePlaylistModalProps) {
  const { t } = useTranslation();
  const id = useId();
  const state = usePlaylistShareQuery(playlistId, true);
  const mutation = useShareMutation(playlistId);
  const link = state.data ?? null;
  // Making or stopping the link replaces the button pressed (busy meanwhile): the focus goes to
  // what comes next, copying the new link or making one again, not to the page behind the dialog.
  const copyButton = useRef<HTMLButtonElement>(null);
  const createButton = useRef<HTMLButtonElement>(null);
  const focusNext = useRef<'copy' | 'create' | null>(null);
  useEffect(() => {
    if (mutation.isPending || !focusNext.current) return;
    const target = focusNext.current === 'copy' ? copyButton.current : createButton.current;
    if (!target) return;
    focusNext.current = null;
    target.focus();
  }, [link, mutation.isPending]);

  const change = (share: boolean) => {
    focusNext.current = share ? 'copy' : 'create';
    mutation.mutate(share, {
      onSuccess: () => {
        if (!share) notices.show('success', t('playlistShare.stopped'));
      },
      onError: () => {
        focusNext.current = null;
        notices.show('danger', t('playlistShare.failed'));
      },
    });
  };
  const copy = async (url: string) => {
    try {
      await navigator.clipboard.writeText(url);
      notices.show('success', t('tracks.linkCopied'));
    } catch {
      // The link is in the dialog's own field: selected there (a notice's field would be outside the dialog,
      // which keeps the focus in itself).
      const field = document.getElementById(`${id}-link`);
      if (field instanceof HTMLInputElement) {
        field.focus();
        field.select();
      }
      notices.show('info', t('playlistShare.copyManual'));
    }
  };

  return (
    <Modal show onHide={onClose} centered aria-labelledby={`${id}-title`} data-testid="share-modal">
      <Modal.Header closeButton closeLabel={t('common.close')}>
        <Modal.Title id={`${id}-title`} as="h2" className="h5">
          {t('playlistShare.title')}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        {state.isPending ? (
          <Spinner animation="border" size="sm" role="status" aria-label={t('common.loading')} />
        ) : state.isError ? (
          <p className="text-danger mb-0">{t('playlistShare.failed')}</p>
        ) : link ? (
          <>
            <p>{t('playlistShare.on')}</p>
            <Form.Label htmlFor={`${id}-link`}>{t('playlistShare.link')}</Form.Label>
            <InputGroup>
              <Form.Control
                id={`${id}-link`}
                readOnly
                value={link.url}
                onFocus={(e) => e.currentTarget.select()}
                data-testid="share-link"
              />
              <Button
                ref={copyButton}
                variant="primary"
                className="d-inline-flex align-items-center gap-2"
                onClick={() => void copy(link.url)}
                data-testid="share-copy"
              >
                <Icon name="link" size={16} />
                {t('playlistShare.copy')}
              </Button>
            </InputGroup>
          </>
        ) : (
          <p className="mb-0">{t('playlistShare.off')}</p>
        )}
      </Modal.Body>
      <Modal.Footer>
        <Button variant="outline-secondary" onClick={onClose}>
          {t('common.close')}
        </Button>
        {state.isSuccess ? (
          link ? (
            <PendingButton variant="danger" pending={mutation.isPending} onClick={() => change(false)} data-testid="share-stop">
              {t('playlistShare.stop')}
            </PendingButton>
          ) : (
            <PendingButton
              ref={createButton}
              variant="primary"
              pending={mutation.isPending}
              onClick={() => change(true)}
              data-testid="share-create"
            >
              {t('playlistShare.create')}
            </PendingButton>
          )
        ) : null}
      </Modal.Footer>
    </Modal>
  );
}
