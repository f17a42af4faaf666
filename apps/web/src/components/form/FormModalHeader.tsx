import Modal from 'react-bootstrap/Modal';
import { useTranslation } from 'react-i18next';

export interface FormModalHeaderProps {
  /** The title's id: the modal's aria-labelledby. */
  titleId: string;
  title: string;
  /** The title's look (it is an h2 either way): 'h4' for the sign-in modals, 'h5' for the others. */
  size?: 'h4' | 'h5';
}

/** A modal's header: its title as a heading and a labelled close button. */
export function FormModalHeader({ titleId, title, size = 'h5' }: FormModalHeaderProps) {
  const { t } = useTranslation();
  return (
    <Modal.Header closeButton closeLabel={t('common.close')}>
      <Modal.Title id={titleId} as="h2" className={size}>
        {title}
      </Modal.Title>
    </Modal.Header>
  );
}
